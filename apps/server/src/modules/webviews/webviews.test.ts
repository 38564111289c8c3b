import { WEBVIEW_PATHS, type WebviewsResponse } from '@cab/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/harness.ts';

/** The outside pages the app may open (docs/host.md, "Webviews"), as the operator set them; parsing: webviews-config.test.ts. */
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({
    CAB_WEBVIEW_ALLOW: 'https://Help.Example.com/support, https://weibo.example.com/cab',
    CAB_CUSTOMER_SERVICE_URL: 'https://help.example.com/support/chat?from=cab',
    CAB_FOLLOW_URL: 'https://weibo.example.com/cab',
  });
});
afterAll(() => t.close());

describe('GET webviews', () => {
  it('answers anyone, signed in or not, the allow-list and the two pages as configured', async () => {
    const res = await t.client.get(WEBVIEW_PATHS.list);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<WebviewsResponse>()).toEqual({
      data: {
        allow: ['https://help.example.com/support', 'https://weibo.example.com/cab'],
        customer_service_url: 'https://help.example.com/support/chat?from=cab',
        follow_url: 'https://weibo.example.com/cab',
      },
    });
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('answers an empty list and no pages when the operator set none', async () => {
    const bare = await startTestApp();
    try {
      const res = await bare.client.get(WEBVIEW_PATHS.list);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json<WebviewsResponse>()).toEqual({ data: { allow: [], customer_service_url: null, follow_url: null } });
    } finally {
      await bare.close();
    }
  });
});
