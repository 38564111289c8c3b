import { IMPORT_PATHS, bookPath, type ImportName } from '@cab/contracts/client';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import ImportDetailPage from '../../pages/import/ImportDetailPage.tsx';
import { useBookStore } from '../../stores/book.ts';
import { renderPages } from '../../test-pages.tsx';
import { commitBody, keyOf } from './choices.ts';
import { guessMapping } from './mapping.ts';
import { BOOK, IMPORT, importFake, resetImports, row, view, type ImportFake } from './test-fixtures.ts';

/** A read import's choices (import/pages/detail, status 'ready') and the commit's body they make. */
const request = vi.hoisted(() => vi.fn());
vi.mock('../../api/client.ts', () => ({ request }));
const toast = vi.hoisted(() => ({ showToast: vi.fn(), showLoading: vi.fn(() => () => undefined), loadToast: vi.fn() }));
vi.mock('../../app/toast.ts', () => toast);

type Call = { method?: string; data?: Record<string, unknown>; tradingEntity?: string };
const COMMIT = bookPath(IMPORT_PATHS.commit, { id: IMPORT });
const commits = () => request.mock.calls.filter(([u]) => u === COMMIT).map(([, o]) => o as Call);

const name = (
  kind: ImportName['kind'],
  n: string,
  rows: number,
  match: ImportName['match'] = null,
  trade: ImportName['trade'] = null,
): ImportName => ({
  kind,
  name: n,
  trade: kind === 'category' ? (trade ?? 'Expense') : null,
  rows,
  match,
});
const NAMES: ImportName[] = [
  name('category', '餐饮美食', 2, { id: 'c1', name: '餐饮' }),
  name('category', '交通出行', 1),
  name('category', '工资', 1, null, 'Income'),
  name('account', '余额宝', 4, { id: 'a1', name: '余额宝' }),
  name('member', 'Mom', 1, { id: 'm1', name: 'Mom' }),
  name('merchant', '面馆', 2),
  name('merchant', '超市', 1),
];
const READY = view({
  names: NAMES,
  defaults: {
    account: { id: 'a1', name: '余额宝' },
    expense_category: { id: 'c9', name: '其他' },
    income_category: null,
    needs: { account: true, expense_category: false, income_category: true },
  },
});

let f: ImportFake;
const open = () => renderPages(`/import/pages/detail?id=${IMPORT}&bookId=${BOOK}`, { '/import/pages/detail': ImportDetailPage });
/** Opens a name's (or a default's) picker and picks a choice in it. */
const pick = async (opener: string, choice: string) => {
  fireEvent.click(await screen.findByTestId(opener));
  const picker = await screen.findByTestId('import-picker');
  fireEvent.click(await within(picker).findByTestId(choice));
  await waitFor(() => expect(screen.queryByTestId('import-picker')).toBeNull());
};

beforeEach(() => {
  toast.showToast.mockClear();
  f = importFake();
  f.polls = [READY];
  f.rows = {
    row: [row(2), row(3, { category: '交通出行', merchant: '超市', remark: '地铁' }), row(4, { duplicate: 'ref', duplicate_of: '5001' })],
    duplicate: [row(4, { duplicate: 'ref', duplicate_of: '5001' }), row(6, { duplicate: 'match', duplicate_of: '5002' })],
    problem: [{ ...row(9), kind: 'problem', reason: 'badDate', message: '“交易时间”不是日期：昨天' }],
  };
  f.dimensions = {
    categories: [{ id: 'c2', name: '交通', sub_categories: [{ id: 'c3', name: '地铁', sub_categories: [] }] }],
    accounts: [{ id: 'a1', name: '余额宝' }],
    merchants: [],
  };
  resetImports(request, () => f);
  useBookStore.setState({ bookId: BOOK, bookTemplateId: 't1', meta: { name: '家庭', currency: 'CNY', creatorName: '小明' } });
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  document.body.innerHTML = '';
});

