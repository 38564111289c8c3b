import { describe, expect, it } from 'vitest';
import { compareVersion, ellipsis, formatAmount, hasEmoji, maskPhone, stripHtml } from './format.ts';
import { isLoggedIn, loginFailureOutcome } from './session.ts';
import { mergeSettings, settingKey } from './settings.ts';

describe('session rules', () => {
  it('is logged in only when both userid and account exist', () => {
    expect(isLoggedIn({ userid: '1', account: '138' })).toBe(true);
    expect(isLoggedIn({ userid: '1', account: '' })).toBe(false);
    expect(isLoggedIn({ account: '138' })).toBe(false);
    expect(isLoggedIn(null)).toBe(false);
  });

  it('rethrows a phone-binding login failure and keeps the flag; other failures clear it', () => {
    expect(loginFailureOutcome('relatesWxPhoneOfSui', true)).toEqual({ loggedIn: true, rethrow: true });
    expect(loginFailureOutcome('relatesWxPhoneOfSui', false)).toEqual({ loggedIn: false, rethrow: true });
    expect(loginFailureOutcome('code', true)).toEqual({ loggedIn: false, rethrow: false });
  });
});

describe('app settings', () => {
  it('camelCases dotted and dashed keys and renames corporation to merchant', () => {
    expect(settingKey('show.corporation-name')).toBe('showMerchantName');
    expect(settingKey('corporation.list')).toBe('merchantList');
    expect(settingKey('Corporation')).toBe('Merchant');
    expect(settingKey('default.book_id')).toBe('defaultBook_id');
    expect(settingKey('amount-hidden')).toBe('amountHidden');
  });

  it('merges server configs over defaults', () => {
    expect(mergeSettings({ amountHidden: false, theme: 'light' }, [{ key: 'amount-hidden', value: true }])).toEqual({
      amountHidden: true,
      theme: 'light',
    });
  });
});

describe('formatting', () => {
  it('compares versions numerically per segment', () => {
    expect(compareVersion('1.10.0', '1.9.9')).toBe(1);
    expect(compareVersion('1.5.9', '1.5.9')).toBe(0);
    expect(compareVersion('1.5', '1.5.1')).toBe(-1);
    expect(compareVersion('2', '10')).toBe(-1);
  });

  it('cuts text with an ellipsis after a length', () => {
    expect(ellipsis('家庭账本日常开销', 4)).toBe('家庭账本...');
    expect(ellipsis('短', 4)).toBe('短');
    expect(ellipsis('😀😀😀', 2)).toBe('😀😀...');
  });

  it('formats amounts with thousands separators, exactly, or masks them', () => {
    expect(formatAmount('1234567.8')).toBe('1,234,567.80');
    expect(formatAmount('-1000')).toBe('-1,000.00');
    expect(formatAmount('0.05')).toBe('0.05');
    expect(formatAmount('90071992547409931.23')).toBe('90,071,992,547,409,931.23');
    expect(formatAmount(12.5)).toBe('12.50');
    expect(formatAmount('1234', true)).toBe('****');
  });

  it('detects emoji', () => {
    expect(hasEmoji('早餐🍜')).toBe(true);
    expect(hasEmoji('🇨🇳')).toBe(true);
    expect(hasEmoji('早餐 12.5 元')).toBe(false);
  });

  it('strips HTML tags, non-breaking spaces and line breaks, then trims', () => {
    expect(stripHtml('  <p>你好&nbsp;<b>世界</b></p>\n<br/>  ')).toBe('你好 世界');
    expect(stripHtml('a\u00a0b\r\nc')).toBe('a bc');
  });

  it('masks the middle of a phone number', () => {
    expect(maskPhone('13800138000')).toBe('138****8000');
  });
});
