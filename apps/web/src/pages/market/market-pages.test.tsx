import { CONTENT_PATHS, MARKET_PATHS } from '@cab/contracts/client';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useUserStore } from '../../stores/user.ts';
import { bodiesOf as bodiesOfRequest, renderPages } from '../../test-pages.tsx';
import FavoritePage from '../favorite/FavoritePage.tsx';
import PreviewPage from '../preview/PreviewPage.tsx';
import MarketDetailPage from './MarketDetailPage.tsx';
import MarketPage from './MarketPage.tsx';
import { answer, content, review, type Fake } from './test-fixtures.ts';

const request = vi.hoisted(() => vi.fn());
vi.mock('../../api/client.ts', () => ({ request }));

// antd-mobile's InfiniteScroll loads more only for a laid-out element; jsdom lays nothing out.
Object.defineProperty(HTMLElement.prototype, 'offsetParent', {
  configurable: true,
  get(this: HTMLElement) {
    return this.parentElement;
  },
});

let fake: Fake;
let page: { location: () => string };
const renderAt = (path: string) => {
  page = renderPages(path, {
    '/pages/market/index': MarketPage,
    '/pages/market/detail': MarketDetailPage,
    '/preview/index': PreviewPage,
    '/favorite/index': FavoritePage,
  });
};
const bodiesOf = (url: string) => bodiesOfRequest(request, url);
const calls = (re: RegExp) => request.mock.calls.filter(([u]) => re.test(String(u)));
const logIn = () => useUserStore.setState({ user: { userid: '7', account: '13800138007' } as never, login: true });
const SCRIPT = '<script>alert(1)</script><b>x</b>';

