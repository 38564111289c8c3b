import { afterEach, describe, expect, it } from 'vitest';
import { i18n, loadLanguage } from '../../i18n/index.ts';
import { importsEn } from '../../i18n/imports.en.ts';
import { importsZhCN } from '../../i18n/imports.zh-CN.ts';
import '../../i18n/imports.ts';

/** Every dotted key of a texts object, plural forms aside (only English has them). */
function leaves(o: object, prefix = ''): string[] {
  return Object.entries(o).flatMap(([k, v]) =>
    typeof v === 'string' ? (/_(zero|one|two|few|many|other)$/.test(k) ? [] : [`${prefix}${k}`]) : leaves(v as object, `${prefix}${k}.`),
  );
}

afterEach(async () => {
  await loadLanguage('zh-CN');
});

describe('the import screens’ texts', () => {
  it('have an English text for every Chinese one (the types say so too), with the same placeholders', () => {
    const zh = leaves(importsZhCN);
    expect(leaves(importsEn)).toEqual(zh);
    const at = (o: object, key: string) => key.split('.').reduce<unknown>((n, k) => (n as Record<string, unknown>)[k], o) as string;
    const slots = (s: string) => [...s.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort();
    for (const key of zh) expect(slots(at(importsEn, key)), key).toEqual(slots(at(importsZhCN, key)));
  });

  it('load in English with the section, with plural forms', async () => {
    await loadLanguage('en');
    expect(i18n.t('imports.title')).toBe('Import bills');
    expect(i18n.t('common.importBills')).toBe('Import bills');
    expect(i18n.t('imports.done.title', { count: 1, n: '1' })).toBe('1 record imported');
    expect(i18n.t('imports.done.title', { count: 1200, n: '1,200' })).toBe('1,200 records imported');
    expect(i18n.t('imports.sources.wechat.how')).toContain('Download bills');
  });
});
