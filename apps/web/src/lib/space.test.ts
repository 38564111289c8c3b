import { describe, expect, it } from 'vitest';
import { formatMb, leftMb, usedShare } from './space.ts';

describe('cloud space as people read it', () => {
  it('reads MB below 1024 and GB from there, with two decimals at most', () => {
    expect(formatMb(100, 'zh-CN')).toBe('100 MB');
    expect(formatMb('0.98', 'zh-CN')).toBe('0.98 MB');
    expect(formatMb('1023.99', 'en')).toBe('1,023.99 MB');
    expect(formatMb(1024, 'en')).toBe('1 GB');
    expect(formatMb('1124.00', 'zh-CN')).toBe('1.1 GB');
    expect(formatMb(5120, 'zh-CN')).toBe('5 GB');
    expect(formatMb('not a number', 'en')).toBe('0 MB');
  });

  it('answers the share used and what is left, never below 0 or above the whole', () => {
    expect(usedShare('50.00', '100.00')).toBe(0.5);
    expect(usedShare('120.00', '100.00')).toBe(1);
    expect(usedShare('0.00', '0.00')).toBe(0);
    expect(usedShare('1.00', '0.00')).toBe(1);
    expect(leftMb('120.00', '100.00')).toBe(0);
    expect(leftMb('99.50', '100.00')).toBe(0.5);
  });
});
