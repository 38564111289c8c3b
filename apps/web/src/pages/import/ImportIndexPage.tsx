import { IMPORT_FILE_MAX_MB, type ImportSource, type ImportView } from '@cab/contracts/client';
import { Button, Skeleton } from 'antd-mobile';
import { useState } from 'react';
import { BookGone } from '../../app/BookGone.tsx';
import { EmptyState } from '../../app/EmptyState.tsx';
import { Icon } from '../../app/icons.tsx';
import { LoadFailed } from '../../app/LoadFailed.tsx';
import { PageBar } from '../../app/PageBar.tsx';
import { RequireLogin } from '../../app/RequireLogin.tsx';
import { DateOrderSheet, PasswordPopup } from '../../features/imports/components/lazy.tsx';
import { RecentImports } from '../../features/imports/components/RecentImports.tsx';
import { SourceList } from '../../features/imports/components/SourceList.tsx';
import { UploadProgress } from '../../features/imports/components/UploadProgress.tsx';
import { ASKS_DATE_ORDER } from '../../features/imports/sources.ts';
import { useImportBook } from '../../features/imports/useImportBook.ts';
import { useImportFile } from '../../features/imports/useImportFile.ts';
import { useTranslation } from '../../i18n/index.ts';
import { useNavigate } from '../../lib/hash-router.tsx';
import '../../features/imports/imports.css';
import '../../i18n/imports.ts';

/**
 * The import page (import/index?bookId=; issue 31): the seven sources, each with how to get
 * its file, a file picker per source, the upload with its progress, a zip's password asked
 * for when the server needs it, a refused file's reason in place; below, the book's recent
 * imports, each leading to its own page.
 */
function ImportIndex() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { bookId, book, gone, access } = useImportBook();
  const detail = (v: ImportView) => navigate(`/import/pages/detail?id=${encodeURIComponent(v.id)}&bookId=${encodeURIComponent(bookId)}`);
  const file = useImportFile(bookId, detail);
  // A QIF file's date order is asked first (sources.ts): the sheet's choice opens the picker.
  const [askingOrder, setAskingOrder] = useState<ImportSource>();
  const pick = (s: ImportSource) => (ASKS_DATE_ORDER.has(s) ? setAskingOrder(s) : file.choose(s));

  const header = <PageBar title={t('imports.title')} />;
  if (!bookId)
    return (
      <div className="page" data-testid="page-import">
        {header}
        <EmptyState
          kind="empty"
          full
          testId="import-no-book"
          title={t('imports.noBook')}
          description={t('imports.noBookHint')}
          action={
            <Button color="primary" onClick={() => navigate('/pages/book/index', { replace: true })}>
              {t('imports.toBooks')}
            </Button>
          }
        />
      </div>
    );
  if (gone)
    return (
      <div className="page" data-testid="page-import">
        {header}
        <BookGone bookId={bookId} />
      </div>
    );
  if (book.isError)
    return (
      <div className="page" data-testid="page-import">
        {header}
        <LoadFailed full onRetry={book.refetch} />
      </div>
    );
  return (
    <div className="page" data-testid="page-import">
      {header}
      {!book.data ? (
        <div className="section padded" data-testid="import-loading">
          <Skeleton.Paragraph lineCount={4} animated />
        </div>
      ) : (
        <p className="import-lead" data-testid="import-lead">
          {t('imports.lead', { name: book.data.name, max: IMPORT_FILE_MAX_MB })}
        </p>
      )}
      {access === 'refused' ? (
        <div className="notice-card" role="status" data-testid="import-read-only">
          <Icon name="eye" /> {t('imports.readOnly')}
        </div>
      ) : (
        <>
          {file.refusal && (
            <div className="import-refusal" role="alert" data-testid="import-refused">
              {file.refusal}
            </div>
          )}
          {file.sending && <UploadProgress name={file.sending.name} fraction={file.sending.fraction} />}
          <SourceList disabled={Boolean(file.sending)} onPick={pick} />
          <input {...file.inputProps} data-testid="import-file" />
        </>
      )}
      <RecentImports bookId={bookId} timeZone={book.data?.time_zone} onOpen={detail} />
      <DateOrderSheet
        visible={askingOrder !== undefined}
        onClose={() => setAskingOrder(undefined)}
        onPick={(f) => {
          const s = askingOrder;
          setAskingOrder(undefined);
          if (s) file.choose(s, f === 'auto' ? undefined : f);
        }}
      />
      <PasswordPopup
        visible={file.locked !== undefined}
        wrong={file.locked?.wrong}
        busy={Boolean(file.sending)}
        onSubmit={file.unlock}
        onClose={file.closeLock}
      />
    </div>
  );
}

export default function ImportIndexPage() {
  return (
    <RequireLogin>
      <ImportIndex />
    </RequireLogin>
  );
}
