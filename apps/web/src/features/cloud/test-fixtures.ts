import {
  ACCOUNTING_PATHS,
  BOOK_PATHS,
  CLOUD_PATHS,
  MEMBER_PATHS,
  bookPath,
  type CapacityInfo,
  type CloudPackage,
  type FunctionApply,
  type Gather,
  type PurchaseOrder,
  type ShareApply,
  type ShareBooks,
  type ShareRelation,
  type ShareStateInfo,
  type SpaceGrant,
} from '@cab/contracts/client';
import { ApiError } from '../../api/request.ts';
import { P1, purchaseOrder } from '../commerce/test-fixtures.ts';

/** The book the cloud screens are about (Shanghai), and another of the caller's. */
export const MAIN = '9';
export const OTHER = '12';
export const NOW = Date.UTC(2026, 10, 26, 4);
const DAY = 86_400_000;

export const PACKAGES: CloudPackage[] = [
  { combo_id: 'cloud_1g_30', name: '1 GB 云空间 30 天', capacity_mb: 1024, days: 30, sell_price: '6.00', original_price: '0.00' },
  { combo_id: 'cloud_5g_365', name: '5 GB 云空间 365 天', capacity_mb: 5120, days: 365, sell_price: '98.00', original_price: '120.00' },
];

export const capacity = (used: string, total: string): CapacityInfo => {
  const full = Number(used) >= Number(total);
  return {
    used,
    total,
    unit: 'MB',
    pic_upload_permit: full ? 'not_permit' : 'permit',
    tips_title: full ? '不允许上传图片' : '',
    tips_content: full ? `账本云空间已用完（${used}/${total} MB），请清理图片或扩容后再上传` : '',
  };
};

export const grant = (id: string, extra: Partial<SpaceGrant> = {}): SpaceGrant => ({
  id,
  book_id: MAIN,
  book_name: '家庭',
  order_no: P1,
  name: '1 GB 云空间 30 天',
  capacity_mb: 1024,
  starts_at: NOW - DAY,
  // The midnight after the last day, 2026-12-25 in Shanghai.
  ends_at: Date.UTC(2026, 11, 25, 16),
  days_left: 29,
  ...extra,
});

export const shareApply = (id: string, book: { id: string; name: string }, status: ShareApply['status'] = 'applied'): ShareApply => ({
  id,
  main_book: { id: MAIN, name: '家庭' },
  book,
  status,
  applicant_name: '小明',
  created_at: NOW - 3600_000,
  decided_at: status === 'applied' ? null : NOW,
});

/** A paid (or other) order for a space package, as commerce's GET purchasing-orders answers it. */
export const spaceOrder = (status: PurchaseOrder['status'], extra: Partial<PurchaseOrder> = {}): PurchaseOrder =>
  purchaseOrder(status, { kind: 'space', combo_id: 'cloud_1g_30', feature_code: null, title: '1 GB 云空间 30 天', ...extra });

/** What the cloud calls answer in a test; each field may be changed by the test. */
export interface CloudFake {
  owner: boolean;
  /** The permission codes the caller holds in the book (13: space rental). */
  granted: Set<string>;
  capacity: CapacityInfo;
  gather: Gather;
  grants: SpaceGrant[];
  state: ShareStateInfo;
  books: ShareBooks;
  relation: ShareRelation | null;
  latest: CloudPackage[];
  fn: FunctionApply;
  /** What POST cloud-svc/purchasing-orders answers, or its refusal. */
  bought: PurchaseOrder | ApiError;
}

export function cloudFake(): CloudFake {
  return {
    owner: true,
    granted: new Set(['13']),
    capacity: capacity('100.00', '100.00'),
    gather: { book_id: MAIN, base_mb: 100, rented_mb: 0, grants: 0, next_end: null, last_end: null },
    grants: [],
    state: { state: 'alone', main_book: null, apply_id: null, sharing_count: 0 },
    books: { sharing: [], applications: [], can_apply: [] },
    relation: null,
    latest: PACKAGES,
    fn: { biz_type: 'storage', biz_code: 'book_private_storage', status: null, remark: '', applied_at: null, decided_at: null },
    bought: spaceOrder('paid'),
  };
}

/** The cloud calls' answers (and the book's, and the caller's permissions), or undefined for a path that is not one. */
export function answerCloud(c: CloudFake, url: string, o: { method?: string; data?: Record<string, unknown> } = {}): unknown {
  const path = url.split('?')[0]!;
  const method = o.method ?? 'POST';
  if (url.startsWith(BOOK_PATHS.book)) {
    const id = new URLSearchParams(url.split('?')[1] ?? '').get('id') ?? MAIN;
    return {
      data: {
        id,
        name: id === MAIN ? '家庭' : '旅行',
        member_count: 2,
        role_list: [{ role_id: c.owner ? '1' : '3', role_name: c.owner ? 'owner' : 'bookkeeper' }],
        time_zone: 'Asia/Shanghai',
        currency: 'CNY',
      },
    };
  }
  if (path === MEMBER_PATHS.permissions) {
    const codes = String(o.data?.code ?? '').split(',');
    return { data: Object.fromEntries(codes.map((code) => [code, c.granted.has(code) ? '1' : '0'])) };
  }
  if (path === ACCOUNTING_PATHS.capacity) return { data: c.capacity };
  switch (path) {
    case CLOUD_PATHS.latest:
      return { data: c.latest };
    case CLOUD_PATHS.gather:
      return { data: c.gather };
    case CLOUD_PATHS.inEffect:
      return { data: c.grants };
    case CLOUD_PATHS.shareState:
      return { data: c.state };
    case CLOUD_PATHS.shareBooks:
      return { data: c.books };
    case CLOUD_PATHS.shareRelation:
      return { data: c.relation };
    case CLOUD_PATHS.purchase:
      if (c.bought instanceof ApiError) throw c.bought;
      return { data: c.bought };
    case CLOUD_PATHS.applyMainBook: {
      const main = { id: String(o.data?.main_book_id), name: '家庭' };
      c.state = { state: 'applied', main_book: main, apply_id: '70', sharing_count: 0 };
      return { data: { ...shareApply('70', { id: OTHER, name: '旅行' }), main_book: main } };
    }
    case CLOUD_PATHS.untie: {
      const untied = c.books.sharing.find((s) => s.book.id === o.data?.book_id) ?? shareApply('70', { id: OTHER, name: '旅行' }, 'active');
      c.books = { ...c.books, sharing: c.books.sharing.filter((s) => s !== untied) };
      c.state = { state: 'alone', main_book: null, apply_id: null, sharing_count: 0 };
      return { data: { ...untied, status: 'untied' } };
    }
    case CLOUD_PATHS.functionApply:
      c.fn = { ...c.fn, status: 'applied', applied_at: NOW };
      return { data: c.fn };
  }
  if (path === bookPath(CLOUD_PATHS.functionApplyStatus, { biz_type: 'storage', biz_code: 'book_private_storage' })) return { data: c.fn };
  const decided = /\/share-books-applys\/(\d+)\/(agree|reject)$/.exec(path);
  if (decided && method === 'POST') {
    const a = c.books.applications.find((x) => x.id === decided[1]);
    if (!a) throw new ApiError(404, 1144, '没有找到待处理的共享申请');
    const done = { ...a, status: decided[2] === 'agree' ? ('active' as const) : ('rejected' as const), decided_at: NOW };
    c.books = {
      ...c.books,
      applications: c.books.applications.filter((x) => x !== a),
      sharing: done.status === 'active' ? [...c.books.sharing, done] : c.books.sharing,
    };
    return { data: done };
  }
  return undefined;
}
