import { describe, expect, it } from 'vitest';
import { Name, Text } from './common.ts';
import { looksEmpty, stripDirectionControls } from './text-rules.ts';

const ZERO_WIDTH = ['\u200b', '\u200c', '\u200d', '\u2060', '\ufeff'];
const DIRECTION = ['\u202a', '\u202b', '\u202c', '\u202d', '\u202e', '\u2066', '\u2067', '\u2068', '\u2069'];
const issue = (r: { error?: { issues: Array<{ message: string }> } }) => r.error?.issues[0]?.message;

describe('looksEmpty', () => {
  it('is true for whitespace and characters that draw nothing, alone or mixed', () => {
    for (const c of [...ZERO_WIDTH, ...DIRECTION, '\u200e', '\u3164', '\u2800', '\u00ad', '\ufe0f', '\u{e0020}']) {
      expect(looksEmpty(c), c.codePointAt(0)!.toString(16)).toBe(true);
      expect(looksEmpty(` ${c}\u3000\n${c}\t`)).toBe(true);
    }
    expect(looksEmpty('')).toBe(true);
  });

  it('is false as soon as one character draws something', () => {
    for (const v of ['a', '\u200bx', '家', '👨‍👩‍👧', '❤️', '.', '\u0301']) expect(looksEmpty(v), v).toBe(false);
  });
});

describe('the Text type', () => {
  it('makes a text that looks empty empty: optional free text stores nothing, a required one is refused', () => {
    expect(Text(100, { multiline: true }).parse('\u200b\n\u2060 ')).toBe('');
    expect(issue(Text(100, { min: 1, multiline: true }).safeParse('\ufeff\u200c'))).toBe('must not be empty');
  });

  it('refuses the embeddings and overrides in any text, and keeps the isolates in free text', () => {
    for (const c of DIRECTION.slice(0, 5)) expect(issue(Text(100).safeParse(`a${c}b`))).toBe('validation.directionControls');
    expect(Text(100).parse('\u2067عربي 12\u2069 ok')).toBe('\u2067عربي 12\u2069 ok');
  });

  it('refuses every direction control in a name, and every name that looks empty', () => {
    const name = Name(20);
    for (const c of DIRECTION) expect(issue(name.safeParse(`Ali${c}ce`))).toBe('validation.directionControls');
    for (const c of ZERO_WIDTH) {
      expect(issue(name.safeParse(c))).toBe('must not be empty');
      expect(issue(name.safeParse(` ${c} ${c} `))).toBe('must not be empty');
    }
    expect(name.parse(' 👨‍👩‍👧 小明 ')).toBe('👨‍👩‍👧 小明');
  });
});

describe('stripDirectionControls', () => {
  it('takes every control out of a name, and only embeddings and overrides out of free text', () => {
    const all = DIRECTION.join('');
    expect(stripDirectionControls(`a${all}b`, true)).toBe('ab');
    expect(stripDirectionControls(`a${all}b`, false)).toBe('a\u2066\u2067\u2068\u2069b');
  });
});
