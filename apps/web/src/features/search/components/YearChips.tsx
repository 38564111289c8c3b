import { SEARCH_ALL_YEARS } from '@cab/contracts/client';
import { Selector, Skeleton } from 'antd-mobile';
import { useQuery, type QueryClient } from '@tanstack/react-query';
import { useTranslation } from '../../../i18n/index.ts';
import { statisticsKeys, statisticsQueries } from '../../flows/api.ts';

/** The years of a book that have records, newest first (the book's years: they follow its month start). */
export const YEARS_BODY = { group: { group_by: 'TIME_YEAR' as const } };

/** The chips show no failure of their own, so the page's retry asks for the years again as well. */
export function retryYears(qc: QueryClient, bookId: string): void {
  const key = statisticsKeys.rollup(bookId, YEARS_BODY);
  if (qc.getQueryState(key)?.status === 'error') void qc.refetchQueries({ queryKey: key });
}

export function yearsOf(groups: ReadonlyArray<{ group_info: { group_id: string } }> | undefined): number[] {
  return (groups ?? [])
    .map((g) => Number(g.group_info.group_id))
    .filter((y) => Number.isInteger(y))
    .sort((a, b) => b - a);
}

/** The year filter (SPEC 9: all years, -1, by default), as chips like every filter of a list (docs/ui.md). */
export function YearChips({ bookId, value, onChange }: { bookId: string; value: number; onChange: (year: number) => void }) {
  const { t } = useTranslation();
  const years = useQuery({ ...statisticsQueries.rollup(bookId, YEARS_BODY), enabled: Boolean(bookId) });
  if (years.isPending)
    return (
      <div className="search-years" data-testid="search-years-loading">
        <Skeleton.Title animated className="search-years-skeleton" />
      </div>
    );
  // Without the list (it failed to load) the chips still offer every year and the chosen one:
  // the page's own content shows the failure, once.
  const list = yearsOf(years.data?.data);
  // A year from an address or an earlier choice stays choosable even when it has no records now.
  if (value !== SEARCH_ALL_YEARS && !list.includes(value)) list.unshift(value);
  const options = [SEARCH_ALL_YEARS, ...list].map((y) => ({
    value: y,
    label: (
      <span data-testid={`search-year-${y}`}>
        {y === SEARCH_ALL_YEARS ? t('flowSearch.allYears') : t('flowSearch.yearName', { year: y })}
      </span>
    ),
  }));
  return (
    <div className="search-years" role="group" aria-label={t('flowSearch.year')} data-testid="search-years">
      <Selector<number> value={[value]} onChange={(v) => v[0] !== undefined && onChange(v[0])} options={options} showCheckMark={false} />
    </div>
  );
}
