import { Button } from 'antd-mobile';
import { Navigate } from '../../lib/hash-router.tsx';
import { useSubmitGuard } from '../../app/form.tsx';
import { PageBar, useBack } from '../../app/PageBar.tsx';
import { showToast } from '../../app/toast.ts';
import { useBindPhone } from '../../features/user/mutations.ts';
import { useTranslation } from '../../i18n/index.ts';
import { selectLoggedIn, useUserStore } from '../../stores/user.ts';
import { CodeFields, useCodeFields } from '../../features/user/components/CodeFields.tsx';
import { HostPhoneButton } from '../../host/HostPhoneButton.tsx';

export default function BindPhonePage() {
  const { t } = useTranslation();
  const back = useBack();
  const loggedIn = useUserStore(selectLoggedIn);
  const bind = useBindPhone();
  const { phone, code } = useCodeFields();
  const guard = useSubmitGuard();
  if (!loggedIn) return <Navigate to="/accountLogin/index" replace />;

  const submit = () => {
    if (![phone.check(), code.check()].every(Boolean)) return;
    guard(async () => {
      await bind.mutateAsync({ phone: phone.value, code: code.value });
      showToast(t('bindPhone.done'));
      back();
    });
  };
  return (
    <div className="page" data-testid="page-bind-phone">
      <PageBar title={t('bindPhone.title')} />
      <div className="section login-card">
        <div className="login-form">
          <CodeFields phone={phone} code={code} codeType={2} />
        </div>
        <HostPhoneButton onPhone={phone.onChange} />
        <div className="padded">
          <Button block color="primary" size="large" data-testid="bind-submit" loading={bind.isPending} onClick={submit}>
            {t('bindPhone.submit')}
          </Button>
        </div>
      </div>
    </div>
  );
}
