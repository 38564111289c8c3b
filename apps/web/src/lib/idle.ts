/** Runs `fn` when the browser is idle (or soon, where it cannot tell), for work the first screen does not need. */
export function whenIdle(fn: () => void): void {
  if ('requestIdleCallback' in window) window.requestIdleCallback(fn, { timeout: 3000 });
  else setTimeout(fn, 1500);
}
