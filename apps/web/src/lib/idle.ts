/** How long after the page has loaded background work waits, so the first screen's data and images go first. */
const SETTLE_MS = 2000;

/**
 * Runs `fn` once the first screen has what it needs: a while after the page has
 * loaded, when the browser is idle. For code and data the first screen does not
 * need, so it never competes with what the user is waiting for.
 */
export function whenIdle(fn: () => void): void {
  const idle = () => {
    // The page may be gone by then (a test's document torn down): there is nothing left to prepare.
    if (typeof window === 'undefined') return;
    if ('requestIdleCallback' in window) window.requestIdleCallback(fn, { timeout: 4000 });
    else fn();
  };
  const settle = () => setTimeout(idle, SETTLE_MS);
  if (document.readyState === 'complete') settle();
  else window.addEventListener('load', settle, { once: true });
}
