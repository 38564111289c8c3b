import {
  BANANA_SHELL,
  COMMERCE_PATHS,
  COUPON_SORT_TYPE,
  bookPath,
  type ActivityCombo,
  type OperationSpace,
  type Coupon,
  type OrderType,
  type PayOption,
  type PurchaseOrder,
  type RechargeActInfo,
  type RechargeOrder,
  type ServiceOrder,
  type TradeRecord,
} from '@cab/contracts/client';
import { infiniteQueryOptions, queryOptions, useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { request } from '../../api/client.ts';
import { ApiError } from '../../api/request.ts';
import { randomString } from '../../api/sign.ts';
import { showToast } from '../../app/toast.ts';
import { i18n } from '../../i18n/index.ts';

/** The commerce area's queries: the caller's own wallet and orders, and what a book may buy. */
export const commerceKeys = {
  all: ['commerce'] as const,
  wallet: () => [...commerceKeys.all, 'wallet'] as const,
  actInfo: () => [...commerceKeys.all, 'act-info'] as const,
  payOptions: (payType: number) => [...commerceKeys.all, 'pay-options', payType] as const,
  needMin: (shortfall: string) => [...commerceKeys.all, 'need-min', shortfall] as const,
  recharge: (orderNo: string) => [...commerceKeys.all, 'recharge', orderNo] as const,
  purchase: (orderNo: string) => [...commerceKeys.all, 'purchase', orderNo] as const,
  service: (orderNo: string) => [...commerceKeys.all, 'service', orderNo] as const,
  orders: (type: OrderType) => [...commerceKeys.all, 'orders', type] as const,
  ordersNum: () => [...commerceKeys.all, 'orders-num'] as const,
  combos: (actCode: string) => [...commerceKeys.all, 'combos', actCode] as const,
  spaces: (codes: readonly string[]) => [...commerceKeys.all, 'spaces', codes.join(',')] as const,
  coupons: (actCode: string, bookId: string, comboIds: readonly string[]) =>
    [...commerceKeys.all, 'coupons', actCode, bookId, comboIds.join(',')] as const,
  roleTrial: (bookId: string, userId: string, roleId: string) => [...commerceKeys.all, 'role-trial', bookId, userId, roleId] as const,
};

export const TRADE_PAGE_SIZE = 20;

// A query's screen shows its own failure, so the wrapper neither toasts it nor shows a loading toast.
const read = <T>(url: string, o: { method?: 'GET' | 'POST'; data?: Record<string, unknown>; bookId?: string } = {}) =>
  request<{ data: T }>(url, {
    method: o.method ?? 'GET',
    data: o.data,
    loading: false,
    showError: false,
    ...(o.bookId === undefined ? {} : { tradingEntity: o.bookId }),
  }).then((r) => r.data);

export const commerceQueries = {
  /** The caller's banana-shell balance ("0.00" before any movement). */
  wallet: () =>
    queryOptions({
      queryKey: commerceKeys.wallet(),
      queryFn: () =>
        read<Array<{ account_type: string; balance: string }>>(COMMERCE_PATHS.accounts).then(
          (accounts) => accounts.find((a) => a.account_type === BANANA_SHELL)?.balance ?? '0.00',
        ),
      // Money moves elsewhere (a payment, the daily billing): every screen that shows it asks again.
      staleTime: 0,
    }),
  actInfo: () => queryOptions({ queryKey: commerceKeys.actInfo(), queryFn: () => read<RechargeActInfo>(COMMERCE_PATHS.rechargeActInfo) }),
  payOptions: (payType: number) =>
    queryOptions({
      queryKey: commerceKeys.payOptions(payType),
      queryFn: () => read<PayOption[]>(COMMERCE_PATHS.payOptions, { data: { pay_type: payType } }),
      staleTime: 5 * 60_000,
    }),
  /** The least recharge that covers a shortfall. */
  needMin: (shortfall: string, payType: number) =>
    queryOptions({
      queryKey: commerceKeys.needMin(shortfall),
      queryFn: () => read<{ shortfall: string; min_recharge: string }>(COMMERCE_PATHS.needMin, { data: { shortfall, pay_type: payType } }),
    }),
  recharge: (orderNo: string) =>
    queryOptions({
      queryKey: commerceKeys.recharge(orderNo),
      queryFn: () => read<RechargeOrder>(bookPath(COMMERCE_PATHS.rechargeOrder, { id: orderNo })),
      staleTime: 0,
    }),
  purchase: (orderNo: string) =>
    queryOptions({
      queryKey: commerceKeys.purchase(orderNo),
      queryFn: () => read<PurchaseOrder>(bookPath(COMMERCE_PATHS.purchasingOrder, { id: orderNo })),
      staleTime: 0,
    }),
  service: (orderNo: string) =>
    queryOptions({
      queryKey: commerceKeys.service(orderNo),
      queryFn: () => read<ServiceOrder>(bookPath(COMMERCE_PATHS.serviceOrder, { id: orderNo })),
      staleTime: 0,
    }),
  /** A tab of the trade records, newest first, a page at a time (keyset: the server's cursor). */
  orders: (type: OrderType) =>
    infiniteQueryOptions({
      queryKey: commerceKeys.orders(type),
      initialPageParam: undefined as string | undefined,
      queryFn: ({ pageParam }) =>
        request<{ data: TradeRecord[]; paging: { has_more: boolean; cursor: string | null } }>(COMMERCE_PATHS.orders, {
          method: 'POST',
          data: { type, page_size: TRADE_PAGE_SIZE, ...(pageParam ? { cursor: pageParam } : {}) },
          loading: false,
          showError: false,
        }),
      getNextPageParam: (last) => (last.paging.has_more ? (last.paging.cursor ?? undefined) : undefined),
      staleTime: 0,
    }),
  ordersNum: () =>
    queryOptions({
      queryKey: commerceKeys.ordersNum(),
      queryFn: () => read<Record<OrderType, number>>(COMMERCE_PATHS.ordersNum, { method: 'POST' }),
      staleTime: 0,
    }),
  /** Operation spaces' banners (the recharge page's `recharge_banner`): the operator's words, in the caller's language. */
  spaces: (codes: readonly string[]) =>
    queryOptions({
      queryKey: commerceKeys.spaces(codes),
      queryFn: () => read<OperationSpace[]>(COMMERCE_PATHS.operationSpaces, { method: 'POST', data: { spaceCodes: [...codes] } }),
      staleTime: 5 * 60_000,
    }),
  /** An activity's packages (the budget center's: BUDGET_ADVANCED_ACT). */
  combos: (actCode: string) =>
    queryOptions({
      queryKey: commerceKeys.combos(actCode),
      queryFn: () => read<ActivityCombo[]>(COMMERCE_PATHS.activityCombos, { method: 'POST', data: { actCode } }),
    }),
  /** The caller's usable coupons for those packages, in SPEC 9's order (sortType 2). */
  coupons: (actCode: string, bookId: string, comboIds: readonly string[]) =>
    queryOptions({
      queryKey: commerceKeys.coupons(actCode, bookId, comboIds),
      queryFn: () =>
        read<Coupon[]>(COMMERCE_PATHS.couponsForCombos, {
          method: 'POST',
          bookId,
          data: { head: {}, body: { comboIds: [...comboIds], actCode, sortType: COUPON_SORT_TYPE, bookId } },
        }),
    }),
  /** What giving a member a paid role costs now and per day. */
  roleTrial: (bookId: string, userId: string, roleId: string) =>
    queryOptions({
      queryKey: commerceKeys.roleTrial(bookId, userId, roleId),
      queryFn: () =>
        read<{
          role_id: string;
          user_id: string;
          billing_type: 'PerDay' | 'PerPersonPerDay' | 'OneOff';
          price: string;
          persons: number;
          daily_expense: string;
          trial_price: string;
          balance: string;
          enough: boolean;
        }>(bookPath(COMMERCE_PATHS.roleTrial, { id: userId }), { method: 'POST', bookId, data: { role_id: roleId } }),
      staleTime: 0,
    }),
};

/**
 * One Idempotency-Key per payment attempt: the same request sent again (a retry after a
 * lost answer) reuses its key, so the server makes one order; another request gets a new one.
 */
export function idempotencyKeys() {
  let last: { body: string; key: string } | undefined;
  return {
    keyFor(body: unknown): string {
      const text = JSON.stringify(body);
      if (last?.body !== text) last = { body: text, key: `web-${Date.now()}-${randomString(20)}` };
      return last.key;
    },
    done() {
      last = undefined;
    },
  };
}

/**
 * What a payment call's failure says: the server's message in the user's language, or
 * SPEC 8's default 'payment service error' when there is none (no answer, a time-out,
 * a gateway's bare error).
 */
export function paymentFailure(err: unknown): string {
  if (err instanceof ApiError && err.status > 0 && err.status < 500 && err.message) return err.message;
  if (err instanceof ApiError && err.status >= 500 && err.code !== err.status && err.message) return err.message;
  return i18n.t('commerce.paymentError');
}

const toastPaymentFailure = (err: unknown) => showToast(paymentFailure(err));

/** After money moved: the wallet, the records and their counts are asked again. */
export function walletChanged(qc: QueryClient): Promise<void> {
  return qc.invalidateQueries({ queryKey: commerceKeys.all });
}

const pay = <T>(url: string, key: string, data: Record<string, unknown>, bookId?: string) =>
  request<{ data: T }>(url, {
    method: 'POST',
    data,
    showError: false,
    headers: { 'Idempotency-Key': key },
    ...(bookId === undefined ? {} : { tradingEntity: bookId }),
  }).then((r) => r.data);

export interface RechargeInput {
  amount: string;
  pay_type: number;
  channel: string;
}

/** POST recharge: the order and where its payer pays (cashier_url). */
export function useRecharge() {
  return useMutation({
    mutationFn: ({ input, key }: { input: RechargeInput; key: string }) => pay<RechargeOrder>(COMMERCE_PATHS.recharge, key, { ...input }),
    onError: toastPaymentFailure,
  });
}

/** The payer gave up at the cashier: the open order is cancelled. */
export function useCancelRecharge() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (orderNo: string) =>
      request<{ data: RechargeOrder }>(bookPath(COMMERCE_PATHS.cancelRecharge, { id: orderNo }), {
        method: 'POST',
        loading: false,
        showError: false,
      }).then((r) => r.data),
    onSuccess: (order) => qc.setQueryData(commerceKeys.recharge(order.order_no), order),
  });
}

