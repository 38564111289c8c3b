import { Button } from 'antd-mobile';
import { useState } from 'react';
import { showToast } from '../app/toast.ts';
import { useTranslation } from '../i18n/index.ts';
import '../i18n/host.ts';
import { knownHostEnv } from '../lib/host-env.ts';

/**
 * Inside a host: the phone the host knows, after its own prompt, fills the field (the
 * verification code still proves it). Not drawn in a browser, where there is no host to ask.
 */
export function HostPhoneButton({ onPhone }: { onPhone: (phone: string) => void }) {
  const { t } = useTranslation();
  const [asking, setAsking] = useState(false);
  if (knownHostEnv() === 'browser' || knownHostEnv() === undefined) return null;
  const ask = async () => {
    setAsking(true);
    // The bridge's code comes with the first tap: the page itself does without it.
    const [{ hostCall }, { hostErrorMessage }] = await Promise.all([import('./bridge.ts'), import('./messages.ts')]);
    try {
      onPhone((await hostCall('phone.info', {})).phone);
    } catch (err) {
      showToast(hostErrorMessage(err));
    } finally {
      setAsking(false);
    }
  };
  return (
    <div className="padded">
      <Button block fill="outline" color="primary" loading={asking} data-testid="host-phone" onClick={() => void ask()}>
        {t('host.usePhone')}
      </Button>
    </div>
  );
}
