import { MEMBER_PATHS } from '@cab/contracts/client';
import { useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect, useMemo } from 'react';
import { request } from '../../api/client.ts';
import { ApiError } from '../../api/request.ts';

/**
 * The caller's permissions in a book (SPEC 6: "accounting permissions are cached
 * locally"; docs/members.md). The answer of `permissions?code=` is kept in local
 * storage per book, with the role it was given for: a screen draws at once from it,
 * and asks again when the book's role id (`role_list[0].role_id`) is another one,
 * when codes are asked for that it does not hold, when it is older than `staleTime`,
 * or after a call was refused with 403.
 */
export type PermissionStatus = '0' | '1';
type StatusMap = Record<string, PermissionStatus>;

interface Cached {
  roleId: string;
  at: number;
  codes: StatusMap;
}

const STORAGE_PREFIX = 'cab.permissions.';
/** How long a kept answer counts as fresh for screens that do not ask for fresher. */
export const PERMISSIONS_FRESH_MS = 10 * 60 * 1000;

export const permissionKeys = {
  all: ['permissions'] as const,
  book: (bookId: string) => [...permissionKeys.all, bookId] as const,
  codes: (bookId: string, roleId: string, codes: readonly string[]) => [...permissionKeys.book(bookId), roleId, codes.join(',')] as const,
};

export function readPermissionCache(bookId: string): Cached | undefined {
  try {
    const raw = localStorage.getItem(STORAGE_PREFIX + bookId);
    const v = raw ? (JSON.parse(raw) as Partial<Cached>) : undefined;
    return v && typeof v.roleId === 'string' && typeof v.at === 'number' && v.codes && typeof v.codes === 'object'
      ? (v as Cached)
      : undefined;
  } catch {
    return undefined;
  }
}

function writePermissionCache(bookId: string, roleId: string, codes: StatusMap, at: number): void {
  const before = readPermissionCache(bookId);
  // Another role's answers say nothing of this one: they are dropped, not merged.
  const merged = before?.roleId === roleId ? { ...before.codes, ...codes } : codes;
  try {
    localStorage.setItem(STORAGE_PREFIX + bookId, JSON.stringify({ roleId, at, codes: merged } satisfies Cached));
  } catch {
    // A full or blocked storage only costs a request next time.
  }
}

const pick = (from: StatusMap, codes: readonly string[]): StatusMap =>
  Object.fromEntries(codes.map((c) => [c, from[c] === '1' ? '1' : '0'] as const));

/** Forgets what is known of the caller's permissions in a book (after a 403, or a role change). */
export function invalidateBookPermissions(qc: QueryClient, bookId: string): Promise<void> {
  try {
    localStorage.removeItem(STORAGE_PREFIX + bookId);
  } catch {
    // nothing kept
  }
  return qc.invalidateQueries({ queryKey: permissionKeys.book(bookId) });
}

const isForbidden = (err: unknown) => err instanceof ApiError && err.status === 403;

export interface BookPermissions {
  /** Whether the code is allowed; false while unknown. */
  allowed: (code: string) => boolean;
  /** The statuses, once known (kept or fetched). */
  data: StatusMap | undefined;
  isPending: boolean;
  isError: boolean;
  refetch: () => Promise<unknown>;
  invalidate: () => Promise<void>;
}

/**
 * The caller's statuses of `codes` in a book whose role id is `roleId` (undefined
 * while the book loads: a kept answer is used meanwhile, whatever its role). A 403
 * from any call while the screen is open forgets the kept answer and asks again.
 */
export function useBookPermissions(
  bookId: string,
  roleId: string | undefined,
  codes: readonly string[],
  options: { staleTime?: number } = {},
): BookPermissions {
  const qc = useQueryClient();
  const wanted = useMemo(() => [...new Set(codes)].sort(), [codes]);
  const cached = bookId ? readPermissionCache(bookId) : undefined;
  const covers = (c: Cached | undefined): c is Cached => Boolean(c && wanted.every((code) => code in c.codes));
  const hit = covers(cached) && cached.roleId === roleId ? cached : undefined;

  const q = useQuery({
    queryKey: permissionKeys.codes(bookId, roleId ?? '', wanted),
    enabled: Boolean(bookId && roleId && wanted.length),
    staleTime: options.staleTime ?? PERMISSIONS_FRESH_MS,
    initialData: hit ? () => pick(hit.codes, wanted) : undefined,
    initialDataUpdatedAt: hit?.at,
    queryFn: async () => {
      const r = await request<{ data: StatusMap }>(MEMBER_PATHS.permissions, {
        method: 'GET',
        data: { code: wanted.join(',') },
        loading: false,
        showError: false,
        tradingEntity: bookId,
      });
      const statuses = pick(r.data, wanted);
      if (roleId) writePermissionCache(bookId, roleId, statuses, Date.now());
      return statuses;
    },
  });

  // A call refused with 403 means what is kept is out of date.
  useEffect(() => {
    if (!bookId) return;
    const forget = () => void invalidateBookPermissions(qc, bookId);
    const offMutations = qc.getMutationCache().subscribe((e) => {
      if (e.type === 'updated' && e.action.type === 'error' && isForbidden(e.action.error)) forget();
    });
    const offQueries = qc.getQueryCache().subscribe((e) => {
      if (e.type !== 'updated' || e.action.type !== 'error' || !isForbidden(e.action.error)) return;
      if (e.query.queryKey[0] !== permissionKeys.all[0]) forget();
    });
    return () => {
      offMutations();
      offQueries();
    };
  }, [qc, bookId]);

  // While the role is unknown, a kept answer of any role stands in.
  const provisional = !roleId && covers(cached) ? pick(cached.codes, wanted) : undefined;
  const data = q.data ?? provisional;
  return {
    allowed: (code) => data?.[code] === '1',
    data,
    isPending: !data && (q.isPending || !roleId) && !q.isError,
    isError: !data && q.isError,
    refetch: () => q.refetch(),
    invalidate: () => invalidateBookPermissions(qc, bookId),
  };
}
