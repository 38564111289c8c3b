import { describe, expect, it } from 'vitest';
import { ACCOUNT_TYPES } from './accounting-rules.ts';
import {
  ACCOUNT_ICONS,
  ACCOUNT_TYPE_ICONS,
  CATEGORY_ICONS,
  DEFAULT_CATEGORY_ICON,
  EMOJI_TO_CATEGORY_ICON,
  type CategoryIconName,
} from './dimension-icons.ts';

const EMOJI = /\p{Extended_Pictographic}/u;
const NAME = /^[a-z][a-z0-9-]{0,31}$/;

describe('category and account icons', () => {
  it('are unique kebab-case names, never emoji', () => {
    for (const list of [CATEGORY_ICONS, ACCOUNT_ICONS]) {
      expect(new Set(list).size).toBe(list.length);
      for (const name of list) {
        expect(name).toMatch(NAME);
        expect(name).not.toMatch(EMOJI);
      }
    }
    expect(CATEGORY_ICONS).toContain(DEFAULT_CATEGORY_ICON);
  });

  it('turn every emoji that categories had into a name of the set', () => {
    const pairs = Object.entries(EMOJI_TO_CATEGORY_ICON);
    expect(pairs.length).toBeGreaterThan(40);
    for (const [emoji, name] of pairs) {
      expect(emoji, name).toMatch(EMOJI);
      expect(CATEGORY_ICONS, emoji).toContain(name);
    }
  });

  it('give every account type an icon of the set', () => {
    for (const type of ACCOUNT_TYPES) expect(ACCOUNT_ICONS, type).toContain(ACCOUNT_TYPE_ICONS[type]);
    expect(new Set(Object.values(ACCOUNT_TYPE_ICONS)).size).toBe(ACCOUNT_TYPES.length);
  });

  it('type the names, so a misspelt one does not compile', () => {
    const name: CategoryIconName = 'food';
    // @ts-expect-error an emoji is not an icon name
    const emoji: CategoryIconName = '🍜';
    expect([name, emoji]).toHaveLength(2);
  });
});
