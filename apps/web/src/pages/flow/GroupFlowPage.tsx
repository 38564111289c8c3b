import { DIMENSION_NAMES, NONE_GROUP_ID } from '@cab/contracts/client';
import { useQuery } from '@tanstack/react-query';
import { Button } from 'antd-mobile';
import { useMemo } from 'react';
import { useNavigate, useSearchParams } from '../../lib/hash-router.tsx';
import { EmptyState } from '../../app/EmptyState.tsx';
import { LoadFailed } from '../../app/LoadFailed.tsx';
import { PageBar } from '../../app/PageBar.tsx';
import { RequireLogin } from '../../app/RequireLogin.tsx';
import { accountingQueries } from '../../features/accounting/queries.ts';
import { metric, statisticsQueries } from '../../features/flows/api.ts';
import { BookState } from '../../features/flows/components/BookState.tsx';
import { FlowList } from '../../features/flows/components/FlowList.tsx';
import { GroupList } from '../../features/flows/components/GroupList.tsx';
import { MaskToggle } from '../../features/flows/components/MaskToggle.tsx';
import { PeriodSwitcher } from '../../features/flows/components/PeriodSwitcher.tsx';
import { Segmented } from '../../features/flows/components/Segmented.tsx';
import { SummaryCard } from '../../features/flows/components/SummaryCard.tsx';
import { FLOW_GROUP_KEYS, GROUP_LABEL_KIND, groupQuery, parseGroupKey, type FlowGroupKey } from '../../features/flows/groups.ts';
import { UNIT_KEY, type BookCalendar } from '../../features/flows/time.ts';
import { useFlowBookPage } from '../../features/flows/useFlowBook.ts';
import { usePeriod } from '../../features/flows/usePeriod.ts';
import { useTranslation } from '../../i18n/index.ts';
import { useSettingsStore } from '../../stores/settings.ts';
import '../../features/flows/flows.css';
import '../../i18n/flow.ts';

/** One group's period: its totals and its flow. */
function GroupDetail({
  bookId,
  calendar,
  currency,
  groupKey,
  groupId,
  name,
  period,
  masked,
}: {
  bookId: string;
  calendar: BookCalendar;
  currency: string;
  groupKey: FlowGroupKey;
  groupId: string;
  name: string;
  period: ReturnType<typeof usePeriod>;
  masked: boolean;
}) {
  const { t } = useTranslation();
  const query = useMemo(() => groupQuery(groupKey, groupId), [groupKey, groupId]);
  const filter = { group_key: UNIT_KEY[period.unit], group_id: period.period };
  const summary = useQuery(statisticsQueries.summary(bookId, { query, group_filter: filter }));
  const m = summary.data?.metric_data;
  const figure = (key: 'EXPENSE' | 'INCOME' | 'BALANCE') => (m ? metric(m, key) : undefined);
  return (
    <>
      <SummaryCard
        testId="group-summary"
        masked={masked}
        head={
          <>
            <span className="flow-summary-name">{name}</span>
            <span className="flow-summary-sub">{m ? t('flow.count', { count: Number(metric(m, 'COUNT')) }) : ''}</span>
          </>
        }
        figures={[
          { key: 'expense', label: t('flow.metrics.EXPENSE'), value: figure('EXPENSE'), tone: 'out' },
          { key: 'income', label: t('flow.metrics.INCOME'), value: figure('INCOME'), tone: 'in' },
          { key: 'balance', label: t('flow.metrics.BALANCE'), value: figure('BALANCE') },
        ]}
      />
      <div className="flow-list-gap" />
      <FlowList
        bookId={bookId}
        calendar={calendar}
        currency={currency}
        spec={{ query, period: { unit: period.unit, id: period.period } }}
        metrics={['EXPENSE', 'INCOME']}
        masked={masked}
        monthHeaders={period.unit === 'year'}
        empty={<EmptyState kind="empty" title={t('flow.group.empty')} description={t('flow.group.emptyHint')} />}
      />
    </>
  );
}

/**
 * Flows by member, merchant or project (SPEC 2: flow/pages/group-flow): a period's
 * groups of one key, and with `groupId` that group's flow. Parameters: groupKey
 * (MEMBER|MERCHANT|PROJECT), groupId ("0": none), unit and period, bookId.
 */
function GroupFlow() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const { bookId, book, calendar } = useFlowBookPage();
  const masked = useSettingsStore((s) => s.amountHidden);
  const period = usePeriod(calendar);
  const groupKey = parseGroupKey(params.get('groupKey'));
  const groupId = params.get('groupId') ?? '';
  const labels = useQuery({
    ...accountingQueries.labels(bookId, GROUP_LABEL_KIND[groupKey], 'Common'),
    enabled: Boolean(bookId && groupId),
  });
  const none = groupId === NONE_GROUP_ID;
  const name = none ? DIMENSION_NAMES[groupKey].none[i18n.language] : labels.data?.find((l) => l.id === groupId)?.name;
  const title = (groupId && name) || t(`flow.group.titles.${groupKey}`);
  const gone = Boolean(groupId) && !none && Boolean(labels.data) && name === undefined;
  const bar = <PageBar title={title} right={<MaskToggle />} />;
  if (!book.data)
    return (
      <div className="page" data-testid="page-group-flow">
        {bar}
        <BookState bookId={bookId} book={book} />
      </div>
    );

  const open = (id: string) => {
    const next = new URLSearchParams(params);
    next.set('groupId', id);
    next.set('unit', period.unit);
    next.set('period', period.period);
    navigate(`/flow/pages/group-flow?${next.toString()}`);
  };
  const setKey = (key: FlowGroupKey) =>
    setParams(
      (prev) => {
        const p = new URLSearchParams(prev);
        p.set('groupKey', key);
        return p;
      },
      { replace: true },
    );
  const switcher = (
    <PeriodSwitcher unit={period.unit} period={period.period} current={period.current} gaps={calendar.gaps} onChange={period.set} />
  );
  let body;
  if (!groupId)
    body = <GroupList bookId={bookId} groupKey={groupKey} unit={period.unit} period={period.period} masked={masked} onOpen={open} />;
  else if (!none && labels.isError) body = <LoadFailed onRetry={labels.refetch} />;
  else if (!none && labels.isPending) body = <div className="flow-list-gap" />;
  else if (name === undefined)
    body = (
      <EmptyState
        kind="notFound"
        title={t('flow.group.gone')}
        testId="group-gone"
        action={
          <Button
            color="primary"
            fill="outline"
            onClick={() => navigate(`/flow/pages/group-flow?bookId=${bookId}&groupKey=${groupKey}`, { replace: true })}
          >
            {t(`flow.group.titles.${groupKey}`)}
          </Button>
        }
      />
    );
  else
    body = (
      <GroupDetail
        bookId={bookId}
        calendar={calendar}
        currency={book.data.currency}
        groupKey={groupKey}
        groupId={groupId}
        name={name}
        period={period}
        masked={masked}
      />
    );

  return (
    <div className="page flow-page" data-testid="page-group-flow">
      {bar}
      {!groupId && (
        <div className="flow-toolbar">
          <Segmented<FlowGroupKey>
            value={groupKey}
            label={t('flow.group.keysLabel')}
            testId="group-key"
            options={FLOW_GROUP_KEYS.map((k) => ({ value: k, label: t(`flow.group.keys.${k}`) }))}
            onChange={setKey}
          />
        </div>
      )}
      {!gone && switcher}
      {body}
    </div>
  );
}

export default function GroupFlowPage() {
  return (
    <RequireLogin>
      <GroupFlow />
    </RequireLogin>
  );
}
