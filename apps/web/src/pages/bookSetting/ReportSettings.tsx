import { DATE_GAP_MAX, DATE_GAP_MIN, type Book, type UpdateBookRequest } from '@cab/contracts/client';
import { List, Popup } from 'antd-mobile';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Icon } from '../../app/icons.tsx';
import { Sheet } from '../../app/Sheet.tsx';
import { transactionKeys } from '../../features/accounting/queries.ts';
import { useTranslation } from '../../i18n/index.ts';
import { zoneChoices, zoneName } from './zones.ts';
import './report-settings.css';

const WEEKDAYS = [1, 2, 3, 4, 5, 6, 7] as const;
type Weekday = (typeof WEEKDAYS)[number];
const DAYS = Array.from({ length: DATE_GAP_MAX - DATE_GAP_MIN + 1 }, (_, i) => DATE_GAP_MIN + i);

/**
 * A book's report settings (docs/statistics.md): the time zone its days and months
 * follow, the day its month starts and the weekday its week starts. They belong to the
 * book, so every member sees the same months; saving goes through the book update
 * (owners and admins; anyone else sees them without the way to change them).
 */
export function ReportSettings({
  book,
  save,
  readOnly,
}: {
  book: Book;
  save: (patch: UpdateBookRequest) => Promise<void>;
  /** The caller's role may not edit the book: the settings are shown, not offered. */
  readOnly?: boolean;
}) {
  const { t, i18n } = useTranslation();
  const [open, setOpen] = useState<'zone' | 'month' | 'week'>();
  const qc = useQueryClient();
  const close = () => setOpen(undefined);
  // Every total, flow day and period of the book is counted anew in its new calendar.
  const pick = (patch: UpdateBookRequest) =>
    void save(patch).then(
      () => {
        close();
        void qc.invalidateQueries({ queryKey: transactionKeys.book(book.id) });
      },
      () => undefined,
    );
  const weekday = (d: number) => t(`bookSetting.weekdays.d${d as Weekday}`);
  const zones = open === 'zone' ? zoneChoices(book.time_zone) : [];
  return (
    <div className="section" data-testid="report-settings">
      <List header={<span className="report-settings-head">{t('bookSetting.reports')}</span>}>
        <List.Item
          data-testid="setting-time-zone"
          extra={<span className="row-value">{zoneName(book.time_zone, i18n.language, t('bookSetting.universalTime'))}</span>}
          onClick={readOnly ? undefined : () => setOpen('zone')}
        >
          {t('bookSetting.timeZone')}
        </List.Item>
        <List.Item
          data-testid="setting-month-start"
          extra={<span data-testid="setting-month-start-value">{t('bookSetting.monthStartValue', { day: book.date_gap })}</span>}
          onClick={readOnly ? undefined : () => setOpen('month')}
        >
          {t('bookSetting.monthStart')}
        </List.Item>
        <List.Item
          data-testid="setting-week-start"
          extra={<span data-testid="setting-week-start-value">{weekday(book.day_gap)}</span>}
          onClick={readOnly ? undefined : () => setOpen('week')}
        >
          {t('bookSetting.weekStart')}
        </List.Item>
      </List>
      <div className="report-settings-hint">{t('bookSetting.reportsHint')}</div>
      <Sheet
        visible={open === 'zone'}
        onClose={close}
        label={t('bookSetting.timeZone')}
        actions={zones.map((z) => ({
          key: z.id,
          text: (
            <Choice
              chosen={z.id === book.time_zone}
              testId={`zone-${z.id}`}
              text={zoneName(z.id, i18n.language, t('bookSetting.universalTime'))}
            />
          ),
          description: z.device ? `${z.id} · ${t('bookSetting.deviceZone')}` : z.id,
          onClick: () => pick({ time_zone: z.id }),
        }))}
      />
      <Sheet
        visible={open === 'week'}
        onClose={close}
        label={t('bookSetting.weekStart')}
        actions={WEEKDAYS.map((d) => ({
          key: String(d),
          text: <Choice chosen={d === book.day_gap} testId={`week-start-${d}`} text={weekday(d)} />,
          onClick: () => pick({ day_gap: d }),
        }))}
      />
      <Popup
        visible={open === 'month'}
        onMaskClick={close}
        onClose={close}
        bodyStyle={{ borderTopLeftRadius: 12, borderTopRightRadius: 12 }}
      >
        <div className="sheet-title">
          {t('bookSetting.monthStart')}
          <br />
          {t('bookSetting.monthStartHint')}
        </div>
        <div className="day-grid" role="group" aria-label={t('bookSetting.monthStart')}>
          {DAYS.map((d) => (
            <button
              key={d}
              type="button"
              className={d === book.date_gap ? 'day-option chosen' : 'day-option'}
              aria-pressed={d === book.date_gap}
              data-testid={`month-start-${d}`}
              onClick={() => pick({ date_gap: d })}
            >
              {d}
            </button>
          ))}
        </div>
        <button type="button" className="sheet-action sheet-cancel" onClick={close}>
          {t('common.cancel')}
        </button>
      </Popup>
    </div>
  );
}

function Choice({ chosen, text, testId }: { chosen: boolean; text: string; testId: string }) {
  return (
    <span className={chosen ? 'sheet-choice chosen' : 'sheet-choice'} data-testid={testId} aria-current={chosen ? 'true' : undefined}>
      {text}
      {chosen && <Icon name="check" />}
    </span>
  );
}
