import { afterEach, describe, expect, it, vi } from 'vitest';

let release: (ok: boolean) => void = () => undefined;
const exchangeLinkToken = vi.fn(() => new Promise<boolean>((r) => (release = r)));
vi.mock('./link-exchange.ts', () => ({ exchangeLinkToken }));

const { watchLinkTokens } = await import('./link-watch.ts');

afterEach(() => window.history.replaceState(null, '', '/'));

describe('a token arriving by a hash change', () => {
  it('is taken out before the router hears of the change, which it hears once the token is traded', async () => {
    const target = Object.assign(new EventTarget(), { history: window.history }) as unknown as Window;
    watchLinkTokens(target);
    const router = vi.fn();
    target.addEventListener('popstate', router);
    target.addEventListener('hashchange', router);

    window.history.replaceState(null, '', '/#/dashboard/index?Authorization=Bearer%20abcdefghijklmnop1234&TradingEntity=3');
    target.dispatchEvent(new PopStateEvent('popstate'));
    target.dispatchEvent(new HashChangeEvent('hashchange'));
    expect(window.location.hash).toBe('#/dashboard/index?TradingEntity=3');
    expect(router).not.toHaveBeenCalled();
    await vi.waitFor(() =>
      expect(exchangeLinkToken).toHaveBeenCalledWith({ token: 'abcdefghijklmnop1234', userNumber: undefined, onDashboard: true }),
    );

    release(true);
    await vi.waitFor(() => expect(router).toHaveBeenCalledTimes(1));
    // Changes without a token go straight through.
    target.dispatchEvent(new HashChangeEvent('hashchange'));
    expect(router).toHaveBeenCalledTimes(2);
    expect(exchangeLinkToken).toHaveBeenCalledTimes(1);
  });
});
