import type { Toast } from './toast-impl.ts';

type ToastApi = typeof Toast;

let loaded: Promise<ToastApi> | undefined;

/**
 * antd-mobile's Toast brings react-spring with it; the request wrapper's toasts load
 * it on first use (or when the browser is idle after the first screen) instead of
 * weighing on the first load.
 */
export function loadToast(): Promise<ToastApi> {
  return (loaded ??= import('./toast-impl.ts').then((m) => m.Toast));
}

export function showToast(content: string): void {
  void loadToast().then((Toast) => Toast.show({ content }));
}

/** A loading toast after `delayMs`; the returned function closes it (or cancels it). */
export function showLoading(content: string, delayMs: number): () => void {
  let closed = false;
  let handler: { close: () => void } | undefined;
  const timer = setTimeout(() => {
    void loadToast().then((Toast) => {
      if (!closed) handler = Toast.show({ icon: 'loading', content, duration: 0, maskClickable: true });
    });
  }, delayMs);
  return () => {
    closed = true;
    clearTimeout(timer);
    handler?.close();
  };
}
