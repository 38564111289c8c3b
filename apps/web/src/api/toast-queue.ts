import { TOAST_QUEUE_INTERVAL_MS } from '@cab/contracts/client';

export interface ToastQueueDeps {
  show: (text: string) => void;
  isVisible: () => boolean;
  interval?: number;
}

/**
 * Toasts wait their turn: one every 1500 ms, and only while the page is shown, so a
 * burst of failures is readable instead of stacked. Cleared when a page loads.
 */
export class ToastQueue {
  private readonly pending: string[] = [];
  private timer: ReturnType<typeof setTimeout> | undefined;
  private readonly interval: number;

  constructor(private readonly deps: ToastQueueDeps) {
    this.interval = deps.interval ?? TOAST_QUEUE_INTERVAL_MS;
  }

  push(text: string): void {
    this.pending.push(text);
    if (!this.timer) this.next();
  }

  /** Called when the page becomes visible again. */
  resume(): void {
    if (!this.timer) this.next();
  }

  clear(): void {
    this.pending.length = 0;
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
  }

  get size(): number {
    return this.pending.length;
  }

  private next(): void {
    this.timer = undefined;
    if (!this.pending.length || !this.deps.isVisible()) return;
    this.deps.show(this.pending.shift() as string);
    this.timer = setTimeout(() => this.next(), this.interval);
  }
}
