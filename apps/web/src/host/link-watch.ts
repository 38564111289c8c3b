import { takeLinkToken } from './link-token.ts';

/**
 * A token that arrives by a hash change of the running app (a host moving its webview) is
 * taken out the same way, before the router hears of the change: these listeners are
 * added before the router's and keep the change from it until the token is traded. A
 * page drawn before would send a user not yet signed in to the login page. Then the
 * router is told, and reads the address without the token.
 */
export function watchLinkTokens(target: Window = window): void {
  let holding = false;
  const hold = (e: Event) => {
    if (!holding) {
      const later = takeLinkToken();
      if (!later) return;
      holding = true;
      void import('./link-exchange.ts')
        .then((m) => m.exchangeLinkToken(later))
        .catch(() => false)
        .finally(() => {
          holding = false;
          target.dispatchEvent(new PopStateEvent('popstate', { state: target.history.state }));
        });
    }
    e.stopImmediatePropagation();
  };
  // A new hash fires popstate, then hashchange: both are held.
  target.addEventListener('popstate', hold);
  target.addEventListener('hashchange', hold);
}
