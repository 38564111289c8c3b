import { PASSWORD_MAX } from '@cab/contracts/client';
import { Button, Input, List, Tabs } from 'antd-mobile';
import { useState } from 'react';
import { useNavigate, useSearchParams } from '../../lib/hash-router.tsx';
import { clip, FieldError, useField, useSubmitGuard } from '../../app/form.tsx';
import { PageBar } from '../../app/PageBar.tsx';
import { useLogin } from '../../features/user/mutations.ts';
import { useTranslation } from '../../i18n/index.ts';
import { CodeFields, useCodeFields } from '../../features/user/components/CodeFields.tsx';

export default function AccountLoginPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const login = useLogin();
  // A page that needed a session sends the user here and gets them back afterwards.
  const [params] = useSearchParams();
  const redirect = params.get('redirect');
  const next = redirect?.startsWith('/') && !redirect.startsWith('//') ? redirect : '/pages/mine/index';
  const [tab, setTab] = useState<'code' | 'password'>('code');
  const { phone, code } = useCodeFields();
  const account = useField('', { filter: clip(128), validate: (v) => (v.trim() ? undefined : t('login.noAccount')) });
  const password = useField('', { filter: clip(PASSWORD_MAX), validate: (v) => (v ? undefined : t('login.noPassword')) });

  const guard = useSubmitGuard();
  const submit = () =>
    guard(async () => {
      let user;
      if (tab === 'code') {
        if (![phone.check(), code.check()].every(Boolean)) return;
        user = await login.mutateAsync({ type: 'code', phone: phone.value, code: code.value });
      } else {
        if (![account.check(), password.check()].every(Boolean)) return;
        user = await login.mutateAsync({ type: 'password', username: account.value.trim(), password: password.value });
      }
      if (user) navigate(next, { replace: true });
    });

  return (
    <div className="page" data-testid="page-login">
      <PageBar title={t('login.title')} />
      <div className="section login-card">
        <Tabs activeKey={tab} onChange={(k) => setTab(k as 'code' | 'password')}>
          <Tabs.Tab title={t('login.codeTab')} key="code" />
          <Tabs.Tab title={<span data-testid="login-password-tab">{t('login.passwordTab')}</span>} key="password" />
        </Tabs>
        <div className="login-form">
          {tab === 'code' ? (
            <CodeFields phone={phone} code={code} codeType={4} />
          ) : (
            <List>
              <List.Item prefix={<label htmlFor="login-account">{t('login.account')}</label>}>
                <Input
                  id="login-account"
                  data-testid="login-account"
                  autoComplete="username"
                  placeholder={t('login.accountPlaceholder')}
                  value={account.value}
                  onChange={account.onChange}
                  clearable
                />
              </List.Item>
              {account.error && <FieldError error={account.error} testId="login-account-error" />}
              <List.Item prefix={<label htmlFor="login-password">{t('login.password')}</label>}>
                <Input
                  id="login-password"
                  data-testid="login-password"
                  type="password"
                  autoComplete="current-password"
                  placeholder={t('login.passwordPlaceholder')}
                  value={password.value}
                  onChange={password.onChange}
                  onEnterPress={submit}
                />
              </List.Item>
              {password.error && <FieldError error={password.error} testId="login-password-error" />}
            </List>
          )}
        </div>
        <div className="padded">
          <Button block color="primary" size="large" data-testid="login-submit" loading={login.isPending} onClick={submit}>
            {t('login.submit')}
          </Button>
          {tab === 'code' && <p className="muted center">{t('login.hint')}</p>}
        </div>
      </div>
    </div>
  );
}
