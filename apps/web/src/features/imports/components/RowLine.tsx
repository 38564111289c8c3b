import type { ImportNameKind, ImportRowView, TradeType } from '@cab/contracts/client';
import type { ReactNode } from 'react';
import { useTranslation } from '../../../i18n/index.ts';
import { formatAmount } from '../../../lib/format.ts';
import { formatMoment } from '../format.ts';
import '../../../i18n/imports.ts';

/**
 * What a name of the file becomes with the user's choices so far (the book's name, 新建,
 * 不导入), or, for a row naming none, the default it takes; undefined: shown as the file says.
 */
export interface Targets {
  name: (kind: ImportNameKind, name: string, trade: TradeType | null) => string | undefined;
  account: string | undefined;
  category: (trade: TradeType) => string | undefined;
}

const TYPES = new Set(['Expense', 'Income', 'Transfer', 'Refund']);
type RowType = 'Expense' | 'Income' | 'Transfer' | 'Refund';
const typeOf = (r: ImportRowView): RowType | undefined => (r.type && TYPES.has(r.type) ? (r.type as RowType) : undefined);

/** Where a person finds a row: its line, and its sheet in a workbook of more than one. */
export function useWhere(): (r: Pick<ImportRowView, 'sheet' | 'row'>) => string {
  const { t } = useTranslation();
  return (r) => (r.sheet === null ? t('imports.rows.line', { row: r.row }) : t('imports.rows.sheetLine', { sheet: r.sheet, row: r.row }));
}

/** "file's name → the book's", or one of them when there is nothing to map. */
function mapped(file: string | null, target: string | undefined): string | undefined {
  if (!file) return target;
  return target && target !== file ? `${file} → ${target}` : file;
}

/** The skip's or problem's words: a problem's message comes from the server, in the reader's language. */
function Why({ row }: { row: ImportRowView }) {
  const { t } = useTranslation();
  if (row.kind === 'problem') return <span className="import-row-why">{row.message ?? row.reason}</span>;
  const reason = row.reason === 'closed' || row.reason === 'empty' || row.reason === 'notRecord' ? row.reason : undefined;
  return <span className="import-row-why">{reason ? t(`imports.rows.reasons.${reason}`) : row.reason}</span>;
}

/**
 * One row of the file as it will be recorded: its type, amount, category and account (the
 * file's names with what they become), time on the book's clock and remark; a skipped or
 * unreadable line says why, a duplicate what it repeats.
 */
export function RowLine({
  row,
  timeZone,
  targets,
  extra,
}: {
  row: ImportRowView;
  timeZone: string | undefined;
  targets?: Targets | undefined;
  extra?: ReactNode;
}) {
  const { t } = useTranslation();
  const where = useWhere();
  if (row.kind !== 'row')
    return (
      <div className="import-row" data-testid={`import-row-${row.line}`}>
        <div className="import-row-main">
          <span className="import-row-line">{where(row)}</span>
        </div>
        <div className="import-row-sub">
          <Why row={row} />
        </div>
      </div>
    );
  const type = typeOf(row);
  const trade: TradeType = type === 'Income' ? 'Income' : 'Expense';
  const account = (name: string | null) => (name ? mapped(name, targets?.name('account', name, null)) : targets?.account);
  const names =
    type === 'Transfer'
      ? `${account(row.account) ?? ''} → ${account(row.to_account) ?? ''}`
      : [
          row.category ? mapped(row.category, targets?.name('category', row.category, trade)) : targets?.category(trade),
          account(row.account),
        ]
          .filter(Boolean)
          .join(' · ');
  return (
    <div className="import-row" data-testid={`import-row-${row.line}`}>
      <div className="import-row-main">
        {type && <span className={`import-type import-type-${type}`}>{t(`imports.types.${type}`)}</span>}
        <span className="import-row-where" data-testid={`import-row-${row.line}-where`}>
          {names}
        </span>
        <span className="import-row-amount">
          {row.amount ? formatAmount(row.amount) : ''}
          {row.currency ? ` ${row.currency}` : ''}
        </span>
      </div>
      <div className="import-row-sub">
        {row.time !== null && <span>{formatMoment(row.time, timeZone)}</span>}
        <span>{where(row)}</span>
        {row.merchant && <span>{mapped(row.merchant, targets?.name('merchant', row.merchant, null))}</span>}
      </div>
      {row.remark && <div className="import-row-sub import-row-remark">{row.remark}</div>}
      {row.duplicate && (
        <div className="import-row-sub import-row-why" data-testid={`import-row-${row.line}-duplicate`}>
          {t(`imports.rows.duplicate.${row.duplicate}`)}
        </div>
      )}
      {extra}
    </div>
  );
}
