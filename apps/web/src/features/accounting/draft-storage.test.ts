import type { UserInfo } from '@cab/contracts/client';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { useUserStore } from '../../stores/user.ts';
import { useDraft } from './draft.ts';
import { forgetDraft, keepDrafts, markOpened, readDraft, restoreDraft } from './draft-storage.ts';
import { savedText } from './saved-text.ts';

const user: UserInfo = {
  userid: '7',
  account: '13800138000',
  nickName: 'n',
  avatarUrl: '',
  phone: '',
  token: 't',
  tokenType: 'Bearer',
  has_password: false,
};

describe('a new record’s draft', () => {
  let stop: () => void;
  beforeEach(() => {
    localStorage.clear();
    useUserStore.getState().signIn(user, 'r');
    useDraft.getState().reset('b1', 'visit-1', true, 1_000);
    markOpened();
    stop = keepDrafts();
  });
  afterEach(() => stop());

  it('is kept once something is typed, per user and book, and forgotten when emptied', () => {
    useDraft.getState().setAmount('12.5');
    useDraft.getState().set({ remark: '午饭' });
    const kept = readDraft('b1');
    expect(kept).toMatchObject({ tab: 'Expense', amount: '12.5', remark: '午饭' });
    // The time was not chosen: a restored draft takes the time it is opened at.
    expect(kept?.time).toBeUndefined();
    expect(readDraft('b2')).toBeUndefined();
    useDraft.getState().setAmount('');
    useDraft.getState().set({ remark: '' });
    expect(readDraft('b1')).toBeUndefined();
  });

  it('comes back into a fresh form of the same book, with a chosen time', () => {
    useDraft.getState().setTab('Income');
    useDraft.getState().setAmount('8');
    useDraft.getState().set({ time: 5_000 });
    // A reload: the page's form starts afresh, then the draft is laid over it.
    useDraft.getState().reset('b1', 'visit-2', true, 9_000);
    markOpened();
    expect(restoreDraft('b1')).toBe(true);
    expect(useDraft.getState()).toMatchObject({ tab: 'Income', amount: '8', time: 5_000, visitKey: 'visit-2' });
    forgetDraft('b1');
    expect(restoreDraft('b1')).toBe(false);
  });

  it('keeps a chosen place alone, and brings it back only as a place the server takes', () => {
    const place = { name: '西湖', address: '杭州', latitude: 30.259244, longitude: 120.151634 };
    useDraft.getState().set({ place });
    expect(readDraft('b1')).toMatchObject({ place });
    useDraft.getState().reset('b1', 'visit-2', true, 9_000);
    markOpened();
    expect(restoreDraft('b1')).toBe(true);
    expect(useDraft.getState().place).toEqual(place);
    // A draft changed on the device: a place without coordinates is no place.
    localStorage.setItem('cab.recordDraft.7.b1', JSON.stringify({ ...readDraft('b1'), place: { name: '西湖' } }));
    useDraft.getState().reset('b1', 'visit-3', true, 9_000);
    expect(restoreDraft('b1')).toBe(true);
    expect(useDraft.getState().place).toBeNull();
  });

  it('is not kept for an edit of a stored record', () => {
    useDraft.setState({ editId: '55' });
    useDraft.getState().setAmount('3');
    expect(readDraft('b1')).toBeUndefined();
  });
});

describe('what saving says', () => {
  const alert = (subject_type: 'Category' | 'Book', subject_name: string, over_by: string) => ({
    budget_id: '1',
    subject_type,
    subject_name,
    recurrence_type: 'Month' as const,
    amount: '100.00',
    used: '0',
    over_by,
  });

  it('is 已保存 within the budgets, and names the overspent budget and by how much otherwise', () => {
    expect(savedText(undefined, false)).toBe('已保存');
    expect(savedText([], true)).toBe('已保存，接着记下一笔');
    expect(savedText([alert('Category', '餐饮', '1234.5')], false)).toBe('已保存。餐饮月预算已超支 1,234.50');
    expect(savedText([alert('Book', '', '2.00'), alert('Category', '餐饮', '1.00')], false)).toBe(
      '已保存。餐饮月预算已超支 1.00，另有 1 项预算也已超支',
    );
    expect(savedText([alert('Book', '', '2.00')], true)).toBe('已保存，接着记下一笔。总月预算已超支 2.00');
  });
});
