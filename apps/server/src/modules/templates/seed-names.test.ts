import { BookName, DimensionName, Nickname, defaultNickname } from '@cab/contracts';
import { describe, expect, it } from 'vitest';
import { NAMES_EN } from '../../../db/seed/template-names-en.ts';
import { contentNames, TEMPLATES } from '../../../db/seed/templates.ts';

/**
 * Names a book gets from its template go in without a request, so the seed is held to
 * the name rule a request is (docs/decisions.md, "Text that looks empty"): every
 * template, category, account, group, member, merchant and project name, in both
 * languages, is one a client could have typed, unchanged by the rule.
 */
describe('names the server writes by itself', () => {
  it('from the seeded templates follow the name rule', () => {
    for (const tpl of TEMPLATES) {
      for (const name of [tpl.name, tpl.name_en]) expect(BookName.safeParse(name).data, `${tpl.code}: ${name}`).toBe(name);
      for (const zh of contentNames(tpl.content)) {
        for (const name of [zh, NAMES_EN[zh]]) expect(DimensionName.safeParse(name).data, `${tpl.code}: ${name}`).toBe(name);
      }
    }
  });

  it("as a new user's first nickname, in either language, follow it too", () => {
    for (const name of [defaultNickname('13800138000', 'zh-CN'), defaultNickname('13800138000', 'en')]) {
      expect(Nickname.safeParse(name).data).toBe(name);
    }
  });
});
