import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ToastQueue } from './toast-queue.ts';

describe('the toast queue', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('shows one toast every 1500 ms', () => {
    const shown: string[] = [];
    const q = new ToastQueue({ show: (t) => shown.push(t), isVisible: () => true });
    q.push('a');
    q.push('b');
    q.push('c');
    expect(shown).toEqual(['a']);
    vi.advanceTimersByTime(1499);
    expect(shown).toEqual(['a']);
    vi.advanceTimersByTime(1);
    expect(shown).toEqual(['a', 'b']);
    vi.advanceTimersByTime(1500);
    expect(shown).toEqual(['a', 'b', 'c']);
  });

  it('waits while the page is hidden and goes on when it is shown', () => {
    const shown: string[] = [];
    let visible = false;
    const q = new ToastQueue({ show: (t) => shown.push(t), isVisible: () => visible });
    q.push('a');
    vi.advanceTimersByTime(5000);
    expect(shown).toEqual([]);
    visible = true;
    q.resume();
    expect(shown).toEqual(['a']);
  });

  it('is cleared on page load', () => {
    const shown: string[] = [];
    const q = new ToastQueue({ show: (t) => shown.push(t), isVisible: () => true });
    q.push('a');
    q.push('b');
    q.clear();
    vi.advanceTimersByTime(5000);
    expect(shown).toEqual(['a']);
    expect(q.size).toBe(0);
    q.push('c');
    expect(shown).toEqual(['a', 'c']);
  });
});
