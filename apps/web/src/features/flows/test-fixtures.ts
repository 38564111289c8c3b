import type { FlowTransaction } from '@cab/contracts/client';

/** A record as the flow call answers it (an expense of 1,234.50 on 15 August 2026, 12:34 in Shanghai), for tests. */
export function tx(over: Partial<FlowTransaction> = {}): FlowTransaction {
  return {
    id: '1',
    book_id: '9',
    business_type: 'Expense',
    amount: '1234.5',
    currency: 'CNY',
    account: { id: '11', name: '现金', currency: 'CNY' },
    account_amount: null,
    rate: null,
    from_account: null,
    to_account: null,
    from_amount: null,
    to_amount: null,
    category: { id: '21', name: '餐饮', icon: 'food', type: 'Expense', parent_name: null },
    member: null,
    merchant: null,
    project: null,
    remark: '',
    transaction_time: Date.parse('2026-08-15T12:34:00+08:00'),
    images: [],
    place: null,
    recorder: { id: '1', nickname: 'me' },
    created_at: 0,
    updated_at: 0,
    flow_amount: null,
    ...over,
  };
}
