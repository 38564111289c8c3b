import { afterEach, describe, expect, it, vi } from 'vitest';

// A fresh module per test: whether the user has interacted is remembered for the page's life.
afterEach(() => vi.resetModules());

describe('work at the first interaction', () => {
  it('waits for the first touch or key, runs each piece once, and runs later ones at once', async () => {
    const { onFirstInteraction } = await import('./idle.ts');
    const a = vi.fn();
    const b = vi.fn();
    onFirstInteraction(a);
    onFirstInteraction(b);
    window.dispatchEvent(new Event('scroll'));
    expect(a).not.toHaveBeenCalled();
    window.dispatchEvent(new Event('pointerdown'));
    expect(a).toHaveBeenCalledOnce();
    expect(b).toHaveBeenCalledOnce();
    window.dispatchEvent(new Event('keydown'));
    expect(a).toHaveBeenCalledOnce();
    const c = vi.fn();
    onFirstInteraction(c);
    expect(c).toHaveBeenCalledOnce();
  });

  it('drops what waits when the idle work is cancelled', async () => {
    const { cancelIdleWork, onFirstInteraction } = await import('./idle.ts');
    const a = vi.fn();
    onFirstInteraction(a);
    cancelIdleWork();
    window.dispatchEvent(new Event('keydown'));
    expect(a).not.toHaveBeenCalled();
  });
});
