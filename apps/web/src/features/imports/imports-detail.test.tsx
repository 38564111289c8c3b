import { ErrorCode, IMPORT_PATHS, bookPath } from '@cab/contracts/client';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../api/request.ts';
import ImportDetailPage from '../../pages/import/ImportDetailPage.tsx';
import { useBookStore } from '../../stores/book.ts';
import { renderPages } from '../../test-pages.tsx';
import { BOOK, IMPORT, importFake, resetImports, view, type ImportFake } from './test-fixtures.ts';

/** One import's page (import/pages/detail): the column mapping, progress, the choices and the commit, how it ended. */
const request = vi.hoisted(() => vi.fn());
vi.mock('../../api/client.ts', () => ({ request }));
const toast = vi.hoisted(() => ({ showToast: vi.fn(), showLoading: vi.fn(() => () => undefined), loadToast: vi.fn() }));
vi.mock('../../app/toast.ts', () => toast);

type Call = { method?: string; data?: Record<string, unknown>; tradingEntity?: string };
const calls = (url: string) => request.mock.calls.filter(([u]) => u === url).map(([, o]) => o as Call);
const COLUMNS = bookPath(IMPORT_PATHS.columns, { id: IMPORT });
const ITEM = bookPath(IMPORT_PATHS.item, { id: IMPORT });

let f: ImportFake;
let page: { location: () => string };
const open = () => {
  page = renderPages(`/import/pages/detail?id=${IMPORT}&bookId=${BOOK}`, { '/import/pages/detail': ImportDetailPage });
};
const POLL = { timeout: 3000 };

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

describe('a sheet’s columns', () => {
  const sheet = view({
    source: 'table',
    file_name: 'family.xlsx',
    status: 'columns',
    columns: { header: ['When', 'How much', 'What for', ''], header_line: 2, rows: [['2024/01/05', '-35.50', 'Noodles', '']] },
  });

  it('shows the first rows, refuses a mapping without the date and amount, then sends it and follows the reading', async () => {
    f.polls = [sheet];
    open();
    const sample = await screen.findByTestId('import-sample');
    expect(
      within(sample)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['When', 'How much', 'What for', '']);
    expect(sample.textContent).toContain('表头在第 2 行');
    expect(sample.textContent).toContain('Noodles');
    // The header says nothing the form knows: nothing is guessed, and both needed columns are asked for.
    fireEvent.click(screen.getByTestId('import-columns-submit'));
    expect((await screen.findByTestId('import-col-time-error')).textContent).toBe('请选择“日期”这一列');
    expect(screen.getByTestId('import-col-amount-error').textContent).toBe('请选择“金额”这一列');
    expect(calls(COLUMNS)).toHaveLength(0);
    // An empty header cell is not offered.
    expect([...screen.getByTestId<HTMLSelectElement>('import-col-time').options].map((o) => o.value)).toEqual([
      '',
      'When',
      'How much',
      'What for',
    ]);

    fireEvent.change(screen.getByTestId('import-col-time'), { target: { value: 'When' } });
    expect(screen.queryByTestId('import-col-time-error')).toBeNull();
    fireEvent.click(screen.getByTestId('import-sign-typeColumn'));
    fireEvent.change(screen.getByTestId('import-col-amount'), { target: { value: 'How much' } });
    fireEvent.click(screen.getByTestId('import-columns-submit'));
    expect((await screen.findByTestId('import-col-type-error')).textContent).toBe('请选择“收支类型”这一列');
    fireEvent.click(screen.getByTestId('import-sign-expenseNegative'));
    fireEvent.change(screen.getByTestId('import-col-remark'), { target: { value: 'What for' } });
    fireEvent.change(screen.getByTestId('import-date-format'), { target: { value: 'YMD' } });
    f.polls = [view({ source: 'table', status: 'reading', progress: { done: 120, total: null } })];
    fireEvent.click(screen.getByTestId('import-columns-submit'));
    await waitFor(() => expect(calls(COLUMNS)).toHaveLength(1));
    expect(calls(COLUMNS)[0]).toMatchObject({
      method: 'PUT',
      tradingEntity: BOOK,
      data: { mapping: { time: 'When', amount: 'How much', remark: 'What for', dateFormat: 'YMD', sign: 'expenseNegative' } },
    });
    expect(Object.keys(calls(COLUMNS)[0]!.data!.mapping as object).sort()).toEqual(['amount', 'dateFormat', 'remark', 'sign', 'time']);
    // The answer says it reads; the next poll how far.
    expect((await screen.findByTestId('import-progress-count')).textContent).toBe('已读取 0 行');
    await waitFor(() => expect(screen.getByTestId('import-progress-count').textContent).toBe('已读取 120 行'), POLL);
  });

  it('a header it knows is mapped at once; a zip’s password asked again goes with the mapping', async () => {
    f.polls = [view({ ...sheet, columns: { header: ['日期', '收入', '支出', '备注'], header_line: 1, rows: [] } })];
    f.columns = new ApiError(422, ErrorCode.IMPORT_PASSWORD, '这个压缩包有密码，请输入解压密码');
    open();
    await screen.findByTestId('import-columns');
    expect(screen.getByTestId<HTMLInputElement>('import-sign-twoColumns').checked).toBe(true);
    fireEvent.click(screen.getByTestId('import-columns-submit'));
    fireEvent.change(await screen.findByTestId('import-password-input'), { target: { value: 'pw' } });
    f.columns = view({ status: 'reading', progress: { done: 0, total: null } });
    fireEvent.click(screen.getByTestId('import-password-submit'));
    await waitFor(() => expect(calls(COLUMNS)).toHaveLength(2));
    expect(calls(COLUMNS)[1]!.data).toEqual({
      mapping: { time: '日期', income: '收入', expense: '支出', remark: '备注', dateFormat: 'auto', sign: 'twoColumns' },
      password: 'pw',
    });
    await screen.findByTestId('import-progress');
    expect(calls(COLUMNS)).toHaveLength(2);
  });
});

