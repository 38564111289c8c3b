import { describe, expect, it } from 'vitest';
import { ErrorCode, errorStatus } from './errors.ts';
import { CODE_DEFAULTS, LOCALES, MESSAGES, placeholdersOf, renderMessage, renderText, type LocalizedText } from './messages.ts';
import { FIELD_LABELS } from './messages-validation.ts';

const CJK = /[\u4e00-\u9fff]/;
const codes = Object.values(ErrorCode);
const entries = Object.entries(MESSAGES) as Array<[string, LocalizedText & { code: number }]>;

/** Both texts present and not blank, the Chinese one actually Chinese. */
function checkTexts(name: string, text: Partial<Record<string, unknown>>): void {
  for (const locale of LOCALES) {
    const value = text[locale];
    expect(typeof value === 'string' && value.trim() !== '', `${name} lacks its ${locale} text`).toBe(true);
  }
  expect(String(text['zh-CN']), `${name}: the zh-CN text is not Chinese`).toMatch(CJK);
}

describe('the message catalogue', () => {
  it('gives every error code a default message in both languages, answered with that code', () => {
    for (const code of codes) {
      const key = CODE_DEFAULTS[code];
      expect(key, `code ${code} has no default message`).toBeDefined();
      const message = MESSAGES[key];
      checkTexts(`default of code ${code} (${key})`, message);
      expect(message.code, `${key} is the default of code ${code} but answers ${message.code}`).toBe(code);
      expect(placeholdersOf(message.en), `${key}: a default message cannot take parameters`).toEqual([]);
    }
  });

  it('has both texts for every message key, with a known code', () => {
    expect(entries.length).toBeGreaterThan(codes.length);
    for (const [key, message] of entries) {
      checkTexts(key, message);
      expect(codes, `${key} answers an unknown code`).toContain(message.code);
      expect(errorStatus[message.code as keyof typeof errorStatus]).toBeGreaterThanOrEqual(400);
    }
  });

  it('uses the same placeholders in both texts of a message, and only well-formed ones', () => {
    for (const [key, message] of entries) {
      expect(placeholdersOf(message['zh-CN']), `${key}: the two texts have different placeholders`).toEqual(placeholdersOf(message.en));
      for (const locale of LOCALES) {
        const stray = message[locale].replace(/\{[A-Za-z_][A-Za-z0-9_]*\}/g, '');
        expect(stray, `${key} (${locale}) has a malformed placeholder`).not.toMatch(/[{}]/);
      }
    }
  });

  it('labels every field in both languages', () => {
    for (const [name, label] of Object.entries(FIELD_LABELS)) {
      checkTexts(`field ${name}`, label);
      expect(placeholdersOf(label.en)).toEqual([]);
    }
  });

  it('renders a message in either language, labels included', () => {
    expect(renderMessage('auth.verifyCodeWrong', 'zh-CN')).toBe('验证码错误');
    expect(renderMessage('auth.verifyCodeWrong', 'en')).toBe('Wrong verification code');
    expect(renderMessage('validation.tooLong', 'zh-CN', { field: FIELD_LABELS.name, max: 20 })).toBe('账本名称最多 20 个字');
    expect(renderMessage('validation.tooLong', 'en', { field: FIELD_LABELS.name, max: 20 })).toBe(
      'Book name must be at most 20 characters',
    );
    expect(renderText({ 'zh-CN': '{a}和{b}', en: '{a} and {b}' }, 'en', { a: 1 })).toBe('1 and {b}');
  });
});
