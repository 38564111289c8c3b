import { CONTENT_PATHS, MARKET_SEARCH_TYPES } from '@cab/contracts/client';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useUserStore } from '../../stores/user.ts';
import { renderPages } from '../../test-pages.tsx';
import { summary } from '../content/test-fixtures.ts';
import { MarketHits } from './components/MarketHits.tsx';

const request = vi.hoisted(() => vi.fn());
vi.mock('../../api/client.ts', () => ({ request }));

const TEMPLATE = {
  id: '12',
  code: 'renovation',
  category_code: 'life-home',
  name: '装修账本',
  name_en: 'Renovation',
  description: '装修预算、材料、人工',
  description_en: '',
  cover: '',
  icon: 'renovation',
  currency: 'CNY',
  template_type: '1',
  use_count: 4,
  review_count: 0,
  collected: false,
};

function Page() {
  return <MarketHits keyword=" 装修 " />;
}

describe('the global search market groups', () => {
  afterEach(cleanup);
  beforeEach(() => {
    request.mockReset();
    useUserStore.setState({ user: { userid: '7', account: '13800138001' } as never, login: true });
  });

  it('lists templates and articles and videos apart; each opens its page', async () => {
    request.mockResolvedValue({
      data: {
        templates: [TEMPLATE],
        contents: [summary('5', { title: '装修预算怎么记' }), summary('7', { type: '1', title: '装修视频' })],
      },
    });
    const page = renderPages('/search/pages/global-search', { '/search/pages/global-search': Page });
    await screen.findByTestId('search-template-12');
    expect(request).toHaveBeenCalledWith(
      CONTENT_PATHS.configMarketSearch,
      expect.objectContaining({ method: 'GET', data: { key_word: '装修', type: MARKET_SEARCH_TYPES.all } }),
    );
    expect(screen.getByTestId('search-market-templates').textContent).toContain('模板');
    expect(screen.getByTestId('search-market-contents').textContent).toContain('文章与视频');
    expect(screen.getByTestId('search-content-5').getAttribute('href')).toBe('/bookDetail/pages/book-detail?id=5');
    expect(screen.getByTestId('search-content-7').getAttribute('href')).toBe('/bookDetail/pages/book-video?id=7');
    fireEvent.click(screen.getByTestId('search-template-12'));
    await waitFor(() => expect(page.location()).toBe('/pages/market/detail?id=12'));
  });

  it('says what found nothing, group by group, and shows a skeleton while searching', async () => {
    let answer: (v: unknown) => void = () => {};
    request.mockReturnValue(new Promise((r) => (answer = r)));
    renderPages('/search/pages/global-search', { '/search/pages/global-search': Page });
    expect(screen.getByTestId('search-market-templates').querySelector('.adm-skeleton')).not.toBeNull();
    answer({ data: { templates: [], contents: [summary('5')] } });
    expect((await screen.findByTestId('search-no-templates')).textContent).toContain('没有找到与“装修”相关的模板');
    expect(screen.queryByTestId('search-no-contents')).toBeNull();
  });

  it('shows one failure with a retry', async () => {
    request.mockRejectedValueOnce(new Error('down')).mockResolvedValue({ data: { templates: [], contents: [] } });
    renderPages('/search/pages/global-search', { '/search/pages/global-search': Page });
    await screen.findByTestId('load-failed');
    expect(screen.queryByTestId('search-market-contents')).toBeNull();
    fireEvent.click(screen.getByTestId('load-retry'));
    await screen.findByTestId('search-no-contents');
  });
});