describe('the market screens', () => {
  afterEach(cleanup);
  beforeEach(() => {
    localStorage.clear();
    fake = { collected: new Set(), reviews: [], contents: [], fail: new Set(), nextReviewId: 100 };
    request.mockReset();
    request.mockImplementation((url: string, o: { data?: Record<string, unknown> }) => Promise.resolve().then(() => answer(fake, url, o)));
    useUserStore.setState({ user: null, login: false });
  });

  describe('the market tab', () => {
    it('shows the first-level categories as tabs, the second-level ones as chips, and the chosen list', async () => {
      renderAt('/pages/market/index');
      await screen.findByTestId('market-template-family');
      expect(screen.getByTestId('market-tab-life').textContent).toBe('生活');
      expect(screen.getByTestId('market-tab-favourites').textContent).toBe('我的收藏');
      // The first-level code lists all of its children's templates.
      expect(screen.getByTestId('market-template-travel')).toBeTruthy();
      expect(screen.queryByTestId('market-template-business')).toBeNull();
      const card = screen.getByTestId('market-template-family');
      expect(card.textContent).toContain('家庭账本');
      expect(card.textContent).toContain('家庭账本的说明');
      expect(within(card).getByTestId('use-count-1002').textContent).toContain('12 人使用');
      expect(within(card).getByTestId('review-count-1002').textContent).toContain('3 条评价');

      fireEvent.click(screen.getByTestId('market-sub-life-travel'));
      await screen.findByTestId('market-template-travel');
      expect(screen.queryByTestId('market-template-family')).toBeNull();
      expect(page.location()).toBe('/pages/market/index?sub=life-travel');
      expect(calls(/\/template\/list\//).map(([u]) => u)).toEqual([
        '/cab-market-ws/market/v1/template/list/life',
        '/cab-market-ws/market/v1/template/list/life-travel',
      ]);

      fireEvent.click(screen.getByTestId('market-tab-business'));
      await screen.findByTestId('market-template-business');
      expect(page.location()).toBe('/pages/market/index?tab=business');
    });

    it('logged out, the favourites tab asks to log in and leads to the login page, which comes back to it', async () => {
      renderAt('/pages/market/index?tab=favourites');
      await screen.findByTestId('favourites-logged-out');
      expect(screen.getByTestId('favourites-logged-out').textContent).toContain('登录后查看收藏的模板');
      expect(calls(/collected\/list/)).toHaveLength(0);
      fireEvent.click(screen.getByTestId('favourites-login'));
      expect(page.location()).toBe(`/accountLogin/index?redirect=${encodeURIComponent('/pages/market/index?tab=favourites')}`);
    });

    it('logged out, the heart and "use template" ask to log in instead of calling the server', async () => {
      renderAt('/pages/market/index');
      fireEvent.click(await screen.findByTestId('collect-1002'));
      const prompt = await screen.findByTestId('market-login-prompt');
      expect(prompt.textContent).toContain('登录后才能收藏模板');
      expect(calls(/\/collect$/)).toHaveLength(0);
      fireEvent.click(screen.getByTestId('use-template-1002'));
      await waitFor(() => expect(screen.getByTestId('market-login-prompt').textContent).toContain('登录后用模板创建账本'));
      fireEvent.click(within(screen.getByTestId('market-login-prompt')).getByTestId('market-login'));
      expect(page.location()).toBe(`/accountLogin/index?redirect=${encodeURIComponent('/pages/market/index')}`);
    });

    it('logged in, the heart keeps the template, which is then among the favourites; a second tap lets it go', async () => {
      logIn();
      renderAt('/pages/market/index');
      const heart = await screen.findByTestId('collect-1002');
      expect(heart.getAttribute('aria-label')).toBe('收藏「家庭账本」');
      fireEvent.click(heart);
      await waitFor(() => expect(screen.getByTestId('collect-1002').getAttribute('aria-pressed')).toBe('true'));
      expect(calls(/\/collect$/).map(([u]) => u)).toEqual(['/cab-market-ws/market/v1/template/1002/1/collect']);
      fireEvent.click(screen.getByTestId('market-tab-favourites'));
      const list = await screen.findByTestId('market-list');
      await within(list).findByTestId('market-template-family');
      expect(within(list).queryByTestId('market-template-travel')).toBeNull();
      fireEvent.click(within(list).getByTestId('collect-1002'));
      await screen.findByTestId('favourites-empty');
      expect(calls(/\/collect$/).map(([u]) => u)[1]).toBe('/cab-market-ws/market/v1/template/1002/0/collect');
    });

    it('logged in, "use template" opens the books\' name step, prefilled with the template\'s name', async () => {
      logIn();
      renderAt('/pages/market/index');
      fireEvent.click(await screen.findByTestId('use-template-1002'));
      await screen.findByTestId('template-name-step');
      expect(screen.getByTestId('new-book-name').querySelector('input')!.value).toBe('家庭账本');
    });

    it('searches templates by key word, and says when nothing matches', async () => {
      renderAt('/pages/market/index');
      await screen.findByTestId('market-template-family');
      fireEvent.change(screen.getByTestId('market-search-input'), { target: { value: '旅行' } });
      fireEvent.submit(screen.getByRole('search'));
      await waitFor(() => expect(screen.queryByTestId('market-template-family')).toBeNull());
      await screen.findByTestId('market-template-travel');
      expect(bodiesOf(CONTENT_PATHS.marketSearch)).toEqual([{ key_word: '旅行', type: '1' }]);
      expect(page.location()).toBe(`/pages/market/index?q=${encodeURIComponent('旅行')}`);
      fireEvent.change(screen.getByTestId('market-search-input'), { target: { value: '没有这个' } });
      fireEvent.submit(screen.getByRole('search'));
      expect((await screen.findByTestId('market-search-none')).textContent).toContain('没有找到与“没有这个”相关的模板');
      fireEvent.click(screen.getByTestId('market-search-cancel'));
      await screen.findByTestId('market-template-family');
    });

    it('shows a failure with a retry when the list does not load', async () => {
      fake.fail.add('/cab-market-ws/market/v1/template/list/life');
      renderAt('/pages/market/index');
      await screen.findByTestId('load-failed');
      fake.fail.clear();
      fireEvent.click(screen.getByTestId('load-retry'));
      await screen.findByTestId('market-template-family');
    });
  });

  describe('a template', () => {
    it('shows what a book from it holds, and its reviews as text, never as markup', async () => {
      fake.reviews = [review('2', SCRIPT, 2000), review('1', '好用\n第二行', 1000)];
      renderAt('/pages/market/detail?id=1002');
      expect((await screen.findByTestId('template-name')).textContent).toBe('家庭账本');
      expect(screen.getByTestId('template-expense').textContent).toContain('餐饮2 个子类');
      expect(screen.getByTestId('template-income').textContent).toContain('工资');
      expect(screen.getByTestId('template-accounts').textContent).toContain('微信钱包');
      expect(screen.getByTestId('template-members').textContent).toContain('爸爸');
      expect(screen.getByTestId('reviews-count').textContent).toBe('评价（2）');

      const first = await screen.findByTestId('review-2');
      expect(within(first).getByTestId('review-text').textContent).toBe(SCRIPT);
      expect(first.querySelector('script')).toBeNull();
      expect(first.querySelector('b')).toBeNull();
      expect(document.querySelector('[data-testid="page-market-detail"] script, [data-testid="page-market-detail"] b')).toBeNull();
      expect(within(screen.getByTestId('review-1')).getByTestId('review-text').textContent).toBe('好用\n第二行');
      // Logged out there is no box: the way to log in instead.
      expect(screen.queryByTestId('review-box')).toBeNull();
      fireEvent.click(screen.getByTestId('review-login'));
      expect((await screen.findByTestId('market-login-prompt')).textContent).toContain('登录后才能发表评价');
    });

    it("pages the reviews by the last one's time and id", async () => {
      fake.reviews = Array.from({ length: 25 }, (_, i) => review(String(100 - i), `评价 ${i}`, 10_000 - i));
      renderAt('/pages/market/detail?id=1002');
      await screen.findByTestId('review-76');
      expect(screen.getAllByTestId(/^review-\d+$/)).toHaveLength(25);
      expect(bodiesOf(MARKET_PATHS.templateReviews)).toEqual([
        { templateId: '1002', pageSize: 20 },
        { templateId: '1002', pageSize: 20, lastCommentTime: 9981, lastId: '81' },
      ]);
      await waitFor(() => expect(screen.getByTestId('reviews-more').textContent).toBe('没有更多评价了'));
    });

    it("logged in: the caller's review is there to edit, counted to 500, and after posting it comes first, as text", async () => {
      logIn();
      fake.reviews = [review('3', '别人的评价', 3000), review('2', '我写过的', 2000, { mine: true })];
      renderAt('/pages/market/detail?id=1002');
      const box = await screen.findByTestId('review-box');
      const input = await waitFor(() => {
        const el = box.querySelector<HTMLTextAreaElement>('#market-review-input')!;
        expect(el.value).toBe('我写过的');
        return el;
      });
      expect(box.textContent).toContain('4/500');
      expect(within(box).getByTestId('review-submit').textContent).toBe('更新评价');
      // Text past the limit is cut as it is typed.
      fireEvent.change(input, { target: { value: 'x'.repeat(600) } });
      expect(screen.getByTestId('review-box').textContent).toContain('500/500');
      fireEvent.change(screen.getByTestId('review-box').querySelector('#market-review-input')!, { target: { value: `${SCRIPT} 改了` } });
      fireEvent.click(within(screen.getByTestId('review-box')).getByTestId('review-submit'));
      await waitFor(() => expect(bodiesOf(MARKET_PATHS.templateReview)).toEqual([{ template_id: '1002', content: `${SCRIPT} 改了` }]));
      await waitFor(() => {
        const rows = screen.getAllByTestId(/^review-\d+$/);
        expect(rows.map((r) => r.dataset.testid)).toEqual(['review-2', 'review-3']);
        expect(within(rows[0]!).getByTestId('review-text').textContent).toBe(`${SCRIPT} 改了`);
        expect(rows[0]!.querySelector('script, b')).toBeNull();
      });
    });

    it('refuses an empty review under its field, without calling', async () => {
      logIn();
      renderAt('/pages/market/detail?id=1002');
      fireEvent.click(await screen.findByTestId('review-submit'));
      expect((await screen.findByTestId('review-error')).textContent).toBe('请输入评价内容');
      expect(bodiesOf(MARKET_PATHS.templateReview)).toEqual([]);
    });

    it('keeps what was typed when the server refuses a post (too often, 1040)', async () => {
      logIn();
      fake.fail.add(MARKET_PATHS.templateReview);
      renderAt('/pages/market/detail?id=1002');
      await screen.findByTestId('review-box');
      fireEvent.change(screen.getByTestId('review-box').querySelector('#market-review-input')!, { target: { value: '再改一次' } });
      fireEvent.click(screen.getByTestId('review-submit'));
      await waitFor(() => expect(bodiesOf(MARKET_PATHS.templateReview)).toHaveLength(1));
      await waitFor(() => expect(screen.getByTestId('review-submit').textContent).toBe('发表评价'));
      expect(screen.getByTestId('review-box').querySelector<HTMLTextAreaElement>('#market-review-input')!.value).toBe('再改一次');
      expect(screen.queryByTestId('review-list')).toBeNull();
    });

    it('says so for a template that does not exist', async () => {
      renderAt('/pages/market/detail?id=424242');
      await screen.findByTestId('template-gone');
      fireEvent.click(screen.getByText('回到模板市场'));
      expect(page.location()).toBe('/pages/market/index');
    });

    it('links to its preview, which lists every category with its sub categories and the lists\' "none"', async () => {
      renderAt('/pages/market/detail?id=1002');
      fireEvent.click(await screen.findByTestId('template-preview'));
      await screen.findByTestId('preview-expense');
      expect(page.location()).toBe('/preview/index?id=1002');
      const expense = screen.getByTestId('preview-expense');
      for (const name of ['餐饮', '买菜', '外出就餐', '孩子', '学费']) expect(expense.textContent).toContain(name);
      expect(expense.querySelectorAll('svg[data-icon="food"]').length).toBe(3);
      expect(screen.getByTestId('preview-income').textContent).toContain('年终奖');
      expect(screen.getByTestId('preview-merchants').textContent).toContain('无商家');
      expect(screen.getByTestId('preview-projects').textContent).toContain('教育基金');
      expect(screen.getByTestId('use-this-template').textContent).toBe('使用此模板');
    });
  });

  describe('my favourites', () => {
    it('needs a login', async () => {
      renderAt('/favorite/index');
      await waitFor(() => expect(page.location()).toBe(`/accountLogin/index?redirect=${encodeURIComponent('/favorite/index')}`));
    });

    it('shows the kept templates, and the kept articles and videos, each opening its page', async () => {
      logIn();
      fake.collected.add('1004');
      fake.contents = [content('51', '0', '记账入门'), content('52', '1', '三分钟看懂预算')];
      renderAt('/favorite/index');
      await screen.findByTestId('market-template-travel');
      expect(screen.queryByTestId('market-template-family')).toBeNull();
      fireEvent.click(screen.getByTestId('favorite-tab-contents'));
      await screen.findByTestId('content-51');
      expect(bodiesOf(CONTENT_PATHS.favouriteContents)).toEqual([{ page: 1, page_size: 20 }]);
      expect(screen.getByTestId('content-51').textContent).toContain('文章');
      expect(screen.getByTestId('content-52').textContent).toContain('视频');
      fireEvent.click(screen.getByTestId('content-52'));
      expect(page.location()).toBe('/bookDetail/pages/book-video?id=52');
    });

    it('opens an article on the book-detail page', async () => {
      logIn();
      fake.contents = [content('51', '0', '记账入门')];
      renderAt('/favorite/index?view=contents');
      fireEvent.click(await screen.findByTestId('content-51'));
      expect(page.location()).toBe('/bookDetail/pages/book-detail?id=51');
    });

    it('says when nothing is kept yet', async () => {
      logIn();
      renderAt('/favorite/index');
      await screen.findByTestId('favourites-empty');
      await act(async () => fireEvent.click(screen.getByTestId('favorite-tab-contents')));
      await screen.findByTestId('contents-empty');
    });
  });
});
