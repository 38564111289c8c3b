import { describe, expect, it } from 'vitest';
import { FeedbackRequest } from './feedback.ts';
import { clipGraphemes, graphemeLength } from './text.ts';

const FAMILY = '\u{1F468}\u200D\u{1F469}\u200D\u{1F467}';
const FLAG = '\u{1F1E8}\u{1F1F3}';

describe('graphemeLength', () => {
  it('counts what people see: an emoji sequence, a flag or a letter with its accent once', () => {
    expect(graphemeLength('')).toBe(0);
    expect(graphemeLength('记账')).toBe(2);
    expect(graphemeLength(FAMILY)).toBe(1);
    expect(FAMILY.length).toBe(8);
    expect(graphemeLength(`${FLAG}e\u0301a`)).toBe(3);
    expect(graphemeLength('a\r\nb')).toBe(3);
  });

  it('clips at a grapheme, never inside one', () => {
    expect(clipGraphemes(`ab${FAMILY}cd`, 3)).toBe(`ab${FAMILY}`);
    expect(clipGraphemes(`${FAMILY}${FAMILY}`, 1)).toBe(FAMILY);
    expect(clipGraphemes('abc', 5)).toBe('abc');
    expect(clipGraphemes('abc', 0)).toBe('');
  });
});

describe('a text counted in graphemes', () => {
  it('takes up to its limit in graphemes whatever their size in code units, and says too long past it', () => {
    expect(FeedbackRequest.safeParse({ content: FAMILY.repeat(500) }).success).toBe(true);
    const over = FeedbackRequest.safeParse({ content: FAMILY.repeat(501) });
    expect(over.success).toBe(false);
    expect(over.error?.issues[0]).toMatchObject({ code: 'too_big', origin: 'string', maximum: 500, path: ['content'] });
    expect(FeedbackRequest.safeParse({ content: ` ${'字'.repeat(500)} ` }).success).toBe(true);
  });
});
