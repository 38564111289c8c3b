import type { AccountItem, CategoryItem, LabelItem, Transaction } from '@cab/contracts/client';
import { describe, expect, it } from 'vitest';
import {
  buildBody,
  changedFields,
  convertMinor,
  defaultsFor,
  selectionOf,
  tabOf,
  templateBody,
  validate,
  type FormValues,
} from './form.ts';

const cat = (id: string, name: string, parent: string | null = null, subs: CategoryItem[] = []): CategoryItem => ({
  id,
  name,
  type: 'Expense',
  icon: 'food',
  hidden: false,
  parent_id: parent,
  sort: 0,
  sub_categories: subs,
});
const account = (id: string, name: string, currency = 'CNY'): AccountItem => ({
  id,
  name,
  type: 'Cash',
  balance: '0.00',
  currency,
  group_name: '现金',
  hidden: false,
  sort: 0,
});
const label = (id: string, name: string): LabelItem => ({ id, name, hidden: false, sort: 0, user_id: null });

const categories = [cat('101', '餐饮', null, [cat('102', '早餐', '101'), cat('103', '午餐', '101')]), cat('110', '其他')];
const accounts = [account('301', '现金'), account('302', '微信'), account('303', '美元卡', 'USD')];
const labels = { member: [label('201', '爸爸'), label('202', '妈妈')], merchant: [label('401', '超市')], project: [] };

describe('the form defaults (SPEC 3)', () => {
  it('starts an expense or an income from what was used last (recentUsed)', () => {
    const sel = defaultsFor('Expense', {
      categories,
      accounts,
      labels,
      recent: {
        categories: [cat('103', '午餐', '101')],
        accounts: [account('302', '微信')],
        member: [label('202', '妈妈')],
        merchant: [label('401', '超市')],
      },
    });
    // Each is marked as carried over, so the form can say so.
    expect(sel.category).toEqual({ id: '103', name: '午餐', icon: 'food', parentName: '餐饮', remembered: true });
    expect(sel.account).toMatchObject({ id: '302', name: '微信', remembered: true });
    expect(sel.member).toEqual({ id: '202', name: '妈妈', remembered: true });
    expect(sel.merchant).toEqual({ id: '401', name: '超市', remembered: true });
    expect(sel.project).toBeUndefined();
  });

  it('carries nothing over into a transfer or a balance (recentUsed false)', () => {
    const src = { categories, accounts, labels, recent: { accounts: [account('302', '微信')], member: [label('202', '妈妈')] } };
    const transfer = defaultsFor('Transfer', src);
    expect(transfer.from?.id).toBe('301');
    expect(transfer.member).toBeUndefined();
    expect(Object.values(transfer).some((c) => c?.remembered)).toBe(false);
    expect(defaultsFor('Balance', src)).toEqual({ account: expect.objectContaining({ id: '301' }) });
  });

  it('falls back to the first category and account, and to no member, merchant or project', () => {
    const sel = defaultsFor('Income', { categories, accounts, labels, recent: {} });
    expect(sel.category?.id).toBe('102');
    expect(sel.category?.remembered).toBeUndefined();
    expect(sel.account?.id).toBe('301');
    expect(sel.member).toBeUndefined();
  });

  it('skips recently used items that are no longer offered (hidden or deleted)', () => {
    const sel = defaultsFor('Expense', {
      categories,
      accounts,
      labels,
      recent: { categories: [cat('999', '旧')], accounts: [account('998', '旧')], member: [label('997', '旧')] },
    });
    expect(sel.category?.id).toBe('102');
    expect(sel.account?.id).toBe('301');
    expect(sel.member).toBeUndefined();
  });

  it('starts a transfer with the first two accounts and a balance with the first, without recent items (recentUsed false)', () => {
    const recent = { accounts: [account('303', '美元卡', 'USD')], member: [label('202', '妈妈')] };
    const transfer = defaultsFor('Transfer', { categories, accounts, labels, recent });
    expect([transfer.from?.id, transfer.to?.id]).toEqual(['301', '302']);
    expect(transfer.member).toBeUndefined();
    expect(defaultsFor('Balance', { categories, accounts, labels, recent })).toEqual({
      account: { id: '301', name: '现金', currency: 'CNY', type: 'Cash' },
    });
    expect(defaultsFor('Transfer', { accounts: [] })).toEqual({});
  });
});

const values = (over: Partial<FormValues>): FormValues => ({
  tab: 'Expense',
  selection: { category: { id: '103', name: '午餐' }, account: { id: '302', name: '微信' } },
  amount: '12.5',
  toAmount: '',
  time: 1_700_000_000_000,
  remark: '',
  images: [],
  ...over,
});

