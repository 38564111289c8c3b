import { afterEach, describe, expect, it, vi } from 'vitest';

const track = vi.fn();
vi.mock('../lib/tracking.ts', () => ({ track }));
const { startTracking, trackPage } = await import('./tracking.ts');
const { useBookStore } = await import('../stores/book.ts');

afterEach(() => track.mockClear());

describe('what the app tracks', () => {
  it('names a page view by its route, with the book on a book’s pages only', () => {
    useBookStore.getState().setBook('42', '1');
    trackPage('/dashboard/index');
    trackPage('/pages/mine/index');
    trackPage('/13800138000');
    trackPage('/');
    expect(track.mock.calls).toEqual([
      ['page:dashboard.index', { book_id: '42' }],
      ['page:pages.mine.index', undefined],
      ['page:not_found'],
    ]);
  });

  it('says the app started, then each book opened', () => {
    useBookStore.getState().clear();
    startTracking();
    useBookStore.getState().setBook('7', '1');
    useBookStore.getState().setBook('7', '1');
    useBookStore.getState().setBook('0', '1');
    expect(track.mock.calls).toEqual([['app.start'], ['book.opened', { book_id: '7' }]]);
  });
});
