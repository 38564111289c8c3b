import { useQuery } from '@tanstack/react-query';
import { Button, Skeleton } from 'antd-mobile';
import { useEffect, useState } from 'react';
import { ApiError } from '../../api/request.ts';
import { BookGone } from '../../app/BookGone.tsx';
import { EmptyState } from '../../app/EmptyState.tsx';
import { LoadFailed } from '../../app/LoadFailed.tsx';
import { PageBar } from '../../app/PageBar.tsx';
import { RequireLogin } from '../../app/RequireLogin.tsx';
import { showToast } from '../../app/toast.ts';
import { cloudQueries } from '../../features/cloud/api.ts';
import { confirmDialog, prefetchDialogs } from '../../features/cloud/dialogs.ts';
import { ZoneGlyph } from '../../features/zones/components/glyphs.tsx';
import { MigratePopup, RegisterPopup, StatusPopup, prefetchPopups } from '../../features/zones/components/lazy.tsx';
import { MigrationProgress } from '../../features/zones/components/MigrationProgress.tsx';
import { NoDevice } from '../../features/zones/components/NoDevice.tsx';
import type { StatusType } from '../../features/zones/components/StatusPopup.tsx';
import { ApplyArea, AwaitingArea, DeployArea, MigrateArea, RegisterArea, RemoteArea } from '../../features/zones/components/ZoneStates.tsx';
import { useApplyPrivate, useMoveToPublic } from '../../features/zones/mutations.ts';
import { zoneQueries } from '../../features/zones/queries.ts';
import { movingType, viewOf } from '../../features/zones/rules.ts';
import { useZoneBook } from '../../features/zones/useZoneBook.ts';
import { useTranslation } from '../../i18n/index.ts';
import { useNavigate, useSearchParams } from '../../lib/hash-router.tsx';
import { whenIdle } from '../../lib/idle.ts';
import '../../features/zones/zones.css';
import '../../i18n/zones.ts';

const TABS = ['device', 'nodevice'] as const;
type Tab = (typeof TABS)[number];

/**
 * The private server page (SPEC 2, private/index?bookId=; docs/zones.md): two tabs, having a
 * device or not. With one, the area of the book's state (SPEC 4, rules.ts viewOf): apply
 * for private storage (the status popup says how it went), wait for the review, register
 * the server (the register form popup, its secret shown once), start it and check again,
 * move the book (the migration popup with its folded pay scheme), follow the move's progress
 * and cancel it, and, once the book lives there, move it back. Without one: how to run the
 * server on one's own computer.
 */
