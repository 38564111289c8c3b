import { afterEach, describe, expect, it } from 'vitest';
import { comeBackHome, takeLinkToken } from './link-token.ts';
import { applyTopBar, barOpacity, cancelTopBar, resetTopBarForTests, statusBarHeight } from './top-bar.ts';

const open = (url: string) => window.history.replaceState(null, '', url);
afterEach(() => open('/'));

describe('a token in the address', () => {
  it('is taken from dashboard/index once and removed from the address at once, other parameters kept', () => {
    open('/?cab_host=a#/dashboard/index?TradingEntity=12&Authorization=Bearer%20abcdefghijklmnop1234&userNumber=77&bookName=x');
    const link = takeLinkToken();
    expect(link).toEqual({ token: 'abcdefghijklmnop1234', userNumber: '77', onDashboard: true });
    expect(window.location.hash).toBe('#/dashboard/index?TradingEntity=12&bookName=x');
    expect(window.location.search).toBe('?cab_host=a');
    expect(window.location.href).not.toContain('abcdefghijklmnop1234');
    // Taken once: the address no longer has it.
    expect(takeLinkToken()).toBeUndefined();
  });

  it('is removed from any other page too, and marked as not the dashboard’s (refused)', () => {
    open('/#/pages/mine/index?Authorization=secret-token-1234567890');
    expect(takeLinkToken()).toMatchObject({ onDashboard: false });
    expect(window.location.hash).toBe('#/pages/mine/index');
  });

  it('leaves an address without one alone', () => {
    open('/#/dashboard/index?TradingEntity=5');
    expect(takeLinkToken()).toBeUndefined();
    expect(window.location.hash).toBe('#/dashboard/index?TradingEntity=5');
    open('/#/pages/home/index');
    expect(takeLinkToken()).toBeUndefined();
  });
});

describe('scene 00001', () => {
  it('brings a shared link back home, keeping its parameters', () => {
    open('/#/dashboard/index?scene=00001&bookId=9');
    expect(comeBackHome()).toBe(true);
    expect(window.location.hash).toBe('#/pages/home/index?scene=00001&bookId=9');
    open('/#/dashboard/index?scene=00002');
    expect(comeBackHome()).toBe(false);
    expect(window.location.hash).toBe('#/dashboard/index?scene=00002');
  });
});

describe('the top bar', () => {
  it('takes the host’s status bar height, else 20', () => {
    expect(statusBarHeight(44)).toBe(44);
    expect(statusBarHeight(undefined)).toBe(20);
    expect(statusBarHeight(0)).toBe(20);
    expect(statusBarHeight(500)).toBe(20);
    expect(statusBarHeight(Number.NaN)).toBe(20);
  });

  it('is transparent at the top and opaque after 60 px', () => {
    expect(barOpacity(-10)).toBe(0);
    expect(barOpacity(0)).toBe(0);
    expect(barOpacity(30)).toBe(0.5);
    expect(barOpacity(60)).toBe(1);
    expect(barOpacity(400)).toBe(1);
  });

  it('is cancelled only once it was applied (outside a host, applying fails and nothing is cancelled)', async () => {
    resetTopBarForTests();
    expect(await cancelTopBar()).toBe(false);
    expect(await applyTopBar('dark')).toBe(false);
    expect(await cancelTopBar()).toBe(false);
  });
});

describe('template types', () => {
  it('offers host-app templates (type 1) only inside a host, cloud ones everywhere', async () => {
    const { offeredHere } = await import('./template-types.ts');
    expect(offeredHere('1', 'browser')).toBe(false);
    expect(offeredHere('1', undefined)).toBe(false);
    expect(offeredHere('1', 'a')).toBe(true);
    expect(offeredHere('2', 'browser')).toBe(true);
    expect(offeredHere('2', 'b')).toBe(true);
  });
});
