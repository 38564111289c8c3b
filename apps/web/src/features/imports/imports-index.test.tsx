import { ACCOUNTING_PATHS, BOOK_PATHS, ErrorCode, IMPORT_PATHS, IMPORT_SOURCES } from '@cab/contracts/client';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../api/request.ts';
import BookSettingPage from '../../pages/bookSetting/BookSettingPage.tsx';
import DashboardPage from '../../pages/dashboard/DashboardPage.tsx';
import ImportIndexPage from '../../pages/import/ImportIndexPage.tsx';
import { useBookStore } from '../../stores/book.ts';
import { renderPages } from '../../test-pages.tsx';
import { BOOK, IMPORT, importFake, resetImports, view, type ImportFake } from './test-fixtures.ts';

/** The import page (import/index): the sources, the upload and a zip's password, recent imports; the book settings' way in. */
const request = vi.hoisted(() => vi.fn());
vi.mock('../../api/client.ts', () => ({ request }));
const toast = vi.hoisted(() => ({ showToast: vi.fn(), showLoading: vi.fn(() => () => undefined), loadToast: vi.fn() }));
vi.mock('../../app/toast.ts', () => toast);

type Call = { method?: string; formData?: FormData; tradingEntity?: string; showError?: boolean };
const uploads = () =>
  request.mock.calls.filter(([u, o]) => u === IMPORT_PATHS.imports && (o as Call).method === 'POST').map(([, o]) => o as Call);

let f: ImportFake;
let page: { location: () => string };
const renderAt = (path: string) => {
  page = renderPages(path, {
    '/import/index': ImportIndexPage,
    '/bookSetting/index': BookSettingPage,
    '/dashboard/index': DashboardPage,
  });
};
const choose = async (source: string, name = 'bill.zip') => {
  fireEvent.click(await screen.findByTestId(`import-source-${source}`));
  const input = screen.getByTestId<HTMLInputElement>('import-file');
  fireEvent.change(input, { target: { files: [new File(['zip bytes'], name, { type: 'application/zip' })] } });
  return input;
};

beforeEach(() => {
  toast.showToast.mockClear();
  f = importFake();
  resetImports(request, () => f);
  useBookStore.setState({ bookId: BOOK, bookTemplateId: 't1', meta: { name: '家庭', currency: 'CNY', creatorName: '小明' } });
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  document.body.innerHTML = '';
});

describe('the sources', () => {
  it('lists the seven sources, each with its badge and how to get the file', async () => {
    renderAt(`/import/index?bookId=${BOOK}`);
    const list = await screen.findByTestId('import-sources');
    expect(within(list).getAllByRole('button')).toHaveLength(7);
    for (const s of IMPORT_SOURCES) {
      expect(screen.getByTestId(`import-source-${s}`).querySelector('svg.import-badge')?.getAttribute('aria-hidden')).toBe('true');
      expect(screen.getByTestId(`import-how-${s}`).textContent).not.toBe('');
    }
    expect(screen.getByTestId('import-source-alipay').textContent).toContain('支付宝');
    expect(screen.getByTestId('import-how-alipay').textContent).toContain('开具交易流水证明 → 用于个人对账');
    expect(screen.getByTestId('import-how-wechat').textContent).toContain('下载账单 → 用于个人对账');
    expect(screen.getByTestId('import-how-suishouji').textContent).toContain('更多 → 高级功能 → 导出数据');
    expect(await screen.findByTestId('import-lead')).toHaveProperty('textContent', expect.stringContaining('「家庭」'));
    expect(await screen.findByTestId('import-recent-empty')).toBeTruthy();
  });

  it('a role that may not record sees why, and no sources', async () => {
    f.mayRecord = false;
    renderAt(`/import/index?bookId=${BOOK}`);
    await screen.findByTestId('import-read-only');
    expect(screen.queryByTestId('import-sources')).toBeNull();
  });
});

