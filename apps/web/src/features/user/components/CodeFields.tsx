import { normalizePhone, PHONE_LENGTH, VERIFY_CODE_LENGTH } from '@cab/contracts/client';
import { Button, Input, List } from 'antd-mobile';
import { digitsOnly, FieldError, useField, type Field } from '../../../app/form.tsx';
import { showToast } from '../../../app/toast.ts';
import { useSendCode } from '../mutations.ts';
import { useTranslation } from '../../../i18n/index.ts';
import { useCountdown } from '../useCountdown.ts';

/** The phone and code fields of a form: digits only, each with its own message. */
export function useCodeFields(): { phone: Field; code: Field } {
  const { t } = useTranslation();
  const phone = useField('', {
    filter: digitsOnly(PHONE_LENGTH),
    validate: (v) => (normalizePhone(v) ? undefined : v ? t('login.badPhone') : t('login.noPhone')),
  });
  const code = useField('', {
    filter: digitsOnly(VERIFY_CODE_LENGTH),
    validate: (v) => (v.length === VERIFY_CODE_LENGTH ? undefined : t('login.badCode', { n: VERIFY_CODE_LENGTH })),
  });
  return { phone, code };
}

/** Phone + verification code, with the send button and its 60 s countdown. */
export function CodeFields({ phone, code, codeType }: { phone: Field; code: Field; codeType: 2 | 4 }) {
  const { t } = useTranslation();
  const send = useSendCode();
  const [left, start] = useCountdown();
  const onSend = async () => {
    if (!phone.check()) return;
    try {
      await send.mutateAsync({ phone: phone.value, type: codeType });
      start(60);
      showToast(t('login.codeSent'));
    } catch {
      // the request wrapper already told the user why
    }
  };
  return (
    <List>
      <List.Item prefix={<label htmlFor="login-phone">{t('login.phone')}</label>}>
        <Input
          id="login-phone"
          data-testid="login-phone"
          type="tel"
          inputMode="numeric"
          autoComplete="tel"
          placeholder={t('login.phonePlaceholder')}
          value={phone.value}
          onChange={phone.onChange}
          clearable
          aria-invalid={Boolean(phone.error)}
        />
      </List.Item>
      {phone.error && <FieldError error={phone.error} testId="login-phone-error" />}
      <List.Item
        prefix={<label htmlFor="login-code">{t('login.code')}</label>}
        extra={
          <Button
            size="small"
            fill="none"
            color="primary"
            data-testid="login-send-code"
            disabled={left > 0}
            loading={send.isPending}
            onClick={() => void onSend()}
          >
            {left > 0 ? t('login.resend', { s: left }) : t('login.sendCode')}
          </Button>
        }
      >
        <Input
          id="login-code"
          data-testid="login-code"
          inputMode="numeric"
          autoComplete="one-time-code"
          placeholder={t('login.codePlaceholder')}
          value={code.value}
          onChange={code.onChange}
          aria-invalid={Boolean(code.error)}
        />
      </List.Item>
      {code.error && <FieldError error={code.error} testId="login-code-error" />}
    </List>
  );
}
