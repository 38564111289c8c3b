import { ARCHIVE_PATHS, BOOK_PATHS, EXPORT_PATHS, MEMBER_PATHS, type UserInfo } from '@cab/contracts/client';
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../api/request.ts';
import { loadLanguage } from '../../i18n/index.ts';
import { exportBookEn } from '../../i18n/export-book.en.ts';
import { exportBookZhCN } from '../../i18n/export-book.zh-CN.ts';
import { exportsEn } from '../../i18n/exports.en.ts';
import { exportsZhCN } from '../../i18n/exports.zh-CN.ts';
import BookSettingPage from '../../pages/bookSetting/BookSettingPage.tsx';
import { useUserStore } from '../../stores/user.ts';
import { renderPages } from '../../test-pages.tsx';
import { ExportButton } from './ExportButton.tsx';
import ExportSheet from './ExportSheet.tsx';

const request = vi.hoisted(() => vi.fn());
vi.mock('../../api/client.ts', () => ({ request }));

const NAME = '家庭账本-流水-2024-03.csv';
const FILTER = { query: { category_types: ['Expense' as const], member_ids: ['7'] } };

/** A download as the server answers it: streamed in two chunks, named in its Content-Disposition. */
function fileAnswer(text: string, name = NAME) {
  const bytes = new TextEncoder().encode(text);
  const half = Math.floor(bytes.length / 2);
  const body = new ReadableStream<Uint8Array>({
    start(c) {
      c.enqueue(bytes.slice(0, half));
      c.enqueue(bytes.slice(half));
      c.close();
    },
  });
  return new Response(body, {
    status: 200,
    headers: {
      'content-type': 'text/csv; charset=utf-8',
      'content-disposition': `attachment; filename="flow-2024-03.csv"; filename*=UTF-8''${encodeURIComponent(name)}`,
    },
  });
}

/** A blob's bytes (jsdom's Blob has no arrayBuffer). */
const bytesOf = (b: Blob) =>
  new Promise<Uint8Array>((resolve) => {
    const r = new FileReader();
    r.onload = () => resolve(new Uint8Array(r.result as ArrayBuffer));
    r.readAsArrayBuffer(b);
  });

let saved: Array<{ name: string; href: string; blob: Blob }>;
beforeEach(() => {
  request.mockReset();
  saved = [];
  const blobs = new Map<string, Blob>();
  let n = 0;
  // jsdom has no object URLs: each blob gets an address this test can read it back by.
  Object.assign(URL, {
    createObjectURL: (b: Blob) => {
      const href = `blob:cab/${++n}`;
      blobs.set(href, b);
      return href;
    },
    revokeObjectURL: () => undefined,
  });
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push({ name: this.download, href: this.href, blob: blobs.get(this.href)! });
  });
});
afterEach(async () => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  await loadLanguage('zh-CN');
});

const sheet = (filter?: typeof FILTER, onClose = vi.fn()) => {
  renderPages('/flow/index', { '/flow/index': () => <ExportSheet bookId="42" filter={filter} visible onClose={onClose} /> });
  return onClose;
};
const callOf = (i = 0) => request.mock.calls[i] as [string, Record<string, unknown>];

