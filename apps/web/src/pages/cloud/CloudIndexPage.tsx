import {
  SPACE_NOTICE_DAYS,
  type CapacityInfo,
  type CloudPackage,
  type Gather,
  type ShareStateInfo,
  type SpaceGrant,
} from '@cab/contracts/client';
import { useQuery } from '@tanstack/react-query';
import { Button, Skeleton } from 'antd-mobile';
import { useEffect, useState } from 'react';
import { BookGone } from '../../app/BookGone.tsx';
import { EmptyState } from '../../app/EmptyState.tsx';
import { LoadFailed } from '../../app/LoadFailed.tsx';
import { PageBar, useBack } from '../../app/PageBar.tsx';
import { RequireLogin } from '../../app/RequireLogin.tsx';
import { showToast } from '../../app/toast.ts';
import { accountingQueries } from '../../features/accounting/queries.ts';
import { cloudQueries, useUntie } from '../../features/cloud/api.ts';
import { CloudGlyph } from '../../features/cloud/components/glyphs.tsx';
import { PayDialog, prefetchPayDialog } from '../../features/cloud/components/lazy.tsx';
import { shareStateText } from '../../features/cloud/components/ShareParts.tsx';
import { SpaceRing } from '../../features/cloud/components/SpaceRing.tsx';
import { daysLeft, lastDay, size } from '../../features/cloud/format.ts';
import { confirmDestructive, confirmDialog, prefetchDialogs } from '../../features/cloud/dialogs.ts';
import { useCloudBook } from '../../features/cloud/useCloudBook.ts';
import { shells } from '../../features/commerce/format.ts';
import { minorOf } from '../../features/commerce/money.ts';
import { useTranslation } from '../../i18n/index.ts';
import { useNavigate, useSearchParams } from '../../lib/hash-router.tsx';
import { formatAmount } from '../../lib/format.ts';
import { whenIdle } from '../../lib/idle.ts';
import { leftMb } from '../../lib/space.ts';
import '../../features/cloud/cloud.css';
import '../../features/commerce/commerce.css';
import '../../i18n/cloud.ts';
import '../../i18n/commerce.ts';

/** The space of the book: the ring, used, total and left, and whether it is full. */
function SpaceCard({ name, capacity, state }: { name: string; capacity: CapacityInfo; state: ShareStateInfo | undefined }) {
  const { t } = useTranslation();
  const full = capacity.pic_upload_permit === 'not_permit';
  const pooled = state && (state.state === 'main' || state.state === 'sharing');
  return (
    <section className="section cloud-space" data-testid="cloud-space" aria-labelledby="cloud-space-title">
      <h2 className="cloud-section-title" id="cloud-space-title">
        <CloudGlyph name="cloud" size={18} />
        <span className="cloud-title-text">{t('cloud.space.label', { name })}</span>
      </h2>
      <div className="cloud-space-body">
        <SpaceRing used={capacity.used} total={capacity.total} />
        <dl className="cloud-figures">
          <div>
            <dt>{t('cloud.space.used')}</dt>
            <dd data-testid="cloud-used">{size(capacity.used)}</dd>
          </div>
          <div>
            <dt>{t('cloud.space.total')}</dt>
            <dd data-testid="cloud-total">{size(capacity.total)}</dd>
          </div>
          <div>
            <dt>{t('cloud.space.left')}</dt>
            <dd data-testid="cloud-left">{size(leftMb(capacity.used, capacity.total))}</dd>
          </div>
        </dl>
      </div>
      {pooled && (
        <p className="cloud-note" data-testid="cloud-pooled">
          <CloudGlyph name="share" />
          {t('cloud.space.shared')}
        </p>
      )}
      {full && (
        <p className="cloud-warn" role="status" data-testid="cloud-full">
          <CloudGlyph name="info" />
          <span>{t('cloud.space.full')}</span>
        </p>
      )}
    </section>
  );
}

/** What counts for the book now: the free space, and each grant with its end. */
function Grants({ gather, grants, bookId, timeZone }: { gather: Gather; grants: SpaceGrant[]; bookId: string; timeZone: string }) {
  const { t } = useTranslation();
  return (
    <section className="section" data-testid="cloud-grants" aria-labelledby="cloud-grants-title">
      <h2 className="cloud-section-title" id="cloud-grants-title">
        {t('cloud.grants.title')}
      </h2>
      <ul className="cloud-list">
        <li className="cloud-row">
          <span className="cloud-row-main">
            <span className="cloud-row-name">{t('cloud.grants.free')}</span>
            <span className="cloud-row-sub">{t('cloud.grants.freeBody', { size: size(gather.base_mb) })}</span>
          </span>
          <span className="cloud-row-side">{size(gather.base_mb)}</span>
        </li>
        {grants.map((g) => (
          <li className="cloud-row" key={g.id} data-testid={`cloud-grant-${g.id}`}>
            <span className="cloud-row-main">
              <span className="cloud-row-name">{g.name}</span>
              <span className="cloud-row-sub">
                {t('cloud.grants.until', { date: lastDay(g.ends_at, timeZone) })}
                {g.book_id !== bookId && ` · ${t('cloud.grants.from', { book: g.book_name })}`}
              </span>
            </span>
            <span className="cloud-row-side">
              <span className="cloud-row-size">{size(g.capacity_mb)}</span>
              <span className={g.days_left <= SPACE_NOTICE_DAYS ? 'cloud-days soon' : 'cloud-days'} data-testid="cloud-grant-days">
                {daysLeft(g.days_left)}
              </span>
            </span>
          </li>
        ))}
      </ul>
      {grants.length === 0 && (
        <p className="cloud-empty" data-testid="cloud-no-grants">
          {t('cloud.grants.none', { days: SPACE_NOTICE_DAYS })}
        </p>
      )}
    </section>
  );
}

