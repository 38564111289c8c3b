import { ErrorCode, type ImportView } from '@cab/contracts/client';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Skeleton } from 'antd-mobile';
import { useEffect, useRef, type ReactNode } from 'react';
import { ApiError } from '../../api/request.ts';
import { BookGone } from '../../app/BookGone.tsx';
import { EmptyState } from '../../app/EmptyState.tsx';
import { LoadFailed } from '../../app/LoadFailed.tsx';
import { PageBar } from '../../app/PageBar.tsx';
import { RequireLogin } from '../../app/RequireLogin.tsx';
import { showToast } from '../../app/toast.ts';
import { dimensionKeys, transactionKeys } from '../../features/accounting/queries.ts';
import { ColumnsForm } from '../../features/imports/components/ColumnsForm.tsx';
import { ImportOutcome } from '../../features/imports/components/ImportOutcome.tsx';
import { ImportProgress } from '../../features/imports/components/ImportProgress.tsx';
import { ReadyView } from '../../features/imports/components/ReadyView.tsx';
import { StatusTag } from '../../features/imports/components/RecentImports.tsx';
import { SourceBadge } from '../../features/imports/components/SourceBadge.tsx';
import { useCancelImport } from '../../features/imports/mutations.ts';
import { importKeys, importQueries } from '../../features/imports/queries.ts';
import { useImportBook } from '../../features/imports/useImportBook.ts';
import { useTranslation } from '../../i18n/index.ts';
import { useNavigate, useSearchParams } from '../../lib/hash-router.tsx';
import '../../features/imports/imports.css';
import '../../i18n/imports.ts';

/** The statuses an import may be cancelled in: before its recording starts. */
const CANCELLABLE: ReadonlySet<ImportView['status']> = new Set(['columns', 'reading', 'ready']);

const isImportGone = (err: unknown) => err instanceof ApiError && err.code === ErrorCode.IMPORT_NOT_FOUND;

/**
 * One import (import/pages/detail?id=&bookId=; issue 31) through its steps, drawn from
 * where it stands: a sheet's columns to map, the reading's progress, the choices before
 * recording, the recording's progress, and how it ended. The import's id is in the
 * address, so a reload shows the same import and goes on following its progress.
 */
function ImportDetail() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const qc = useQueryClient();
  const [params] = useSearchParams();
  const id = params.get('id') ?? '';
  const { bookId, book, gone } = useImportBook();
  const item = useQuery({ ...importQueries.item(bookId, id), enabled: Boolean(bookId && id) });
  const cancel = useCancelImport(bookId, id);
  const v = item.data;

  // Once recorded, the book's totals, balances, flows, budgets and new names are asked again.
  const refreshed = useRef('');
  useEffect(() => {
    if (v?.status !== 'done' || refreshed.current === v.id) return;
    refreshed.current = v.id;
    void qc.invalidateQueries({ queryKey: transactionKeys.book(bookId) });
    void qc.invalidateQueries({ queryKey: dimensionKeys.book(bookId) });
    void qc.invalidateQueries({ queryKey: ['budgets', bookId] });
    void qc.invalidateQueries({ queryKey: importKeys.list(bookId) });
  }, [v, qc, bookId]);

  const askCancel = async () => {
    // The question's code (antd-mobile's dialog) loads with the tap: most imports are never cancelled.
    const { confirmDestructive } = await import('../../app/confirm.tsx');
    const ok = await confirmDestructive(t('imports.cancel.ask'), t('imports.cancel.action'), 'import-cancel-confirm');
    if (!ok) return;
    await cancel.mutateAsync();
    showToast(t('imports.cancel.done'));
  };
  const toIndex = () => navigate(`/import/index?bookId=${encodeURIComponent(bookId)}`, { replace: true });

  const bar = (
    <PageBar
      title={t('imports.title')}
      right={
        v &&
        CANCELLABLE.has(v.status) && (
          <a
            className="link import-cancel"
            role="button"
            data-testid="import-cancel"
            onClick={() => void askCancel().catch(() => undefined)}
          >
            {t('imports.cancel.action')}
          </a>
        )
      }
    />
  );
  const page = (body: ReactNode) => (
    <div className="page import-page" data-testid="page-import-detail" data-status={v?.status}>
      {bar}
      {body}
    </div>
  );

  if (gone) return page(<BookGone bookId={bookId} />);
  if (!id || !bookId || (item.isError && !v && isImportGone(item.error)))
    return page(
      <EmptyState
        kind="notFound"
        full
        testId="import-not-found"
        title={t('imports.notFound')}
        description={t('imports.notFoundHint')}
        action={
          <Button color="primary" onClick={toIndex}>
            {t('imports.back')}
          </Button>
        }
      />,
    );
  if (item.isError && !v) return page(<LoadFailed full onRetry={item.refetch} />);
  if (!v)
    return page(
      <div className="section padded" data-testid="import-detail-loading">
        <Skeleton.Title animated />
        <Skeleton.Paragraph lineCount={5} animated />
      </div>,
    );

  const timeZone = book.data?.time_zone;
  const step = () => {
    switch (v.status) {
      case 'columns':
        return <ColumnsForm bookId={bookId} view={v} />;
      case 'reading':
      case 'committing':
        return <ImportProgress view={v} pollFailed={item.isError} />;
      case 'ready':
        return <ReadyView key={v.id} bookId={bookId} view={v} timeZone={timeZone} />;
      default:
        return <ImportOutcome bookId={bookId} view={v} />;
    }
  };
  return page(
    <>
      <div className="import-file" data-testid="import-file-head">
        <SourceBadge source={v.source} size={36} />
        <span className="import-file-text">
          <span className="import-file-name" data-testid="import-file-name">
            {v.file_name}
          </span>
          <span className="import-file-sub">{t(`imports.sources.${v.source}.name`)}</span>
        </span>
        <StatusTag status={v.status} />
      </div>
      {step()}
    </>,
  );
}

export default function ImportDetailPage() {
  return (
    <RequireLogin>
      <ImportDetail />
    </RequireLogin>
  );
}
