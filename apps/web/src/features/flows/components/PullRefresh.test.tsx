import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PullRefresh } from './PullRefresh.tsx';

afterEach(cleanup);

function touch(el: Element, type: string, y?: number) {
  const e = new Event(type, { bubbles: true, cancelable: true });
  Object.defineProperty(e, 'touches', { value: y === undefined ? [] : [{ clientY: y }] });
  act(() => void el.dispatchEvent(e));
  return e;
}

describe('pull to refresh', () => {
  it('refreshes when pulled far enough from the top, and says so', async () => {
    const onRefresh = vi.fn(() => Promise.resolve());
    render(
      <PullRefresh onRefresh={onRefresh}>
        <p>list</p>
      </PullRefresh>,
    );
    const el = screen.getByTestId('pull-refresh');
    touch(el, 'touchstart', 100);
    const move = touch(el, 'touchmove', 260);
    // The pull is the page's, not the browser's overscroll.
    expect(move.defaultPrevented).toBe(true);
    expect(el.textContent).toContain('松开立即刷新');
    touch(el, 'touchend');
    expect(onRefresh).toHaveBeenCalledOnce();
    await act(() => Promise.resolve());
    expect(el.textContent).toContain('已刷新');
  });

  it('does nothing for a short pull, a push up, or a page scrolled down', () => {
    const onRefresh = vi.fn(() => Promise.resolve());
    render(
      <PullRefresh onRefresh={onRefresh}>
        <p>list</p>
      </PullRefresh>,
    );
    const el = screen.getByTestId('pull-refresh');
    touch(el, 'touchstart', 100);
    touch(el, 'touchmove', 150);
    touch(el, 'touchend');
    touch(el, 'touchstart', 300);
    expect(touch(el, 'touchmove', 100).defaultPrevented).toBe(false);
    touch(el, 'touchend');
    window.scrollY = 200;
    touch(el, 'touchstart', 100);
    touch(el, 'touchmove', 400);
    touch(el, 'touchend');
    window.scrollY = 0;
    expect(onRefresh).not.toHaveBeenCalled();
  });
});
