import { afterEach, describe, expect, it } from 'vitest';
import { i18n, loadLanguage, type TKey } from './index.ts';

afterEach(async () => {
  await loadLanguage('zh-CN');
});

describe('the translator', () => {
  it('speaks Chinese by default and fills placeholders', () => {
    expect(i18n.language).toBe('zh-CN');
    expect(i18n.t('tabs.home')).toBe('首页');
    expect(i18n.t('books.deleteConfirm', { name: '家庭账本', days: 30 })).toBe(
      '删除后所有成员都将看不到这个账本，30 天内可以恢复。确定删除“家庭账本”吗？',
    );
  });

  it('loads English when chosen, with its plural forms', async () => {
    await loadLanguage('en');
    expect(i18n.language).toBe('en');
    expect(i18n.t('tabs.home')).toBe('Home');
    expect(i18n.t('books.members', { count: 1 })).toBe('1 member');
    expect(i18n.t('books.members', { count: 3 })).toBe('3 members');
    expect(i18n.t('books.members', { count: 0 })).toBe('0 members');
  });

  it('uses the one Chinese form for every count', () => {
    expect(i18n.t('books.members', { count: 1 })).toBe('1 位成员');
    expect(i18n.t('books.members', { count: 5 })).toBe('5 位成员');
  });

  it('leaves an unknown placeholder as written, and answers an unknown key with the key', () => {
    expect(i18n.t('books.members', {})).toBe('{{count}} 位成员');
    expect(i18n.t('no.such.key' as TKey)).toBe('no.such.key');
  });

  it("shows an area's texts once its section registers, in English too, keeping them out of the first load", async () => {
    await import('./flow.ts');
    expect(i18n.t('flow.title')).toBe('流水');
    await loadLanguage('en');
    expect(i18n.t('flow.title')).toBe('Flow');
    const zh = await import('./zh-CN.ts');
    expect(Object.keys(zh.zhCN)).not.toContain('flow');
  });
});
