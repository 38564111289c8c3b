import type { ShareBooks, ShareRelation, ShareStateInfo } from '@cab/contracts/client';
import { useQuery } from '@tanstack/react-query';
import { Button, Skeleton } from 'antd-mobile';
import { useEffect } from 'react';
import { BookGone } from '../../app/BookGone.tsx';
import { EmptyState } from '../../app/EmptyState.tsx';
import { LoadFailed } from '../../app/LoadFailed.tsx';
import { PageBar } from '../../app/PageBar.tsx';
import { RequireLogin } from '../../app/RequireLogin.tsx';
import { showToast } from '../../app/toast.ts';
import { cloudQueries, useApplyShare, useUntie } from '../../features/cloud/api.ts';
import { CloudGlyph } from '../../features/cloud/components/glyphs.tsx';
import { ApplicationRow, shareStateText, showShareHelp } from '../../features/cloud/components/ShareParts.tsx';
import { SpaceRing } from '../../features/cloud/components/SpaceRing.tsx';
import { size } from '../../features/cloud/format.ts';
import { confirmDestructive, confirmDialog, prefetchDialogs } from '../../features/cloud/dialogs.ts';
import { useCloudBook } from '../../features/cloud/useCloudBook.ts';
import { useTranslation } from '../../i18n/index.ts';
import { whenIdle } from '../../lib/idle.ts';
import { useNavigate } from '../../lib/hash-router.tsx';
import { leftMb } from '../../lib/space.ts';
import '../../features/cloud/cloud.css';
import '../../i18n/cloud.ts';

