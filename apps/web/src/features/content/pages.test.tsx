import { CONTENT_PATHS, bookPath } from '@cab/contracts/client';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../api/request.ts';
import BookDetailPage from '../../pages/bookDetail/BookDetailPage.tsx';
import BookVideoPage from '../../pages/bookDetail/BookVideoPage.tsx';
import { useUserStore } from '../../stores/user.ts';
import { renderPages } from '../../test-pages.tsx';
import { detail } from './test-fixtures.ts';

const request = vi.hoisted(() => vi.fn());
vi.mock('../../api/client.ts', () => ({ request }));

const TEMPLATE = {
  id: '12',
  code: 'renovation',
  category_code: 'life-home',
  name: '装修账本',
  name_en: 'Renovation',
  description: '装修预算',
  description_en: 'Renovation budget',
  cover: '',
  icon: 'renovation',
  currency: 'CNY',
  template_type: '1',
  use_count: 4,
  review_count: 0,
  collected: false,
};
const ARTICLE = detail(
  '5',
  { title: '装修预算怎么记', content_category: '1', collect_count: 2 },
  { body_html: '<h2 id="h">先定预算</h2><p>每一笔<strong>都记</strong>。</p>', trading_entity: '12', template: TEMPLATE },
);
const VIDEO = detail(
  '7',
  { type: '1', title: '一个月的开销', width: 640, height: 360, cover_url: '/files/p.webp', duration_seconds: 6 },
  { video_url: '/files/v.webm' },
);

function answer(url: string) {
  if (url === bookPath(CONTENT_PATHS.content, { id: '5' })) return { data: ARTICLE };
  if (url === bookPath(CONTENT_PATHS.content, { id: '7' })) return { data: VIDEO };
  if (url === bookPath(CONTENT_PATHS.contentCollect, { contentId: '5', status: '1' }))
    return { data: { content_id: '5', collected: true, collect_count: 3 } };
  if (url.startsWith('/cab-market-ws/market/v1/contents/')) throw new ApiError(404, 1065, '内容不存在');
  throw new Error(`unexpected ${url}`);
}

let page: { location: () => string };
const renderAt = (path: string) => {
  page = renderPages(path, { '/bookDetail/pages/book-detail': BookDetailPage, '/bookDetail/pages/book-video': BookVideoPage });
};

describe('an article and a video', () => {
  afterEach(cleanup);
  beforeEach(() => {
    request.mockReset();
    request.mockImplementation((url: string) => {
      try {
        return Promise.resolve(answer(url));
      } catch (err) {
        return Promise.reject(err as Error);
      }
    });
    useUserStore.setState({ user: null, login: false });
  });

  it('draws the article: its title, byline, body as markup, tags and its template', async () => {
    renderAt('/bookDetail/pages/book-detail?id=5');
    expect(await screen.findByTestId('content-title')).toHaveProperty('textContent', '装修预算怎么记');
    const body = screen.getByTestId('content-body');
    // The server cleaned the HTML; it is drawn as markup, not as text.
    expect(body.querySelector('h2')?.textContent).toBe('先定预算');
    expect(body.querySelector('strong')?.textContent).toBe('都记');
    expect(body.textContent).not.toContain('<p>');
    expect(screen.getByTestId('page-book-detail').textContent).toContain('CAB 记账课堂');
    expect(screen.getByTestId('content-template').textContent).toContain('装修账本');
    fireEvent.click(screen.getByTestId('content-use-template'));
    await waitFor(() => expect(page.location()).toBe('/pages/market/detail?id=12'));
  });

  it('asks a logged-out reader to log in before collecting, and comes back afterwards', async () => {
    renderAt('/bookDetail/pages/book-detail?id=5');
    fireEvent.click(await screen.findByTestId('content-collect'));
    await screen.findByTestId('collect-login-prompt');
    expect(request.mock.calls.some(([u]) => String(u).endsWith('/collect'))).toBe(false);
    fireEvent.click(screen.getByTestId('collect-login'));
    await waitFor(() =>
      expect(page.location()).toBe(`/accountLogin/index?redirect=${encodeURIComponent('/bookDetail/pages/book-detail?id=5')}`),
    );
  });

  it('collects for a logged-in reader and shows the count the server gives', async () => {
    useUserStore.setState({ user: { userid: '7', account: '13800138001' } as never, login: true });
    renderAt('/bookDetail/pages/book-detail?id=5');
    expect(await screen.findByTestId('content-collect-count')).toHaveProperty('textContent', '2');
    fireEvent.click(screen.getByTestId('content-collect'));
    await waitFor(() => expect(screen.getByTestId('content-collect-count').textContent).toBe('3'));
    expect(screen.getByTestId('content-collect').getAttribute('aria-pressed')).toBe('true');
    expect(request).toHaveBeenCalledWith(
      bookPath(CONTENT_PATHS.contentCollect, { contentId: '5', status: '1' }),
      expect.objectContaining({ method: 'POST' }),
    );
  });

  it('says when the content does not exist', async () => {
    renderAt('/bookDetail/pages/book-detail?id=99');
    await screen.findByTestId('content-not-found');
    cleanup();
    renderAt('/bookDetail/pages/book-detail?id=abc');
    await screen.findByTestId('content-not-found');
  });

  it('plays a video inline with its poster and file, sized by its width and height', async () => {
    renderAt('/bookDetail/pages/book-video?id=7');
    const video = (await screen.findByTestId('content-video')) as HTMLVideoElement;
    expect(video.getAttribute('poster')).toBe('/files/p.webp');
    expect(video.getAttribute('src')).toBe('/files/v.webm');
    expect(video.hasAttribute('controls')).toBe(true);
    expect(video.hasAttribute('playsinline')).toBe(true);
    expect((video.parentElement as HTMLElement).style.aspectRatio).toBe('640 / 360');
    expect(screen.getByTestId('content-title').textContent).toBe('一个月的开销');
  });

  it('sends a video opened as an article to the video page', async () => {
    renderAt('/bookDetail/pages/book-detail?id=7');
    await screen.findByTestId('page-book-video');
    expect(page.location()).toBe('/bookDetail/pages/book-video?id=7');
  });
});