describe('checking and sending the form', () => {
  it('names what is missing', () => {
    expect(validate(values({ amount: '' }))).toEqual({ amount: 'accounting.errors.amount' });
    expect(validate(values({ amount: '0.' }))).toEqual({ amount: 'accounting.errors.amountZero' });
    expect(validate(values({ selection: {} }))).toEqual({ category: 'accounting.errors.category', account: 'accounting.errors.account' });
    const same = { from: { id: '301', name: '现金' }, to: { id: '301', name: '现金' } };
    expect(validate(values({ tab: 'Transfer', selection: same }))).toEqual({ to: 'accounting.errors.sameAccount' });
    expect(validate(values({ tab: 'Balance', amount: '0' }))).toEqual({});
    expect(validate(values({ tab: 'Balance', amount: '' }))).toEqual({ amount: 'accounting.errors.balance' });
  });

  it('sends an expense in the wire shape, leaving out none and empty fields', () => {
    const body = buildBody(
      values({
        remark: ' 午饭 ',
        images: ['501'],
        selection: {
          category: { id: '103', name: '午餐' },
          account: { id: '302', name: '微信' },
          member: { id: '0', name: '无成员' },
          project: { id: '601', name: '装修' },
        },
      }),
    );
    expect(body).toEqual({
      account: { id: '302' },
      category: { id: '103' },
      amount: '12.50',
      remark: '午饭',
      transaction_time: 1_700_000_000_000,
      project: { id: '601' },
      images: ['501'],
    });
  });

  it('clears a member in an edit with the empty item, and names the type', () => {
    const body = buildBody(values({ selection: { category: { id: '103', name: '午餐' }, account: { id: '302', name: '微信' } } }), true);
    expect(body).toMatchObject({
      business_type: 'Expense',
      member: { id: '0' },
      merchant: { id: '0' },
      project: { id: '0' },
      remark: '',
      images: [],
    });
  });

  it('sends a place when there is one; none is left out of a create, null in an edit; a template keeps none', () => {
    const place = { name: '西湖', latitude: 30.259244, longitude: 120.151634 };
    expect(buildBody(values({ place }))).toMatchObject({ place });
    expect(buildBody(values({ place: null }))).not.toHaveProperty('place');
    expect(buildBody(values({ place: null }), true)).toMatchObject({ place: null });
    expect(templateBody(values({ place }))).not.toHaveProperty('place');
  });

  it('sends a transfer, with the amount received only when the currencies differ and it was typed', () => {
    const sel = { from: { id: '301', name: '现金', currency: 'CNY' }, to: { id: '302', name: '微信', currency: 'CNY' } };
    expect(buildBody(values({ tab: 'Transfer', selection: sel, amount: '300', toAmount: '40' }))).toEqual({
      from_account: { id: '301' },
      to_account: { id: '302' },
      from_amount: '300.00',
      transaction_time: 1_700_000_000_000,
    });
    const cross = { ...sel, to: { id: '303', name: '美元卡', currency: 'USD' } };
    expect(buildBody(values({ tab: 'Transfer', selection: cross, amount: '300', toAmount: '41.5' }))).toMatchObject({ to_amount: '41.50' });
    expect(buildBody(values({ tab: 'Transfer', selection: cross, amount: '300' }))).not.toHaveProperty('to_amount');
  });

  it('sends a balance as the account balance now, and a template as a Template record', () => {
    expect(buildBody(values({ tab: 'Balance', selection: { account: { id: '301', name: '现金' } }, amount: '-20' }))).toEqual({
      account: { id: '301' },
      amount: '-20.00',
      transaction_time: 1_700_000_000_000,
    });
    expect(templateBody(values({ amount: '', images: ['501'] }))).toMatchObject({
      business_type: 'Template',
      amount: '0.00',
      category: { id: '103' },
    });
    expect(templateBody(values({ images: ['501'] }))).not.toHaveProperty('images');
  });

  it('converts at a decimal rate in minor units, rounding half up', () => {
    expect(convertMinor(10_000n, '0.1389')).toBe(1389n);
    expect(convertMinor(1n, '0.5')).toBe(1n);
    expect(convertMinor(30_000n, '7.1234')).toBe(213_702n);
    expect(convertMinor(-100n, '2')).toBe(-200n);
  });

  it('reads a stored record back into the form, none included', () => {
    const t = {
      business_type: 'Expense',
      category: { id: '103', name: '午餐', icon: 'food', type: 'Expense', parent_name: '餐饮' },
      account: { id: '302', name: '微信', currency: 'CNY' },
      from_account: null,
      to_account: null,
      member: { id: '202', name: '妈妈' },
      merchant: null,
      project: null,
    } as unknown as Transaction;
    expect(tabOf(t)).toBe('Expense');
    expect(tabOf({ ...t, business_type: 'Balance_Changed' })).toBeUndefined();
    expect(tabOf({ ...t, business_type: 'Template', category: { ...t.category!, type: 'Income' } })).toBe('Income');
    const sel = selectionOf(t, { member: '无成员', merchant: '无商家', project: '无项目' });
    expect(sel.category).toEqual({ id: '103', name: '午餐', icon: 'food', parentName: '餐饮' });
    expect(sel.member).toEqual({ id: '202', name: '妈妈' });
    expect(sel.merchant).toEqual({ id: '0', name: '无商家' });
  });
});

describe('an edit sends what it changed', () => {
  const loaded = {
    business_type: 'Expense',
    account: { id: '1' },
    category: { id: '2' },
    amount: '12.00',
    remark: '',
    member: null,
    images: [],
  };
  it("leaves out every field the form did not change, so another member's change to them survives", () => {
    expect(changedFields({ ...loaded, amount: '13.50' }, loaded)).toEqual({ amount: '13.50' });
    expect(changedFields({ ...loaded, category: { id: '3' }, images: ['9'] }, loaded)).toEqual({ category: { id: '3' }, images: ['9'] });
  });
  it('sends the whole form when nothing changed (an edit of no field is refused)', () => {
    expect(changedFields({ ...loaded }, loaded)).toEqual(loaded);
  });
});
