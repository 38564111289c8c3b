import { describe, expect, it } from 'vitest';
import { isOver } from './amount.ts';

describe('budget amounts', () => {
  it('warn past 100%', () => {
    expect(isOver({ percent_used: 100, overspent: false })).toBe(false);
    expect(isOver({ percent_used: 100.1, overspent: true })).toBe(true);
  });
});
