import { describe, expect, it } from 'vitest';
import { amountProblem, typedToWire, typingProblem, wireToTyped } from './amount-rules.ts';

describe('a money field refuses what it cannot take, and never rewrites it', () => {
  it('takes digits and one point with two decimals at most, as they are typed', () => {
    for (const ok of ['', '1', '12.', '0.5', '.5', '9999999999.99', '007']) expect(typingProblem(ok), ok).toBeUndefined();
  });

  it('says why it refuses a negative amount, an exponent, letters, a third decimal or too much', () => {
    expect(typingProblem('-5')).toEqual({ key: 'record.amount.negative' });
    expect(typingProblem('1e3')).toEqual({ key: 'record.amount.onlyDigits', vars: { text: 'e' } });
    expect(typingProblem('1.2.3')).toEqual({ key: 'record.amount.onlyDigits', vars: { text: '.' } });
    expect(typingProblem('12,000')).toEqual({ key: 'record.amount.onlyDigits', vars: { text: ',' } });
    expect(typingProblem('1.234')).toEqual({ key: 'record.amount.decimals' });
    expect(typingProblem('10000000000')).toEqual({ key: 'record.amount.tooHigh', vars: { max: '9,999,999,999.99' } });
    expect(typingProblem('1000001', { maxMinor: 100_000_000n })).toEqual({ key: 'record.amount.tooHigh', vars: { max: '1,000,000.00' } });
  });

  it('must be there and above zero to be saved (zero where the field allows it)', () => {
    expect(amountProblem('')).toEqual({ key: 'record.amount.empty' });
    expect(amountProblem('0')).toEqual({ key: 'record.amount.zero' });
    expect(amountProblem('0.00')).toEqual({ key: 'record.amount.zero' });
    expect(amountProblem('0', { zero: true })).toBeUndefined();
    expect(amountProblem('.')).toEqual({ key: 'record.amount.onlyDigits', vars: { text: '.' } });
    expect(amountProblem('0.01')).toBeUndefined();
    expect(amountProblem('12.')).toBeUndefined();
  });

  it('goes on the wire with two decimals, and comes back as typed', () => {
    expect(typedToWire('1000')).toBe('1000.00');
    expect(typedToWire('12.')).toBe('12.00');
    expect(typedToWire('007.5')).toBe('7.50');
    expect(wireToTyped('1000.00')).toBe('1000');
    expect(wireToTyped('12.50')).toBe('12.5');
    expect(wireToTyped('100.05')).toBe('100.05');
  });
});