function PrivateIndex() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const tab: Tab = params.get('tab') === 'nodevice' ? 'nodevice' : 'device';
  const { bookId, book, gone, owned } = useZoneBook();
  const on = Boolean(bookId) && !gone;
  const place = useQuery({ ...zoneQueries.book(bookId), enabled: on });
  const z = place.data;
  const view = z ? viewOf(z) : undefined;
  // The reviewer's note and the application's time live with the function apply (the cloud area's).
  const review = useQuery({ ...cloudQueries.functionApply('book_private_storage'), enabled: view === 'rejected' || view === 'awaiting' });
  const apply = useApplyPrivate();
  const moveBack = useMoveToPublic(bookId);
  const [status, setStatus] = useState<{ type: StatusType; message?: string }>({ type: 'submit' });
  const [statusOpen, setStatusOpen] = useState(false);
  const [registering, setRegistering] = useState(false);
  const [migrating, setMigrating] = useState(false);
  // The offer as it stood when the popup opened: once the move starts, the page's next read
  // says the free first order is used, and the closing popup must not show the later price.
  const [offer, setOffer] = useState<{ firstFree: boolean; price: string }>();

  // Once the page is drawn and the browser idle: the popups' and the questions' code, so a tap opens them at once.
  const drawn = Boolean(z);
  useEffect(() => {
    if (drawn)
      whenIdle(() => {
        prefetchPopups();
        prefetchDialogs();
      });
  }, [drawn]);

  const applyNow = () => {
    setStatus({ type: 'submit' });
    setStatusOpen(true);
    apply.mutateAsync().then(
      () => setStatus({ type: 'success' }),
      (err: unknown) => setStatus({ type: 'error', message: err instanceof ApiError ? err.message : t('common.serverHiccup') }),
    );
  };
  // Asking the book's place again has the server ask the zone's health: it turns to "migrate" once it answers.
  const checkAgain = () =>
    void place.refetch().then((r) => {
      if (r.data && viewOf(r.data) === 'deploy') showToast(t('zones.deploy.still'));
    });
  const askMoveBack = async () => {
    const ok = await confirmDialog({
      content: t('zones.remote.moveBackAsk'),
      confirmText: <span data-testid="private-move-back-confirm">{t('zones.remote.moveBackConfirm')}</span>,
    });
    if (!ok) return;
    await moveBack.mutateAsync();
    showToast(t('zones.remote.started'));
  };

  const header = <PageBar title={t('zones.title')} />;
  if (!bookId)
    return (
      <div className="page" data-testid="page-private">
        {header}
        <EmptyState
          kind="empty"
          full
          testId="private-no-book"
          title={t('zones.noBook')}
          description={t('zones.noBookHint')}
          action={
            <Button color="primary" onClick={() => navigate('/pages/book/index', { replace: true })}>
              {t('zones.toBooks')}
            </Button>
          }
        />
      </div>
    );
  if (gone)
    return (
      <div className="page" data-testid="page-private">
        {header}
        <BookGone bookId={bookId} />
      </div>
    );

  const area = () => {
    const failed = [book, place].filter((q) => q.isError);
    if (failed.length) return <LoadFailed full onRetry={() => Promise.all(failed.map((q) => q.refetch()))} />;
    if (!z || !book.data)
      return (
        <div className="section padded" data-testid="private-loading">
          <Skeleton.Title animated />
          <Skeleton.Paragraph lineCount={5} animated />
        </div>
      );
    switch (viewOf(z)) {
      case 'open':
      case 'rejected':
        return (
          <ApplyArea rejected={z.audit_status === 'rejected'} remark={review.data?.remark} busy={apply.isPending} onApply={applyNow} />
        );
      case 'awaiting':
        return (
          <AwaitingArea
            appliedAt={review.data?.applied_at}
            busy={place.isFetching}
            onRefresh={() => void Promise.all([place.refetch(), review.refetch()])}
          />
        );
      case 'deploy':
        if (z.zone) return <DeployArea zone={z.zone} busy={place.isFetching} onCheck={checkAgain} />;
        return <RegisterArea onRegister={() => setRegistering(true)} />;
      case 'register':
        return <RegisterArea onRegister={() => setRegistering(true)} />;
      case 'migrate':
        if (z.zone)
          return (
            <MigrateArea
              zone={z.zone}
              owned={owned}
              firstFree={z.first_order_free}
              migration={z.migration}
              onMigrate={() => {
                setOffer({ firstFree: z.first_order_free, price: z.price });
                setMigrating(true);
              }}
            />
          );
        return <RegisterArea onRegister={() => setRegistering(true)} />;
      case 'migrating':
        return <MigrationProgress bookId={bookId} type={movingType(z)} known={z.migration} mayCancel={owned} />;
      case 'remote':
        return (
          <RemoteArea
            zone={z.zone}
            owned={owned}
            migration={z.migration}
            busy={moveBack.isPending}
            onMoveBack={() => void askMoveBack().catch(() => undefined)}
          />
        );
    }
  };

  return (
    <div className="page" data-testid="page-private" data-view={view ?? 'loading'}>
      {header}
      {book.data && (
        <p className="zone-book" data-testid="private-book">
          <ZoneGlyph name="book" size={18} />
          <span>{t('zones.book', { name: book.data.name })}</span>
        </p>
      )}
      <div className="zone-tabs" role="tablist" aria-label={t('zones.tabs.label')}>
        {TABS.map((k) => (
          <button
            key={k}
            id={`private-tab-${k}`}
            type="button"
            role="tab"
            aria-selected={k === tab}
            aria-controls="private-tab-panel"
            className={k === tab ? 'zone-tab active' : 'zone-tab'}
            data-testid={`private-tab-${k}`}
            onClick={() => {
              if (k === tab) return;
              setParams(
                (p) => {
                  p.set('tab', k);
                  return p;
                },
                { replace: true },
              );
            }}
          >
            {k === 'device' ? t('zones.tabs.device') : t('zones.tabs.noDevice')}
          </button>
        ))}
      </div>
      <div id="private-tab-panel" role="tabpanel" aria-labelledby={`private-tab-${tab}`}>
        {tab === 'device' ? area() : <NoDevice />}
      </div>
      <StatusPopup type={status.type} message={status.message} visible={statusOpen} onClose={() => setStatusOpen(false)} />
      <RegisterPopup visible={registering} onClose={() => setRegistering(false)} />
      {z?.zone && book.data && (
        <MigratePopup
          bookId={bookId}
          bookName={book.data.name}
          zone={z.zone}
          firstFree={offer?.firstFree ?? z.first_order_free}
          price={offer?.price ?? z.price}
          visible={migrating}
          onClose={() => setMigrating(false)}
        />
      )}
    </div>
  );
}

export default function PrivateIndexPage() {
  return (
    <RequireLogin>
      <PrivateIndex />
    </RequireLogin>
  );
}
