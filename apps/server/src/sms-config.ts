/**
 * How verification codes leave the server (docs/sms.md): CAB_SMS_PROVIDER and each
 * provider's settings, read and checked at start-up so that a deployment with a missing
 * or wrong setting stops at once, saying which, instead of failing the first sign-in.
 */

interface Common {
  /** Where the request goes; overridable so tests and gateways can stand in for the provider. */
  endpoint: URL;
  /** How long one send may take, answer included. */
  timeoutMs: number;
}

export type SmsSettings =
  | { provider: 'outbox' }
  | (Common & {
      provider: 'aliyun';
      accessKeyId: string;
      accessKeySecret: string;
      signName: string;
      templateCode: string;
      regionId: string;
    })
  | (Common & {
      provider: 'tencent';
      secretId: string;
      secretKey: string;
      sdkAppId: string;
      signName: string;
      templateId: string;
      region: string;
    })
  | (Common & {
      provider: 'http';
      /** Sent as `Authorization: Bearer <token>` when set. */
      token: string | undefined;
      /** Signs each body (X-CAB-Signature) when set. */
      hmacSecret: string | undefined;
      /** A JSON body with {{phone}}, {{code}} and {{type}} in its strings; {phone, code, type} when unset. */
      template: unknown;
    });

export const SMS_PROVIDERS = ['aliyun', 'tencent', 'http', 'outbox'] as const;

const DEFAULT_ENDPOINTS = { aliyun: 'https://dysmsapi.aliyuncs.com/', tencent: 'https://sms.tencentcloudapi.com/' } as const;
const LOOPBACK = new Set(['localhost', '127.0.0.1', '[::1]']);

function fail(why: string): never {
  throw new Error(`SMS settings: ${why} (docs/sms.md)`);
}

/** The named variables, all set, or an error naming every one that is not. */
function required<K extends string>(env: NodeJS.ProcessEnv, provider: string, names: readonly K[]): Record<K, string> {
  const missing = names.filter((n) => !env[n]?.trim());
  if (missing.length) fail(`CAB_SMS_PROVIDER=${provider} needs ${missing.join(', ')}`);
  return Object.fromEntries(names.map((n) => [n, env[n]!.trim()])) as Record<K, string>;
}

function matching(name: string, value: string, pattern: RegExp, what: string): string {
  if (!pattern.test(value)) fail(`${name} must be ${what}, not "${value}"`);
  return value;
}

function endpointOf(raw: string, production: boolean): URL {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return fail(`CAB_SMS_ENDPOINT is not a URL: "${raw}"`);
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') fail('CAB_SMS_ENDPOINT must be an http or https URL');
  if (url.username || url.password) fail('CAB_SMS_ENDPOINT must not carry credentials; use the provider settings');
  // A code sent in clear text can be read on the way; plain http only to this machine.
  if (production && url.protocol === 'http:' && !LOOPBACK.has(url.hostname)) {
    fail('CAB_SMS_ENDPOINT must be https in production (plain http only to localhost)');
  }
  return url;
}

function timeoutOf(env: NodeJS.ProcessEnv): number {
  const raw = env.CAB_SMS_TIMEOUT_MS?.trim() || '5000';
  const ms = Number(raw);
  if (!Number.isInteger(ms) || ms < 100 || ms > 60_000)
    fail(`CAB_SMS_TIMEOUT_MS must be whole milliseconds from 100 to 60000, not "${raw}"`);
  return ms;
}

function templateOf(raw: string | undefined): unknown {
  if (!raw?.trim()) return undefined;
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    return fail('CAB_SMS_HTTP_TEMPLATE must be JSON');
  }
  if (typeof parsed !== 'object' || parsed === null) fail('CAB_SMS_HTTP_TEMPLATE must be a JSON object or array');
  if (!raw.includes('{{code}}')) fail('CAB_SMS_HTTP_TEMPLATE must carry the code: put {{code}} in one of its strings');
  return parsed;
}