/** The book's place in sharing, with the way to manage it, to release it, or to withdraw an application. */
function Sharing({ bookId, state, mayRent }: { bookId: string; state: ShareStateInfo; mayRent: boolean }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const untie = useUntie(bookId);
  const name = state.main_book?.name ?? '';
  const text = shareStateText(t, state);
  const release = async () => {
    const withdraw = state.state === 'applied';
    const ok = await confirmDestructive(
      withdraw ? t('cloud.sharing.withdrawAsk', { name }) : t('cloud.sharing.releaseAsk'),
      withdraw ? t('cloud.sharing.withdraw') : t('cloud.sharing.release'),
      'cloud-release-confirm',
    );
    if (!ok) return;
    await untie.mutateAsync(undefined);
    showToast(withdraw ? t('cloud.sharing.withdrawn') : t('cloud.sharing.released'));
  };
  return (
    <section className="section" data-testid="cloud-sharing" data-state={state.state} aria-labelledby="cloud-sharing-title">
      <h2 className="cloud-section-title" id="cloud-sharing-title">
        {t('cloud.sharing.title')}
      </h2>
      <p className="cloud-state" data-testid="cloud-share-state">
        <CloudGlyph name="share" size={18} />
        <span>{text}</span>
      </p>
      <div className="cloud-actions">
        <Button
          size="small"
          fill="outline"
          data-testid="cloud-manage-sharing"
          onClick={() => navigate(`/cloud/pages/sharingManagement?bookId=${encodeURIComponent(bookId)}`)}
        >
          {t('cloud.sharing.manage')}
        </Button>
        {mayRent && (state.state === 'sharing' || state.state === 'applied') && (
          <Button
            size="small"
            color="danger"
            fill="outline"
            data-testid="cloud-release"
            loading={untie.isPending}
            onClick={() => void release().catch(() => undefined)}
          >
            {state.state === 'applied' ? t('cloud.sharing.withdraw') : t('cloud.sharing.release')}
          </Button>
        )}
      </div>
    </section>
  );
}

function Packages({
  packages,
  chosen,
  onChoose,
}: {
  packages: CloudPackage[];
  chosen: string | undefined;
  onChoose: (id: string) => void;
}) {
  const { t } = useTranslation();
  if (!packages.length) return <p className="cloud-empty">{t('cloud.packages.none')}</p>;
  return (
    <div className="cloud-packages" role="radiogroup" aria-labelledby="cloud-packages-title">
      {packages.map((p) => (
        <button
          key={p.combo_id}
          type="button"
          role="radio"
          aria-checked={p.combo_id === chosen}
          className="cloud-package"
          data-testid={`cloud-package-${p.combo_id}`}
          onClick={() => onChoose(p.combo_id)}
        >
          <span className="cloud-package-size">{size(p.capacity_mb)}</span>
          <span className="cloud-package-days">{t('cloud.packages.days', { days: p.days })}</span>
          <span className="cloud-package-price">{shells(p.sell_price)}</span>
          {minorOf(p.original_price) > minorOf(p.sell_price) && (
            <span className="cloud-package-original">{t('cloud.packages.original', { amount: formatAmount(p.original_price) })}</span>
          )}
        </button>
      ))}
    </div>
  );
}

const FOOTER = [
  ['rule', '/cloud/pages/rule'],
  ['agreement', '/cloud/pages/agreement'],
  ['introduce', '/cloud/pages/introduce'],
  ['exclusive', '/cloud/pages/exclusive'],
] as const;

/**
 * My space (SPEC 2, cloud/index?bookId=): the book's space as a ring with used, total and
 * left; the space in effect and when each part ends; its place in sharing (manage it,
 * release it: 解除共享 after a confirmation); the packages on sale, bought through the pay
 * dialog (the agreement checked first) and commerce's payment; the rule, agreement,
 * introduction and private storage below. Leaving with a package chosen or the dialog open
 * asks first (the back popup); `?buy=<combo>` (buying again after a failed payment) opens
 * the dialog on that package.
 */
