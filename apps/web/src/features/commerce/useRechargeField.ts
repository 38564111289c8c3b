import { useState } from 'react';
import type { AmountField } from '../../app/AmountInput.tsx';
import type { AmountProblem } from '../../app/amount-rules.ts';
import { rechargeAmountProblem, rechargeTypingProblem } from './money.ts';

/** The custom recharge amount: what it may hold as it is typed, and 1.00 to 50,000.00 to be paid (docs/ui.md, "Money"). */
export function useRechargeField(): AmountField & { set: (typed: string) => void } {
  const [value, setValue] = useState('');
  const [problem, setProblem] = useState<AmountProblem>();
  return {
    value,
    problem,
    onChange: (raw) => {
      const p = rechargeTypingProblem(raw);
      setProblem(p);
      if (!p) setValue(raw.trim());
    },
    check: () => {
      const p = rechargeAmountProblem(value);
      setProblem(p);
      return !p;
    },
    set: (typed) => {
      setValue(typed);
      setProblem(undefined);
    },
  };
}