export function parseSmsSettings(env: NodeJS.ProcessEnv, production: boolean): SmsSettings {
  const provider = env.CAB_SMS_PROVIDER?.trim() || (production ? undefined : 'outbox');
  if (provider === undefined) {
    fail('NODE_ENV=production needs a way to send verification codes: set CAB_SMS_PROVIDER to aliyun, tencent or http');
  }
  if (!(SMS_PROVIDERS as readonly string[]).includes(provider))
    fail(`CAB_SMS_PROVIDER must be one of ${SMS_PROVIDERS.join(', ')}, not "${provider}"`);
  if (provider === 'outbox') {
    if (production) fail('CAB_SMS_PROVIDER=outbox writes every code to the log and cannot be used with NODE_ENV=production');
    return { provider };
  }
  const timeoutMs = timeoutOf(env);
  if (provider === 'http') {
    const { CAB_SMS_ENDPOINT } = required(env, provider, ['CAB_SMS_ENDPOINT']);
    return {
      provider,
      endpoint: endpointOf(CAB_SMS_ENDPOINT, production),
      timeoutMs,
      token: env.CAB_SMS_HTTP_TOKEN?.trim() || undefined,
      hmacSecret: env.CAB_SMS_HTTP_HMAC_SECRET?.trim() || undefined,
      template: templateOf(env.CAB_SMS_HTTP_TEMPLATE),
    };
  }
  const endpoint = endpointOf(env.CAB_SMS_ENDPOINT?.trim() || DEFAULT_ENDPOINTS[provider as 'aliyun' | 'tencent'], production);
  if (provider === 'aliyun') {
    const v = required(env, provider, [
      'CAB_SMS_ALIYUN_ACCESS_KEY_ID',
      'CAB_SMS_ALIYUN_ACCESS_KEY_SECRET',
      'CAB_SMS_SIGN_NAME',
      'CAB_SMS_TEMPLATE',
    ]);
    return {
      provider,
      endpoint,
      timeoutMs,
      accessKeyId: v.CAB_SMS_ALIYUN_ACCESS_KEY_ID,
      accessKeySecret: v.CAB_SMS_ALIYUN_ACCESS_KEY_SECRET,
      signName: v.CAB_SMS_SIGN_NAME,
      templateCode: matching(
        'CAB_SMS_TEMPLATE',
        v.CAB_SMS_TEMPLATE,
        /^SMS_[0-9]+$/,
        'an Alibaba Cloud template code such as SMS_123456789',
      ),
      regionId: matching('CAB_SMS_REGION', env.CAB_SMS_REGION?.trim() || 'cn-hangzhou', /^[a-z0-9-]{2,32}$/, 'a region id'),
    };
  }
  const v = required(env, provider, [
    'CAB_SMS_TENCENT_SECRET_ID',
    'CAB_SMS_TENCENT_SECRET_KEY',
    'CAB_SMS_TENCENT_SDK_APP_ID',
    'CAB_SMS_SIGN_NAME',
    'CAB_SMS_TEMPLATE',
  ]);
  return {
    provider: 'tencent',
    endpoint,
    timeoutMs,
    secretId: v.CAB_SMS_TENCENT_SECRET_ID,
    secretKey: v.CAB_SMS_TENCENT_SECRET_KEY,
    sdkAppId: matching('CAB_SMS_TENCENT_SDK_APP_ID', v.CAB_SMS_TENCENT_SDK_APP_ID, /^[0-9]{1,20}$/, 'the SMS application id (digits)'),
    signName: v.CAB_SMS_SIGN_NAME,
    templateId: matching('CAB_SMS_TEMPLATE', v.CAB_SMS_TEMPLATE, /^[0-9]{1,20}$/, 'a Tencent Cloud template id (digits)'),
    region: matching('CAB_SMS_REGION', env.CAB_SMS_REGION?.trim() || 'ap-guangzhou', /^[a-z0-9-]{2,32}$/, 'a region such as ap-guangzhou'),
  };
}
