import type { AccountGroup, CategoryItem } from '@cab/contracts/client';
import { describe, expect, it } from 'vitest';
import { accountRows, categoryRows, labelRows, moveTargets, moved } from './manage.ts';

const cat = (id: string, name: string, subs: CategoryItem[] = []): CategoryItem => ({
  id,
  name,
  type: 'Expense',
  icon: 'food',
  hidden: false,
  parent_id: null,
  sort: 0,
  sub_categories: subs,
});
const acc = (id: string, group: string, currency = 'CNY') => ({
  id,
  name: `a${id}`,
  type: 'Cash',
  balance: '0.00',
  currency,
  group_name: group,
  hidden: false,
  sort: 0,
});

describe('managing categories and labels', () => {
  const rows = categoryRows([cat('101', '餐饮', [cat('102', '早餐'), cat('103', '午餐')]), cat('110', '其他')]);

  it('lists two levels, each knowing its siblings', () => {
    expect(rows.map((r) => [r.id, r.level])).toEqual([
      ['101', 0],
      ['102', 1],
      ['103', 1],
      ['110', 0],
    ]);
    expect(rows[1]!.siblings).toEqual(['102', '103']);
    expect(rows[0]!.subIds).toEqual(['102', '103']);
  });

  it('moves an item one place within its level, never past the edge', () => {
    expect(moved(rows, rows[2]!, -1)).toEqual(['103', '102']);
    expect(moved(rows, rows[2]!, 1)).toBeUndefined();
    expect(moved(rows, rows[0]!, 1)).toEqual(['110', '101']);
    expect(moved(rows, rows[0]!, -1)).toBeUndefined();
  });

  it('moves accounts within their group only, sending the whole order', () => {
    const groups: AccountGroup[] = [
      { name: '现金', accounts: [acc('1', '现金'), acc('2', '现金')] },
      { name: '银行', accounts: [acc('3', '银行')] },
    ];
    const a = accountRows(groups);
    expect(moved(a, a[1]!, -1)).toEqual(['2', '1', '3']);
    expect(moved(a, a[1]!, 1)).toBeUndefined();
  });

  it('offers where records may go: same tree without itself and its children; same currency; none for labels', () => {
    expect(moveTargets('expense', rows, rows[0]!, '').map((x) => x.name)).toEqual(['其他']);
    expect(moveTargets('expense', rows, rows[1]!, '').map((x) => x.name)).toEqual(['餐饮', '餐饮 · 午餐', '其他']);
    const a = accountRows([{ name: 'g', accounts: [acc('1', 'g'), acc('2', 'g', 'USD'), acc('3', 'g')] }]);
    expect(moveTargets('accounts', a, a[0]!, '').map((x) => x.id)).toEqual(['3']);
    const l = labelRows([
      { id: '5', name: '爸爸', hidden: false, sort: 0, user_id: '9' },
      { id: '6', name: '妈妈', hidden: false, sort: 1, user_id: null },
    ]);
    expect(l[0]!.userMember).toBe(true);
    expect(moveTargets('members', l, l[1]!, '无成员')).toEqual([
      { id: '0', name: '无成员' },
      { id: '5', name: '爸爸' },
    ]);
  });
});
