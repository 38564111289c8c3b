/**
 * Start-up refuses a deployment that cannot send codes, or would write them to its log:
 * loadConfig is what main.ts runs first, and its error is the line the operator reads.
 */
import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.ts';

const PROD = { NODE_ENV: 'production' };
const ALIYUN = {
  CAB_SMS_PROVIDER: 'aliyun',
  CAB_SMS_ALIYUN_ACCESS_KEY_ID: 'LTAI-id',
  CAB_SMS_ALIYUN_ACCESS_KEY_SECRET: 'very-secret-value',
  CAB_SMS_SIGN_NAME: '记账本',
  CAB_SMS_TEMPLATE: 'SMS_123456789',
};
const TENCENT = {
  CAB_SMS_PROVIDER: 'tencent',
  CAB_SMS_TENCENT_SECRET_ID: 'AKID-id',
  CAB_SMS_TENCENT_SECRET_KEY: 'very-secret-value',
  CAB_SMS_TENCENT_SDK_APP_ID: '1400006666',
  CAB_SMS_SIGN_NAME: '记账本',
  CAB_SMS_TEMPLATE: '449739',
};

const refusal = (env: Record<string, string>) => {
  try {
    loadConfig(env);
  } catch (err) {
    return (err as Error).message;
  }
  throw new Error(`loadConfig accepted ${JSON.stringify(env)}`);
};

describe('production without a way to send codes', () => {
  it('refuses to start without CAB_SMS_PROVIDER, saying what to set', () => {
    expect(refusal(PROD)).toMatch(/NODE_ENV=production needs .*CAB_SMS_PROVIDER to aliyun, tencent or http/);
  });

  it('refuses the dev outbox, which logs every code', () => {
    expect(refusal({ ...PROD, CAB_SMS_PROVIDER: 'outbox' })).toMatch(/outbox writes every code to the log/);
  });

  it('names every missing setting of the chosen provider, and never a secret', () => {
    const aliyun = refusal({ ...PROD, CAB_SMS_PROVIDER: 'aliyun', CAB_SMS_ALIYUN_ACCESS_KEY_SECRET: 'very-secret-value' });
    expect(aliyun).toContain('CAB_SMS_ALIYUN_ACCESS_KEY_ID, CAB_SMS_SIGN_NAME, CAB_SMS_TEMPLATE');
    expect(aliyun).not.toContain('very-secret-value');
    expect(refusal({ ...PROD, CAB_SMS_PROVIDER: 'tencent' })).toContain(
      'CAB_SMS_TENCENT_SECRET_ID, CAB_SMS_TENCENT_SECRET_KEY, CAB_SMS_TENCENT_SDK_APP_ID, CAB_SMS_SIGN_NAME, CAB_SMS_TEMPLATE',
    );
    expect(refusal({ ...PROD, CAB_SMS_PROVIDER: 'http' })).toContain('needs CAB_SMS_ENDPOINT');
    expect(refusal({ ...PROD, ...ALIYUN, CAB_SMS_SIGN_NAME: '   ' })).toContain('needs CAB_SMS_SIGN_NAME');
  });

  it.each([
    [{ ...ALIYUN, CAB_SMS_PROVIDER: 'twilio' }, /must be one of aliyun, tencent, http, outbox/],
    [{ ...ALIYUN, CAB_SMS_TEMPLATE: '449739' }, /Alibaba Cloud template code/],
    [{ ...TENCENT, CAB_SMS_TEMPLATE: 'SMS_1' }, /Tencent Cloud template id/],
    [{ ...TENCENT, CAB_SMS_TENCENT_SDK_APP_ID: 'app' }, /SMS application id/],
    [{ ...TENCENT, CAB_SMS_REGION: 'Guangzhou!' }, /CAB_SMS_REGION/],
    [{ ...ALIYUN, CAB_SMS_TIMEOUT_MS: '0' }, /CAB_SMS_TIMEOUT_MS/],
    [{ ...ALIYUN, CAB_SMS_TIMEOUT_MS: '1e9' }, /CAB_SMS_TIMEOUT_MS/],
    [{ ...ALIYUN, CAB_SMS_ENDPOINT: 'not a url' }, /not a URL/],
    [{ ...ALIYUN, CAB_SMS_ENDPOINT: 'ftp://sms.example.com/' }, /http or https/],
    [{ ...ALIYUN, CAB_SMS_ENDPOINT: 'https://user:pw@sms.example.com/' }, /credentials/],
    [{ CAB_SMS_PROVIDER: 'http', CAB_SMS_ENDPOINT: 'http://sms.example.com/' }, /must be https in production/],
    [{ CAB_SMS_PROVIDER: 'http', CAB_SMS_ENDPOINT: 'https://g.example.com/', CAB_SMS_HTTP_TEMPLATE: '{nope' }, /must be JSON/],
    [{ CAB_SMS_PROVIDER: 'http', CAB_SMS_ENDPOINT: 'https://g.example.com/', CAB_SMS_HTTP_TEMPLATE: '"{{code}}"' }, /object or array/],
    [
      { CAB_SMS_PROVIDER: 'http', CAB_SMS_ENDPOINT: 'https://g.example.com/', CAB_SMS_HTTP_TEMPLATE: '{"to":"{{phone}}"}' },
      /put \{\{code\}\}/,
    ],
  ])('refuses %o', (env, why) => {
    const message = refusal({ ...PROD, ...env });
    expect(message).toMatch(why);
    expect(message).not.toContain('very-secret-value');
  });
});

describe('settings that start', () => {
  it('takes the providers’ documented endpoints, regions and a 5 s timeout by default', () => {
    expect(loadConfig({ ...PROD, ...ALIYUN }).sms).toMatchObject({
      provider: 'aliyun',
      endpoint: new URL('https://dysmsapi.aliyuncs.com/'),
      regionId: 'cn-hangzhou',
      timeoutMs: 5000,
      accessKeySecret: 'very-secret-value',
    });
    expect(loadConfig({ ...PROD, ...TENCENT }).sms).toMatchObject({
      provider: 'tencent',
      endpoint: new URL('https://sms.tencentcloudapi.com/'),
      region: 'ap-guangzhou',
      sdkAppId: '1400006666',
      templateId: '449739',
    });
  });

  it('allows plain http in production only to this machine', () => {
    for (const host of ['127.0.0.1:8080', 'localhost:8080', '[::1]:8080']) {
      expect(loadConfig({ ...PROD, CAB_SMS_PROVIDER: 'http', CAB_SMS_ENDPOINT: `http://${host}/sms` }).sms.provider).toBe('http');
    }
    expect(loadConfig({ CAB_SMS_PROVIDER: 'http', CAB_SMS_ENDPOINT: 'http://sms.lan/' }).sms.provider).toBe('http');
  });

  it('keeps the dev outbox outside production', () => {
    expect(loadConfig({}).sms).toEqual({ provider: 'outbox' });
    expect(loadConfig({ NODE_ENV: 'test', CAB_SMS_PROVIDER: 'outbox' }).sms).toEqual({ provider: 'outbox' });
  });
});
