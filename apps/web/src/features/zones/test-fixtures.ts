import {
  BOOK_PATHS,
  CLOUD_PATHS,
  ZONE_PATHS,
  bookPath,
  type BookZone,
  type FunctionApply,
  type Migration,
  type MigrationType,
  type PrivateZone,
  type ServerEnv,
  type UserInfo,
} from '@cab/contracts/client';
import type { Mock } from 'vitest';
import { ApiError } from '../../api/request.ts';
import { useUserStore } from '../../stores/user.ts';
import type { RegisteredZone } from './mutations.ts';

/** The book the private server page is about, its zone, and when things happened. */
export const BOOK = '9';
export const ZONE = '3';
export const NOW = Date.UTC(2026, 10, 26, 4);
export const OFFLINE = new ApiError(409, 0xf115, '账本所在的云端暂时无法访问');

export const zone = (extra: Partial<PrivateZone> = {}): PrivateZone => ({
  id: ZONE,
  name: '门店服务器',
  base_url: 'https://cab.shop.example',
  audit_status: 'approved',
  server_deployed: true,
  deployed_at: NOW - 3600_000,
  last_seen_at: NOW - 60_000,
  revoked: false,
  books: 0,
  created_at: NOW - 7200_000,
  ...extra,
});

export const migration = (extra: Partial<Migration> = {}): Migration => ({
  id: '40',
  book_id: BOOK,
  zone_id: ZONE,
  migration_type: 'public-to-private',
  status: 'copying',
  table: 'transactions',
  tables_done: 5,
  tables_total: 24,
  rows_copied: 2500,
  rows_total: 10_000,
  images_copied: 0,
  images_total: 50,
  free_trial: true,
  price: '0.00',
  error: null,
  started_at: NOW - 30_000,
  finished_at: null,
  ...extra,
});

/** The book's place, by default a book here with nothing applied for. */
export const place = (extra: Partial<BookZone> = {}): BookZone => ({
  book_id: BOOK,
  zone_state: 'local',
  zone: null,
  audit_status: null,
  page_state: null,
  migration: null,
  first_order_free: true,
  price: '0.00',
  ...extra,
});

/** What the migration area's calls answer in a test; each field may be changed by the test. */
export interface ZoneFake {
  owner: boolean;
  place: BookZone;
  fn: FunctionApply;
  /** What applying answers: the application, or a refusal. */
  applied: ApiError | undefined;
  registered: RegisteredZone | ApiError;
  /** The answers of the migration's status, one a poll; the last one repeats. */
  polls: Array<Migration | null>;
  cancelled: Migration | ApiError;
  sync: { online: boolean } | ApiError;
  env: ServerEnv;
}

export function zoneFake(): ZoneFake {
  return {
    owner: true,
    place: place(),
    fn: { biz_type: 'storage', biz_code: 'book_private_storage', status: null, remark: '', applied_at: null, decided_at: null },
    applied: undefined,
    registered: {
      zone: zone({ server_deployed: false, deployed_at: null, last_seen_at: null }),
      secret: 's3cr3t-once',
      env: { CAB_ZONE_ID: ZONE, CAB_ZONE_PUBLIC_URL: 'https://cab.example', CAB_ZONE_SECRET: 's3cr3t-once' },
    },
    polls: [],
    cancelled: migration({ status: 'cancelled', finished_at: NOW }),
    sync: { online: true },
    env: {
      env: 'test5',
      zone_id: null,
      domain: 'https://test5.cab.example',
      hosts: { test5: 'https://test5.cab.example', uat: 'https://uat.cab.example' },
    },
  };
}

const statusPath = (type: MigrationType) => bookPath(ZONE_PATHS.migrationStatus, { book_id: BOOK, migration_type: type });
const cancelPath = (type: MigrationType) => bookPath(ZONE_PATHS.migrationCancel, { book_id: BOOK, migration_type: type });
const BOOK_ROW = (owner: boolean) => ({
  id: BOOK,
  name: '家庭',
  member_count: 2,
  user_name: '小明',
  role_list: [{ role_id: owner ? '1' : '3', role_name: owner ? 'owner' : 'bookkeeper' }],
  time_zone: 'Asia/Shanghai',
  currency: 'CNY',
});