describe('progress', () => {
  it('reading shows the rows read; recording shows done of all with its share, polled until it is recorded', async () => {
    f.polls = [
      view({ status: 'committing', progress: { done: 1, total: 4 } }),
      view({ status: 'committing', progress: { done: 3, total: 4 } }),
      view({ status: 'done', finished_at: Date.now(), counts: { read: 5, skipped: 2, problem: 1, duplicate: 1, recorded: 4 } }),
    ];
    open();
    expect((await screen.findByTestId('import-progress-count')).textContent).toBe('1 / 4 条');
    expect(screen.getByTestId('import-progress-percent').textContent).toBe('25%');
    expect(screen.getByTestId('import-progress-bar').getAttribute('aria-valuenow')).toBe('25');
    // No cancelling once it records: all or nothing.
    expect(screen.queryByTestId('import-cancel')).toBeNull();
    await waitFor(() => expect(screen.getByTestId('import-progress-count').textContent).toBe('3 / 4 条'), POLL);
    expect(screen.getByTestId('import-progress-percent').textContent).toBe('75%');
    expect((await screen.findByTestId('import-done-title', {}, POLL)).textContent).toBe('已导入 4 条');
    fireEvent.click(screen.getByTestId('import-to-flow'));
    await waitFor(() => expect(page.location()).toBe(`/flow/index?bookId=${BOOK}`));
  });

  it('a failed import shows the server’s reason and leads to importing again', async () => {
    f.polls = [view({ status: 'failed', error: { code: 1163, message: '导入中断了，什么都没有记录，请再试一次' } })];
    open();
    expect((await screen.findByTestId('import-failed-message')).textContent).toBe('导入中断了，什么都没有记录，请再试一次');
    fireEvent.click(screen.getByTestId('import-again'));
    await waitFor(() => expect(page.location()).toBe(`/import/index?bookId=${BOOK}`));
  });

  it('an import that is not there says so', async () => {
    const answer = request.getMockImplementation()!;
    request.mockImplementation((url: string, o: Call) =>
      url === ITEM ? Promise.reject(new ApiError(404, ErrorCode.IMPORT_NOT_FOUND, '没有找到这次导入')) : answer(url, o),
    );
    open();
    await screen.findByTestId('import-not-found');
  });

  it('cancelling asks first, then shows the import cancelled', async () => {
    f.polls = [view({ status: 'ready', names: [], defaults: null })];
    open();
    fireEvent.click(await screen.findByTestId('import-cancel'));
    fireEvent.click(await screen.findByTestId('import-cancel-confirm'));
    await screen.findByTestId('import-cancelled');
    expect(calls(ITEM).some((c) => c.method === 'DELETE')).toBe(true);
    expect(toast.showToast).toHaveBeenCalledWith('已取消导入');
  });
});
