import type { ImportRowKind } from '@cab/contracts/client';
import { useInfiniteQuery } from '@tanstack/react-query';
import { Popup, Skeleton } from 'antd-mobile';
import { EmptyState } from '../../../app/EmptyState.tsx';
import { PathIcon } from '../../../app/icons.tsx';
import { LoadFailed } from '../../../app/LoadFailed.tsx';
import { MoreRows } from '../../../app/MoreRows.tsx';
import { useCloseOnLeave } from '../../../app/Sheet.tsx';
import { useTranslation } from '../../../i18n/index.ts';
import { importQueries } from '../queries.ts';
import { CLOSE } from './glyphs.ts';
import { RowLine, type Targets } from './RowLine.tsx';
import '../../../i18n/imports.ts';

/** The rows of one kind (to record, duplicates, skipped, problems), 50 at a time by line as the list scrolls. */
function Rows({ bookId, id, kind, timeZone, targets }: RowsProps & { kind: ImportRowKind }) {
  const { t } = useTranslation();
  const q = useInfiniteQuery(importQueries.rows(bookId, id, kind));
  if (q.isPending)
    return (
      <div className="padded">
        <Skeleton.Paragraph lineCount={4} animated />
      </div>
    );
  if (q.isError) return <LoadFailed onRetry={q.refetch} />;
  const rows = q.data.pages.flatMap((p) => p.data);
  if (!rows.length) return <EmptyState kind="empty" testId="import-rows-none" title={t('imports.rows.none')} />;
  return (
    <>
      <ul className="import-rows" data-testid="import-rows-list">
        {rows.map((r) => (
          <li key={r.line}>
            <RowLine row={r} timeZone={timeZone} targets={targets} />
          </li>
        ))}
      </ul>
      <MoreRows
        next={() => q.fetchNextPage()}
        hasMore={q.hasNextPage}
        testId="import-rows-more"
        className="import-more"
        buttonClassName="import-link"
        texts={{ failed: t('imports.rows.failed'), loading: t('imports.rows.loading'), end: t('imports.rows.end') }}
      />
    </>
  );
}

interface RowsProps {
  bookId: string;
  id: string;
  timeZone: string | undefined;
  targets: Targets;
}

/** A summary count opened: the rows behind it, in a sheet of their own. */
export function RowsPopup({ kind, onClose, ...props }: RowsProps & { kind: ImportRowKind | undefined; onClose: () => void }) {
  const { t } = useTranslation();
  useCloseOnLeave(kind !== undefined, onClose);
  return (
    <Popup
      visible={kind !== undefined}
      onMaskClick={onClose}
      onClose={onClose}
      bodyClassName="import-rows-popup"
      bodyStyle={{ borderTopLeftRadius: 12, borderTopRightRadius: 12 }}
    >
      {kind && (
        <div data-testid={`import-rows-${kind}`}>
          <div className="import-popup-bar">
            <h2 className="import-popup-title">{t(`imports.rows.titles.${kind}`)}</h2>
            <button type="button" className="import-icon-button" aria-label={t('imports.close')} onClick={onClose}>
              <PathIcon d={CLOSE} size={20} />
            </button>
          </div>
          <div className="import-rows-scroll">
            <Rows {...props} kind={kind} />
          </div>
        </div>
      )}
    </Popup>
  );
}
