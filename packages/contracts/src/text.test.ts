import { describe, expect, it } from 'vitest';
import { Text } from './common.ts';
import { FeedbackRequest } from './feedback.ts';
import { clipGraphemes, graphemeLength } from './text.ts';

const FAMILY = '👨‍👩‍👧‍👦'; // four people joined by ZWJ: 11 UTF-16 units
const FLAG = '🇨🇳'; // two regional indicators: 4 units
const THUMB = '👍🏽'; // with a skin tone: 4 units
const ACCENT = 'e\u0301'; // e + combining acute: 2 units

describe('graphemeLength', () => {
  it('counts what a person sees', () => {
    expect(graphemeLength('')).toBe(0);
    expect(graphemeLength('abc')).toBe(3);
    expect(graphemeLength('家庭账本')).toBe(4);
    expect(graphemeLength('😀')).toBe(1);
    expect(graphemeLength(FAMILY)).toBe(1);
    expect(graphemeLength(FLAG)).toBe(1);
    expect(graphemeLength(THUMB)).toBe(1);
    expect(graphemeLength(ACCENT)).toBe(1);
    expect(graphemeLength('a\r\nb')).toBe(3);
    expect(graphemeLength(`午饭${FAMILY}${FLAG}x`)).toBe(5);
  });
});

describe('clipGraphemes', () => {
  it('keeps the first graphemes whole', () => {
    expect(clipGraphemes(`${FAMILY}${FAMILY}${FAMILY}`, 2)).toBe(`${FAMILY}${FAMILY}`);
    expect(clipGraphemes(`ab${FLAG}c`, 3)).toBe(`ab${FLAG}`);
    expect(clipGraphemes('家庭账本', 2)).toBe('家庭');
    expect(clipGraphemes('short', 20)).toBe('short');
  });
});

describe('Text counts graphemes', () => {
  it('takes as many emoji, flags and ZWJ sequences as characters', () => {
    const name = Text(4);
    expect(name.safeParse(`${FAMILY}${FLAG}${THUMB}😀`).success).toBe(true);
    expect(name.safeParse('账本名字').success).toBe(true);
    expect(name.safeParse(`${FAMILY}${FLAG}${THUMB}😀x`).success).toBe(false);
    expect(name.safeParse('账本名字x').success).toBe(false);
  });

  it('refuses one grapheme too many with a too_big issue of a string', () => {
    const r = Text(2).safeParse('😀😀😀');
    expect(r.success).toBe(false);
    expect(r.error?.issues[0]).toMatchObject({ code: 'too_big', origin: 'string', maximum: 2 });
  });

  it('refuses absurdly long text without counting it', () => {
    expect(Text(2).safeParse('\u0301'.repeat(10_000)).success).toBe(false);
  });
});

const FAMILY3 = '\u{1F468}\u200D\u{1F469}\u200D\u{1F467}';
const FLAG2 = '\u{1F1E8}\u{1F1F3}';

describe('graphemeLength (the feedback form)', () => {
  it('counts what people see: an emoji sequence, a flag or a letter with its accent once', () => {
    expect(graphemeLength('')).toBe(0);
    expect(graphemeLength('记账')).toBe(2);
    expect(graphemeLength(FAMILY3)).toBe(1);
    expect(FAMILY3.length).toBe(8);
    expect(graphemeLength(`${FLAG2}e\u0301a`)).toBe(3);
    expect(graphemeLength('a\r\nb')).toBe(3);
  });

  it('clips at a grapheme, never inside one', () => {
    expect(clipGraphemes(`ab${FAMILY3}cd`, 3)).toBe(`ab${FAMILY3}`);
    expect(clipGraphemes(`${FAMILY3}${FAMILY3}`, 1)).toBe(FAMILY3);
    expect(clipGraphemes('abc', 5)).toBe('abc');
    expect(clipGraphemes('abc', 0)).toBe('');
  });
});

describe('a text counted in graphemes', () => {
  it('takes up to its limit in graphemes whatever their size in code units, and says too long past it', () => {
    expect(FeedbackRequest.safeParse({ content: FAMILY3.repeat(500) }).success).toBe(true);
    const over = FeedbackRequest.safeParse({ content: FAMILY3.repeat(501) });
    expect(over.success).toBe(false);
    expect(over.error?.issues[0]).toMatchObject({ code: 'too_big', origin: 'string', maximum: 500, path: ['content'] });
    expect(FeedbackRequest.safeParse({ content: ` ${'字'.repeat(500)} ` }).success).toBe(true);
  });
});
