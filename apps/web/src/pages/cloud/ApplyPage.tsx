import type { ShareApply } from '@cab/contracts/client';
import { useQuery } from '@tanstack/react-query';
import { Button, Skeleton } from 'antd-mobile';
import { useEffect, useState } from 'react';
import { BookGone } from '../../app/BookGone.tsx';
import { EmptyState } from '../../app/EmptyState.tsx';
import { LoadFailed } from '../../app/LoadFailed.tsx';
import { PageBar } from '../../app/PageBar.tsx';
import { RequireLogin } from '../../app/RequireLogin.tsx';
import { showToast } from '../../app/toast.ts';
import { PayRow } from '../../features/commerce/components/PayRow.tsx';
import { cloudQueries, useDecideShare } from '../../features/cloud/api.ts';
import { CloudGlyph } from '../../features/cloud/components/glyphs.tsx';
import { moment } from '../../features/cloud/format.ts';
import { confirmDestructive, prefetchDialogs } from '../../features/cloud/dialogs.ts';
import { useCloudBook } from '../../features/cloud/useCloudBook.ts';
import { useTranslation } from '../../i18n/index.ts';
import { whenIdle } from '../../lib/idle.ts';
import { useNavigate, useSearchParams } from '../../lib/hash-router.tsx';
import '../../features/cloud/cloud.css';
import '../../features/commerce/commerce.css';
import '../../i18n/cloud.ts';

/**
 * An application to share this book's space, as the message center links it (SPEC 2,
 * cloud/pages/apply?bookId=<main book>&applyId=<id>): the applying book, who applied and
 * when, and agree or reject (a rejection asks first); once decided, how it ended. An
 * application decided or withdrawn meanwhile says so, and leads to sharing management.
 */
function Apply() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const applyId = params.get('applyId') ?? '';
  const { bookId, book, gone, timeZone, mayRent } = useCloudBook();
  const on = Boolean(bookId) && !gone;
  const books = useQuery({ ...cloudQueries.shareBooks(bookId), enabled: on });
  const decide = useDecideShare(bookId);
  // The questions' code, once the page is drawn and the browser idle.
  const drawn = Boolean(books.data);
  useEffect(() => {
    if (drawn) whenIdle(prefetchDialogs);
  }, [drawn]);
  const [decided, setDecided] = useState<{ apply: ShareApply; agreed: boolean }>();
  const toManage = () => navigate(`/cloud/pages/sharingManagement?bookId=${encodeURIComponent(bookId)}`, { replace: true });

  const run = async (apply: ShareApply, agree: boolean) => {
    if (!agree) {
      const ok = await confirmDestructive(
        t('cloud.manage.rejectAsk', { name: apply.book.name }),
        t('cloud.manage.reject'),
        'cloud-reject-confirm',
      );
      if (!ok) return;
    }
    const a = await decide.mutateAsync({ id: apply.id, agree });
    showToast(agree ? t('cloud.manage.agreed') : t('cloud.manage.rejected'));
    setDecided({ apply: a, agreed: agree });
  };

  const outcome = (kind: 'agreed' | 'rejected' | 'gone', name: string) => (
    <>
      <div className="section">
        <div className="pay-result" data-testid="cloud-apply-outcome" data-outcome={kind}>
          <CloudGlyph
            name={kind === 'agreed' ? 'success' : kind === 'rejected' ? 'fail' : 'info'}
            size={56}
            className={kind === 'agreed' ? 'pay-result-icon ok' : kind === 'rejected' ? 'pay-result-icon bad' : 'pay-result-icon'}
          />
          <h2 className="pay-result-title">{t(`cloud.apply.${kind}Title`)}</h2>
          <p className="pay-result-body">{t(`cloud.apply.${kind}Body`, { book: name })}</p>
        </div>
      </div>
      <div className="pay-actions">
        <Button block color="primary" data-testid="cloud-apply-manage" onClick={toManage}>
          {t('cloud.apply.toManage')}
        </Button>
      </div>
    </>
  );

  const body = () => {
    if (!bookId)
      return <EmptyState kind="empty" full testId="cloud-no-book" title={t('cloud.noBook')} description={t('cloud.noBookHint')} />;
    if (gone) return <BookGone bookId={bookId} />;
    if (decided) return outcome(decided.agreed ? 'agreed' : 'rejected', decided.apply.book.name);
    const failed = [book, books].filter((q) => q.isError);
    if (failed.length) return <LoadFailed full onRetry={() => Promise.all(failed.map((q) => q.refetch()))} />;
    if (!book.data || !books.data)
      return (
        <div className="section padded" data-testid="cloud-apply-loading">
          <Skeleton.Title animated />
          <Skeleton.Paragraph lineCount={4} animated />
        </div>
      );
    const waiting = books.data.applications.find((a) => a.id === applyId);
    const agreed = books.data.sharing.find((a) => a.id === applyId);
    if (agreed) return outcome('agreed', agreed.book.name);
    if (!waiting) return outcome('gone', '');
    return (
      <>
        <div className="section" data-testid="cloud-apply-card">
          <h2 className="cloud-section-title">
            <CloudGlyph name="share" size={18} />
            {t('cloud.apply.lead')}
          </h2>
          <div className="pay-rows">
            <PayRow label={t('cloud.apply.book')} value={waiting.book.name} testId="cloud-apply-book" />
            <PayRow label={t('cloud.apply.applicant')} value={waiting.applicant_name} testId="cloud-apply-applicant" />
            <PayRow label={t('cloud.apply.time')} value={moment(waiting.created_at, timeZone)} testId="cloud-apply-time" />
            <PayRow label={t('cloud.apply.mainBook')} value={book.data.name} testId="cloud-apply-main" />
          </div>
          <p className="cloud-card-lead">{t('cloud.apply.explain', { book: waiting.book.name })}</p>
        </div>
        {mayRent ? (
          <div className="pay-actions">
            <Button
              block
              color="primary"
              data-testid="cloud-apply-agree"
              loading={decide.isPending}
              onClick={() => void run(waiting, true).catch(() => undefined)}
            >
              {t('cloud.manage.agree')}
            </Button>
            <Button
              block
              color="danger"
              fill="outline"
              data-testid="cloud-apply-reject"
              disabled={decide.isPending}
              onClick={() => void run(waiting, false).catch(() => undefined)}
            >
              {t('cloud.manage.reject')}
            </Button>
          </div>
        ) : (
          <p className="cloud-card-lead">{t('cloud.manage.mainOwnerOnly')}</p>
        )}
      </>
    );
  };

  return (
    <div className="page" data-testid="page-cloud-apply">
      <PageBar title={t('cloud.apply.title')} />
      {body()}
    </div>
  );
}

export default function ApplyPage() {
  return (
    <RequireLogin>
      <Apply />
    </RequireLogin>
  );
}
