import { Input } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from '../i18n/index.ts';
import { amountProblem, typingProblem, type AmountProblem, type AmountRules } from './amount-rules.ts';
import { FieldError } from './form.tsx';
import '../i18n/record.ts';

/** A money field's state: the text as typed, and why the last text was refused or cannot be saved. */
export interface AmountField {
  value: string;
  problem: AmountProblem | undefined;
  /** Takes the typed text when the field can hold it; otherwise keeps the old text and says why. */
  onChange: (raw: string) => void;
  /** Checks the text can be saved; shows why not and answers false when it cannot. */
  check: () => boolean;
}

export function useAmountField(initial: string, rules: AmountRules = {}): AmountField {
  const [value, setValue] = useState(initial);
  const [problem, setProblem] = useState<AmountProblem>();
  return {
    value,
    problem,
    onChange: (raw) => {
      const p = typingProblem(raw, rules);
      setProblem(p);
      if (!p) setValue(raw.trim());
    },
    check: () => {
      const p = amountProblem(value, rules);
      setProblem(p);
      return !p;
    },
  };
}

/**
 * The one input of every money field outside the record keypad (docs/ui.md, Forms):
 * the decimal keyboard, digits and one point with two decimals at most, up to the
 * field's maximum. What it cannot take is refused with its reason under the field,
 * never rewritten into another amount.
 */
export function AmountInput({
  id,
  field,
  placeholder,
  testId,
  errorTestId,
  autoFocus,
}: {
  id: string;
  field: AmountField;
  placeholder?: string | undefined;
  testId?: string | undefined;
  errorTestId?: string | undefined;
  autoFocus?: boolean;
}) {
  const { t } = useTranslation();
  const error = field.problem && t(field.problem.key, field.problem.vars);
  return (
    <>
      <div className="field-row">
        <Input
          id={id}
          data-testid={testId}
          inputMode="decimal"
          autoComplete="off"
          value={field.value}
          onChange={field.onChange}
          placeholder={placeholder}
          aria-invalid={Boolean(error)}
          aria-describedby={error ? `${id}-error` : undefined}
          autoFocus={autoFocus}
        />
      </div>
      <div id={`${id}-error`}>
        <FieldError error={error} testId={errorTestId} />
      </div>
    </>
  );
}
