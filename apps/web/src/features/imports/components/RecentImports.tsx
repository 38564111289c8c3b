import type { ImportView } from '@cab/contracts/client';
import { useQuery } from '@tanstack/react-query';
import { Skeleton } from 'antd-mobile';
import { EmptyState } from '../../../app/EmptyState.tsx';
import { Icon } from '../../../app/icons.tsx';
import { LoadFailed } from '../../../app/LoadFailed.tsx';
import { useTranslation } from '../../../i18n/index.ts';
import { count, formatMoment } from '../format.ts';
import { importQueries } from '../queries.ts';
import { SourceBadge } from './SourceBadge.tsx';
import '../../../i18n/imports.ts';

/** An import's status as a small tag; its colour says whether it waits for the user, works, or has ended. */
export function StatusTag({ status }: { status: ImportView['status'] }) {
  const { t } = useTranslation();
  return (
    <span className={`import-status import-status-${status}`} data-testid="import-status">
      {t(`imports.statuses.${status}`)}
    </span>
  );
}

/** The book's latest imports (status, file, counts, when), each leading to its page. */
export function RecentImports({
  bookId,
  timeZone,
  onOpen,
}: {
  bookId: string;
  timeZone: string | undefined;
  onOpen: (v: ImportView) => void;
}) {
  const { t } = useTranslation();
  const list = useQuery({ ...importQueries.list(bookId), enabled: Boolean(bookId) });
  return (
    <section className="section" aria-labelledby="import-recent-title">
      <h2 className="import-section-title" id="import-recent-title">
        {t('imports.recent.title')}
      </h2>
      {list.isPending && (
        <div className="padded" data-testid="import-recent-loading">
          <Skeleton.Paragraph lineCount={3} animated />
        </div>
      )}
      {list.isError && <LoadFailed onRetry={list.refetch} />}
      {list.data && !list.data.length && <EmptyState kind="empty" testId="import-recent-empty" title={t('imports.recent.empty')} />}
      {list.data && list.data.length > 0 && (
        <ul className="import-recent" data-testid="import-recent">
          {list.data.map((v) => (
            <li key={v.id}>
              <button type="button" className="import-recent-item" data-testid={`import-recent-${v.id}`} onClick={() => onOpen(v)}>
                <SourceBadge source={v.source} size={32} />
                <span className="import-recent-text">
                  <span className="import-recent-name">{v.file_name}</span>
                  <span className="import-recent-sub">
                    {/* A sheet waiting for its columns has read nothing yet. */}
                    {v.status === 'done'
                      ? `${t('imports.recent.recorded', { count: v.counts.recorded, n: count(v.counts.recorded) })} · `
                      : v.status !== 'columns'
                        ? `${t('imports.recent.read', { count: v.counts.read, n: count(v.counts.read) })} · `
                        : ''}
                    {formatMoment(v.created_at, timeZone)}
                  </span>
                </span>
                <StatusTag status={v.status} />
                <Icon name="back" className="import-chevron" />
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
