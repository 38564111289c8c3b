import type { FlowTransaction, GroupItem, Transaction } from '@cab/contracts/client';
import { describe, expect, it } from 'vitest';
import { amountText, sharePermille, shareText, signedAmount } from './amounts.ts';
import { rankGroups, ringParts } from './chart-data.ts';
import { tx } from './test-fixtures.ts';

describe('signed amounts', () => {
  it('takes money out with a minus and brings it in with a plus', () => {
    expect(amountText(signedAmount(tx()), false)).toBe('-1,234.50');
    expect(signedAmount(tx()).tone).toBe('out');
    expect(amountText(signedAmount(tx({ business_type: 'Income', amount: '80' })), false)).toBe('+80.00');
    expect(signedAmount(tx({ business_type: 'Refund' })).tone).toBe('in');
    expect(signedAmount(tx({ business_type: 'Loan' })).sign).toBe('-');
  });

  it('gives a transfer no sign: it moves money between the book’s own accounts', () => {
    const t = tx({ business_type: 'Transfer', amount: '500.00', category: null, account: null });
    expect(signedAmount(t)).toEqual({ sign: '', abs: '500.00', tone: 'neutral', currency: 'CNY' });
  });

  it('shows an adjustment with its own sign', () => {
    expect(amountText(signedAmount(tx({ business_type: 'Balance_Changed', amount: '-14244.56', category: null })), false)).toBe(
      '-14,244.56',
    );
    expect(amountText(signedAmount(tx({ business_type: 'Balance_Changed', amount: '20', category: null })), false)).toBe('+20.00');
  });

  it('shows what the filtered account moved with flowAmount (an account flow)', () => {
    const out = tx({ business_type: 'Transfer', amount: '500.00', flow_amount: '-500.00' });
    const into = tx({ business_type: 'Transfer', amount: '500.00', flow_amount: '71.20' });
    expect(amountText(signedAmount(out, true), false)).toBe('-500.00');
    expect(signedAmount(out, true).tone).toBe('out');
    expect(amountText(signedAmount(into, true), false)).toBe('+71.20');
    // A flow amount is in the account's currency, which the row learns from its list.
    expect(signedAmount(into, true).currency).toBe('');
    // Without flowAmount, or without a flow_amount, the record's own amount.
    expect(amountText(signedAmount(out), false)).toBe('500.00');
    expect(amountText(signedAmount(tx(), true), false)).toBe('-1,234.50');
    const plain: Transaction = { ...tx() };
    delete (plain as Partial<FlowTransaction>).flow_amount;
    expect(amountText(signedAmount(plain, true), false)).toBe('-1,234.50');
  });

  it('masks the amount and its sign when amounts are hidden', () => {
    expect(amountText(signedAmount(tx()), true)).toBe('****');
  });
});

describe('shares', () => {
  it('computes shares in tenths of a percent from the decimal strings', () => {
    expect(sharePermille('1', '3')).toBe(333);
    expect(sharePermille('2', '3')).toBe(667);
    expect(sharePermille('0.01', '0.02')).toBe(500);
    // A float sum would be off here; minor units are exact.
    expect(sharePermille('0.1', '0.3')).toBe(333);
    expect(sharePermille('5', '0')).toBe(0);
    expect(shareText(333)).toBe('33.3%');
    expect(shareText(1000)).toBe('100.0%');
  });

  const g = (id: string, value: string): GroupItem => ({
    group_info: { group_key: 'CATEGORY_FIRST', group_id: id, group_name: `c${id}`, icon: 'food' },
    metric_data: [{ key: 'EXPENSE', value }],
  });

  it('ranks groups by amount, leaves out empty ones and colours them by rank', () => {
    const ranked = rankGroups([g('1', '10.00'), g('2', '30.00'), g('3', '0.00'), g('4', '60.00')], 'EXPENSE', '100.00', ['a', 'b', 'z']);
    expect(ranked.map((r) => [r.id, r.permille, r.color])).toEqual([
      ['4', 600, 'a'],
      ['2', 300, 'b'],
      ['1', 100, 'z'],
    ]);
  });

  it('folds the smallest groups of a ring into one part, added exactly', () => {
    const ranked = rankGroups([g('1', '0.10'), g('2', '0.20'), g('3', '50.00'), g('4', '20.00')], 'EXPENSE', '70.30', ['a', 'b', 'c', 'd']);
    expect(ringParts(ranked, 3, 'others', 'grey')).toEqual([
      expect.objectContaining({ name: 'c3', amount: '50.00' }),
      expect.objectContaining({ name: 'c4', amount: '20.00' }),
      { name: 'others', amount: '0.30', color: 'grey' },
    ]);
    expect(ringParts(ranked, 4, 'others', 'grey')).toHaveLength(4);
  });
});
