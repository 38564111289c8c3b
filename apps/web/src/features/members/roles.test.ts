import type { PermissionNode } from '@cab/contracts/client';
import { describe, expect, it } from 'vitest';
import { activityText } from './activity.ts';
import { allowedCodes, allowedTree, rolePriceText, togglePermission } from './roles.ts';
import { TREE, activity } from './test-fixtures.ts';

describe('role texts', () => {
  it('prices a role as SPEC 3 says: free, or an amount per day, per person per day or once, in banana shell', () => {
    expect(rolePriceText({ price: '0', billing_type: 'PerDay' })).toBe('免费');
    expect(rolePriceText({ price: '0.00', billing_type: 'OneOff' })).toBe('免费');
    expect(rolePriceText({ price: '3', billing_type: 'PerDay' })).toBe('3 香蕉贝/天');
    expect(rolePriceText({ price: '1.5', billing_type: 'PerPersonPerDay' })).toBe('1.5 香蕉贝/人/天');
    expect(rolePriceText({ price: '99', billing_type: 'OneOff' })).toBe('99 香蕉贝/次');
  });
});

describe('the permission tree', () => {
  const tree: PermissionNode[] = TREE;

  it('ticks a child’s group with it and unticks a group’s children with it', () => {
    const on = togglePermission(new Set(), tree, '05000101', true);
    expect([...on].sort()).toEqual(['05', '05000101']);
    const both = togglePermission(on, tree, '010002', true);
    expect([...togglePermission(both, tree, '05', false)].sort()).toEqual(['01', '010002']);
    // Unticking a child leaves its group.
    expect([...togglePermission(both, tree, '05000101', false)].sort()).toEqual(['01', '010002', '05']);
  });

  it('reads the allowed codes of a tree, and its allowed part', () => {
    expect(allowedCodes(tree)).toEqual(['01', '010001', '02', '02000504']);
    expect(allowedTree(tree).map((g) => [g.code, g.children.map((c) => c.code)])).toEqual([
      ['01', ['010001']],
      ['02', ['02000504']],
    ]);
  });
});

describe('the activity log’s lines', () => {
  it('says what was done to what, naming it', () => {
    expect(activityText(activity('1', 'create', 'merchant', { name: '超市' }))).toBe('新增了商家“超市”');
    expect(activityText(activity('2', 'delete', 'categories', null, { name: '餐饮' }))).toBe('删除了分类“餐饮”');
    expect(activityText(activity('3', 'join', 'member', { nickname: '小红' }))).toBe('加入了账本');
    expect(activityText(activity('4', 'update', 'book', { name: '新家' }))).toBe('修改了账本“新家”');
    expect(activityText(activity('5', 'restore', 'book'))).toBe('恢复了账本');
    expect(activityText(activity('6', 'role', 'member', null, { role_id: '3' }))).toBe('修改了成员的角色');
    expect(activityText(activity('8', 'remove', 'member', null, { role_id: '3', nickname: '小明' }))).toBe('移除了成员“小明”');
    expect(activityText(activity('9', 'update', 'invite_setting', { link_validity: 7 }))).toBe('修改了默认邀请设置');
    expect(activityText(activity('10', 'add', 'member', { role_id: '3' }))).toBe('添加了成员');
    expect(activityText(activity('11', 'import', 'transaction', { count: 1000, ids: ['1', '2'] }))).toBe('导入了 1000 笔账');
  });

  it('still says something for words it does not know', () => {
    expect(activityText(activity('7', 'frobnicate', 'widget'))).toBe('变更了内容');
  });
});
