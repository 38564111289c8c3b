import type { Transaction } from '@cab/contracts/client';
import { EMPTY_ITEM_ID } from '@cab/contracts/client';
import type { FormValues } from './form.ts';

/**
 * A waiting record as the flow shows it and the form opens it again: built from the
 * form's values (its choices carry their names), since the server has not answered.
 */
export function previewOf(v: FormValues, body: Record<string, unknown>, bookId: string, id: string, now = Date.now()): Transaction {
  const s = v.selection;
  const named = (c: { id: string; name: string } | undefined) => (c && c.id !== EMPTY_ITEM_ID ? { id: c.id, name: c.name } : null);
  const account = s.account ?? s.from;
  // The amounts as the body sends them (already money strings: the keypad's code stays out of this chunk).
  const money = (x: unknown) => (typeof x === 'string' ? x : null);
  const amount = money(body.amount ?? body.from_amount) ?? '0.00';
  return {
    id,
    book_id: bookId,
    business_type: v.tab,
    amount,
    currency: account?.currency ?? '',
    account: s.account ? { id: s.account.id, name: s.account.name, currency: s.account.currency ?? '' } : null,
    account_amount: null,
    rate: null,
    from_account: v.tab === 'Transfer' ? named(s.from) : null,
    to_account: v.tab === 'Transfer' ? named(s.to) : null,
    from_amount: v.tab === 'Transfer' ? amount : null,
    to_amount: v.tab === 'Transfer' ? money(body.to_amount) : null,
    category:
      s.category && v.tab !== 'Transfer' && v.tab !== 'Balance'
        ? { id: s.category.id, name: s.category.name, icon: s.category.icon ?? '', type: v.tab, parent_name: s.category.parentName ?? null }
        : null,
    member: named(s.member),
    merchant: named(s.merchant),
    project: named(s.project),
    remark: v.remark.trim(),
    transaction_time: v.time,
    images: [],
    place: v.place ?? null,
    recorder: { id: '', nickname: '' },
    created_at: now,
    updated_at: now,
  };
}
