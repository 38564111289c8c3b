import { clipGraphemes, graphemeLength, looksEmpty, stripDirectionControls } from '@cab/contracts/client';
import { useRef, useState } from 'react';

/**
 * The form rules of docs/ui.md: an input takes only what it can accept (filters), a
 * limited input shows its count, and an error shows under its field until the value
 * changes. Lengths are counted as the server's schemas count them: characters as a
 * person sees them (grapheme clusters, `graphemeLength` of the contracts), so an emoji,
 * a flag or a family of emoji joined together is one.
 */

// A text that looks empty is empty to the server (it stores ''), so its count is 0.
export const charCount = (v: string): number => (looksEmpty(v) ? 0 : graphemeLength(v));

/** Cuts to at most `max` characters, never through the middle of an emoji, a flag or an accented letter. */
export const clip =
  (max: number) =>
  (v: string): string =>
    clipGraphemes(v, max);

const inputFor =
  (name: boolean) =>
  (max: number) =>
  (v: string): string =>
    clipGraphemes(stripDirectionControls(v, name), max);

/**
 * A name's input (nickname, book, category, member, role, a thread's subject...): every
 * direction control goes as it is typed or pasted, and it is cut to `max`
 * (docs/decisions.md, "Text that looks empty"; the contracts' `Name`).
 */
export const nameInput = inputFor(true);

/** Free text's input (remarks, posts, comments, reviews): the direction embeddings and overrides go. */
export const textInput = inputFor(false);

/**
 * A required text's check: a text that looks empty (only spaces and characters that draw
 * nothing, such as U+200B) shows `message`, as the contracts' `Text` refuses it.
 */
export const required =
  (message: string) =>
  (v: string): string | undefined =>
    looksEmpty(v) ? message : undefined;

/** Digits only, at most `max` of them (phone numbers, verification codes). */
export const digitsOnly =
  (max: number) =>
  (v: string): string =>
    v.replace(/\D/g, '').slice(0, max);

export interface Field {
  value: string;
  error: string | undefined;
  /** Filters the input, stores it and clears the error. */
  onChange: (raw: string) => void;
  /** Runs the rule; shows its message and answers false when the value breaks it. */
  check: () => boolean;
  setError: (e: string | undefined) => void;
}

export function useField(
  initial: string,
  opts: { filter?: (v: string) => string; validate?: (v: string) => string | undefined } = {},
): Field {
  // What the input cannot take goes from its first value too (a name stored before a rule).
  const [value, setValue] = useState(() => (opts.filter ? opts.filter(initial) : initial));
  const [error, setError] = useState<string>();
  return {
    value,
    error,
    onChange: (raw) => {
      setValue(opts.filter ? opts.filter(raw) : raw);
      setError(undefined);
    },
    check: () => {
      const e = opts.validate?.(value);
      setError(e);
      return !e;
    },
    setError,
  };
}

export function FieldError({ error, testId }: { error: string | undefined; testId?: string }) {
  if (!error) return null;
  return (
    <div className="field-error" role="alert" data-testid={testId}>
      {error}
    </div>
  );
}

/** `count`: how the field's limit counts (graphemeLength for a limit the contracts count in graphemes). */
export function Counter({ value, max, count = charCount }: { value: string; max: number; count?: (v: string) => number }) {
  return <span className="field-counter" aria-hidden="true">{`${count(value)}/${max}`}</span>;
}

/**
 * Runs a submit at most once at a time. A state flag is not enough: a double tap
 * fires twice before React has re-rendered the button as busy.
 */
export function useSubmitGuard(): (submit: () => Promise<unknown>) => void {
  const busy = useRef(false);
  return (submit) => {
    if (busy.current) return;
    busy.current = true;
    void submit()
      .catch(() => undefined) // the request wrapper has shown why
      .finally(() => (busy.current = false));
  };
}