describe('the export sheet', () => {
  it("sends the flow's filter with the chosen format through the request wrapper, and saves the file under the server's name", async () => {
    request.mockResolvedValue(fileAnswer('\uFEFF时间,类型\r\n'));
    const onClose = sheet(FILTER);
    expect(screen.getByTestId('export-format-xlsx').getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByTestId('export-scope-filter').getAttribute('aria-pressed')).toBe('true');
    fireEvent.click(screen.getByTestId('export-format-csv'));
    expect(screen.getByTestId('export-format-csv').getAttribute('aria-pressed')).toBe('true');
    fireEvent.click(screen.getByTestId('export-start'));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(callOf()).toEqual([
      EXPORT_PATHS.transactions,
      expect.objectContaining({
        method: 'POST',
        data: { format: 'csv', ...FILTER },
        responseType: 'response',
        showError: false,
        loading: false,
        tradingEntity: '42',
      }),
    ]);
    expect(saved).toHaveLength(1);
    expect(saved[0]!.name).toBe(NAME);
    expect(saved[0]!.href).toMatch(/^blob:cab\//);
    expect(Array.from(await bytesOf(saved[0]!.blob))).toEqual(Array.from(new TextEncoder().encode('\uFEFF时间,类型\r\n')));
  });

  it('exports the whole book when that is chosen, and from the settings (no filter) offers no choice of records', async () => {
    request.mockResolvedValue(fileAnswer('x'));
    sheet(FILTER);
    fireEvent.click(screen.getByTestId('export-scope-book'));
    fireEvent.click(screen.getByTestId('export-start'));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(callOf()[1].data).toEqual({ format: 'xlsx' });
    cleanup();
    request.mockResolvedValue(fileAnswer('y'));
    sheet();
    expect(screen.queryByTestId('export-scope-book')).toBeNull();
    expect(screen.getByText('导出账本')).toBeTruthy();
    fireEvent.click(screen.getByTestId('export-start'));
    await waitFor(() => expect(saved).toHaveLength(2));
    expect(callOf(1)[1].data).toEqual({ format: 'xlsx' });
  });

  it("offers the book's owner its whole archive, fetched from the archive call and saved under its name", async () => {
    request.mockResolvedValue(fileAnswer('PK', '家庭账本.cabbook.zip'));
    renderPages('/bookSetting/index', { '/bookSetting/index': () => <ExportSheet bookId="42" archive visible onClose={vi.fn()} /> });
    fireEvent.click(screen.getByTestId('export-format-archive'));
    expect(screen.getByText(/完整备份含成员和操作记录/)).toBeTruthy();
    fireEvent.click(screen.getByTestId('export-start'));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(callOf()).toEqual([
      ARCHIVE_PATHS.export,
      expect.objectContaining({ method: 'GET', responseType: 'response', tradingEntity: '42' }),
    ]);
    expect(saved[0]!.name).toBe('家庭账本.cabbook.zip');
    cleanup();
    // Not the owner (or from the flow): no archive.
    sheet(FILTER);
    expect(screen.queryByTestId('export-format-archive')).toBeNull();
  });

  it('shows how far a download is while it runs', async () => {
    let answer!: (r: Response) => void;
    request.mockReturnValue(new Promise<Response>((r) => (answer = r)));
    sheet();
    fireEvent.click(screen.getByTestId('export-start'));
    await waitFor(() => expect(screen.getByTestId('export-start').textContent).toBe('正在导出…'));
    expect((screen.getByTestId('export-start') as HTMLButtonElement).disabled).toBe(true);
    // Pressed again while busy: still one call.
    fireEvent.click(screen.getByTestId('export-start'));
    // The body arrives in two halves: the count of bytes shows after the first.
    let more!: ReadableStreamDefaultController<Uint8Array>;
    const body = new ReadableStream<Uint8Array>({ start: (c) => void (more = c) });
    await act(async () => answer(new Response(body, { headers: { 'content-disposition': `attachment; filename="a.csv"` } })));
    await act(async () => more.enqueue(new Uint8Array(300 * 1024)));
    await waitFor(() => expect(screen.getByTestId('export-start').textContent).toBe('正在导出… 已下载 300 KB'));
    await act(async () => more.close());
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]!.name).toBe('a.csv');
    expect(request).toHaveBeenCalledTimes(1);
  });

  it("keeps the server's refusal in view and sends nothing to save", async () => {
    const message = '记录超过 100,000 条，Excel 一次最多导出 100,000 条：请改用 CSV，或缩小筛选范围';
    request.mockRejectedValueOnce(new ApiError(422, 1170, message));
    const onClose = sheet();
    fireEvent.click(screen.getByTestId('export-start'));
    expect((await screen.findByTestId('export-error')).textContent).toBe(message);
    expect(onClose).not.toHaveBeenCalled();
    expect(saved).toEqual([]);
    // Choosing again clears it; CSV then goes through.
    fireEvent.click(screen.getByTestId('export-format-csv'));
    expect(screen.queryByTestId('export-error')).toBeNull();
    request.mockResolvedValueOnce(fileAnswer('z'));
    fireEvent.click(screen.getByTestId('export-start'));
    await waitFor(() => expect(saved).toHaveLength(1));
  });

  it('speaks English', async () => {
    await loadLanguage('en');
    sheet(FILTER);
    expect(await screen.findByText('Export the flow')).toBeTruthy();
    expect(screen.getByTestId('export-format-xlsx').textContent).toContain('at most 100,000 records');
  });
});

