import { normalizePhone } from '@cab/contracts/client';
import { Button, Input, List } from 'antd-mobile';
import { useTranslation } from '../../i18n/index.ts';
import { useSendCode } from '../../features/user/mutations.ts';
import { useCountdown } from './useCountdown.ts';
import { showToast } from '../../app/toast.ts';

interface Props {
  phone: string;
  code: string;
  onPhone: (v: string) => void;
  onCode: (v: string) => void;
  /** 4 to log in, 2 for everything else. */
  codeType: 2 | 4;
}

/** Phone + verification code, with the send button and its 60 s countdown. */
export function CodeFields({ phone, code, onPhone, onCode, codeType }: Props) {
  const { t } = useTranslation();
  const send = useSendCode();
  const [left, start] = useCountdown();
  const onSend = async () => {
    const normalized = normalizePhone(phone);
    if (!normalized) return showToast(t('login.badPhone'));
    try {
      await send.mutateAsync({ phone: normalized, type: codeType });
      start(60);
      showToast(t('login.codeSent'));
    } catch {
      // the request wrapper already told the user why
    }
  };
  return (
    <List>
      <List.Item prefix={t('login.phone')}>
        <Input data-testid="login-phone" type="tel" inputMode="numeric" maxLength={14} placeholder={t('login.phonePlaceholder')} value={phone} onChange={onPhone} clearable />
      </List.Item>
      <List.Item
        prefix={t('login.code')}
        extra={
          <Button size="small" fill="none" color="primary" data-testid="login-send-code" disabled={left > 0} loading={send.isPending} onClick={() => void onSend()}>
            {left > 0 ? t('login.resend', { s: left }) : t('login.sendCode')}
          </Button>
        }
      >
        <Input data-testid="login-code" inputMode="numeric" maxLength={8} placeholder={t('login.codePlaceholder')} value={code} onChange={onCode} />
      </List.Item>
    </List>
  );
}
