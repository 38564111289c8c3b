import { describe, expect, it } from 'vitest';
import { amountError, amountFilter, isOver, typedAmount, wireAmount } from './amount.ts';

describe('budget amounts', () => {
  it('take digits and one point with two decimals at most, as they are typed', () => {
    expect(amountFilter('12a3.456')).toBe('123.45');
    expect(amountFilter('-5')).toBe('5');
    expect(amountFilter('007')).toBe('7');
    expect(amountFilter('0.5')).toBe('0.5');
    expect(amountFilter('12345678901')).toBe('1234567890');
  });

  it('must be above zero and at most 9,999,999,999.99', () => {
    expect(amountError('')).toBe('budgets.amount.empty');
    expect(amountError('0')).toBe('budgets.amount.zero');
    expect(amountError('0.00')).toBe('budgets.amount.zero');
    expect(amountError('0.01')).toBeUndefined();
    expect(amountError('12.')).toBeUndefined();
    expect(amountError('9999999999.99')).toBeUndefined();
    expect(amountError('.5')).toBe('budgets.amount.invalid');
  });

  it('go on the wire with two decimals, and come back as typed', () => {
    expect(wireAmount('1000')).toBe('1000.00');
    expect(wireAmount('12.')).toBe('12.00');
    expect(wireAmount('0.5')).toBe('0.50');
    expect(typedAmount('1000.00')).toBe('1000');
    expect(typedAmount('12.50')).toBe('12.5');
    expect(typedAmount('100.05')).toBe('100.05');
  });

  it('warn past 100%', () => {
    expect(isOver({ percent_used: 100, overspent: false })).toBe(false);
    expect(isOver({ percent_used: 100.1, overspent: true })).toBe(true);
  });
});
