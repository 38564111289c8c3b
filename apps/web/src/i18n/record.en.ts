import type { Texts } from './zh-CN.ts';
import type { recordZhCN } from './record.zh-CN.ts';

export const recordEn: Texts<typeof recordZhCN> = {
  amount: {
    onlyDigits: 'An amount takes digits and one decimal point only; “{{text}}” was not taken',
    negative: 'An amount cannot be negative',
    decimals: 'An amount has at most two decimals',
    tooHigh: 'An amount may be at most {{max}}',
    empty: 'Enter an amount',
    zero: 'The amount must be above 0',
  },
  book: 'Book',
  bookLoading: 'Checking the book…',
  notMember: 'You are not in this book and cannot record in it',
  notMemberHint: 'The link leads to a book that is not in your book list. Ask its admin to invite you, or go back to your own books.',
  viewTitle: 'Record details',
  readOnly: 'Read-only: your role in this book may only view records',
  draftRestored: 'Your unsaved draft is back',
  draftDiscard: 'Discard draft',
  draftDiscarded: 'Draft discarded',
  remembered: 'From last time',
  rememberedHint: '{{fields}} as in your last {{type}}',
  forget: 'Clear',
  overspent: 'Saved. The {{name}} {{period}} budget is over by {{amount}}',
  overspentMany: 'Saved. The {{name}} {{period}} budget is over by {{amount}}, and {{more}} more budgets are over too',
  savedAgainOverspent: 'Saved. Record the next one. The {{name}} {{period}} budget is over by {{amount}}',
  totalBudget: 'total',
  periods: { Day: 'daily', Week: 'weekly', Month: 'monthly', Season: 'quarterly', Year: 'yearly', ALL: 'long-term' },
  recordReadOnly: 'Your role in this book may view records, not add them',
};
