import {
  DIMENSION_NAMES,
  STATISTICS_LIMITS,
  TAG_GROUP_KEYS,
  type BookSearchResult,
  type DimensionGroupKey,
  type GroupFilter,
  type Locale,
  type SearchTag,
  type StatisticsQuery,
} from '@cab/contracts';
import type { z } from 'zod';
import type { BookContext } from '../../http/book-scope.ts';
import type { BooksService } from '../books/books.service.ts';
import { presentTransaction } from '../accounting/present-transaction.ts';
import type { FlowsRepository } from './flows.repository.ts';
import { presentMetrics, reportOf, type StatisticsService } from './statistics.service.ts';
import type { StatisticsRepository } from './statistics.repository.ts';

type Query = z.output<typeof StatisticsQuery>;

/** Tags are counted over the latest records of the query: what the book uses now. */
export const TAG_SAMPLE = 5_000;
/** Books the search across my books looks into. */
const BOOKS_SEARCHED_MAX = 200;

/**
 * Search (SPEC 3, search state): the group tags a search starts from, and a keyword over
 * every book of the caller. The keyword over one book is the statistics calls' own filter.
 */
export class SearchService {
  constructor(
    private readonly statistics: StatisticsService,
    private readonly repo: StatisticsRepository,
    private readonly flows: FlowsRepository,
    private readonly bookList: BooksService,
  ) {}

  /** The most used categories, accounts, members, merchants and projects, `limit` of each. */
  async tags(book: BookContext, query: Query | undefined, groupFilter: GroupFilter | undefined, limit: number | undefined, locale: Locale) {
    const f = await this.statistics.filter(reportOf(book), query, groupFilter);
    const counts = await this.flows.tagCounts(f, TAG_SAMPLE);
    const per = limit ?? STATISTICS_LIMITS.tagsPerGroupDefault;
    const out: SearchTag[] = [];
    for (const key of TAG_GROUP_KEYS) {
      const heading = DIMENSION_NAMES[key as DimensionGroupKey].heading[locale];
      for (const c of counts.filter((x) => x.key === key).slice(0, per)) {
        out.push({ group_key: key, group_name: heading, group_id: c.id, label: c.name, count: c.n });
      }
    }
    return out;
  }

  /** A keyword over each of the caller's books: how many records match, their totals, the latest few. */
  async acrossBooks(userId: string, keyword: string, top: number | undefined): Promise<BookSearchResult[]> {
    const books = (await this.bookList.list(userId)).slice(0, BOOKS_SEARCHED_MAX);
    const results: Array<BookSearchResult & { latest: number }> = [];
    for (const b of books) {
      const report = { bookId: b.id, timeZone: b.time_zone, gaps: { dateGap: b.date_gap, dayGap: b.day_gap } };
      const f = await this.statistics.filter(report, { keyword }, undefined);
      const totals = await this.repo.totals(f, 'transactions');
      if (BigInt(totals.n) === 0n) continue;
      const rows = await this.flows.page(f, { sortBy: 'ACCOUNT_TIME', order: 'DESC', limit: Math.max(top ?? 3, 1) });
      const transactions = top === 0 ? [] : rows.map((r) => presentTransaction(r, r.images));
      results.push({
        book_id: b.id,
        book_name: b.name,
        count: Number(totals.n),
        metric_data: presentMetrics(totals),
        transactions,
        latest: Number(BigInt(rows[0]?.sortv ?? '0') / 1000n),
      });
    }
    // The book with the latest match first.
    return results.sort((a, b) => b.latest - a.latest).map(({ latest: _latest, ...r }) => r);
  }
}