describe('uploading', () => {
  it('picks the source’s kind of file, sends the fields before the file, and opens the import', async () => {
    renderAt(`/import/index?bookId=${BOOK}`);
    const input = await choose('alipay');
    expect(input.accept).toBe('.csv,.xls,.xlsx,.zip');
    await waitFor(() => expect(page.location()).toBe(`/import/pages/detail?id=${IMPORT}&bookId=${BOOK}`));
    const sent = uploads()[0]!;
    expect(sent).toMatchObject({ tradingEntity: BOOK, showError: false });
    expect([...sent.formData!.keys()]).toEqual(['source', 'file']);
    expect(sent.formData!.get('source')).toBe('alipay');
  });

  it('a zip that needs its password (1162) asks for it, says a wrong one, and sends it again with the file', async () => {
    f.uploads = [
      new ApiError(422, ErrorCode.IMPORT_PASSWORD, '这个压缩包有密码，请输入解压密码'),
      new ApiError(422, ErrorCode.IMPORT_PASSWORD, '解压密码不对'),
      view({ status: 'reading', progress: { done: 0, total: null } }),
    ];
    renderAt(`/import/index?bookId=${BOOK}`);
    await choose('wechat', 'wechat.zip');
    const popup = await screen.findByTestId('import-password');
    // Asked with nothing typed: said under the field, nothing sent.
    fireEvent.click(within(popup).getByTestId('import-password-submit'));
    expect((await screen.findByTestId('import-password-error')).textContent).toBe('请输入解压密码');
    expect(uploads()).toHaveLength(1);

    fireEvent.change(screen.getByTestId('import-password-input'), { target: { value: '123455' } });
    fireEvent.click(within(popup).getByTestId('import-password-submit'));
    await waitFor(() => expect(screen.getByTestId('import-password-error').textContent).toBe('解压密码不对'));
    fireEvent.change(screen.getByTestId('import-password-input'), { target: { value: '123456' } });
    fireEvent.click(within(popup).getByTestId('import-password-submit'));
    await waitFor(() => expect(page.location()).toBe(`/import/pages/detail?id=${IMPORT}&bookId=${BOOK}`));

    expect(uploads()).toHaveLength(3);
    const last = uploads()[2]!.formData!;
    expect([...last.keys()]).toEqual(['source', 'password', 'file']);
    expect(last.get('source')).toBe('wechat');
    expect(last.get('password')).toBe('123456');
    expect((last.get('file') as File).name).toBe('wechat.zip');
  });

  it('shows a refused file’s reason in the server’s words, and a too large file before sending it', async () => {
    f.uploads = [new ApiError(422, ErrorCode.IMPORT_FILE_REFUSED, '认不出这个文件：应有这些列：交易时间、金额')];
    renderAt(`/import/index?bookId=${BOOK}`);
    await choose('suishouji', 'export.csv');
    expect((await screen.findByTestId('import-refused')).textContent).toBe('认不出这个文件：应有这些列：交易时间、金额');

    fireEvent.click(screen.getByTestId('import-source-table'));
    const big = new File(['x'], 'big.xlsx');
    Object.defineProperty(big, 'size', { value: 33 * 1024 * 1024 });
    fireEvent.change(screen.getByTestId('import-file'), { target: { files: [big] } });
    await waitFor(() => expect(screen.getByTestId('import-refused').textContent).toBe('文件太大：最大 32 MB'));
    expect(uploads()).toHaveLength(1);
  });

  it('a QIF file’s date order is asked first and sent with it', async () => {
    renderAt(`/import/index?bookId=${BOOK}`);
    fireEvent.click(await screen.findByTestId('import-source-qif'));
    fireEvent.click(await screen.findByTestId('import-date-DMY'));
    const input = screen.getByTestId<HTMLInputElement>('import-file');
    expect(input.accept).toBe('.qif');
    fireEvent.change(input, { target: { files: [new File(['!Type:Bank'], 'bank.qif')] } });
    await waitFor(() => expect(uploads()).toHaveLength(1));
    const sent = uploads()[0]!.formData!;
    expect([...sent.keys()]).toEqual(['source', 'date_format', 'file']);
    expect(sent.get('date_format')).toBe('DMY');
  });
});

describe('recent imports and the way in', () => {
  it('lists the book’s imports with their status and counts, each leading to its page', async () => {
    f.list = [view({ status: 'done', counts: { read: 5, skipped: 0, problem: 0, duplicate: 0, recorded: 5 } })];
    renderAt(`/import/index?bookId=${BOOK}`);
    const item = await screen.findByTestId(`import-recent-${IMPORT}`);
    expect(item.textContent).toContain('alipay_record.zip');
    expect(item.textContent).toContain('已导入 5 条');
    expect(within(item).getByTestId('import-status').textContent).toBe('已导入');
    fireEvent.click(item);
    await waitFor(() => expect(page.location()).toBe(`/import/pages/detail?id=${IMPORT}&bookId=${BOOK}`));
  });

  it('the book settings offer 导入账单 to a role that may record, and not to one that may not', async () => {
    const answer = request.getMockImplementation()!;
    request.mockImplementation((url: string, o: Call) => (url === BOOK_PATHS.covers ? Promise.resolve({ data: [] }) : answer(url, o)));
    renderAt(`/bookSetting/index?bookId=${BOOK}`);
    fireEvent.click(await screen.findByTestId('setting-import'));
    await waitFor(() => expect(page.location()).toBe(`/import/index?bookId=${BOOK}`));
    cleanup();
    localStorage.clear();
    f.mayRecord = false;
    renderAt(`/bookSetting/index?bookId=${BOOK}`);
    await screen.findByTestId('setting-read-only');
    expect(screen.queryByTestId('setting-import')).toBeNull();
  });

  it('the dashboard’s month line links to the import page for a role that may record', async () => {
    const answer = request.getMockImplementation()!;
    const month = { month: '202611', income: '0.00', expense: '0.00', balance: '0.00', count: 0 };
    request.mockImplementation((url: string, o: Call) =>
      url.split('?')[0] === ACCOUNTING_PATHS.monthSummary ? Promise.resolve({ data: month }) : answer(url, o).catch(() => ({ data: [] })),
    );
    renderAt(`/dashboard/index?TradingEntity=${BOOK}`);
    fireEvent.click(await screen.findByTestId('dashboard-import'));
    await waitFor(() => expect(page.location()).toBe(`/import/index?bookId=${BOOK}`));
    cleanup();
    localStorage.clear();
    f.mayRecord = false;
    renderAt(`/dashboard/index?TradingEntity=${BOOK}`);
    await screen.findByTestId('dashboard-read-only');
    expect(screen.queryByTestId('dashboard-import')).toBeNull();
  });
});
