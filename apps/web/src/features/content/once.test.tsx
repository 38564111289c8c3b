import { CONTENT_PATHS, DEFAULT_GUIDE_CLASSIFICATION } from '@cab/contracts/client';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useState, type ReactNode } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from '../../lib/hash-router.tsx';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createRequest, type RequestDeps } from '../../api/request.ts';
import { useUserStore } from '../../stores/user.ts';
import HomeWelcome from './components/HomeWelcome.tsx';
import { MineFigures, ObtainXbGuide } from './components/MineMarket.tsx';
import { MINE_INFO_OPTIONS } from './mine-info.ts';
import { operation } from './test-fixtures.ts';

const request = vi.hoisted(() => vi.fn());
vi.mock('../../api/client.ts', () => ({ request }));

const WELCOME = operation('homeWelcome', 0, { style: 'popup', title: '欢迎来到 CAB', text: '从模板建一个账本' });
const GUIDE = operation('obtainXbIntro', 0, { style: 'guide', title: '怎样获得香蕉贝', link: 'bookSetting/pages/bananashell' });

let location = '';
function Where() {
  location = useLocation().pathname;
  return null;
}

/** Home's popup, mounted and unmounted (leaving home and coming back) in one session. */
function Harness() {
  const [shown, setShown] = useState(true);
  return (
    <>
      <button type="button" data-testid="toggle" onClick={() => setShown((s) => !s)} />
      {shown && <HomeWelcome />}
    </>
  );
}

function renderSession(ui: ReactNode, qc = new QueryClient({ defaultOptions: { queries: { retry: false } } })) {
  render(
    <QueryClientProvider client={qc}>
      <MemoryRouter initialEntries={['/pages/home/index']}>
        <Where />
        <Routes>
          <Route path="*" element={ui} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return qc;
}

const calls = (url: string) => request.mock.calls.filter(([u]) => u === url);

describe('operations shown once', () => {
  afterEach(cleanup);
  beforeEach(() => {
    request.mockReset();
    useUserStore.setState({ user: { userid: '7', account: '13800138001' } as never, login: true });
  });

  it('shows home popup the server answers, once: closed, it does not come back in the session', async () => {
    // The server answers a popup until it has been shown, then nothing.
    request.mockResolvedValueOnce({ data: [WELCOME] }).mockResolvedValue({ data: [] });
    renderSession(<Harness />);
    expect((await screen.findByTestId('home-popup-title')).textContent).toBe('欢迎来到 CAB');
    expect(calls(CONTENT_PATHS.operationPopup)).toHaveLength(1);
    expect(calls(CONTENT_PATHS.operationPopup)[0]?.[1]).toMatchObject({
      data: { body: { popupCodeList: ['homeWelcome'] } },
      tradingEntity: '',
    });
    fireEvent.click(screen.getByTestId('home-popup-go'));
    await waitFor(() => expect(location).toBe('/pages/market/index'));
    await waitFor(() => expect(screen.queryByTestId('home-popup-title')).toBeNull());
    // Back on home: not asked again, not shown again.
    fireEvent.click(screen.getByTestId('toggle'));
    fireEvent.click(screen.getByTestId('toggle'));
    await act(() => new Promise((r) => setTimeout(r, 50)));
    expect(screen.queryByTestId('home-popup-title')).toBeNull();
    expect(calls(CONTENT_PATHS.operationPopup)).toHaveLength(1);
    // A new session asks again; the server has recorded it as shown and answers nothing.
    cleanup();
    renderSession(<Harness />);
    await waitFor(() => expect(calls(CONTENT_PATHS.operationPopup)).toHaveLength(2));
    await act(() => new Promise((r) => setTimeout(r, 50)));
    expect(screen.queryByTestId('home-popup-title')).toBeNull();
  });

  it('asks nothing logged out', async () => {
    useUserStore.setState({ user: null, login: false });
    renderSession(<Harness />);
    await act(() => new Promise((r) => setTimeout(r, 50)));
    expect(request).not.toHaveBeenCalled();
  });

  it('shows the banana-shell guide until it is dismissed', async () => {
    request.mockResolvedValueOnce({ data: [GUIDE] }).mockResolvedValue({ data: [] });
    renderSession(<ObtainXbGuide />);
    expect((await screen.findByTestId('guide-obtainXb')).textContent).toContain('怎样获得香蕉贝');
    expect(calls(CONTENT_PATHS.operationGuide)[0]?.[1]).toMatchObject({ data: { body: { classification: DEFAULT_GUIDE_CLASSIFICATION } } });
    fireEvent.click(screen.getByTestId('guide-dismiss'));
    await waitFor(() => expect(screen.queryByTestId('guide-obtainXb')).toBeNull());
  });
});

describe('the mine page market figures (SPEC 7: the market-info call)', () => {
  afterEach(cleanup);

  it('are asked with no loading indicator, a JSON content type and an empty Trading-Entity', async () => {
    request.mockReset();
    request.mockResolvedValue({ data: { favourite_templates: 2, favourite_contents: 5, reviews: 1 } });
    useUserStore.setState({ user: { userid: '7', account: '13800138001' } as never, login: true });
    renderSession(<MineFigures />);
    expect((await screen.findByTestId('mine-figures')).textContent).toBe('模板 2 · 内容 5 · 评价 1');
    expect(request).toHaveBeenCalledWith(CONTENT_PATHS.mineInfo, MINE_INFO_OPTIONS);

    // What those options put on the wire, through the real wrapper.
    const seen: Array<{ url: string; init: RequestInit }> = [];
    const loadings: string[] = [];
    const deps: RequestDeps = {
      fetch: ((url: string, init: RequestInit) => {
        seen.push({ url, init });
        return Promise.resolve(new Response('{"data":{}}', { status: 200, headers: { 'content-type': 'application/json' } }));
      }) as typeof fetch,
      now: () => 1_000_000,
      device: () => ({ platform: 'test', device_id: 'd1' }),
      tokens: () => ({ tokenType: 'Bearer', token: 't', refreshToken: 'r' }),
      setTokens: () => {},
      clearSession: () => {},
      bookId: () => '42',
      clockGap: () => 0,
      setClockGap: () => {},
      toast: () => {},
      loading: (text) => {
        loadings.push(text);
        return () => {};
      },
      currentHash: () => '#/pages/mine/index',
      navigate: () => {},
      t: (k) => k,
      log: { warn: () => {} },
    };
    await createRequest(deps)(CONTENT_PATHS.mineInfo, MINE_INFO_OPTIONS);
    const headers = seen[0]?.init.headers as Record<string, string>;
    expect(seen[0]?.init.method).toBe('GET');
    expect(headers['Content-Type']).toBe('application/json');
    expect(headers['Trading-Entity']).toBe('');
    expect(loadings).toEqual([]);
  });

  it('are not asked logged out', async () => {
    request.mockReset();
    useUserStore.setState({ user: null, login: false });
    renderSession(<MineFigures />);
    await act(() => new Promise((r) => setTimeout(r, 50)));
    expect(request).not.toHaveBeenCalled();
  });
});
