import { normalizePhone } from '@cab/contracts/client';
import { Button } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from '../../i18n/index.ts';
import { Navigate } from 'react-router';
import { PageBar, useBack } from '../../app/PageBar.tsx';
import { useBindPhone } from '../../features/user/mutations.ts';
import { selectLoggedIn, useUserStore } from '../../stores/user.ts';
import { CodeFields } from '../accountLogin/CodeFields.tsx';
import { showToast } from '../../app/toast.ts';

export default function BindPhonePage() {
  const { t } = useTranslation();
  const back = useBack();
  const loggedIn = useUserStore(selectLoggedIn);
  const bind = useBindPhone();
  const [phone, setPhone] = useState('');
  const [code, setCode] = useState('');
  if (!loggedIn) return <Navigate to="/accountLogin/index" replace />;

  const submit = async () => {
    const normalized = normalizePhone(phone);
    if (!normalized) return showToast(t('login.badPhone'));
    if (!/^\d{4,8}$/.test(code)) return showToast(t('login.badCode'));
    try {
      await bind.mutateAsync({ phone: normalized, code });
      showToast(t('bindPhone.done'));
      back();
    } catch {
      // the request wrapper has shown why
    }
  };
  return (
    <div className="page" data-testid="page-bind-phone">
      <PageBar title={t('bindPhone.title')} />
      <div className="section">
        <CodeFields phone={phone} code={code} onPhone={setPhone} onCode={setCode} codeType={2} />
        <div className="padded">
          <Button block color="primary" size="large" data-testid="bind-submit" loading={bind.isPending} onClick={() => void submit()}>
            {t('bindPhone.submit')}
          </Button>
        </div>
      </div>
    </div>
  );
}
