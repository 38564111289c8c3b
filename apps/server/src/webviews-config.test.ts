import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.ts';

/** CAB_WEBVIEW_ALLOW, CAB_CUSTOMER_SERVICE_URL and CAB_FOLLOW_URL (webviews-config.ts; docs/host.md, "Webviews"). */
const PROD = { NODE_ENV: 'production', CAB_SMS_PROVIDER: 'http', CAB_SMS_ENDPOINT: 'https://sms.example.com/' };

describe('the outside pages CAB may open (config)', () => {
  it('is nothing by default', () => {
    expect(loadConfig({}).webviews).toEqual({ allow: [], customerServiceUrl: undefined, followUrl: undefined });
  });

  it('reads prefixes as the URL parser writes them, and the two pages under them', () => {
    const w = loadConfig({
      CAB_WEBVIEW_ALLOW: 'https://Help.Example.com:443/support,https://weibo.example.com',
      CAB_CUSTOMER_SERVICE_URL: 'https://help.example.com/support/chat',
      CAB_FOLLOW_URL: 'https://weibo.example.com/u/cab',
    }).webviews;
    expect(w).toEqual({
      allow: ['https://help.example.com/support', 'https://weibo.example.com/'],
      customerServiceUrl: 'https://help.example.com/support/chat',
      followUrl: 'https://weibo.example.com/u/cab',
    });
  });

  it('refuses an entry that is not a page prefix', () => {
    for (const bad of [
      'help.example.com',
      'https://help.example.com/x?a=1',
      'https://help.example.com/#x',
      'https://*.example.com/',
      'ftp://x.example.com/',
    ])
      expect(() => loadConfig({ CAB_WEBVIEW_ALLOW: bad }), bad).toThrow(`CAB_WEBVIEW_ALLOW: "${bad}" is not a page prefix`);
    expect(() => loadConfig({ CAB_WEBVIEW_ALLOW: 'https://user:pw@help.example.com/' })).toThrow('is not a page prefix');
  });

  it('takes http outside production only', () => {
    expect(loadConfig({ CAB_WEBVIEW_ALLOW: 'http://localhost:5173/dev/' }).webviews.allow).toEqual(['http://localhost:5173/dev/']);
    expect(() => loadConfig({ ...PROD, CAB_WEBVIEW_ALLOW: 'http://help.example.com/' })).toThrow(
      'CAB_WEBVIEW_ALLOW: "http://help.example.com/" must be https in production',
    );
    expect(loadConfig({ ...PROD, CAB_WEBVIEW_ALLOW: 'https://help.example.com/' }).webviews.allow).toEqual(['https://help.example.com/']);
  });

  it('refuses a customer-service or follow page outside the allow-list, naming the setting', () => {
    expect(() => loadConfig({ CAB_CUSTOMER_SERVICE_URL: 'https://help.example.com/support' })).toThrow(
      'CAB_CUSTOMER_SERVICE_URL "https://help.example.com/support" is not under CAB_WEBVIEW_ALLOW (empty)',
    );
    const allow = { CAB_WEBVIEW_ALLOW: 'https://help.example.com/support' };
    expect(() => loadConfig({ ...allow, CAB_CUSTOMER_SERVICE_URL: 'https://help.example.com/supportdesk' })).toThrow(
      'CAB_CUSTOMER_SERVICE_URL "https://help.example.com/supportdesk" is not under CAB_WEBVIEW_ALLOW (https://help.example.com/support)',
    );
    expect(() => loadConfig({ ...allow, CAB_FOLLOW_URL: 'https://other.example.com/support' })).toThrow('CAB_FOLLOW_URL');
    expect(() => loadConfig({ ...allow, CAB_FOLLOW_URL: 'javascript:alert(1)' })).toThrow('CAB_FOLLOW_URL');
  });
});
