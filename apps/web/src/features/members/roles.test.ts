import type { PermissionNode } from '@cab/contracts/client';
import { describe, expect, it } from 'vitest';
import { allowedCodes, allowedTree, rolePriceText, togglePermission } from './roles.ts';
import { TREE } from './test-fixtures.ts';

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
