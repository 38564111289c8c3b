/** How long after the page has loaded background work waits, so the first screen's data and images go first. */
const SETTLE_MS = 2000;

/** Idle work asked for and not begun yet: timers waiting to settle, idle callbacks waiting for the browser. */
const pending = new Set<() => void>();

/**
 * Runs `fn` once the first screen has what it needs: a while after the page has
 * loaded, when the browser is idle. For code and data the first screen does not
 * need, so it never competes with what the user is waiting for.
 */
export function whenIdle(fn: () => void, settleMs = SETTLE_MS): void {
  let cancel = () => {};
  const run = () => {
    pending.delete(cancel);
    fn();
  };
  const idle = () => {
    pending.delete(cancel);
    // The page may be gone by then (a test's document torn down): there is nothing left to prepare.
    if (typeof window === 'undefined') return;
    if ('requestIdleCallback' in window) {
      const handle = window.requestIdleCallback(run, { timeout: 4000 });
      cancel = () => window.cancelIdleCallback(handle);
      pending.add(cancel);
    } else fn();
  };
  const settle = () => {
    const timer = setTimeout(idle, settleMs);
    cancel = () => clearTimeout(timer);
  };
  if (document.readyState === 'complete') settle();
  else {
    window.addEventListener('load', settle, { once: true });
    cancel = () => window.removeEventListener('load', settle);
  }
  pending.add(cancel);
}

/**
 * Runs `fn` at the user's first touch or key on the page (at once if there has been
 * one): for code only an action needs (a popup, a toast), so a tap starts
 * loading it a moment before the click that opens it, and a visit that only looks
 * never loads it at all.
 */
export function onFirstInteraction(fn: () => void): void {
  if (interacted) fn();
  else waiting.add(fn);
}

// Listened for from the start, so a touch made before anyone asked still counts.
const INTERACTIONS = ['pointerdown', 'keydown'] as const;
let interacted = false;
const waiting = new Set<() => void>();
function interact(): void {
  interacted = true;
  for (const type of INTERACTIONS) window.removeEventListener(type, interact, { capture: true });
  const fns = [...waiting];
  waiting.clear();
  for (const fn of fns) fn();
}
if (typeof window !== 'undefined')
  for (const type of INTERACTIONS) window.addEventListener(type, interact, { capture: true, passive: true });

/** How long a page that nobody touches waits before preparing what comes next. */
const QUIET_MS = 8000;

/**
 * Runs `fn` once the user starts doing something (first touch or key) or, if nobody
 * touches the page, once it has loaded and stayed quiet for several seconds: for the
 * next pages' code and data (SPEC 2's preloads). Fetching them while the page itself
 * is still arriving held the main thread for a few hundred milliseconds (every chunk
 * a module preload link) and took the network from what the user is waiting for.
 */
export function whenSettled(fn: () => void): void {
  let done = false;
  const once = () => {
    if (done) return;
    done = true;
    fn();
  };
  onFirstInteraction(once);
  whenIdle(once, QUIET_MS);
}

/**
 * Drops the idle work not begun yet. Tests call it when a file ends, so that one file's
 * prefetching does not load modules while the next file sets up its own.
 */
export function cancelIdleWork(): void {
  for (const cancel of pending) cancel();
  pending.clear();
  waiting.clear();
}
