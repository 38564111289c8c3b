import { shownNickname, type FlowTransaction, type Transaction } from '@cab/contracts/client';
import { memo } from 'react';
import { useNavigate } from '../../../lib/hash-router.tsx';
import { useTranslation } from '../../../i18n/index.ts';
import { zoneOr } from '../../../lib/book-clock.ts';
import { useUserStore } from '../../../stores/user.ts';
import { CategoryIcon } from '../../accounting/icons/icons.tsx';
import { amountText, isAdjustment, signedAmount } from '../amounts.ts';
import { useFlowBook } from '../context.ts';
import { clock, dayName } from '../dates.ts';
import { civilAt } from '../time.ts';
import { FlowGlyph, type FlowGlyphName } from './glyphs.tsx';
import '../flows.css';
import '../../../i18n/flow.ts';

export interface TransactionRowProps {
  transaction: Transaction | FlowTransaction;
  masked: boolean;
  /** Instead of opening the record's edit form. */
  onOpen?: () => void;
  /** The date before the time (lists not grouped by day, such as search results). */
  showDate?: boolean;
  /** Show what the filtered account moved (`flow_amount`, an account's flow) instead of the record's amount. */
  flowAmount?: boolean;
}

/** Types without a category: a glyph of their own. */
function typeIcon(t: Transaction): FlowGlyphName | undefined {
  if (t.business_type === 'Transfer') return 'transfer';
  if (isAdjustment(t.business_type)) return 'adjust';
  if (!t.category) return 'coins';
  return undefined;
}

/**
 * The second line: remark first, then who, where, what for, the place, from which
 * account, and in a shared book who recorded it when that was someone else.
 */
export function rowDetails(t: Transaction, recordedBy?: string): string {
  const parts = [t.remark.trim(), t.member?.name, t.merchant?.name, t.project?.name, t.place?.name];
  if (t.business_type !== 'Transfer') parts.push(t.account?.name);
  parts.push(recordedBy);
  return parts.filter(Boolean).join(' · ');
}

/**
 * One record in a flow: what it was (category, or the accounts of a transfer), its
 * details, its time and its signed amount. The whole row opens the record to edit.
 */
export const TransactionRow = memo(function TransactionRow({ transaction: t, masked, onOpen, showDate, flowAmount }: TransactionRowProps) {
  const { t: tr, i18n } = useTranslation();
  const navigate = useNavigate();
  const book = useFlowBook();
  const me = useUserStore((s) => s.user?.userid);
  const glyph = typeIcon(t);
  const title =
    t.business_type === 'Transfer'
      ? tr('flow.transferTitle', { from: t.from_account?.name ?? '', to: t.to_account?.name ?? '' })
      : isAdjustment(t.business_type) || !t.category
        ? tr(`flow.types.${t.business_type}`)
        : t.category.name;
  const otherRecorder =
    t.recorder?.id && me && t.recorder.id !== me
      ? tr('flow.recordedBy', { name: shownNickname(t.recorder.nickname, i18n.language) })
      : undefined;
  const details = rowDetails(t, otherRecorder);
  const zone = zoneOr(book.timeZone);
  const at = civilAt(zone, t.transaction_time);
  // The year shows when it is not the book's current one (its clock, not the phone's).
  const when = showDate ? `${dayName(at, civilAt(zone, Date.now()).y)} ${clock(at.h, at.min)}` : clock(at.h, at.min);
  const amount = signedAmount(t, flowAmount);
  const text = amountText(amount, masked);
  const currency = amount.currency || book.flowCurrency;
  const foreign = !masked && book.currency && currency && currency !== book.currency;
  return (
    <button
      type="button"
      className="flow-row"
      data-testid={`flow-row-${t.id}`}
      onClick={onOpen ?? (() => navigate(`/subPackages/accounting/index?id=${encodeURIComponent(t.id)}`))}
    >
      <span className={`flow-row-icon ${amount.tone}`} aria-hidden="true">
        {glyph ? <FlowGlyph name={glyph} size={20} /> : <CategoryIcon name={t.category?.icon ?? ''} size={20} />}
      </span>
      <span className="flow-row-main">
        <span className="flow-row-title">{title}</span>
        {details && <span className="flow-row-sub">{details}</span>}
      </span>
      <span className="flow-row-end">
        <span className={masked ? 'flow-amount masked' : `flow-amount ${amount.tone}`} data-testid={`flow-amount-${t.id}`}>
          {foreign ? tr('flow.inCurrency', { currency: currency ?? '', amount: text }) : text}
        </span>
        <span className="flow-row-time">{when}</span>
      </span>
    </button>
  );
});
