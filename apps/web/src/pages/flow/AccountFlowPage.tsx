import { useQuery } from '@tanstack/react-query';
import { Button } from 'antd-mobile';
import { useMemo, useState, type ReactNode } from 'react';
import { useNavigate, useSearchParams } from '../../lib/hash-router.tsx';
import { EmptyState } from '../../app/EmptyState.tsx';
import { LoadFailed } from '../../app/LoadFailed.tsx';
import { PageBar } from '../../app/PageBar.tsx';
import { RequireLogin } from '../../app/RequireLogin.tsx';
import { AccountIcon } from '../../features/accounting/icons/icons.tsx';
import { flatAccounts, useAccounts } from '../../features/accounting/queries.ts';
import { metric, statisticsQueries } from '../../features/flows/api.ts';
import { BookState } from '../../features/flows/components/BookState.tsx';
import { FlowList } from '../../features/flows/components/FlowList.tsx';
import { FlowSkeleton } from '../../features/flows/components/FlowSkeleton.tsx';
import { MaskToggle } from '../../features/flows/components/MaskToggle.tsx';
import { SummaryCard } from '../../features/flows/components/SummaryCard.tsx';
import { currentPeriod } from '../../features/flows/time.ts';
import { useFlowBookPage } from '../../features/flows/useFlowBook.ts';
import { useTranslation } from '../../i18n/index.ts';
import { useSettingsStore } from '../../stores/settings.ts';
import '../../features/flows/flows.css';
import '../../i18n/flow.ts';

/**
 * One account's flow (SPEC 2: flow/pages/account-flow?accountId=): its balance now,
 * what went in and out this month, and every record that moved it, each showing the
 * signed amount this account moved (a transfer out of it is minus, into it plus).
 */
function AccountFlow() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const accountId = params.get('accountId') ?? '';
  const { bookId, book, calendar } = useFlowBookPage();
  const masked = useSettingsStore((s) => s.amountHidden);
  const accounts = useAccounts(bookId, 'Common');
  const account = flatAccounts(accounts.data).find((a) => a.id === accountId);
  const [now] = useState(() => Date.now());
  const month = currentPeriod('month', calendar, now);
  const query = useMemo(() => ({ account_ids: [accountId] }), [accountId]);
  const summary = useQuery({
    ...statisticsQueries.summary(bookId, { query, group_filter: { group_key: 'TIME_MONTH', group_id: month } }),
    enabled: Boolean(book.data && account),
  });
  const bar = <PageBar title={account?.name ?? t('flow.account.title')} right={<MaskToggle />} />;
  const page = (body: ReactNode) => (
    <div className="page flow-page" data-testid="page-account-flow">
      {bar}
      {body}
    </div>
  );
  if (!book.data) return page(<BookState bookId={bookId} book={book} />);
  if (accounts.isError) return page(<LoadFailed full onRetry={accounts.refetch} />);
  if (!accounts.data) return page(<FlowSkeleton />);
  if (!account)
    return page(
      <EmptyState
        kind="notFound"
        full
        testId="account-gone"
        title={t('flow.account.gone')}
        description={t('flow.account.goneHint')}
        action={
          <Button color="primary" onClick={() => navigate(`/flow/index?bookId=${encodeURIComponent(bookId)}`, { replace: true })}>
            {t('flow.account.toFlow')}
          </Button>
        }
      />,
    );
  const m = summary.data?.metric_data;
  // In and out are counted in the book's currency; the balance in the account's own.
  const other = account.currency !== book.data.currency;
  return page(
    <>
      <SummaryCard
        testId="account-summary"
        masked={masked}
        head={
          <>
            <span className="flow-row-icon neutral" aria-hidden="true">
              <AccountIcon type={account.type} size={20} />
            </span>
            <span className="flow-summary-name">{account.name}</span>
            <span className="flow-summary-sub">{account.group_name}</span>
          </>
        }
        figures={[
          { key: 'balance', label: t('flow.account.balance') + (other ? ` (${account.currency})` : ''), value: account.balance },
          {
            key: 'inflow',
            label: t('flow.account.inflow') + (other ? ` (${book.data.currency})` : ''),
            value: m && metric(m, 'INFLOW'),
            tone: 'in',
          },
          {
            key: 'outflow',
            label: t('flow.account.outflow') + (other ? ` (${book.data.currency})` : ''),
            value: m && metric(m, 'OUTFLOW'),
            tone: 'out',
          },
        ]}
      />
      {summary.isError && <LoadFailed onRetry={summary.refetch} />}
      <div className="flow-list-gap" />
      <FlowList
        bookId={bookId}
        calendar={calendar}
        currency={book.data.currency}
        flowCurrency={account.currency}
        spec={{ query, extend: { scene: 'Account' } }}
        metrics={['INFLOW', 'OUTFLOW']}
        masked={masked}
        flowAmount
        monthHeaders
        empty={<EmptyState kind="empty" title={t('flow.empty')} />}
      />
    </>,
  );
}

export default function AccountFlowPage() {
  return (
    <RequireLogin>
      <AccountFlow />
    </RequireLogin>
  );
}
