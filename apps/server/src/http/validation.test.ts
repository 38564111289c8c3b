import {
  BookExtRequest,
  ErrorCode,
  LoginRequest,
  PatchPreferenceRequest,
  SendVerifyCodeRequest,
  SetPasswordRequest,
  UpdateBookRequest,
  UpdateUserRequest,
} from '@cab/contracts';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { validationError, type RequestPart } from './validation.ts';

/** The message a failing input gets, in Chinese and in English. */
function worded(schema: z.ZodType, input: unknown, part: RequestPart = 'body'): [string, string] {
  const res = schema.safeParse(input);
  if (res.success) throw new Error(`expected ${JSON.stringify(input)} to fail`);
  const err = validationError(res.error, input, part);
  expect(err.code).toBe(ErrorCode.VALIDATION);
  expect(err.status).toBe(400);
  return [err.render('zh-CN'), err.render('en')];
}

describe('validation messages', () => {
  it('name the field by its label in both languages', () => {
    expect(worded(SendVerifyCodeRequest, { phone: 'abc', type: 4 })).toEqual(['手机号格式不正确', 'Phone number is not valid']);
    expect(worded(UpdateBookRequest, { name: '  ' })).toEqual(['账本名称不能为空', 'Book name must not be empty']);
    expect(worded(UpdateBookRequest, { name: '账'.repeat(21) })).toEqual([
      '账本名称最多 20 个字',
      'Book name must be at most 20 characters',
    ]);
    expect(worded(SetPasswordRequest, { password: '12345' })).toEqual(['密码至少 6 个字', 'Password must be at least 6 characters']);
  });

  it('tell a missing field, a wrong type and a value outside the choices apart', () => {
    expect(worded(SendVerifyCodeRequest, { type: 4 })).toEqual(['手机号不能为空', 'Phone number is required']);
    expect(worded(UpdateUserRequest, { nickname: 42 })).toEqual(['昵称格式不正确', 'Nickname has the wrong type']);
    expect(worded(SendVerifyCodeRequest, { phone: '13800138000', type: 3 })).toEqual([
      '类型不在可选范围内',
      'Type is not one of the allowed values',
    ]);
    expect(worded(LoginRequest, { type: 'fingerprint' })).toEqual(['类型不在可选范围内', 'Type is not one of the allowed values']);
    expect(worded(LoginRequest, {})).toEqual(['类型不能为空', 'Type is required']);
    expect(worded(PatchPreferenceRequest, { configs: [{ key: 'a', value: 'b' }], level: 'team' })).toEqual([
      '设置级别不在可选范围内',
      'Preference level is not one of the allowed values',
    ]);
  });

  it('word list sizes, nested fields and a missing body', () => {
    expect(worded(BookExtRequest, { ids: [] })).toEqual(['账本编号不能为空', 'Book id list must not be empty']);
    expect(worded(BookExtRequest, { ids: Array.from({ length: 201 }, (_, i) => String(i + 1)) })).toEqual([
      '账本编号最多 200 项',
      'Book id list must have at most 200 items',
    ]);
    expect(worded(BookExtRequest, { ids: ['1', 'x'] })).toEqual(['账本编号格式不正确', 'Book id list is not valid']);
    expect(worded(PatchPreferenceRequest, { configs: [{ key: 'Bad key!', value: 'v' }] })).toEqual([
      '设置项格式不正确',
      'Preference key is not valid',
    ]);
    expect(worded(SendVerifyCodeRequest, undefined)).toEqual(['提交的内容不能为空', 'Request body is required']);
    expect(
      worded(
        z.object({ n: z.number().min(0) }).transform((v) => v),
        { n: -1 },
      ),
    ).toEqual(['请求参数 n 不正确', 'Request field n is not valid']);
  });

  it("take a refinement's catalogue key as its message", () => {
    expect(worded(UpdateBookRequest, {})).toEqual(['没有需要修改的内容', 'Nothing to update']);
    expect(worded(UpdateUserRequest, {})).toEqual(['没有需要修改的内容', 'Nothing to update']);
    const freeForm = z.object({ name: z.string() }).refine(() => false, 'Some english text');
    expect(worded(freeForm, { name: 'x' })).toEqual(['提交的内容格式不正确', 'Request body is not valid']);
  });

  it('fall back to a generic message for a field without a label', () => {
    expect(worded(z.object({ foo_bar: z.string() }), { foo_bar: 1 })).toEqual([
      '请求参数 foo_bar 不正确',
      'Request field foo_bar is not valid',
    ]);
    expect(worded(z.object({ a: z.string() }).strict(), { a: 'x', extra: 1 })).toEqual([
      '请求参数 extra 不正确',
      'Request field extra is not valid',
    ]);
    expect(worded(z.object({ phone: z.string() }), { phone: 1 }, 'query')).toEqual(['手机号格式不正确', 'Phone number has the wrong type']);
  });
});
