import { act, cleanup, fireEvent, render, renderHook, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { EditPopup } from './EditPopup.tsx';
import { nameInput, required, textInput, useField } from './form.tsx';

/**
 * The forms' side of docs/decisions.md, "Text that looks empty": what the contracts'
 * `Name` and `Text` refuse never leaves a form. Direction controls a field cannot take go
 * as they are typed; a required text that looks empty shows the field's message.
 */
const ZERO_WIDTH = ['\u200b', '\u200c', '\u200d', '\u2060', '\ufeff'];
const DIRECTION = ['\u202a', '\u202b', '\u202c', '\u202d', '\u202e', '\u2066', '\u2067', '\u2068', '\u2069'];
const INVISIBLE = [...ZERO_WIDTH, ...DIRECTION];

afterEach(cleanup);

describe('a name field', () => {
  it('takes every direction control out as it is typed or pasted, and keeps what draws something', () => {
    for (const c of DIRECTION) expect(nameInput(20)(`Ali${c}ce`)).toBe('Alice');
    expect(nameInput(20)('👨‍👩‍👧 小明')).toBe('👨‍👩‍👧 小明');
    expect(nameInput(3)(`a\u202eb\u2066cd`)).toBe('abc');
  });

  it('takes them out of its first value too (a name stored before the rule)', () => {
    const { result } = renderHook(() => useField('Ali\u202eecnA', { filter: nameInput(20) }));
    expect(result.current.value).toBe('AliecnA');
  });
});

describe('a free text field', () => {
  it('keeps the isolates and takes out the embeddings and overrides', () => {
    expect(textInput(50)('\u2067عربي 12\u2069 ok')).toBe('\u2067عربي 12\u2069 ok');
    expect(textInput(50)('photo\u202egnp.exe\u202a')).toBe('photognp.exe');
  });
});

describe('a required text', () => {
  it('shows its message for each invisible character, alone and among spaces and line breaks', () => {
    const rule = required('名称不能为空');
    for (const c of INVISIBLE) {
      expect(rule(c), c.codePointAt(0)!.toString(16)).toBe('名称不能为空');
      expect(rule(` ${c}\u3000\n${c} `)).toBe('名称不能为空');
    }
    expect(rule('小明')).toBeUndefined();
    expect(rule('\u200bx')).toBeUndefined();
  });

  it('keeps its message until the value changes, as every field rule does', () => {
    const { result } = renderHook(() => useField('', { filter: nameInput(20), validate: required('昵称不能为空') }));
    act(() => result.current.onChange('\u200b \u2060'));
    act(() => void result.current.check());
    expect(result.current.error).toBe('昵称不能为空');
    act(() => result.current.onChange('小明'));
    expect(result.current.error).toBeUndefined();
  });
});

describe('the one-field popup for a name (the nickname)', () => {
  const open = (onSave: (v: string) => Promise<unknown>, initial = '小明') =>
    render(
      <EditPopup
        testId="nickname"
        title="昵称"
        initial={initial}
        placeholder=""
        maxLength={20}
        text={{ kind: 'name', empty: '昵称不能为空' }}
        onSave={onSave}
        onClose={() => undefined}
      />,
    );
  const input = () => screen.getByTestId('nickname-input').querySelector('input')!;

  it('does not send a nickname that looks empty and says why under the field', () => {
    const onSave = vi.fn(() => Promise.resolve());
    open(onSave);
    for (const c of INVISIBLE) {
      fireEvent.change(input(), { target: { value: ` ${c} ${c} ` } });
      fireEvent.click(screen.getByTestId('nickname-save'));
      expect(screen.getByTestId('nickname-error').textContent).toBe('昵称不能为空');
    }
    expect(onSave).not.toHaveBeenCalled();
  });

  it('sends a name with the direction controls taken out, typed or stored', () => {
    const onSave = vi.fn(() => Promise.resolve());
    open(onSave, '\u2067Bob\u2069');
    expect(input().value).toBe('Bob');
    fireEvent.change(input(), { target: { value: 'Ali\u202eecnA' } });
    fireEvent.click(screen.getByTestId('nickname-save'));
    expect(onSave).toHaveBeenCalledWith('AliecnA');
  });
});
