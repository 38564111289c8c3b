import { PAY_TYPE } from '@cab/contracts/client';
import { beforeEach, describe, expect, it } from 'vitest';
import { flowOf, inAppPath, payTypeOf, rememberFlow, withQuery, withoutQuery } from './flow.ts';

beforeEach(() => sessionStorage.clear());

describe('a payment’s flow, kept in the session across the cashier', () => {
  it('answers where the payment started and how to start it again, by the recharge’s order number', () => {
    rememberFlow('R1', {
      kind: 'package',
      from: '/budget/children?categoryId=11',
      retry: '/budget/children?categoryId=11&buy=budget_advanced',
      purchase: 'P1',
    });
    rememberFlow('R2', { kind: 'recharge', from: '/bookSetting/pages/bananashell', retry: '/bookSetting/pages/bananashell?amount=30.00' });
    expect(flowOf('R1')).toMatchObject({ kind: 'package', from: '/budget/children?categoryId=11', purchase: 'P1' });
    expect(flowOf('R2').retry).toBe('/bookSetting/pages/bananashell?amount=30.00');
  });

  it('falls back to the wallet for an order it does not know, or a path that leaves the app', () => {
    const wallet = { kind: 'recharge', from: '/bookSetting/pages/bananashell', retry: '/bookSetting/pages/bananashell' };
    expect(flowOf('R404')).toEqual(wallet);
    rememberFlow('R3', { kind: 'recharge', from: '//evil.example/x', retry: 'https://evil.example' });
    expect(flowOf('R3')).toEqual(wallet);
    sessionStorage.setItem('cab.commerce.flows', '{not json');
    expect(flowOf('R1')).toEqual(wallet);
  });

  it('keeps the newest few only', () => {
    for (let i = 0; i < 15; i++) rememberFlow(`R${i}`, { kind: 'recharge', from: `/a${i}`, retry: `/a${i}` });
    expect(flowOf('R14').from).toBe('/a14');
    expect(flowOf('R0').from).toBe('/bookSetting/pages/bananashell');
  });
});

describe('in-app paths', () => {
  it('adds and removes query parameters', () => {
    expect(withQuery('/budget/index', 'buy', 'budget_advanced')).toBe('/budget/index?buy=budget_advanced');
    expect(withQuery('/budget/children?categoryId=11', 'buy', 'x')).toBe('/budget/children?categoryId=11&buy=x');
    expect(withoutQuery('/budget/children?categoryId=11&buy=x', 'buy')).toBe('/budget/children?categoryId=11');
    expect(withoutQuery('/budget/index?buy=x', 'buy')).toBe('/budget/index');
    expect(inAppPath('/pages/mine/index')).toBe('/pages/mine/index');
    expect(inAppPath('https://example.com')).toBeUndefined();
    expect(inAppPath('//example.com')).toBeUndefined();
  });
});

describe('the pay type (SPEC 9)', () => {
  it('is 4 for Huawei and 2 for iOS inside the host app, 7 otherwise', () => {
    expect(payTypeOf('Mozilla/5.0 (iPhone; CPU iPhone OS 17_0) Safari')).toBe(PAY_TYPE.WEB);
    expect(payTypeOf('Mozilla/5.0 (iPhone; CPU iPhone OS 17_0) CAB/1.0.0')).toBe(PAY_TYPE.IOS);
    expect(payTypeOf('Mozilla/5.0 (Linux; Android 12; HUAWEI P50) CAB/1.0.0')).toBe(PAY_TYPE.HUAWEI);
    expect(payTypeOf('Mozilla/5.0 (Linux; Android 12; Pixel 7) CAB/1.0.0')).toBe(PAY_TYPE.WEB);
    expect(payTypeOf('Mozilla/5.0 (X11; Linux x86_64) Chrome/120')).toBe(PAY_TYPE.WEB);
  });
});
