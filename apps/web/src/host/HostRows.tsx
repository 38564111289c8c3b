import { useEffect, useState } from 'react';
import { useTranslation } from '../i18n/index.ts';
import '../i18n/host.ts';
import type { HostEnv } from '../lib/host-env.ts';

interface Facts {
  env: HostEnv;
  signature: { ok: true } | { ok: false; message: string };
  user: { ok: true; nickname: string } | { ok: false; message: string };
}

/** The bridge's code comes after the page is drawn: the about page itself does without it. */
async function learn(): Promise<Facts> {
  const [{ hostCall, hostEnv, verifySignature }, { hostErrorMessage }] = await Promise.all([
    import('./bridge.ts'),
    import('./messages.ts'),
  ]);
  const env = await hostEnv();
  const signature = await verifySignature().then(
    () => ({ ok: true as const }),
    (err: unknown) => ({ ok: false as const, message: hostErrorMessage(err) }),
  );
  const user = await hostCall('user.info', {}).then(
    (u) => ({ ok: true as const, nickname: u.nickname }),
    (err: unknown) => ({ ok: false as const, message: hostErrorMessage(err) }),
  );
  return { env, signature, user };
}

/**
 * About's host rows: where the app runs, whether the host took CAB's signature, and the
 * host's user. In a browser the host-only calls say so in SPEC 8's words, which is also
 * how support learns what a user's app runs in.
 */
export function HostRows() {
  const { t } = useTranslation();
  const [facts, setFacts] = useState<Facts>();
  useEffect(() => {
    let live = true;
    void learn().then((f) => live && setFacts(f));
    return () => {
      live = false;
    };
  }, []);
  const checking = <span className="muted">{t('host.checking')}</span>;
  return (
    <>
      <div className="version-row">
        <span>{t('host.runsIn')}</span>
        <span data-testid="about-host-env">{facts ? t(`host.envs.${facts.env}`) : checking}</span>
      </div>
      <div className="version-row">
        <span>{t('host.signature')}</span>
        <span data-testid="about-host-signature">
          {!facts ? checking : facts.signature.ok ? t('host.verified') : <span className="muted">{facts.signature.message}</span>}
        </span>
      </div>
      <div className="version-row">
        <span>{t('host.hostUser')}</span>
        <span data-testid="about-host-user">
          {!facts ? checking : facts.user.ok ? facts.user.nickname : <span className="muted">{facts.user.message}</span>}
        </span>
      </div>
    </>
  );
}
