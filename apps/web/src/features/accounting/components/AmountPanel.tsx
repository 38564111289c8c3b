import type { RecordTab } from '@cab/contracts/client';
import { FieldError } from '../../../app/form.tsx';
import { useTranslation } from '../../../i18n/index.ts';
import { formatAmount } from '../../../lib/format.ts';
import { groupTyped } from '../keypad.ts';
import { Glyph } from './glyphs.tsx';
import '../../../i18n/accounting.ts';

function Amount({ typed, placeholder, testId }: { typed: string; placeholder?: string; testId: string }) {
  return (
    <span className={typed ? 'rec-amount-value' : 'rec-amount-value empty'} data-testid={testId}>
      {typed ? groupTyped(typed) : (placeholder ?? '0.00')}
    </span>
  );
}

/**
 * The amount the keypad edits, large. A transfer between accounts of two currencies
 * has two amounts, sent and received; the amount toggle chooses which one the keypad
 * edits (the received one is estimated at the table rate until it is typed).
 */
export function AmountPanel({
  tab,
  amount,
  toAmount,
  cross,
  editingTo,
  fromCurrency,
  toCurrency,
  estimate,
  error,
  onToggle,
  plain,
}: {
  tab: RecordTab;
  /** A record of another type being edited: its amount, under the plain label, without the balance hint. */
  plain?: boolean;
  amount: string;
  toAmount: string;
  cross: boolean;
  editingTo: boolean;
  fromCurrency?: string;
  toCurrency?: string;
  estimate?: string;
  error?: string;
  onToggle: (to: boolean) => void;
}) {
  const { t } = useTranslation();
  if (tab === 'Transfer' && cross) {
    const line = (to: boolean) => (
      <button
        type="button"
        className={editingTo === to ? 'rec-amount-line active' : 'rec-amount-line'}
        aria-pressed={editingTo === to}
        data-testid={to ? 'rec-amount-in' : 'rec-amount-out'}
        onClick={() => onToggle(to)}
      >
        <span className="rec-amount-label">
          {t(to ? 'accounting.inAmount' : 'accounting.outAmount')} <span className="rec-currency">{to ? toCurrency : fromCurrency}</span>
        </span>
        {to && !toAmount && estimate ? (
          <span className="rec-amount-value empty">{t('accounting.estimated', { amount: formatAmount(estimate) })}</span>
        ) : (
          <Amount typed={to ? toAmount : amount} testId={to ? 'rec-amount-in-value' : 'rec-amount'} />
        )}
      </button>
    );
    return (
      <div className="rec-amount two">
        {line(false)}
        <button
          type="button"
          className="rec-toggle"
          data-testid="rec-amount-toggle"
          aria-label={t('accounting.toggleAmount', { which: t(editingTo ? 'accounting.outAmount' : 'accounting.inAmount') })}
          onClick={() => onToggle(!editingTo)}
        >
          <Glyph name="swap" size={20} />
        </button>
        {line(true)}
        <FieldError error={error} testId="rec-amount-error" />
      </div>
    );
  }
  const label = plain
    ? t('accounting.amount')
    : tab === 'Balance'
      ? t('accounting.balanceNow')
      : tab === 'Transfer'
        ? t('accounting.outAmount')
        : t('accounting.amount');
  return (
    <div className="rec-amount">
      <div className="rec-amount-row">
        <span className="rec-amount-label">{label}</span>
        <output className="rec-amount-output" aria-label={label}>
          <Amount typed={amount} testId="rec-amount" />
        </output>
      </div>
      {tab === 'Balance' && !plain && <div className="rec-hint">{t('accounting.balanceHint')}</div>}
      <FieldError error={error} testId="rec-amount-error" />
    </div>
  );
}
