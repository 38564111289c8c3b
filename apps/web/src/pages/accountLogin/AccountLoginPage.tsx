import { normalizePhone } from '@cab/contracts/client';
import { Button, Input, List, Tabs } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from '../../i18n/index.ts';
import { useNavigate } from 'react-router';
import { PageBar } from '../../app/PageBar.tsx';
import { useLogin } from '../../features/user/mutations.ts';
import { CodeFields } from './CodeFields.tsx';
import { showToast } from '../../app/toast.ts';

export default function AccountLoginPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const login = useLogin();
  const [tab, setTab] = useState<'code' | 'password'>('code');
  const [phone, setPhone] = useState('');
  const [code, setCode] = useState('');
  const [account, setAccount] = useState('');
  const [password, setPassword] = useState('');

  const submit = async () => {
    let user;
    if (tab === 'code') {
      const normalized = normalizePhone(phone);
      if (!normalized) return showToast(t('login.badPhone'));
      if (!/^\d{4,8}$/.test(code)) return showToast(t('login.badCode'));
      user = await login.mutateAsync({ type: 'code', phone: normalized, code });
    } else {
      if (!account.trim() || !password) return;
      user = await login.mutateAsync({ type: 'password', username: account.trim(), password });
    }
    if (user) navigate('/pages/mine/index', { replace: true });
  };

  return (
    <div className="page" data-testid="page-login">
      <PageBar title={t('login.title')} />
      <div className="section">
        <Tabs activeKey={tab} onChange={(k) => setTab(k as 'code' | 'password')}>
          <Tabs.Tab title={t('login.codeTab')} key="code" />
          <Tabs.Tab title={t('login.passwordTab')} key="password" />
        </Tabs>
        <div className="login-form">
          {tab === 'code' ? (
            <CodeFields phone={phone} code={code} onPhone={setPhone} onCode={setCode} codeType={4} />
          ) : (
            <List>
              <List.Item prefix={t('login.account')}>
                <Input data-testid="login-account" placeholder={t('login.accountPlaceholder')} value={account} onChange={setAccount} clearable />
              </List.Item>
              <List.Item prefix={t('login.password')}>
                <Input data-testid="login-password" type="password" placeholder={t('login.passwordPlaceholder')} value={password} onChange={setPassword} />
              </List.Item>
            </List>
          )}
        </div>
        <div className="padded">
          <Button block color="primary" size="large" data-testid="login-submit" loading={login.isPending} onClick={() => void submit()}>
            {t('login.submit')}
          </Button>
          {tab === 'code' && <p className="muted center">{t('login.hint')}</p>}
        </div>
      </div>
    </div>
  );
}