describe("the flow page's export button", () => {
  it('loads the sheet only when pressed, with the filter the flow shows', async () => {
    request.mockResolvedValue(fileAnswer('x'));
    renderPages('/flow/index', { '/flow/index': () => <ExportButton bookId="42" filter={FILTER} /> });
    expect(screen.queryByTestId('export-sheet')).toBeNull();
    fireEvent.click(screen.getByTestId('flow-export'));
    fireEvent.click(await screen.findByTestId('export-start'));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(callOf()[1].data).toEqual({ format: 'xlsx', ...FILTER });
  });
});

describe('the book settings', () => {
  const BOOK = {
    id: '42',
    name: '家庭账本',
    member_count: 2,
    user_name: '小明',
    role_list: [{ role_id: '3', role_name: 'viewer' }],
    currency: 'CNY',
  };
  const answer = (mayRead: boolean) => (url: string) => {
    const path = url.split('?')[0];
    if (path === BOOK_PATHS.book) return Promise.resolve({ data: BOOK });
    if (path === BOOK_PATHS.covers) return Promise.resolve({ data: [] });
    if (path === MEMBER_PATHS.permissions) return Promise.resolve({ data: { '01': mayRead ? '1' : '0', '010001': '0', '05000101': '0' } });
    if (path === EXPORT_PATHS.transactions) return Promise.resolve(fileAnswer('x', '家庭账本-流水-2024-05-06.xlsx'));
    return Promise.reject(new Error(`unexpected ${url}`));
  };
  beforeEach(() => {
    localStorage.clear();
    useUserStore.setState({ user: { userid: '2', account: '13800138002' } as UserInfo, login: true });
  });

  it('offers 导出账本 to a role that may read the flow: the whole book, no filter', async () => {
    request.mockImplementation(answer(true));
    renderPages('/bookSetting/index?bookId=42', { '/bookSetting/index': BookSettingPage });
    fireEvent.click(await screen.findByTestId('setting-export'));
    expect(await screen.findByText('导出账本', { selector: '.sheet-title' })).toBeTruthy();
    expect(screen.queryByTestId('export-scope-filter')).toBeNull();
    fireEvent.click(screen.getByTestId('export-start'));
    await waitFor(() => expect(saved.map((f) => f.name)).toEqual(['家庭账本-流水-2024-05-06.xlsx']));
    const call = request.mock.calls.find(([u]) => u === EXPORT_PATHS.transactions) as [string, Record<string, unknown>];
    expect(call[1]).toMatchObject({ data: { format: 'xlsx' }, tradingEntity: '42' });
  });

  it('offers nothing to a role that may not', async () => {
    request.mockImplementation(answer(false));
    renderPages('/bookSetting/index?bookId=42', { '/bookSetting/index': BookSettingPage });
    await screen.findByTestId('setting-read-only');
    expect(screen.queryByTestId('setting-export')).toBeNull();
  });
});

describe('the export texts', () => {
  it('have the same placeholders in both languages', () => {
    const slots = (v: string) => [...v.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort();
    for (const [k, zh] of Object.entries(exportsZhCN))
      expect(slots(exportsEn[k as keyof typeof exportsEn] as string), k).toEqual(slots(zh));
    expect(Object.keys(exportBookEn)).toEqual(Object.keys(exportBookZhCN));
  });
});
