import { PREMIUM_FEATURES } from '@cab/contracts/client';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useSearchParams } from '../../lib/hash-router.tsx';
import { PurchaseSheet } from './components/lazy.tsx';
import { budgetKeys } from './api.ts';

/**
 * "开通" of the not-opened prompt: the advanced budgets' purchase sheet (commerce, loaded
 * with its code on first opening). Paid from the wallet, the budgets are asked again and
 * the feature opens in place; `?buy=budget_advanced` (paying again after a failed
 * payment) opens the sheet by itself, once.
 */
export function useBuyAdvanced(bookId: string, opened: boolean | undefined, mayBuy: boolean) {
  const qc = useQueryClient();
  const [params, setParams] = useSearchParams();
  const asked = params.get('buy') === PREMIUM_FEATURES.budgetAdvanced;
  const [buying, setBuying] = useState(false);
  const [autoOpened, setAutoOpened] = useState(false);
  if (asked && opened === false && !autoOpened) {
    setAutoOpened(true);
    setBuying(true);
  }
  const close = () => {
    setBuying(false);
    if (asked)
      setParams(
        (p) => {
          p.delete('buy');
          return p;
        },
        { replace: true },
      );
  };
  const sheet = bookId ? (
    <PurchaseSheet
      bookId={bookId}
      feature={PREMIUM_FEATURES.budgetAdvanced}
      mayBuy={mayBuy}
      visible={buying}
      onClose={close}
      onPaid={() => void qc.invalidateQueries({ queryKey: budgetKeys.book(bookId) })}
    />
  ) : null;
  return { open: () => setBuying(true), sheet };
}
