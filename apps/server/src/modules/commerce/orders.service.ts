import { SYSTEM_ROLE_TEXTS, TRADE_CURSOR, minorToMoney, type Locale, type OrderType, type TradeRecord } from '@cab/contracts';
import type { Database } from '../../platform/db/index.ts';
import type { OrdersRepository, TradeRow } from './orders.repository.ts';

const TOP_UP = { 'zh-CN': '充值香蕉贝', en: 'Banana shell top-up' } as const;
const SERVICE = { 'zh-CN': '付费服务', en: 'Paid service' } as const;

function title(r: TradeRow, locale: Locale): string {
  if (r.type === 'recharge') return TOP_UP[locale];
  const named = locale === 'en' ? r.name_en : r.name;
  if (named) return r.type === 'service' ? `${named} · ${locale === 'en' ? 'daily' : '日费'}` : named;
  if (r.role_kind && r.role_kind !== 'custom') return SYSTEM_ROLE_TEXTS[r.role_kind as keyof typeof SYSTEM_ROLE_TEXTS].name[locale];
  return SERVICE[locale];
}

/** The trade records (trade/pages/record): the caller's orders in tabs, newest first, and their counts. */
export class OrdersService {
  constructor(
    private readonly db: Database,
    private readonly repo: OrdersRepository,
  ) {}

  /** A page of a tab; `cursor` is where the last page ended, read and checked by the contract (TRADE_CURSOR). */
  async list(userId: string, q: { type: OrderType; cursor?: [number, string] | undefined; page_size: number }, locale: Locale) {
    const after = q.cursor === undefined ? undefined : { at: new Date(q.cursor[0]), key: q.cursor[1] };
    const rows = await this.repo.page(this.db, userId, q.type, after, q.page_size + 1);
    const page = rows.slice(0, q.page_size);
    const last = page.at(-1);
    const data: TradeRecord[] = page.map((r) => ({
      type: r.type,
      order_no: r.order_no,
      title: title(r, locale),
      status: r.status,
      amount: minorToMoney(r.amount),
      book_id: r.book_id,
      created_at: r.created_at.getTime(),
    }));
    const more = rows.length > q.page_size;
    return {
      data,
      paging: { has_more: more, cursor: more && last ? TRADE_CURSOR.encode([last.created_at.getTime(), last.sort_key]) : null },
    };
  }

  async counts(userId: string) {
    const c = await this.repo.counts(this.db, userId);
    return { ...c, all: c.recharge + c.purchase + c.service };
  }
}
