import { BOOK_PATHS, ZONE_PATHS } from '@cab/contracts/client';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../api/request.ts';
import AboutUsPage from '../../pages/aboutUs/AboutUsPage.tsx';
import BookSettingPage from '../../pages/bookSetting/BookSettingPage.tsx';
import ExclusivePage from '../../pages/cloud/ExclusivePage.tsx';
import CloudEnvPage from '../../pages/cloudEnv/CloudEnvPage.tsx';
import OffLinePage from '../../pages/private/OffLinePage.tsx';
import { useBookStore } from '../../stores/book.ts';
import { useSettingsStore } from '../../stores/settings.ts';
import { renderPages } from '../../test-pages.tsx';
import { hostNavigation } from './rules.ts';
import { BOOK, OFFLINE, resetZones, zoneFake, type ZoneFake } from './test-fixtures.ts';

/** The migration area's other pages and its ways in (the private server page: zones-pages.test.tsx). */
const request = vi.hoisted(() => vi.fn());
vi.mock('../../api/client.ts', () => ({ request }));
const toast = vi.hoisted(() => ({ showToast: vi.fn(), showLoading: vi.fn(() => () => undefined), loadToast: vi.fn() }));
vi.mock('../../app/toast.ts', () => toast);

type Call = { method?: string; data?: Record<string, unknown>; tradingEntity?: string; showError?: boolean };
const calls = (url: string) => request.mock.calls.filter(([u]) => String(u).split('?')[0] === url).map(([, o]) => o as Call);

let f: ZoneFake;
let page: { location: () => string };
const renderAt = (path: string) => {
  page = renderPages(path, {
    '/private/pages/off-line': OffLinePage,
    '/cloudEnv/index': CloudEnvPage,
    '/aboutUs/index': AboutUsPage,
    '/bookSetting/index': BookSettingPage,
    '/cloud/pages/exclusive': ExclusivePage,
  });
};

beforeEach(() => {
  toast.showToast.mockClear();
  f = zoneFake();
  resetZones(request, () => f);
  useBookStore.setState({ bookId: BOOK, bookTemplateId: 't1', meta: { name: '家庭', currency: 'CNY', creatorName: '小明' } });
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  document.body.innerHTML = '';
});

describe('the off-line page', () => {
  it('retries: once the zone answers, the book opens on its dashboard', async () => {
    renderAt(`/private/pages/off-line?bookId=${BOOK}`);
    expect((await screen.findByTestId('private-offline')).textContent).toContain('账本所在的私有化服务器暂时无法访问');
    fireEvent.click(screen.getByTestId('offline-retry'));
    await waitFor(() =>
      expect(page.location()).toBe(`/dashboard/index?TradingEntity=${BOOK}&bookName=${encodeURIComponent('家庭')}&memberCount=2`),
    );
    expect(calls(ZONE_PATHS.zoneSync)[0]).toMatchObject({ method: 'POST', data: { book_id: BOOK }, showError: false });
    expect(calls(BOOK_PATHS.currentInfo)[0]).toMatchObject({ tradingEntity: BOOK });
  });

  it('stays and says so under its buttons while the zone is silent, with a way home', async () => {
    f.sync = OFFLINE;
    renderAt(`/private/pages/off-line?bookId=${BOOK}`);
    fireEvent.click(await screen.findByTestId('offline-retry'));
    expect((await screen.findByTestId('offline-error')).textContent).toBe('服务器仍然无法访问，请稍后再试');
    expect(page.location()).toBe(`/private/pages/off-line?bookId=${BOOK}`);
    expect(toast.showToast).not.toHaveBeenCalled();
    // Another refusal is shown as the server words it.
    f.sync = new ApiError(403, 1003, '你不是这个账本的成员');
    fireEvent.click(screen.getByTestId('offline-retry'));
    await waitFor(() => expect(screen.getByTestId('offline-error').textContent).toBe('你不是这个账本的成员'));
    fireEvent.click(screen.getByTestId('offline-home'));
    await waitFor(() => expect(page.location()).toBe('/pages/home/index'));
  });
});

describe('the environments (cloudEnv/index)', () => {
  it('outside production: the server’s environment checked, another chosen, kept, and its host opened', async () => {
    const go = vi.spyOn(hostNavigation, 'go').mockImplementation(() => undefined);
    renderAt('/cloudEnv/index');
    expect((await screen.findByTestId('env-test5')).getAttribute('aria-checked')).toBe('true');
    expect(screen.getByTestId('env-current').textContent).toBe('测试环境 5 · https://test5.cab.example');
    expect(screen.getByTestId('env-uat').textContent).toContain('https://uat.cab.example');
    expect(screen.getByTestId('env-test6').textContent).toContain('未配置地址');
    expect(screen.queryByTestId('env-prod-note')).toBeNull();
    fireEvent.click(screen.getByTestId('env-test6'));
    expect(useSettingsStore.getState().environment).toBe('test6');
    expect(screen.getByTestId('env-test6').getAttribute('aria-checked')).toBe('true');
    expect(go).not.toHaveBeenCalled();
    fireEvent.click(screen.getByTestId('env-uat'));
    expect(useSettingsStore.getState().environment).toBe('uat');
    expect(go).toHaveBeenCalledWith('https://uat.cab.example');
  });

  it('in production: shown only, every choice disabled, with a note', async () => {
    f.env = { env: 'prod', zone_id: null, domain: 'https://cab.example', hosts: { prod: 'https://cab.example' } };
    useSettingsStore.setState({ environment: 'prod' });
    const go = vi.spyOn(hostNavigation, 'go').mockImplementation(() => undefined);
    renderAt('/cloudEnv/index');
    await screen.findByTestId('env-prod-note');
    for (const name of ['test5', 'test6', 'uat', 'prod']) expect(screen.getByTestId(`env-${name}`).hasAttribute('disabled')).toBe(true);
    expect(screen.getByTestId('env-prod').getAttribute('aria-checked')).toBe('true');
    fireEvent.click(screen.getByTestId('env-test5'));
    expect(useSettingsStore.getState().environment).toBe('prod');
    expect(go).not.toHaveBeenCalled();
  });

  it('the about page leads there outside production only', async () => {
    renderAt('/aboutUs/index');
    fireEvent.click(await screen.findByTestId('about-env'));
    await waitFor(() => expect(page.location()).toBe('/cloudEnv/index'));
    cleanup();
    f.env = { ...f.env, env: 'prod' };
    renderAt('/aboutUs/index');
    await waitFor(() => expect(calls(ZONE_PATHS.serverEnv).length).toBeGreaterThanOrEqual(2));
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.queryByTestId('about-env')).toBeNull();
  });
});

describe('the ways in', () => {
  it('the book settings have a private server row for the book', async () => {
    const answer = request.getMockImplementation()!;
    request.mockImplementation((url: string, o: Call) => (url === BOOK_PATHS.covers ? Promise.resolve({ data: [] }) : answer(url, o)));
    renderAt(`/bookSetting/index?bookId=${BOOK}`);
    const row = await screen.findByTestId('book-setting-private');
    expect(row.textContent).toContain('私有化部署');
    fireEvent.click(row);
    await waitFor(() => expect(page.location()).toBe(`/private/index?bookId=${BOOK}`));
  });

  it('private storage in the cloud area leads to the private server page', async () => {
    renderAt('/cloud/pages/exclusive');
    fireEvent.click(await screen.findByTestId('cloud-exclusive-private'));
    await waitFor(() => expect(page.location()).toBe('/private/index'));
  });
});
