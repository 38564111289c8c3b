import {
  BOOK_PATHS,
  IMPORT_PATHS,
  MEMBER_PATHS,
  ACCOUNTING_PATHS,
  bookPath,
  type ImportRowView,
  type ImportView,
  type UserInfo,
} from '@cab/contracts/client';
import type { Mock } from 'vitest';
import { ApiError } from '../../api/request.ts';
import { useUserStore } from '../../stores/user.ts';

/** The book the import pages are about, the import, and when things happened. */
export const BOOK = '9';
export const IMPORT = '77';
export const NOW = Date.UTC(2026, 10, 26, 4);

export const view = (extra: Partial<ImportView> = {}): ImportView => ({
  id: IMPORT,
  source: 'alipay',
  file_name: 'alipay_record.zip',
  file_size: 2048,
  status: 'ready',
  created_at: NOW,
  finished_at: null,
  counts: { read: 5, skipped: 2, problem: 1, duplicate: 2, recorded: 0 },
  progress: null,
  error: null,
  columns: null,
  mapping: null,
  names: null,
  defaults: null,
  ...extra,
});

export const row = (line: number, extra: Partial<ImportRowView> = {}): ImportRowView => ({
  line,
  sheet: null,
  row: line,
  kind: 'row',
  type: 'Expense',
  time: NOW,
  amount: '12.50',
  currency: null,
  category: '餐饮美食',
  account: '余额宝',
  to_account: null,
  remark: '午饭',
  member: null,
  merchant: '面馆',
  project: null,
  counterparty: '面馆',
  external_id: `t${line}`,
  reason: null,
  message: null,
  duplicate: null,
  duplicate_of: null,
  ...extra,
});

/** What the import calls answer in a test; each field may be changed by the test. */
export interface ImportFake {
  /** Whether the caller's role may record (010001). */
  mayRecord: boolean;
  list: ImportView[];
  /** The answers of GET item, one a poll; the last one repeats. */
  polls: ImportView[];
  /** What the upload answers, one an upload: an import or a refusal. */
  uploads: Array<ImportView | ApiError>;
  columns: ImportView | ApiError;
  committed: ImportView | ApiError;
  rows: Partial<Record<string, ImportRowView[]>>;
  dimensions: {
    categories: Array<{ id: string; name: string; sub_categories: Array<{ id: string; name: string; sub_categories: [] }> }>;
    accounts: Array<{ id: string; name: string }>;
    merchants: Array<{ id: string; name: string }>;
  };
}

export function importFake(): ImportFake {
  return {
    mayRecord: true,
    list: [],
    polls: [view()],
    uploads: [view({ status: 'reading', progress: { done: 0, total: null } })],
    columns: view({ status: 'reading', progress: { done: 0, total: null } }),
    committed: view({ status: 'committing', progress: { done: 0, total: 3 } }),
    rows: {},
    dimensions: { categories: [], accounts: [], merchants: [] },
  };
}

const BOOK_ROW = {
  id: BOOK,
  name: '家庭',
  member_count: 2,
  user_name: '小明',
  role_list: [{ role_id: '3', role_name: 'bookkeeper' }],
  time_zone: 'Asia/Shanghai',
  currency: 'CNY',
};

type Options = { method?: string; data?: Record<string, unknown>; formData?: FormData };

/** The import area's answers (and the book's, its permissions and dimensions), or undefined for a path that is not one. */
export function answerImports(f: ImportFake, url: string, o: Options = {}): unknown {
  const path = url.split('?')[0]!;
  const method = o.method ?? 'POST';
  const item = bookPath(IMPORT_PATHS.item, { id: IMPORT });
  const give = <T>(v: T | ApiError): { data: T } => {
    if (v instanceof ApiError) throw v;
    return { data: v };
  };
  if (path === BOOK_PATHS.book) return { data: BOOK_ROW };
  if (path === MEMBER_PATHS.permissions) return { data: { '010001': f.mayRecord ? '1' : '0', '010002': '0', '05000101': '0' } };
  if (path === ACCOUNTING_PATHS.categories) return { data: f.dimensions.categories };
  if (path === ACCOUNTING_PATHS.accounts) return { data: [{ name: '网络支付', accounts: f.dimensions.accounts }] };
  if (path === ACCOUNTING_PATHS.merchants) return { data: f.dimensions.merchants };
  if (path === IMPORT_PATHS.imports && method === 'GET') return { data: f.list };
  if (path === IMPORT_PATHS.imports && method === 'POST') return give(f.uploads.length > 1 ? f.uploads.shift()! : f.uploads[0]!);
  if (path === item && method === 'GET') return { data: f.polls.length > 1 ? f.polls.shift()! : f.polls[0]! };
  if (path === item && method === 'DELETE') {
    f.polls = [view({ ...f.polls[0], status: 'cancelled' })];
    return undefined;
  }
  if (path === bookPath(IMPORT_PATHS.columns, { id: IMPORT })) return give(f.columns);
  if (path === bookPath(IMPORT_PATHS.commit, { id: IMPORT })) return give(f.committed);
  if (path === bookPath(IMPORT_PATHS.rows, { id: IMPORT })) {
    const kind = String(o.data?.kind ?? 'row');
    return { data: f.rows[kind] ?? [], next: null };
  }
  return null;
}

/** The mocked request wrapper answers from the fake (a path it does not know fails the test), signed in. */
export function resetImports(request: Mock, f: () => ImportFake): void {
  localStorage.clear();
  sessionStorage.clear();
  request.mockReset();
  request.mockImplementation((url: string, o: Options = {}) =>
    Promise.resolve().then(() => {
      const answered = answerImports(f(), url, o);
      if (answered === null) throw new Error(`unexpected ${o.method ?? 'POST'} ${url}`);
      return answered;
    }),
  );
  useUserStore.setState({ user: { userid: '2', account: '13800138002' } as UserInfo, login: true });
}
