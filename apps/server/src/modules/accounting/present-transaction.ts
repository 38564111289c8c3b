import { ACCOUNTING_PATHS, bookPath, minorToMoney, type BusinessType, type Place, type Transaction } from '@cab/contracts';
import type { TransactionRow, TransactionView } from './transactions.repository.ts';

export interface ImageView {
  id: string;
  size_bytes: string;
}

const named = (id: string | null, name: string | null) => (id && name !== null ? { id, name } : null);

export function imageUrl(bookId: string, id: string): string {
  return bookPath(ACCOUNTING_PATHS.image, { bookId, id });
}

type PlaceColumns = Pick<TransactionRow, 'place_name' | 'place_address' | 'place_lat' | 'place_lng'>;

/** A row's place, or null: numeric columns come back as text ("31.230400"), answered as numbers. */
export function storedPlace(r: PlaceColumns): Place | null {
  if (r.place_name === null || r.place_lat === null || r.place_lng === null) return null;
  return {
    name: r.place_name,
    ...(r.place_address ? { address: r.place_address } : {}),
    latitude: Number(r.place_lat),
    longitude: Number(r.place_lng),
  };
}

/** A transaction as every answer shows it (WIRE A names, both amounts where currencies differ). */
export function presentTransaction(v: TransactionView, images: ImageView[]): Transaction {
  const transfer = v.business_type === 'Transfer';
  // In the account's currency, with the sign of the amount (adjustments may be negative).
  const delta = BigInt(v.account_delta_minor);
  const accountAmount = v.account_id ? (delta < 0n ? -delta : delta) * (BigInt(v.amount_minor) < 0n ? -1n : 1n) : null;
  return {
    id: v.id,
    book_id: v.book_id,
    business_type: v.business_type as BusinessType,
    amount: minorToMoney(v.amount_minor),
    currency: v.currency,
    account:
      !transfer && v.account_id && v.account_name !== null
        ? { id: v.account_id, name: v.account_name, currency: v.account_currency ?? v.currency }
        : null,
    account_amount: !transfer && accountAmount !== null ? minorToMoney(accountAmount) : null,
    rate: v.rate,
    from_account: transfer ? named(v.account_id, v.account_name) : null,
    to_account: transfer ? named(v.to_account_id, v.to_account_name) : null,
    from_amount: transfer ? minorToMoney(-BigInt(v.account_delta_minor)) : null,
    to_amount: transfer ? minorToMoney(v.to_account_delta_minor) : null,
    category:
      v.category_id && v.category_name !== null
        ? {
            id: v.category_id,
            name: v.category_name,
            icon: v.category_icon ?? '',
            type: v.category_type ?? '',
            parent_name: v.category_parent_name,
          }
        : null,
    member: named(v.member_id, v.member_name),
    merchant: named(v.merchant_id, v.merchant_name),
    project: named(v.project_id, v.project_name),
    remark: v.remark,
    transaction_time: new Date(v.transaction_time).getTime(),
    images: images.map((i) => ({ id: i.id, url: imageUrl(v.book_id, i.id), size: Number(i.size_bytes) })),
    place: storedPlace(v),
    recorder: { id: v.recorder_id, nickname: v.recorder_name },
    created_at: new Date(v.created_at).getTime(),
    updated_at: new Date(v.updated_at).getTime(),
  };
}
