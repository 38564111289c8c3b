import { describe, expect, it } from 'vitest';
import { requestLocale } from './locale.ts';

const device = (fields: Record<string, unknown>) => JSON.stringify({ platform: 'test', ...fields });

describe('the language of a request', () => {
  it('is Chinese by default', () => {
    expect(requestLocale({})).toBe('zh-CN');
    expect(requestLocale({ device: device({}) })).toBe('zh-CN');
  });

  it('follows the Device locale: English for any en…, Chinese for anything else', () => {
    for (const locale of ['en', 'en-US', 'en_GB', 'EN']) expect(requestLocale({ device: device({ locale }) }), locale).toBe('en');
    for (const locale of ['zh-CN', 'zh-TW', 'fr']) expect(requestLocale({ device: device({ locale }) }), locale).toBe('zh-CN');
  });

  it('prefers the Device locale to Accept-Language, and uses Accept-Language without one', () => {
    expect(requestLocale({ device: device({ locale: 'zh-CN' }), 'accept-language': 'en' })).toBe('zh-CN');
    expect(requestLocale({ device: device({ locale: 'en' }), 'accept-language': 'zh-CN' })).toBe('en');
    expect(requestLocale({ device: device({}), 'accept-language': 'en-US,en;q=0.9' })).toBe('en');
    expect(requestLocale({ device: device({ locale: '' }), 'accept-language': 'en' })).toBe('en');
  });

  it('reads Accept-Language by preference, skipping languages it does not speak', () => {
    expect(requestLocale({ 'accept-language': 'zh-CN,zh;q=0.9,en;q=0.8' })).toBe('zh-CN');
    expect(requestLocale({ 'accept-language': 'fr-FR, en;q=0.5, zh;q=0.4' })).toBe('en');
    expect(requestLocale({ 'accept-language': 'zh;q=0.2, en-GB;q=0.7' })).toBe('en');
    expect(requestLocale({ 'accept-language': 'en;q=0, de' })).toBe('zh-CN');
    expect(requestLocale({ 'accept-language': '*' })).toBe('zh-CN');
  });

  it('still finds the locale of a Device header with other bad fields, and falls back when it is not JSON', () => {
    expect(requestLocale({ device: device({ locale: 'en', model: 42 }) })).toBe('en');
    expect(requestLocale({ device: 'not json' })).toBe('zh-CN');
    expect(requestLocale({ device: 'not json', 'accept-language': 'en' })).toBe('en');
    expect(requestLocale({ device: '"en"' })).toBe('zh-CN');
  });
});
