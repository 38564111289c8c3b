import crypto from 'node:crypto';

/** How CAB takes payments (docs/commerce.md, "Payments"; README, "Payments"). */
export interface PaymentSettings {
  /**
   * The sandbox provider: served by CAB's own process ('in-process', the default outside
   * production), reached at `url` ('remote': a process of its own), or not offered ('off').
   */
  sandbox: { mode: 'in-process' | 'remote' | 'off'; url: string; apiKey: string; webhookSecret: string };
  /** Where providers post their notifications: CAB's address as they reach it. */
  notifyBase: string;
  /** Where browsers reach CAB ('' when the provider's cashier is on CAB's own origin). */
  publicUrl: string;
}

const httpUrl = (name: string, v: string): string => {
  if (!/^https?:\/\/[^\s/?#]+(\/[^\s?#]*)?$/.test(v))
    throw new Error(`${name} must be an http(s) address such as http://127.0.0.1:4000, not ${v}`);
  return v.replace(/\/+$/, '');
};

/**
 * CAB_PAY_SANDBOX (on or off; on outside production), CAB_PAY_SANDBOX_URL (a sandbox of
 * its own; both its secrets are then required: CAB_PAY_SANDBOX_API_KEY and
 * CAB_PAY_SANDBOX_WEBHOOK_SECRET), CAB_PAY_NOTIFY_BASE and CAB_PUBLIC_URL.
 */
export function parsePaymentSettings(env: NodeJS.ProcessEnv, port: number, production: boolean): PaymentSettings {
  const switched = env.CAB_PAY_SANDBOX;
  if (switched && switched !== 'on' && switched !== 'off') throw new Error(`CAB_PAY_SANDBOX must be on or off, not ${switched}`);
  const on = switched ? switched === 'on' : !production;
  const remote = env.CAB_PAY_SANDBOX_URL;
  const apiKey = env.CAB_PAY_SANDBOX_API_KEY;
  const webhookSecret = env.CAB_PAY_SANDBOX_WEBHOOK_SECRET;
  if (on && remote && (!apiKey || !webhookSecret))
    throw new Error('CAB_PAY_SANDBOX_URL needs CAB_PAY_SANDBOX_API_KEY and CAB_PAY_SANDBOX_WEBHOOK_SECRET, the sandbox’s own secrets');
  const self = `http://127.0.0.1:${port}`;
  return {
    sandbox: {
      mode: !on ? 'off' : remote ? 'remote' : 'in-process',
      url: remote ? httpUrl('CAB_PAY_SANDBOX_URL', remote) : self,
      // Served in-process, the two sides share secrets made at start.
      apiKey: apiKey ?? crypto.randomBytes(24).toString('hex'),
      webhookSecret: webhookSecret ?? crypto.randomBytes(24).toString('hex'),
    },
    notifyBase: env.CAB_PAY_NOTIFY_BASE ? httpUrl('CAB_PAY_NOTIFY_BASE', env.CAB_PAY_NOTIFY_BASE) : self,
    publicUrl: env.CAB_PUBLIC_URL ? httpUrl('CAB_PUBLIC_URL', env.CAB_PUBLIC_URL) : '',
  };
}
