import { useInfiniteQuery } from '@tanstack/react-query';
import { Skeleton } from 'antd-mobile';
import { LoadFailed } from '../../../app/LoadFailed.tsx';
import { MoreRows } from '../../../app/MoreRows.tsx';
import { useTranslation } from '../../../i18n/index.ts';
import { importQueries } from '../queries.ts';
import { RowLine, useWhere, type Targets } from './RowLine.tsx';
import '../../../i18n/imports.ts';

/**
 * The rows that repeat a record (a trade imported before, the same time, amount and
 * counterparty, an earlier line of the file): skipped unless switched on, each on its own.
 */
export function Duplicates({
  bookId,
  id,
  timeZone,
  targets,
  included,
  onToggle,
}: {
  bookId: string;
  id: string;
  timeZone: string | undefined;
  targets: Targets;
  included: ReadonlySet<number>;
  onToggle: (line: number, on: boolean) => void;
}) {
  const { t } = useTranslation();
  const where = useWhere();
  const q = useInfiniteQuery(importQueries.rows(bookId, id, 'duplicate'));
  return (
    <section className="section import-card" data-testid="import-duplicates" aria-labelledby="import-duplicates-title">
      <h2 className="import-section-title" id="import-duplicates-title">
        {t('imports.duplicates.title')}
      </h2>
      <p className="import-text">{t('imports.duplicates.hint')}</p>
      {q.isPending && (
        <div className="padded">
          <Skeleton.Paragraph lineCount={3} animated />
        </div>
      )}
      {q.isError && <LoadFailed onRetry={q.refetch} />}
      {q.data && (
        <>
          <ul className="import-rows">
            {q.data.pages
              .flatMap((p) => p.data)
              .map((r) => (
                <li key={r.line}>
                  <RowLine
                    row={r}
                    timeZone={timeZone}
                    targets={targets}
                    extra={
                      <label className="import-row-switch">
                        <span aria-hidden="true">{t('imports.duplicates.keep')}</span>
                        {/* A native switch: antd-mobile's would bring its own style sheet to the page's first load. */}
                        <input
                          type="checkbox"
                          role="switch"
                          className="import-switch"
                          aria-label={t('imports.duplicates.include', { where: where(r) })}
                          data-testid={`import-include-${r.line}`}
                          checked={included.has(r.line)}
                          onChange={(e) => onToggle(r.line, e.target.checked)}
                        />
                      </label>
                    }
                  />
                </li>
              ))}
          </ul>
          <MoreRows
            next={() => q.fetchNextPage()}
            hasMore={q.hasNextPage}
            className="import-more"
            buttonClassName="import-link"
            texts={{ failed: t('imports.rows.failed'), loading: t('imports.rows.loading'), end: null }}
          />
        </>
      )}
    </section>
  );
}