/** The migration area's answers (and the book's, and opening it), or undefined for a path that is not one. */
export function answerZones(f: ZoneFake, url: string, o: { method?: string; data?: Record<string, unknown> } = {}): unknown {
  const path = url.split('?')[0]!;
  const method = o.method ?? 'POST';
  if (path === BOOK_PATHS.book) return { data: BOOK_ROW(f.owner) };
  if (path === BOOK_PATHS.currentInfo) return { data: { bookId: BOOK, storeId: 't1', book: BOOK_ROW(f.owner) } };
  if (path === BOOK_PATHS.preference) return { data: {} };
  if (path === bookPath(CLOUD_PATHS.functionApplyStatus, { biz_type: 'storage', biz_code: 'book_private_storage' })) return { data: f.fn };
  if (path === CLOUD_PATHS.functionApply) {
    if (f.applied) throw f.applied;
    f.fn = { ...f.fn, status: 'applied', applied_at: NOW };
    f.place = { ...f.place, audit_status: 'applied', page_state: 'to-deploy' };
    return { data: f.fn };
  }
  for (const type of ['public-to-private', 'private-to-public'] as const) {
    if (path === statusPath(type)) {
      const m = f.polls.length > 1 ? f.polls.shift()! : (f.polls[0] ?? null);
      // A finished move has put the book at its end: in its zone, or back here.
      if (m?.status === 'done') {
        const there = type === 'public-to-private';
        f.place = { ...f.place, zone_state: there ? 'remote' : 'local', page_state: there ? null : 'to-be-migrated', migration: m };
      }
      return { data: m };
    }
    if (path === cancelPath(type) && method === 'PATCH') {
      if (f.cancelled instanceof ApiError) throw f.cancelled;
      // The book stays where it was: here (moving there), or in its zone (moving back).
      const here = type === 'public-to-private';
      f.polls = [f.cancelled];
      f.place = { ...f.place, zone_state: here ? 'local' : 'remote', page_state: here ? 'to-be-migrated' : null, migration: f.cancelled };
      return { data: f.cancelled };
    }
  }
  switch (path) {
    case ZONE_PATHS.bookZone:
      return { data: f.place };
    case ZONE_PATHS.serverEnv:
      return { data: f.env };
    case ZONE_PATHS.zones:
      if (f.registered instanceof ApiError) throw f.registered;
      f.place = { ...f.place, zone: f.registered.zone, page_state: 'approved-to-deploy' };
      return { data: f.registered };
    case ZONE_PATHS.publicToPrivateV2: {
      const m = migration({ rows_copied: 0, images_copied: 0 });
      f.place = { ...f.place, zone_state: 'migrating', page_state: 'migrating', migration: m };
      return { data: m };
    }
    case ZONE_PATHS.privateToPublic: {
      const m = migration({ migration_type: 'private-to-public', rows_copied: 0, images_copied: 0 });
      f.place = { ...f.place, page_state: 'migrating', migration: m };
      return { data: m };
    }
    case ZONE_PATHS.zoneSync:
      if (f.sync instanceof ApiError) throw f.sync;
      return { data: { book_id: BOOK, zone_state: 'remote', online: f.sync.online } };
  }
  return undefined;
}

/** The mocked request wrapper answers from the fake (a path it does not know fails the test), signed in. */
export function resetZones(request: Mock, f: () => ZoneFake): void {
  localStorage.clear();
  sessionStorage.clear();
  request.mockReset();
  request.mockImplementation((url: string, o: { method?: string; data?: Record<string, unknown> } = {}) =>
    Promise.resolve().then(() => {
      const answered = answerZones(f(), url, o);
      if (answered === undefined) throw new Error(`unexpected ${o.method ?? 'POST'} ${url}`);
      return answered;
    }),
  );
  useUserStore.setState({ user: { userid: '2', account: '13800138002' } as UserInfo, login: true });
}
