import { EXPORT_FORMATS, EXPORT_XLSX_ROWS_MAX, type ExportFormat } from '@cab/contracts/client';
import { Button, Popup } from 'antd-mobile';
import { useState } from 'react';
import { ApiError } from '../../api/request.ts';
import { useSubmitGuard } from '../../app/form.tsx';
import { Icon } from '../../app/icons.tsx';
import { useCloseOnLeave } from '../../app/Sheet.tsx';
import { showToast } from '../../app/toast.ts';
import { useTranslation } from '../../i18n/index.ts';
import '../../i18n/exports.ts';
import { exportFlow, type ExportFilter } from './api.ts';
import { exportArchive } from './archive.ts';
import { byteSize } from './download.ts';
import './exports.css';

type Scope = 'filter' | 'book';
/** A sheet's formats, and, for the book's owner, its whole archive (docs/archive.md). */
type Choice = ExportFormat | 'archive';

function Option({ on, text, hint, testId, onPick }: { on: boolean; text: string; hint?: string; testId: string; onPick: () => void }) {
  return (
    <button type="button" className={on ? 'export-choice chosen' : 'export-choice'} aria-pressed={on} data-testid={testId} onClick={onPick}>
      <span className="export-choice-text">
        {text}
        {hint && <span className="export-choice-hint">{hint}</span>}
      </span>
      {on && <Icon name="check" size={20} />}
    </button>
  );
}

/**
 * The export choice (docs/exports.md): Excel or CSV, and, from the flow, its current
 * filter or the whole book. The download goes through the request wrapper (signed, with
 * the token); the sheet says how much has arrived, and keeps the server's refusal in
 * view (an xlsx too large says to choose CSV, which is right here).
 */
export default function ExportSheet({
  bookId,
  filter,
  archive = false,
  visible,
  onClose,
}: {
  bookId: string;
  /** The book's owner, from the book settings: the whole archive is offered too. */
  archive?: boolean;
  /** The flow's filter when opened from the flow; none: the whole book only. */
  filter?: ExportFilter | undefined;
  visible: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [format, setFormat] = useState<Choice>('xlsx');
  const [scope, setScope] = useState<Scope>(filter ? 'filter' : 'book');
  const [busy, setBusy] = useState(false);
  const [bytes, setBytes] = useState(0);
  const [error, setError] = useState<string>();
  const once = useSubmitGuard();
  useCloseOnLeave(visible, onClose);
  const pick =
    <T,>(set: (v: T) => void) =>
    (v: T) => {
      setError(undefined);
      set(v);
    };
  const start = async () => {
    setBusy(true);
    setBytes(0);
    setError(undefined);
    try {
      const name =
        format === 'archive'
          ? await exportArchive(bookId, setBytes)
          : await exportFlow(bookId, format, scope === 'filter' ? filter : undefined, setBytes);
      showToast(t('exports.done', { name }));
      onClose();
    } catch (err) {
      // The server's own words when it answered; a lost connection or a time-out otherwise.
      setError(err instanceof ApiError && err.status > 0 && err.message ? err.message : t('common.noNetwork'));
    } finally {
      setBusy(false);
    }
  };
  const hints: Record<Choice, string> = {
    xlsx: t('exports.xlsxHint', { max: EXPORT_XLSX_ROWS_MAX.toLocaleString('en-US') }),
    csv: t('exports.csvHint'),
    archive: t('exports.archiveHint'),
  };
  const formats: readonly Choice[] = archive ? [...EXPORT_FORMATS, 'archive'] : EXPORT_FORMATS;
  return (
    <Popup
      visible={visible}
      onMaskClick={busy ? undefined : onClose}
      onClose={onClose}
      bodyClassName="sheet"
      bodyStyle={{ borderTopLeftRadius: 12, borderTopRightRadius: 12 }}
    >
      <div className="export-sheet" data-testid="export-sheet">
        <div className="sheet-title">{filter ? t('exports.flowTitle') : t('exports.bookTitle')}</div>
        <div className="export-group" role="group" aria-label={t('exports.format')}>
          <div className="export-label">{t('exports.format')}</div>
          {formats.map((f) => (
            <Option
              key={f}
              on={format === f}
              text={t(`exports.${f}`)}
              hint={hints[f]}
              testId={`export-format-${f}`}
              onPick={() => pick(setFormat)(f)}
            />
          ))}
        </div>
        {filter && format !== 'archive' && (
          <div className="export-group" role="group" aria-label={t('exports.scope')}>
            <div className="export-label">{t('exports.scope')}</div>
            <Option
              on={scope === 'filter'}
              text={t('exports.scopeFilter')}
              testId="export-scope-filter"
              onPick={() => pick(setScope)('filter')}
            />
            <Option on={scope === 'book'} text={t('exports.scopeBook')} testId="export-scope-book" onPick={() => pick(setScope)('book')} />
          </div>
        )}
        <p className="export-note">{format === 'archive' ? t('exports.archiveNote') : t('exports.imagesNote')}</p>
        {error && (
          <p className="export-error" role="alert" data-testid="export-error">
            {error}
          </p>
        )}
        <div className="export-actions">
          <Button
            block
            color="primary"
            loading={busy}
            loadingText={bytes ? t('exports.received', { size: byteSize(bytes) }) : t('exports.busy')}
            data-testid="export-start"
            onClick={() => once(start)}
          >
            {t('exports.start')}
          </Button>
        </div>
      </div>
      <button type="button" className="sheet-action sheet-cancel" onClick={onClose}>
        {t('common.cancel')}
      </button>
    </Popup>
  );
}
