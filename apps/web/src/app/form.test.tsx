import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { charCount, clip, digitsOnly, useField, useSubmitGuard } from './form.tsx';

describe('form rules', () => {
  it('filters what an input cannot take', () => {
    expect(digitsOnly(11)('abc13800xyz')).toBe('13800');
    expect(digitsOnly(11)('138 0013 8000 99')).toBe('13800138000');
    expect(digitsOnly(6)('12a34b567')).toBe('123456');
  });

  it('counts what a person sees, as the server does, and never cuts an emoji in half', () => {
    expect(charCount('家庭')).toBe(2);
    expect(charCount('a😀')).toBe(2);
    // Only invisible characters: empty, as the server reads it.
    expect(charCount('\u200b\u200d\ufeff')).toBe(0);
    expect(charCount(' \u2060 ')).toBe(0);
    expect(charCount('👨‍👩‍👧‍👦🇨🇳')).toBe(2); // a ZWJ family and a flag
    expect(clip(2)('a😀b')).toBe('a😀');
    expect(clip(1)('👨‍👩‍👧‍👦🇨🇳')).toBe('👨‍👩‍👧‍👦');
    expect(clip(3)('a😀b')).toBe('a😀b');
    expect(clip(3)('abcdef')).toBe('abc');
    expect(clip(2)('家庭账本')).toBe('家庭');
    expect(clip(5)('短')).toBe('短');
  });

  it('shows an error until the value changes', () => {
    const { result } = renderHook(() =>
      useField('', { filter: digitsOnly(4), validate: (v) => (v.length === 4 ? undefined : 'four digits') }),
    );
    act(() => void result.current.check());
    expect(result.current.error).toBe('four digits');
    act(() => result.current.onChange('1x2'));
    expect(result.current.value).toBe('12');
    expect(result.current.error).toBeUndefined();
    act(() => result.current.onChange('1234'));
    let ok = false;
    act(() => void (ok = result.current.check()));
    expect(ok).toBe(true);
  });

  it('runs a submit once while it is under way, however fast the taps', async () => {
    const { result } = renderHook(() => useSubmitGuard());
    let runs = 0;
    let finish: () => void = () => undefined;
    const submit = () =>
      new Promise<void>((r) => {
        runs++;
        finish = r;
      });
    result.current(submit);
    result.current(submit);
    expect(runs).toBe(1);
    finish();
    await new Promise((r) => setTimeout(r, 0));
    result.current(submit);
    expect(runs).toBe(2);
  });
});
