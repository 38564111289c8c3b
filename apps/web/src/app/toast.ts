import type { Toast } from './toast-impl.ts';

type ToastApi = typeof Toast;

let loaded: Promise<ToastApi> | undefined;

/**
 * antd-mobile's Toast brings react-spring with it; the request wrapper's toasts load
 * it on first use (or when the browser is idle after the first screen) instead of
 * weighing on the first load.
 */
export function loadToast(): Promise<ToastApi> {
  // A failed download (offline) is forgotten, so the next toast tries again.
  loaded ??= import('./toast-impl.ts')
    .then((m) => m.Toast)
    .catch((err: unknown) => {
      loaded = undefined;
      throw err;
    });
  return loaded;
}

/** `duration` in ms: longer for news the user must read (a budget overspent on saving). */
export function showToast(content: string, duration?: number): void {
  loadToast().then(
    (Toast) => Toast.show(duration ? { content, duration } : { content }),
    () => plainToast(content),
  );
}

/** Offline before the toast's code arrived (often the very case a toast reports): the message still shows. */
function plainToast(content: string): void {
  const el = document.createElement('div');
  el.className = 'cab-plain-toast';
  el.setAttribute('role', 'alert');
  el.textContent = content;
  document.body.appendChild(el);
  setTimeout(() => el.remove(), 2000);
}

/** A loading toast after `delayMs`; the returned function closes it (or cancels it). */
export function showLoading(content: string, delayMs: number): () => void {
  let closed = false;
  let handler: { close: () => void } | undefined;
  const timer = setTimeout(() => {
    loadToast().then(
      (Toast) => {
        if (!closed) handler = Toast.show({ icon: 'loading', content, duration: 0, maskClickable: true });
      },
      () => undefined, // no loading indicator without its code; the call goes on regardless
    );
  }, delayMs);
  return () => {
    closed = true;
    clearTimeout(timer);
    handler?.close();
  };
}
