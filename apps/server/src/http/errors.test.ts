import { ErrorCode, FIELD_LABELS } from '@cab/contracts';
import { describe, expect, it } from 'vitest';
import { AppError } from './errors.ts';

describe('AppError', () => {
  it('takes its code and status from the catalogue key and renders either language', () => {
    const err = new AppError('auth.verifyCodeUsed');
    expect(err.code).toBe(ErrorCode.VERIFY_CODE_EXPIRED);
    expect(err.status).toBe(422);
    expect(err.render('zh-CN')).toBe('验证码已使用过，请重新获取');
    expect(err.render('en')).toBe('The verification code was already used; ask for a new one');
    // Logs read English.
    expect(err.message).toBe(err.render('en'));
  });

  it('fills placeholders, labels in the same language', () => {
    const err = new AppError('validation.tooLong', { field: FIELD_LABELS.nickname, max: 20 });
    expect(err.render('zh-CN')).toBe('昵称最多 20 个字');
    expect(err.render('en')).toBe('Nickname must be at most 20 characters');
  });

  it('accepts nothing but catalogue keys with their parameters (checked by tsc)', () => {
    // Never called: the lines only have to fail to compile.
    const refused = () => [
      // @ts-expect-error a free-form text is not a catalogue key
      new AppError('Some english text'),
      // @ts-expect-error the placeholders must be given
      new AppError('validation.tooLong'),
      // @ts-expect-error every placeholder must be given
      new AppError('validation.tooLong', { field: FIELD_LABELS.name }),
      // @ts-expect-error a text without placeholders takes no parameters
      new AppError('auth.verifyCodeWrong', { reason: 'x' }),
    ];
    expect(refused).toBeTypeOf('function');
  });
});
