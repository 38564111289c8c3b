import { ErrorCode } from '@cab/contracts/client';
import { useQueryClient } from '@tanstack/react-query';
import { Button } from 'antd-mobile';
import { useState } from 'react';
import { ApiError } from '../../api/request.ts';
import { EmptyState } from '../../app/EmptyState.tsx';
import { useSubmitGuard } from '../../app/form.tsx';
import { PageBar } from '../../app/PageBar.tsx';
import { RequireLogin } from '../../app/RequireLogin.tsx';
import { openBook } from '../../features/books/mutations.ts';
import { syncZone } from '../../features/zones/mutations.ts';
import { useTranslation } from '../../i18n/index.ts';
import { useNavigate, useSearchParams } from '../../lib/hash-router.tsx';
import { effectiveBookId, useBookStore } from '../../stores/book.ts';
import '../../features/zones/zones.css';
import '../../i18n/zones.ts';

const offline = (err: unknown) => err instanceof ApiError && err.code === ErrorCode.BOOK_OFFLINE;

/**
 * The book's private server does not answer (SPEC 2, private/pages/off-line?bookId=; any
 * call answered 0xF115 opens it, api/request.ts). Retry asks the book's zone again (zone
 * sync): once it answers, the book opens on its dashboard; while it does not, the page
 * stays and says so under its buttons (the request layer does not open this page again
 * while it is shown, so a retry never loops). Home is always a way out.
 */
function OffLine() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const qc = useQueryClient();
  const [params] = useSearchParams();
  const current = effectiveBookId(useBookStore((s) => s.bookId));
  const meta = useBookStore((s) => s.meta);
  const bookId = params.get('bookId') || current;
  const name = bookId === current ? meta?.name : undefined;
  const guard = useSubmitGuard();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();

  const retry = () =>
    guard(async () => {
      setBusy(true);
      setError(undefined);
      try {
        const synced = await syncZone(bookId).catch((err: unknown) => {
          // The zone's silence in our words; any other refusal as the server words it.
          setError(offline(err) || !(err instanceof ApiError) ? t('zones.offline.still') : err.message);
          return undefined;
        });
        if (!synced) return;
        if (!synced.online) {
          setError(t('zones.offline.still'));
          return;
        }
        // Opening the book makes it current again and lands on its dashboard; this page is not kept behind it.
        const book = await openBook(qc, bookId).catch((err: unknown) => {
          if (offline(err)) setError(t('zones.offline.still'));
          return undefined;
        });
        if (!book) return;
        navigate(`/dashboard/index?TradingEntity=${book.id}&bookName=${encodeURIComponent(book.name)}&memberCount=${book.member_count}`, {
          replace: true,
        });
      } finally {
        setBusy(false);
      }
    });

  return (
    <EmptyState
      kind="failed"
      full
      testId="private-offline"
      title={t('zones.offline.title')}
      description={
        <>
          {name && <span className="zone-offline-book">{t('zones.book', { name })}</span>}
          {bookId ? t('zones.offline.body') : t('zones.offline.noBook')}
        </>
      }
      action={
        <div className="zone-offline-actions">
          {bookId && (
            <Button block color="primary" loading={busy} data-testid="offline-retry" onClick={retry}>
              {t('zones.offline.retry')}
            </Button>
          )}
          {error && (
            <div className="field-error" role="alert" data-testid="offline-error">
              {error}
            </div>
          )}
          <Button block fill="outline" data-testid="offline-home" onClick={() => navigate('/pages/home/index', { replace: true })}>
            {t('zones.offline.home')}
          </Button>
        </div>
      }
    />
  );
}

export default function OffLinePage() {
  const { t } = useTranslation();
  return (
    <div className="page" data-testid="page-private-offline">
      <PageBar title={t('zones.title')} />
      <RequireLogin>
        <OffLine />
      </RequireLogin>
    </div>
  );
}