describe('the choices before recording', () => {
  it('with the defaults as they come, sends no names, only the defaults the rows need, and no duplicates', async () => {
    open();
    expect((await screen.findByTestId('import-start')).textContent).toBe('开始导入 3 条');
    // The income rows need a default the book could not suggest: said under it, nothing sent.
    fireEvent.click(screen.getByTestId('import-start'));
    expect((await screen.findByTestId('import-default-income-error')).textContent).toBe('请选择默认收入分类');
    expect(commits()).toHaveLength(0);
    expect(screen.queryByTestId('import-default-expense')).toBeNull();

    await pick('import-default-income', 'import-pick-c3');
    expect(screen.queryByTestId('import-default-income-error')).toBeNull();
    expect(within(screen.getByTestId('import-default-income')).getByTestId('import-default-value').textContent).toBe('交通/地铁');
    f.polls = [
      view({ status: 'committing', progress: { done: 2, total: 3 } }),
      view({ status: 'done', counts: { ...READY.counts, recorded: 3 } }),
    ];
    fireEvent.click(screen.getByTestId('import-start'));
    await waitFor(() => expect(commits()).toHaveLength(1));
    expect(commits()[0]).toMatchObject({ method: 'POST', tradingEntity: BOOK });
    expect(commits()[0]!.data).toEqual({ names: [], account_id: 'a1', income_category_id: 'c3', include_duplicates: [] });
    await screen.findByTestId('import-progress');
    // The answer starts the polling: how far, then how it ended.
    await waitFor(() => expect(screen.getByTestId('import-progress-count').textContent).toBe('2 / 3 条'), { timeout: 3000 });
    expect((await screen.findByTestId('import-done-title', {}, { timeout: 3000 })).textContent).toBe('已导入 3 条');
  });

  it('sends only the names whose choice differs from the default, and the duplicates switched on', async () => {
    open();
    // The match stays (chosen again); a matched name made new; an unmatched one given a book category.
    await pick('import-name-member-Mom', 'import-pick-match');
    await pick('import-name-category-餐饮美食', 'import-pick-new');
    await pick('import-name-category-交通出行', 'import-pick-c2');
    fireEvent.click(screen.getByTestId('import-none-merchant'));
    const merchants = screen.getByTestId('import-group-merchant');
    expect(
      within(merchants)
        .getAllByTestId('import-name-to')
        .map((e) => e.textContent),
    ).toEqual(['不导入', '不导入']);
    // The preview follows the choices.
    expect(screen.getByTestId('import-row-2-where').textContent).toBe('餐饮美食 → 新建 · 余额宝');
    expect(screen.getByTestId('import-row-3-where').textContent).toBe('交通出行 → 交通 · 余额宝');
    // A duplicate skipped is left out of the preview.
    expect(within(screen.getByTestId('import-preview')).queryByTestId('import-row-4')).toBeNull();

    fireEvent.click(await screen.findByTestId('import-include-6'));
    expect(screen.getByTestId('import-start').textContent).toBe('开始导入 4 条');
    await pick('import-default-income', 'import-pick-c2');
    fireEvent.click(screen.getByTestId('import-start'));
    await waitFor(() => expect(commits()).toHaveLength(1));
    expect(commits()[0]!.data).toEqual({
      names: [
        { kind: 'category', name: '餐饮美食', trade: 'Expense', to: 'new' },
        { kind: 'category', name: '交通出行', trade: 'Expense', to: 'c2' },
      ],
      // Every merchant left out: sent as the kind, not name by name.
      skip_kinds: ['merchant'],
      account_id: 'a1',
      income_category_id: 'c2',
      include_duplicates: [6],
    });
  });

  it('each count opens its rows: a problem line with the server’s words', async () => {
    open();
    const problems = await screen.findByTestId('import-count-problem');
    expect(problems.textContent).toBe('1 行读不出的行');
    expect(screen.getByTestId('import-count-duplicate').textContent).toBe('2 条重复，跳过');
    fireEvent.click(problems);
    const list = await screen.findByTestId('import-rows-problem');
    expect((await within(list).findByTestId('import-row-9')).textContent).toContain('“交易时间”不是日期：昨天');
    expect(
      request.mock.calls.find(([u, o]) => u === bookPath(IMPORT_PATHS.rows, { id: IMPORT }) && (o as Call).data?.kind === 'problem')?.[1],
    ).toMatchObject({
      method: 'GET',
      data: { kind: 'problem', after: 0, limit: 50 },
    });
  });
});

describe('the rules behind the page', () => {
  it('the commit leaves out choices equal to the default, and defaults no rows need', () => {
    const choices = new Map([
      [keyOf(NAMES[0]!), { to: 'c1', name: '餐饮' }],
      [keyOf(NAMES[1]!), { to: 'new' }],
      [keyOf(NAMES[2]!), { to: 'c7', name: '薪资' }],
    ]);
    const needs = { account: false, expense_category: true, income_category: false };
    expect(
      commitBody(NAMES, choices, needs, { account: { id: 'a1', name: '余额宝' }, expense: { id: 'c9', name: '其他' } }, [8, 3, 8]),
    ).toEqual({
      names: [{ kind: 'category', name: '工资', trade: 'Income', to: 'c7' }],
      expense_category_id: 'c9',
      include_duplicates: [3, 8],
    });
  });

  it('a header’s words give a first mapping', () => {
    expect(guessMapping(['交易时间', '金额', '收/支', '交易对方', '备注'])).toEqual({
      sign: 'typeColumn',
      dateFormat: 'auto',
      columns: { time: '交易时间', amount: '金额', type: '收/支', merchant: '交易对方', remark: '备注' },
    });
    expect(guessMapping(['Date', 'Debit', 'Credit']).sign).toBe('twoColumns');
  });
});
