import { WEBVIEW_PATHS, type Webviews } from '@cab/contracts/client';
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { HostError } from '../../host/bridge.ts';
import type * as Bridge from '../../host/bridge.ts';
import type { HostEnv } from '../../host/protocol.ts';
import { loadLanguage } from '../../i18n/index.ts';
import MinePage from '../../pages/mine/MinePage.tsx';
import CustomerServicePage from '../../pages/webview/CustomerServicePage.tsx';
import FollowPage from '../../pages/webview/FollowPage.tsx';
import WebviewOpenPage from '../../pages/webview/WebviewOpenPage.tsx';
import { useUserStore } from '../../stores/user.ts';
import { renderPages } from '../../test-pages.tsx';

/** The webview pages (docs/host.md, "Webviews"): the allow-list, a browser's new tab, the host's own webview. */
const request = vi.hoisted(() => vi.fn());
vi.mock('../../api/client.ts', () => ({ request }));
// Where the page runs, and the host's calls: the real module's HostError, the environment and calls of this test.
const host = vi.hoisted(() => ({ env: 'browser' as HostEnv, call: vi.fn() }));
vi.mock('../../host/bridge.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof Bridge>()),
  hostEnv: () => Promise.resolve(host.env),
  knownHostEnv: () => (host.env === 'browser' ? 'browser' : undefined),
  hostCall: host.call,
}));

const CONFIG: Webviews = {
  allow: ['https://help.example.com/support', 'https://weibo.example.com/cab'],
  customer_service_url: 'https://help.example.com/support/chat',
  follow_url: null,
};
let config: Webviews = CONFIG;
const listCalls = () => request.mock.calls.filter(([u]) => u === WEBVIEW_PATHS.list);

const PAGES = {
  '/webview/open': WebviewOpenPage,
  '/webview/customer-service': CustomerServicePage,
  '/webview/follow': FollowPage,
  '/pages/mine/index': MinePage,
};
const openAt = (url: string, title = '帮助中心') =>
  renderPages(`/webview/open?url=${encodeURIComponent(url)}&title=${encodeURIComponent(title)}`, PAGES);

let opened: ReturnType<typeof vi.fn>;
beforeEach(() => {
  config = CONFIG;
  host.env = 'browser';
  host.call.mockReset().mockResolvedValue({});
  request
    .mockReset()
    .mockImplementation((url: string) =>
      url === WEBVIEW_PATHS.list ? Promise.resolve({ data: config }) : Promise.reject(new Error(`unexpected ${url}`)),
    );
  opened = vi.fn(() => null);
  vi.stubGlobal('open', opened);
});
afterEach(async () => {
  cleanup();
  vi.unstubAllGlobals();
  await loadLanguage('zh-CN');
});