export interface PurchaseInput {
  combo_id: string;
  coupon_id?: string;
  pay_type: number;
  channel?: string;
}

/**
 * POST purchasing-orders for the book: paid from the wallet, or waiting for the recharge of
 * the shortfall. `path`: where the package is bought (a feature's here; cloud space at
 * CLOUD_PATHS.purchase, under its own permission), answering the same order.
 */
export function usePurchase(bookId: string, path: string = COMMERCE_PATHS.purchase) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ input, key }: { input: PurchaseInput; key: string }) => pay<PurchaseOrder>(path, key, { ...input }, bookId),
    onSuccess: () => walletChanged(qc),
    onError: toastPaymentFailure,
  });
}

/** Buys a paid role for members and assigns it: at once from the wallet, or once the shortfall is recharged. */
export function usePayForAssign(bookId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({
      roleId,
      userIds,
      payType,
      channel,
      key,
    }: {
      roleId: string;
      userIds: string[];
      payType: number;
      channel?: string;
      key: string;
    }) =>
      pay<PurchaseOrder>(
        bookPath(COMMERCE_PATHS.payForAssign, { id: roleId }),
        key,
        { user_ids: userIds, pay_type: payType, ...(channel ? { channel } : {}) },
        bookId,
      ),
    onSuccess: () => walletChanged(qc),
    onError: toastPaymentFailure,
  });
}
