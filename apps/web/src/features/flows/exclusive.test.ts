import { describe, expect, it } from 'vitest';
import {
  ALL_CHOICE,
  ALL_VIEW,
  chipsOf,
  parseChip,
  parseExclusive,
  pickWithAll,
  serializeExclusive,
  shownChoice,
  viewQuery,
} from './exclusive.ts';
import { chipMetrics, pruneView, viewNamesItems } from './flow-index.ts';

describe('the exclusive view preference', () => {
  it('reads a stored view', () => {
    expect(parseExclusive('{"types":["Income","Expense"],"accounts":["12"],"members":["0","7"]}')).toEqual({
      types: ['Expense', 'Income'],
      accounts: ['12'],
      members: ['0', '7'],
    });
  });

  it('reads nothing, or everything, as no view', () => {
    for (const v of [undefined, null, '', 'not json', '[]', '"x"', 'null', '{}', '{"types":[],"accounts":[],"members":[]}']) {
      expect(parseExclusive(v)).toBeUndefined();
    }
    expect(parseExclusive(serializeExclusive(ALL_VIEW))).toBeUndefined();
  });

  it('drops what it cannot use rather than failing the flow page', () => {
    expect(
      parseExclusive(
        '{"types":["Expense","Template","Loan",3,"Expense"],"accounts":["0","x","12",12,"12"],"members":["0","-1","007","5"]}',
      ),
    ).toEqual({ types: ['Expense'], accounts: ['12'], members: ['0', '5'] });
    // No readable type: every type (the view still filters accounts).
    expect(parseExclusive('{"types":"Expense","accounts":["3"]}')).toEqual({
      types: ['Expense', 'Income', 'Transfer', 'Balance'],
      accounts: ['3'],
      members: [],
    });
  });

  it('stores a view and clears one that keeps everything', () => {
    const v = { types: ['Transfer', 'Expense'] as const, accounts: ['1'], members: [] };
    const text = serializeExclusive({ ...v, types: [...v.types] });
    expect(JSON.parse(text)).toEqual({ types: ['Expense', 'Transfer'], accounts: ['1'], members: [] });
    expect(parseExclusive(text)).toEqual({ types: ['Expense', 'Transfer'], accounts: ['1'], members: [] });
    expect(serializeExclusive(ALL_VIEW)).toBe('');
    expect(serializeExclusive(undefined)).toBe('');
  });

  it('turns a view and a chip into the flow query', () => {
    expect(viewQuery(undefined, 'all')).toEqual({});
    expect(viewQuery(undefined, 'Transfer')).toEqual({ category_types: ['Transfer'] });
    const view = { types: ['Expense' as const, 'Balance' as const], accounts: ['3'], members: ['0'] };
    expect(viewQuery(view, 'all')).toEqual({ category_types: ['Expense', 'Balance'], account_ids: ['3'], member_ids: ['0'] });
    expect(viewQuery(view, 'Expense')).toEqual({ category_types: ['Expense'], account_ids: ['3'], member_ids: ['0'] });
    expect(viewQuery({ ...ALL_VIEW, accounts: ['3'] }, 'all')).toEqual({ account_ids: ['3'] });
  });

  it('offers the chips of the view’s types', () => {
    expect(chipsOf(undefined)).toEqual(['all', 'Expense', 'Income', 'Transfer']);
    expect(chipsOf({ types: ['Income', 'Balance'], accounts: [], members: [] })).toEqual(['all', 'Income']);
    expect(parseChip('Income')).toBe('Income');
    expect(parseChip('Balance')).toBe('all');
    expect(parseChip(null)).toBe('all');
    expect(chipMetrics('all')).toEqual(['EXPENSE', 'INCOME']);
    expect(chipMetrics('Transfer')).toEqual(['TRANSFER']);
  });

  it('leaves out accounts and members the book no longer has', () => {
    const view = { types: ['Expense' as const], accounts: ['1', '2'], members: ['0', '5', '6'] };
    expect(viewNamesItems(view)).toBe(true);
    expect(viewNamesItems({ ...ALL_VIEW, types: ['Expense'] })).toBe(false);
    expect(pruneView(view, new Set(['2']), new Set(['6']))).toEqual({ types: ['Expense'], accounts: ['2'], members: ['0', '6'] });
  });

  it('makes "all" and the items of a multiple choice exclude each other', () => {
    expect(shownChoice([])).toEqual([ALL_CHOICE]);
    // From all: picking one item keeps that item only.
    expect(pickWithAll([], [ALL_CHOICE, '3'])).toEqual(['3']);
    expect(pickWithAll(['3'], ['3', '4'])).toEqual(['3', '4']);
    // Picking "all" clears the items; clearing the last item means all again.
    expect(pickWithAll(['3', '4'], ['3', '4', ALL_CHOICE])).toEqual([]);
    expect(pickWithAll(['3'], [])).toEqual([]);
    expect(pickWithAll([], [])).toEqual([]);
  });
});