describe('webview/open', () => {
  it('in a browser: the title, the host and 打开, which opens a new tab without a way back to CAB', async () => {
    openAt('https://help.example.com/support/faq?id=3');
    fireEvent.click(await screen.findByTestId('webview-open'));
    expect(opened).toHaveBeenCalledWith('https://help.example.com/support/faq?id=3', '_blank', 'noopener,noreferrer');
    expect(screen.getByTestId('webview-title').textContent).toBe('帮助中心');
    expect(screen.getByTestId('webview-host').textContent).toBe('help.example.com');
    expect(screen.getByTestId('webview-open').textContent).toBe('打开');
    expect(listCalls()[0]?.[1]).toMatchObject({ method: 'GET', showError: false, loading: false });
    expect(host.call).not.toHaveBeenCalled();
  });

  it('refuses a link outside the allow-list: the address as text, and nothing opened', async () => {
    const evil = 'https://help.example.com/supportdesk/login';
    openAt(evil);
    const refused = await screen.findByTestId('webview-refused');
    expect(refused.textContent).toContain('这个链接不在允许打开的范围内');
    expect(screen.getByTestId('webview-refused-url').textContent).toBe(evil);
    expect(refused.querySelector('a')).toBeNull();
    expect(screen.queryByTestId('webview-open')).toBeNull();
    expect(opened).not.toHaveBeenCalled();
    expect(host.call).not.toHaveBeenCalled();
  });

  it('refuses what is not a web page, and says so when the link names none', async () => {
    openAt('javascript:alert(1)');
    expect((await screen.findByTestId('webview-refused-url')).textContent).toBe('javascript:alert(1)');
    cleanup();
    renderPages('/webview/open', PAGES);
    expect((await screen.findByTestId('webview-missing')).textContent).toContain('链接中没有要打开的地址');
    expect(opened).not.toHaveBeenCalled();
  });

  it('in a host: page.open with the url and title, 已在 App 中打开, and again on request', async () => {
    host.env = 'a';
    openAt('https://weibo.example.com/cab/posts', '我们的微博');
    expect((await screen.findByTestId('webview-opened')).textContent).toBe('已在 App 中打开');
    expect(host.call).toHaveBeenCalledTimes(1);
    expect(host.call).toHaveBeenCalledWith('page.open', { url: 'https://weibo.example.com/cab/posts', title: '我们的微博' });
    fireEvent.click(screen.getByTestId('webview-again'));
    await waitFor(() => expect(host.call).toHaveBeenCalledTimes(2));
    expect(opened).not.toHaveBeenCalled();
  });

  it('in a host that fails: SPEC 8’s message and a retry', async () => {
    host.env = 'b';
    host.call.mockRejectedValueOnce(new HostError('failed', 'page.open', 'FAILED', 'no webview'));
    openAt('https://help.example.com/support');
    expect((await screen.findByTestId('webview-failed')).textContent).toBe('获取信息失败');
    expect(screen.getByTestId('webview-again').textContent).toBe('重试');
    fireEvent.click(screen.getByTestId('webview-again'));
    await screen.findByTestId('webview-opened');
    expect(host.call).toHaveBeenCalledTimes(2);
  });

  it('a list that does not load: the failure and a retry that asks again', async () => {
    request.mockRejectedValueOnce(new Error('offline'));
    openAt('https://help.example.com/support');
    fireEvent.click(await screen.findByTestId('load-retry'));
    await screen.findByTestId('webview-open');
    expect(listCalls()).toHaveLength(2);
  });

  it('speaks English when chosen', async () => {
    await loadLanguage('en');
    openAt('https://evil.example.com/');
    expect((await screen.findByTestId('webview-refused')).textContent).toContain('This link is not one the app may open');
  });
});

describe('webview/customer-service and webview/follow', () => {
  it('open the page the operator set', async () => {
    renderPages('/webview/customer-service', PAGES);
    fireEvent.click(await screen.findByTestId('webview-open'));
    expect(opened).toHaveBeenCalledWith('https://help.example.com/support/chat', '_blank', 'noopener,noreferrer');
    expect(screen.getByTestId('webview-title').textContent).toBe('联系客服');
  });

  it('say the operator has not set it up when not configured', async () => {
    config = { ...CONFIG, customer_service_url: null };
    renderPages('/webview/customer-service', PAGES);
    expect((await screen.findByTestId('webview-not-set')).textContent).toContain('客服页面还没有开通');
    cleanup();
    renderPages('/webview/follow', PAGES);
    expect((await screen.findByTestId('webview-not-set')).textContent).toContain('“关注我们”页面还没有开通');
    expect(opened).not.toHaveBeenCalled();
  });

  it('on the mine page: 联系客服 and 关注我们 only when set', async () => {
    useUserStore.setState({ user: null, login: false });
    config = { ...CONFIG, follow_url: 'https://weibo.example.com/cab' };
    const page = renderPages('/pages/mine/index', PAGES);
    fireEvent.click(await screen.findByTestId('mine-follow'));
    await screen.findByTestId('page-webview-follow');
    expect(page.location()).toBe('/webview/follow');
    cleanup();
    config = { ...CONFIG, customer_service_url: null };
    renderPages('/pages/mine/index', PAGES);
    await screen.findByTestId('mine-about');
    await waitFor(() => expect(listCalls().length).toBeGreaterThan(1));
    // The answer is in and drawn: the entries would be there by now.
    await act(() => new Promise((r) => setTimeout(r, 50)));
    expect(screen.queryByTestId('mine-customer-service')).toBeNull();
    expect(screen.queryByTestId('mine-follow')).toBeNull();
  });
});
