import { AMOUNT_MAX_MINOR } from '@cab/contracts/client';
import { describe, expect, it } from 'vitest';
import { groupTyped, moneyToTyped, pressKey, typedToMinor, typedToMoney, type PadKey } from './keypad.ts';

const type = (keys: PadKey[], from = '') => keys.reduce((typed, k) => pressKey(typed, k), from);
const chars = (s: string) => [...s].map((c) => (c === '<' ? 'back' : c === '±' ? 'sign' : c)) as PadKey[];

describe('the amount keypad', () => {
  it('types digits and one decimal point, with no leading zeros', () => {
    expect(type(chars('1234'))).toBe('1234');
    expect(type(chars('00012'))).toBe('12');
    expect(type(chars('.5'))).toBe('0.5');
    expect(type(chars('1..2.3'))).toBe('1.23');
    expect(type(chars('0.05'))).toBe('0.05');
  });

  it('takes at most two decimals', () => {
    expect(type(chars('12.345'))).toBe('12.34');
    expect(type(chars('0.999'))).toBe('0.99');
  });

  it('never goes past the largest amount', () => {
    expect(type(chars('99999999999'))).toBe('9999999999');
    expect(type(chars('9999999999.999'))).toBe('9999999999.99');
    expect(typedToMinor(type(chars('9999999999.99')))).toBe(AMOUNT_MAX_MINOR);
    expect(pressKey('100', '0', 10_000n)).toBe('100');
    expect(pressKey('99', '.', 10_000n)).toBe('99.');
  });

  it('deletes one character at a time, down to nothing', () => {
    expect(type(chars('12.3<'))).toBe('12.');
    expect(type(chars('12.3<<<<<'))).toBe('');
    expect(pressKey('', 'back')).toBe('');
  });

  it('switches the sign of a balance', () => {
    expect(type(chars('±12.5'))).toBe('-12.5');
    expect(type(chars('12±±'))).toBe('12');
    expect(type(chars('±5<'))).toBe('');
  });

  it('turns the typed text into the wire string and back, without floats', () => {
    expect(typedToMoney('')).toBe('0.00');
    expect(typedToMoney('12.')).toBe('12.00');
    expect(typedToMoney('0.1')).toBe('0.10');
    expect(typedToMoney('-8.5')).toBe('-8.50');
    expect(typedToMinor('1234.56')).toBe(123456n);
    expect(moneyToTyped('12.30')).toBe('12.3');
    expect(moneyToTyped('5.00')).toBe('5');
    expect(moneyToTyped('0.05')).toBe('0.05');
  });

  it('shows thousands separators while typing', () => {
    expect(groupTyped('1234567.8')).toBe('1,234,567.8');
    expect(groupTyped('1234.')).toBe('1,234.');
    expect(groupTyped('')).toBe('0');
    expect(groupTyped('-1000')).toBe('-1,000');
  });
});
