import { describe, expect, it } from 'vitest';
import { LoginRequest, Phone } from './auth.ts';
import { Money } from './common.ts';
import { minorToMoney, moneyToMinor } from './money.ts';
import { stringToSign } from './signing.ts';

describe('money on the wire', () => {
  it('round-trips minor units and decimal strings exactly', () => {
    expect(minorToMoney(1234n)).toBe('12.34');
    expect(minorToMoney(-5)).toBe('-0.05');
    expect(minorToMoney('900719925474099312')).toBe('9007199254740993.12');
    expect(moneyToMinor('12.3')).toBe(1230n);
    expect(moneyToMinor('-0.05')).toBe(-5n);
    expect(moneyToMinor('9007199254740993.12')).toBe(900719925474099312n);
  });

  it('refuses more than two decimals, floats in exponent form and junk', () => {
    for (const bad of ['1.234', '1e3', '01.00', '', '.5', 'abc', '1.']) expect(Money.safeParse(bad).success, bad).toBe(false);
    expect(() => moneyToMinor('1.234')).toThrow(RangeError);
  });
});

describe('auth contracts', () => {
  it('normalises phones and refuses non-mobile numbers', () => {
    expect(Phone.parse('+8613800138000')).toBe('13800138000');
    expect(Phone.safeParse('12800138000').success).toBe(false);
  });

  it('tells login types apart', () => {
    expect(LoginRequest.safeParse({ type: 'code', phone: '13800138000', code: '123456' }).success).toBe(true);
    expect(LoginRequest.safeParse({ type: 'code', phone: '13800138000' }).success).toBe(false);
    expect(LoginRequest.safeParse({ type: 'magic' }).success).toBe(false);
  });
});

describe('signing', () => {
  it('joins the parts with newlines and upper-cases the method', () => {
    expect(stringToSign({ clientKey: 'k', nonce: 'n', timestamp: '1', method: 'get', pathWithQuery: '/a?b=1', bodySha256: 'h' })).toBe(
      'k\nn\n1\nGET\n/a?b=1\nh',
    );
  });
});