function CloudIndex() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const back = useBack();
  const [params, setParams] = useSearchParams();
  const { bookId, book, gone, timeZone, mayRent } = useCloudBook();
  const on = Boolean(bookId) && !gone;
  const capacity = useQuery({ ...accountingQueries.capacity(bookId), enabled: on });
  const gather = useQuery({ ...cloudQueries.gather(bookId), enabled: on });
  const grants = useQuery({ ...cloudQueries.inEffect(bookId), enabled: on });
  const state = useQuery({ ...cloudQueries.shareState(bookId), enabled: on });
  const latest = useQuery({ ...cloudQueries.latest(), enabled: on });
  const [chosen, setChosen] = useState<string>();
  const [paying, setPaying] = useState(false);
  const [asked, setAsked] = useState<string>();

  // Buying again after a failure: the package named, its dialog open, once.
  const buy = params.get('buy');
  if (buy && latest.data && asked !== buy) {
    setAsked(buy);
    if (latest.data.some((p) => p.combo_id === buy)) {
      setChosen(buy);
      setPaying(true);
    }
  }
  const closePay = () => {
    setPaying(false);
    if (buy)
      setParams(
        (p) => {
          p.delete('buy');
          return p;
        },
        { replace: true },
      );
  };
  const pkg = latest.data?.find((p) => p.combo_id === chosen);
  const ready = Boolean(book.data && capacity.data && latest.data?.length);
  // Once the page is drawn and the browser idle: the pay dialog's and the questions' code, so a tap opens them at once.
  useEffect(() => {
    if (ready)
      whenIdle(() => {
        prefetchPayDialog();
        prefetchDialogs();
      });
  }, [ready]);

  // The back popup: a purchase begun (a package chosen, or the dialog open) is not left unasked.
  const leave = async () => {
    if (paying || chosen) {
      const ok = await confirmDialog({
        content: t('cloud.leave.ask'),
        confirmText: <span data-testid="cloud-leave-confirm">{t('cloud.leave.confirm')}</span>,
        cancelText: <span data-testid="cloud-leave-stay">{t('cloud.leave.stay')}</span>,
      });
      if (!ok) return;
      setPaying(false);
    }
    back();
  };

  const header = <PageBar title={t('cloud.title')} onBack={() => void leave()} />;
  if (!bookId)
    return (
      <div className="page" data-testid="page-cloud">
        {header}
        <EmptyState
          kind="empty"
          full
          testId="cloud-no-book"
          title={t('cloud.noBook')}
          description={t('cloud.noBookHint')}
          action={
            <Button color="primary" onClick={() => navigate('/pages/book/index', { replace: true })}>
              {t('cloud.toBooks')}
            </Button>
          }
        />
      </div>
    );
  if (gone)
    return (
      <div className="page" data-testid="page-cloud">
        {header}
        <BookGone bookId={bookId} />
      </div>
    );

  const main = [capacity, gather, grants, state];
  const failed = [book, ...main].filter((q) => q.isError);
  const body = () => {
    if (failed.length) return <LoadFailed full onRetry={() => Promise.all(failed.map((q) => q.refetch()))} />;
    if (!book.data || !capacity.data || !gather.data || !grants.data || !state.data)
      return (
        <div className="section padded" data-testid="cloud-loading">
          <Skeleton.Title animated />
          <Skeleton.Paragraph lineCount={6} animated />
        </div>
      );
    return (
      <>
        <SpaceCard name={book.data.name} capacity={capacity.data} state={state.data} />
        <Grants gather={gather.data} grants={grants.data} bookId={bookId} timeZone={timeZone} />
        <Sharing bookId={bookId} state={state.data} mayRent={mayRent} />
        <section className="section" aria-labelledby="cloud-packages-title" data-testid="cloud-packages">
          <h2 className="cloud-section-title" id="cloud-packages-title">
            {t('cloud.packages.title')}
          </h2>
          {latest.isError ? (
            <LoadFailed onRetry={latest.refetch} />
          ) : !latest.data ? (
            <div className="padded">
              <Skeleton.Paragraph lineCount={3} animated />
            </div>
          ) : (
            <Packages packages={latest.data} chosen={chosen} onChoose={setChosen} />
          )}
        </section>
        <nav className="cloud-footer" aria-label={t('cloud.title')}>
          {FOOTER.map(([key, to]) => (
            <button key={key} type="button" className="shell-link" data-testid={`cloud-link-${key}`} onClick={() => navigate(to)}>
              {t(`cloud.links.${key}`)}
            </button>
          ))}
        </nav>
      </>
    );
  };

  return (
    <div className="page shell-page" data-testid="page-cloud">
      {header}
      {body()}
      {ready && (
        <div className="shell-bar cloud-bar">
          <Button block color="primary" data-testid="cloud-buy" disabled={!pkg} onClick={() => setPaying(true)}>
            {pkg ? t('cloud.packages.buyFor', { price: shells(pkg.sell_price) }) : t('cloud.packages.pick')}
          </Button>
        </div>
      )}
      <PayDialog
        bookId={bookId}
        bookName={book.data?.name ?? ''}
        pkg={pkg}
        mayBuy={mayRent}
        visible={paying && Boolean(pkg)}
        onClose={closePay}
      />
    </div>
  );
}

export default function CloudIndexPage() {
  return (
    <RequireLogin>
      <CloudIndex />
    </RequireLogin>
  );
}
