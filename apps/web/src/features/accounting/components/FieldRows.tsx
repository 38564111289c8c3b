import { REMARK_MAX, stripControlChars, type RecordTab } from '@cab/contracts/client';
import { Input } from 'antd-mobile';
import type { ReactNode } from 'react';
import { Counter, FieldError, textInput } from '../../../app/form.tsx';
import { i18n, useTranslation, type TKey } from '../../../i18n/index.ts';
import { wallClock, zoneFormat, zoneNote } from '../../../lib/book-clock.ts';
import '../../../i18n/clock.ts';
import { LABEL_FIELDS, TAB_FIELDS, type FormErrors, type PickField, type Selection } from '../form.ts';
import { AccountIcon, CategoryIcon } from '../icons/icons.tsx';
import { Glyph, type GlyphName } from './glyphs.tsx';
import '../../../i18n/record.ts';
import '../../../i18n/accounting.ts';

const LABEL_GLYPH: Record<'member' | 'merchant' | 'project', GlyphName> = { member: 'user', merchant: 'shop', project: 'flag' };

/**
 * "11月23日 14:05" / "Nov 23, 14:05" in the user's language, on the book's clock
 * (lib/book-clock.ts): the year only when it is not the book's current year.
 */
export function formatTime(ms: number, timeZone: string, now = Date.now()): string {
  return zoneFormat(i18n.language === 'en' ? 'en' : 'zh-CN', timeZone, {
    year: wallClock(timeZone, ms).y === wallClock(timeZone, now).y ? undefined : 'numeric',
    month: 'short',
    day: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).format(ms);
}

const isRowField = (f: PickField): f is 'category' | 'account' | 'from' | 'to' =>
  f === 'category' || f === 'account' || f === 'from' || f === 'to';

const filterRemark = (v: string) => textInput(REMARK_MAX)(stripControlChars(v, true));

/** The form's rows under the amount: what the tab needs, then time, the three labels, the remark and the place. */
export function FieldRows({
  tab,
  selection,
  errors,
  time,
  timeZone,
  remark,
  readOnly,
  onForget,
  onPick,
  onTime,
  onRemark,
  onRemarkFocus,
  placeRow,
}: {
  tab: RecordTab;
  selection: Selection;
  errors: FormErrors;
  time: number;
  /** The book's time zone: the time is shown and picked on the book's clock. */
  timeZone: string;
  remark: string;
  /** Fields this record cannot change (a record of another type being edited). */
  readOnly?: boolean;
  /** Drops the member, merchant and project carried over from the last record of this type. */
  onForget?: (() => void) | undefined;
  onPick: (f: PickField) => void;
  onTime: () => void;
  onRemark: (v: string) => void;
  /** The system keyboard is up for the remark: the amount keypad makes room. */
  onRemarkFocus?: (focused: boolean) => void;
  /** The place's row (features/places/PlaceRow.tsx), under the remark in the same card. */
  placeRow?: ReactNode;
}) {
  const { t } = useTranslation();
  const fields = TAB_FIELDS[tab];
  const zone = zoneNote(timeZone, time);
  // What the form carried over from the last record of this type is said, with a way to drop it (SPEC 3).
  const remembered = fields.includes('member') && !readOnly ? LABEL_FIELDS.filter((f) => selection[f]?.remembered) : [];
  const sep = i18n.language === 'en' ? ', ' : '、';
  const row = (f: 'category' | 'account' | 'from' | 'to') => {
    const c = selection[f];
    const error = errors[f];
    return (
      <div key={f}>
        <button type="button" className="rec-row" data-testid={`rec-${f}`} disabled={readOnly} onClick={() => onPick(f)}>
          <span className="rec-row-icon">
            {f === 'category' ? <CategoryIcon name={c?.icon ?? ''} size={20} /> : <AccountIcon type={c?.type ?? ''} size={20} />}
          </span>
          <span className="rec-row-label">{t(`accounting.${f}`)}</span>
          <span className={c ? 'rec-row-value' : 'rec-row-value muted'} data-testid={`rec-${f}-value`}>
            {c ? (c.parentName ? `${c.parentName} · ${c.name}` : c.name) : t('accounting.choose')}
          </span>
          <Glyph name="chevron" className="rec-row-chevron" />
        </button>
        <FieldError error={error ? t(error as TKey) : undefined} testId={`rec-${f}-error`} />
      </div>
    );
  };
  return (
    <div className="rec-fields">
      {fields.filter(isRowField).map(row)}
      <button type="button" className="rec-row" data-testid="rec-time" onClick={onTime}>
        <span className="rec-row-icon">
          <Glyph name="clock" size={20} />
        </span>
        <span className="rec-row-label">{t('accounting.time')}</span>
        <span className="rec-row-value" data-testid="rec-time-value">
          {formatTime(time, timeZone)}
          {zone && (
            <span className="rec-row-zone" data-testid="rec-time-zone">
              {t('clock.zone', { offset: zone })}
            </span>
          )}
        </span>
        <Glyph name="chevron" className="rec-row-chevron" />
      </button>
      {fields.includes('member') && (
        <div className="rec-labels">
          {LABEL_FIELDS.map((f) => (
            <button
              key={f}
              type="button"
              className={selection[f]?.remembered ? 'rec-label remembered' : 'rec-label'}
              data-testid={`rec-${f}`}
              disabled={readOnly}
              onClick={() => onPick(f)}
            >
              <span className="rec-label-name">
                <Glyph name={LABEL_GLYPH[f]} /> {t(`accounting.${f}`)}
              </span>
              <span className="rec-label-value" data-testid={`rec-${f}-value`}>
                {selection[f]?.name ?? t(`accounting.none.${f}`)}
              </span>
            </button>
          ))}
        </div>
      )}
      {remembered.length > 0 && (
        <div className="rec-note" data-testid="rec-remembered">
          <span>
            {t('record.rememberedHint', {
              fields: remembered.map((f) => t(`accounting.${f}`)).join(sep),
              type: t(`accounting.types.${tab}`),
            })}
          </span>
          {onForget && (
            <a className="link" role="button" data-testid="rec-forget" onClick={onForget}>
              {t('record.forget')}
            </a>
          )}
        </div>
      )}
      <div className="rec-remark">
        <label htmlFor="rec-remark" className="rec-row-icon">
          <Glyph name="note" size={20} />
          <span className="sr-only">{t('accounting.remark')}</span>
        </label>
        <Input
          id="rec-remark"
          data-testid="rec-remark"
          value={remark}
          placeholder={t('accounting.remarkPlaceholder')}
          onChange={(v) => onRemark(filterRemark(v))}
          onFocus={() => onRemarkFocus?.(true)}
          onBlur={() => onRemarkFocus?.(false)}
          // Done on the system keyboard puts it away and brings the amount keypad back.
          onEnterPress={(e) => (e.target as HTMLInputElement).blur()}
          enterKeyHint="done"
          aria-label={t('accounting.remark')}
        />
        <Counter value={remark} max={REMARK_MAX} />
      </div>
      {placeRow}
    </div>
  );
}