/** The relation's pooled space and its books, each with what it uses. */
function Relation({ relation }: { relation: ShareRelation }) {
  const { t } = useTranslation();
  return (
    <section className="section" data-testid="cloud-relation" aria-labelledby="cloud-relation-title">
      <h2 className="cloud-section-title" id="cloud-relation-title">
        {t('cloud.manage.mainTitle')}
      </h2>
      <div className="cloud-space-body">
        <SpaceRing used={relation.used} total={relation.total} size={96} />
        <dl className="cloud-figures" data-testid="cloud-relation-space">
          <div>
            <dt>{t('cloud.space.used')}</dt>
            <dd>{size(relation.used)}</dd>
          </div>
          <div>
            <dt>{t('cloud.space.total')}</dt>
            <dd>{size(relation.total)}</dd>
          </div>
          <div>
            <dt>{t('cloud.space.left')}</dt>
            <dd>{size(leftMb(relation.used, relation.total))}</dd>
          </div>
        </dl>
      </div>
      <h3 className="cloud-section-title">{t('cloud.manage.relation')}</h3>
      <ul className="cloud-list">
        {relation.books.map((b) => (
          <li className="cloud-row" key={b.id} data-testid={`cloud-relation-book-${b.id}`}>
            <span className="cloud-row-main">
              <span className="cloud-row-name">
                {b.name}
                {b.main && <span className="cloud-tag">{t('cloud.manage.mainBook')}</span>}
              </span>
            </span>
            <span className="cloud-row-side cloud-days">{t('cloud.manage.bookUsed', { used: size(b.used) })}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}

function Manage({
  bookId,
  timeZone,
  mayRent,
  state,
  books,
  relation,
}: {
  bookId: string;
  timeZone: string;
  mayRent: boolean;
  state: ShareStateInfo;
  books: ShareBooks;
  relation: ShareRelation | null | undefined;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const apply = useApplyShare(bookId);
  const untie = useUntie(bookId);
  const mainName = state.main_book?.name ?? '';

  const sendApply = async (main: { id: string; name: string }) => {
    const ok = await confirmDialog({
      content: (
        <div className="cloud-help" data-testid="cloud-apply-dialog">
          <p>
            <strong>{t('cloud.manage.applyTitle')}</strong>
          </p>
          <p>{t('cloud.manage.applyBody', { main: main.name })}</p>
        </div>
      ),
      confirmText: <span data-testid="cloud-apply-send">{t('cloud.manage.applySend')}</span>,
    });
    if (!ok) return;
    await apply.mutateAsync(main.id);
    showToast(t('cloud.manage.applied'));
  };
  const untieOwn = async () => {
    const withdraw = state.state === 'applied';
    const ok = await confirmDestructive(
      withdraw ? t('cloud.sharing.withdrawAsk', { name: mainName }) : t('cloud.sharing.releaseAsk'),
      withdraw ? t('cloud.sharing.withdraw') : t('cloud.sharing.release'),
      'cloud-release-confirm',
    );
    if (!ok) return;
    await untie.mutateAsync(undefined);
    showToast(withdraw ? t('cloud.sharing.withdrawn') : t('cloud.sharing.released'));
  };
  const letGo = async (book: { id: string; name: string }) => {
    const ok = await confirmDestructive(
      t('cloud.manage.unshareAsk', { name: book.name }),
      t('cloud.manage.unshare'),
      'cloud-unshare-confirm',
    );
    if (!ok) return;
    await untie.mutateAsync(book.id);
    showToast(t('cloud.sharing.released'));
  };
  const quietly = (p: Promise<unknown>) => void p.catch(() => undefined);

  return (
    <>
      <section className="section" data-testid="cloud-manage-state" data-state={state.state}>
        <p className="cloud-state cloud-state-top" data-testid="cloud-share-state">
          <CloudGlyph name="share" size={18} />
          <span>{shareStateText(t, state)}</span>
        </p>
        {state.state === 'applied' && <p className="cloud-card-lead">{t('cloud.manage.waitingBody', { name: mainName })}</p>}
        {mayRent && (state.state === 'sharing' || state.state === 'applied') && (
          <div className="cloud-actions">
            <Button
              size="small"
              color="danger"
              fill="outline"
              data-testid="cloud-release"
              loading={untie.isPending}
              onClick={() => quietly(untieOwn())}
            >
              {state.state === 'applied' ? t('cloud.sharing.withdraw') : t('cloud.sharing.release')}
            </Button>
          </div>
        )}
        {!mayRent && <p className="cloud-card-lead">{t('cloud.pay.notAllowed')}</p>}
      </section>

      {relation && <Relation relation={relation} />}

      {(state.state === 'main' || books.sharing.length > 0) && (
        <section className="section" data-testid="cloud-sharing-books" aria-labelledby="cloud-sharing-books-title">
          <h2 className="cloud-section-title" id="cloud-sharing-books-title">
            {t('cloud.manage.sharingTitle')}
          </h2>
          {books.sharing.length ? (
            <ul className="cloud-list">
              {books.sharing.map((s) => (
                <li className="cloud-row" key={s.id} data-testid={`cloud-sharing-${s.book.id}`}>
                  <span className="cloud-row-main">
                    <span className="cloud-row-name">{s.book.name}</span>
                  </span>
                  {mayRent && (
                    <Button size="small" color="danger" fill="outline" data-testid="cloud-unshare" onClick={() => quietly(letGo(s.book))}>
                      {t('cloud.manage.unshare')}
                    </Button>
                  )}
                </li>
              ))}
            </ul>
          ) : (
            <p className="cloud-empty">{t('cloud.manage.sharingEmpty')}</p>
          )}
        </section>
      )}

      {books.applications.length > 0 && (
        <section className="section" data-testid="cloud-applications" aria-labelledby="cloud-applications-title">
          <h2 className="cloud-section-title" id="cloud-applications-title">
            {t('cloud.manage.applicationsTitle')}
          </h2>
          <ul className="cloud-list">
            {books.applications.map((a) => (
              <ApplicationRow key={a.id} mainBookId={bookId} apply={a} timeZone={timeZone} mayDecide={mayRent} />
            ))}
          </ul>
        </section>
      )}

      {state.state === 'alone' && (
        <section className="section" data-testid="cloud-can-apply" aria-labelledby="cloud-can-apply-title">
          <h2 className="cloud-section-title" id="cloud-can-apply-title">
            {t('cloud.manage.canApplyTitle')}
          </h2>
          {books.can_apply.length ? (
            <>
              <p className="cloud-card-lead">{t('cloud.manage.canApplyHint')}</p>
              <ul className="cloud-list">
                {books.can_apply.map((c) => (
                  <li className="cloud-row" key={c.id} data-testid={`cloud-candidate-${c.id}`}>
                    <span className="cloud-row-main">
                      <span className="cloud-row-name">{c.name}</span>
                      <span className="cloud-row-sub">{t('cloud.manage.rented', { size: size(c.rented_mb) })}</span>
                    </span>
                    {mayRent && (
                      <Button
                        size="small"
                        color="primary"
                        data-testid="cloud-apply"
                        loading={apply.isPending}
                        onClick={() => quietly(sendApply(c))}
                      >
                        {t('cloud.manage.apply')}
                      </Button>
                    )}
                  </li>
                ))}
              </ul>
            </>
          ) : (
            <EmptyState
              kind="empty"
              testId="cloud-no-candidates"
              title={t('cloud.manage.noCandidates')}
              description={t('cloud.manage.noCandidatesHint')}
              action={
                <Button size="small" color="primary" onClick={() => navigate(`/cloud/index?bookId=${encodeURIComponent(bookId)}`)}>
                  {t('cloud.manage.toBuy')}
                </Button>
              }
            />
          )}
        </section>
      )}
    </>
  );
}

/**
 * Sharing management (SPEC 2, cloud/pages/sharingManagement?bookId=): a main book's
 * sharing books (each let go after a confirmation) and the applications waiting (agree or
 * reject); a book on its own, the caller's books it may apply to share (the application
 * dialog says what sharing means first); a book that applied, the wait and its withdrawal; a
 * sharing book, its main book, the pooled space and the release. The instructions dialog
 * (共享说明) is in the page bar.
 */
function SharingManagement() {
  const { t } = useTranslation();
  const { bookId, book, gone, timeZone, mayRent } = useCloudBook();
  const on = Boolean(bookId) && !gone;
  const state = useQuery({ ...cloudQueries.shareState(bookId), enabled: on });
  const books = useQuery({ ...cloudQueries.shareBooks(bookId), enabled: on });
  const pooled = state.data?.state === 'main' || state.data?.state === 'sharing';
  const relation = useQuery({ ...cloudQueries.shareRelation(bookId), enabled: on && pooled });
  // The questions' code, once the page is drawn and the browser idle.
  const drawn = Boolean(books.data);
  useEffect(() => {
    if (drawn) whenIdle(prefetchDialogs);
  }, [drawn]);

  const header = (
    <PageBar
      title={t('cloud.manage.title')}
      right={
        <button type="button" className="cloud-bar-link" data-testid="cloud-share-help-open" onClick={() => void showShareHelp(t)}>
          {t('cloud.manage.help')}
        </button>
      }
    />
  );
  const body = () => {
    if (!bookId)
      return <EmptyState kind="empty" full testId="cloud-no-book" title={t('cloud.noBook')} description={t('cloud.noBookHint')} />;
    if (gone) return <BookGone bookId={bookId} />;
    const failed = [book, state, books, ...(pooled ? [relation] : [])].filter((q) => q.isError);
    if (failed.length) return <LoadFailed full onRetry={() => Promise.all(failed.map((q) => q.refetch()))} />;
    if (!book.data || !state.data || !books.data || (pooled && relation.isPending))
      return (
        <div className="section padded" data-testid="cloud-manage-loading">
          <Skeleton.Title animated />
          <Skeleton.Paragraph lineCount={5} animated />
        </div>
      );
    return (
      <>
        <h2 className="cloud-book-name" data-testid="cloud-manage-book">
          <CloudGlyph name="book" />
          <span className="cloud-title-text">{book.data.name}</span>
        </h2>
        <Manage bookId={bookId} timeZone={timeZone} mayRent={mayRent} state={state.data} books={books.data} relation={relation.data} />
      </>
    );
  };
  return (
    <div className="page" data-testid="page-cloud-sharing">
      {header}
      {body()}
    </div>
  );
}

export default function SharingManagementPage() {
  return (
    <RequireLogin>
      <SharingManagement />
    </RequireLogin>
  );
}
