import { describe, expect, it } from 'vitest';
import { MESSAGE_TEXTS, messageText } from './message-texts.ts';
import { placeholdersOf } from './messages.ts';

describe('the message center catalogue', () => {
  it('says the same things in both languages (the same placeholders in title and body)', () => {
    for (const [kind, def] of Object.entries(MESSAGE_TEXTS)) {
      expect(placeholdersOf(def.title.en), kind).toEqual(placeholdersOf(def.title['zh-CN']));
      expect(placeholdersOf(def.body.en), kind).toEqual(placeholdersOf(def.body['zh-CN']));
    }
  });

  it("fills a param given in every language with the reader's, and leaves what is not text visible", () => {
    const params = {
      bookName: '家庭账本',
      budgetName: { 'zh-CN': '总预算', en: 'the total budget' },
      period: { 'zh-CN': '本月', en: 'this month' },
      amount: '100.00',
      used: { nested: true },
    };
    expect(messageText('budget.overspent', params, 'zh-CN').body).toBe('「家庭账本」本月的总预算已超支：预算 100.00，已用 {used}');
    expect(messageText('budget.overspent', params, 'en').body).toBe(
      'In "家庭账本", the total budget for this month is overspent: {used} used of 100.00',
    );
  });

  it('reads an unknown kind as its name', () => {
    expect(messageText('gone.kind', {}, 'en')).toEqual({ title: 'gone.kind', body: '' });
  });
});
