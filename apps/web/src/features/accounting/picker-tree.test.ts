import type { AccountGroup, CategoryItem, LabelItem } from '@cab/contracts/client';
import { describe, expect, it } from 'vitest';
import { pickerStyleOf } from './picker-style.ts';
import {
  accountTree,
  categoryColumns,
  categoryTree,
  filterNodes,
  labelTree,
  openColumn,
  pickerSections,
  searchable,
} from './picker-tree.ts';

const cat = (id: string, name: string, subs: CategoryItem[] = [], hidden = false): CategoryItem => ({
  id,
  name,
  type: 'Expense',
  icon: 'food',
  hidden,
  parent_id: null,
  sort: 0,
  sub_categories: subs.map((s) => ({ ...s, parent_id: id })),
});
const label = (id: string, name: string): LabelItem => ({ id, name, hidden: false, sort: 0, user_id: null });
const names = { recent: '最近使用', all: '全部' };

const food = cat('101', '餐饮', [cat('102', '早餐'), cat('103', '午餐')]);
const home = cat('110', '居住', [cat('111', '房租')]);
const other = cat('120', '其他');

describe('the picker trees (SPEC 3)', () => {
  it('puts recently used first (id -1), then the root all (id 1) with the two levels, subs renamed', () => {
    const tree = categoryTree([food, home, other], [cat('111', '房租'), cat('102', '早餐')], names);
    expect(tree.map((n) => [n.id, n.name])).toEqual([
      ['-1', '最近使用'],
      ['1', '全部'],
    ]);
    expect(tree[0]!.subs.map((n) => n.id)).toEqual(['111', '102']);
    // A recent item carries its first level's name, as in the tree.
    expect(tree[0]!.subs[0]!.parentName).toBe('居住');
    const root = tree[1]!;
    expect(root.subs.map((n) => n.id)).toEqual(['101', '110', '120']);
    expect(root.subs[0]!.subs.map((n) => n.name)).toEqual(['早餐', '午餐']);
    expect(root.subs[0]!.icon).toBe('food');
  });

  it('has no recent node when nothing was used, and leaves out recent items that are gone or hidden', () => {
    expect(categoryTree([food], [], names).map((n) => n.id)).toEqual(['1']);
    const tree = categoryTree(
      [cat('101', '餐饮', [cat('102', '早餐'), cat('103', '午餐', [], true)])],
      [cat('999', '已删除'), cat('103', '午餐')],
      names,
    );
    expect(tree.map((n) => n.id)).toEqual(['1']);
  });

  it('gives members, merchants and projects the empty item (id 0), so an empty list still offers none', () => {
    const empty = labelTree([], [], { ...names, none: '无项目' });
    expect(empty).toEqual([{ id: '1', name: '全部', subs: [{ id: '0', name: '无项目', subs: [] }] }]);
    const members = labelTree([label('201', '爸爸'), label('202', '妈妈')], [label('202', '妈妈')], { ...names, none: '无成员' });
    expect(members[0]!.subs.map((n) => n.name)).toEqual(['妈妈']);
    expect(members[1]!.subs.map((n) => n.id)).toEqual(['0', '201', '202']);
  });

  it('groups accounts (accounts renamed subs) with their balances', () => {
    const groups: AccountGroup[] = [
      {
        name: '现金',
        accounts: [
          { id: '301', name: '钱包', type: 'Cash', balance: '12.50', currency: 'CNY', group_name: '现金', hidden: false, sort: 0 },
        ],
      },
    ];
    const tree = accountTree(groups, [], names);
    expect(tree).toHaveLength(1);
    expect(tree[0]!.subs[0]!.name).toBe('现金');
    expect(tree[0]!.subs[0]!.subs[0]).toMatchObject({ id: '301', balance: '12.50', currency: 'CNY', type: 'Cash' });
  });

  it('searches every pickable item once, by its name or its first level', () => {
    const items = searchable(categoryTree([food, home, other], [cat('102', '早餐')], names));
    expect(items.map((n) => n.id)).toEqual(['102', '103', '111', '120']);
    expect(filterNodes(items, '餐').map((n) => n.name)).toEqual(['早餐', '午餐']);
    expect(filterNodes(items, ' 房 ').map((n) => n.name)).toEqual(['房租']);
    expect(filterNodes(items, '')).toHaveLength(4);
    expect(filterNodes(searchable(labelTree([label('201', 'Alice')], [], { ...names, none: 'No member' })), 'alice')).toHaveLength(1);
  });
});

describe('the sections and the list style (SPEC 3: flat by default, list on request)', () => {
  it('gives both styles recently used first, then the leaves, then each group with its children', () => {
    const sections = pickerSections(categoryTree([food, home, other], [cat('111', '房租')], names))!;
    expect(sections.map((s) => [s.id, s.title, s.nodes.map((n) => n.id), s.recent ?? false])).toEqual([
      ['recent', '最近使用', ['111'], true],
      ['all', '', ['120'], false],
      ['101', '餐饮', ['102', '103'], false],
      ['110', '居住', ['111'], false],
    ]);
    const members = pickerSections(labelTree([label('201', '爸爸')], [], { ...names, none: '无成员' }))!;
    expect(members.map((s) => [s.title, s.nodes.map((n) => n.name)])).toEqual([['全部', ['无成员', '爸爸']]]);
    expect(pickerSections(categoryTree([], [], names))).toBeUndefined();
  });

  it('puts the first level in the left column (recently used first) and its second level, or itself, on the right', () => {
    const columns = categoryColumns(categoryTree([food, home, other], [cat('103', '午餐')], names));
    expect(columns.map((c) => [c.id, c.name, c.items.map((n) => n.name), c.recent ?? false])).toEqual([
      ['-1', '最近使用', ['午餐'], true],
      ['101', '餐饮', ['早餐', '午餐'], false],
      ['110', '居住', ['房租'], false],
      ['120', '其他', ['其他'], false],
    ]);
    expect(columns[1]!.icon).toBe('food');
    // It opens on the chosen item's first level (not its recently used copy), else on the first column.
    expect(openColumn(columns, '103')).toBe('101');
    expect(openColumn(columns, '120')).toBe('120');
    expect(openColumn(columns, undefined)).toBe('-1');
    expect(openColumn(categoryColumns(categoryTree([food], [], names)), 'gone')).toBe('101');
    expect(openColumn([], undefined)).toBeUndefined();
  });

  it('reads the stored style, flat unless it says list', () => {
    expect(pickerStyleOf('list')).toBe('list');
    expect(pickerStyleOf('flat')).toBe('flat');
    expect(pickerStyleOf(undefined)).toBe('flat');
    expect(pickerStyleOf('tiles')).toBe('flat');
  });
});
