import { Readable } from 'node:stream';
import { EXPORT_XLSX_ROWS_MAX, type ExportRequest, type Locale } from '@cab/contracts';
import type { z } from 'zod';
import type { BookContext } from '../../http/book-scope.ts';
import { AppError } from '../../http/errors.ts';
import type { Clock } from '../../platform/clock.ts';
import type { Named } from '../accounting/named-rows-sql.ts';
import { presentTransaction } from '../accounting/present-transaction.ts';
import type { FlowFilter } from '../statistics/flow-filter.ts';
import type { FlowPageQuery, FlowRow, FlowsRepository } from '../statistics/flows.repository.ts';
import { reportOf, type StatisticsService } from '../statistics/statistics.service.ts';
import { FLOW_WORD, exportRow, headerRow, timeFormatter, type ExportRow, type RowContext } from './columns.ts';
import { csvHead, csvLines } from './csv.ts';
import type { ExportsRepository } from './exports.repository.ts';
import { contentDisposition, periodPart } from './file-name.ts';
import { XLSX_TYPE, buildXlsx } from './xlsx.ts';

type Request = z.output<typeof ExportRequest>;
type Sort = Pick<FlowPageQuery, 'sortBy' | 'order'>;

/**
 * Records read a page at a time. Each page is one statement through the flow's keyset
 * index (book_id first), so memory holds a page, never the book.
 */
export const PAGE_ROWS = 1000;

export interface ExportFile {
  type: string;
  disposition: string;
  body: Buffer | Readable;
}

/**
 * Exporting the flow (docs/exports.md): the flow call's filter, checked as the flow checks
 * it, read page by page in the flow's order (oldest first by default) and written as CSV,
 * streamed, or as an xlsx, built in memory and so capped.
 */
export class ExportsService {
  private xlsxQueue: Promise<void> = Promise.resolve();

  constructor(
    private readonly statistics: StatisticsService,
    private readonly flows: FlowsRepository,
    private readonly repo: ExportsRepository,
    private readonly clock: Clock,
  ) {}

  /** `base` is where image links start: the configured public address or the request's origin. */
  async export(book: BookContext, req: Request, locale: Locale, base: string): Promise<ExportFile> {
    const report = reportOf(book);
    // Unknown ids and bad periods are refused here, before anything is sent.
    const f = await this.statistics.filter(report, req.query, req.group_filter);
    const time = timeFormatter(report.timeZone);
    const ctx: RowContext = { locale, time, base };
    const period = periodPart(
      { groupFilter: req.group_filter, start: req.query?.start_time, end: req.query?.end_time, now: this.clock.now() },
      time,
    );
    const disposition = (ext: string) => this.repo.bookName(book.bookId).then((name) => contentDisposition(name, period, ext, locale));
    const order: Sort = { sortBy: req.sort?.sort_by ?? 'ACCOUNT_TIME', order: req.sort?.order_by ?? 'ASC' };
    const pages = this.pages(f, order, ctx);
    if (req.format === 'xlsx') {
      if ((await this.repo.countUpTo(f, EXPORT_XLSX_ROWS_MAX + 1)) > EXPORT_XLSX_ROWS_MAX) {
        throw new AppError('export.tooManyRows', { max: EXPORT_XLSX_ROWS_MAX.toLocaleString('en-US') });
      }
      const body = await this.oneAtATime(async () => {
        const rows: ExportRow[] = [];
        for await (const page of pages) rows.push(...page);
        return buildXlsx(FLOW_WORD[locale], headerRow(locale), rows);
      });
      return { type: XLSX_TYPE, disposition: await disposition('xlsx'), body };
    }
    // The first page is read before answering, so a failure then is still a {code, message}.
    const first = await pages.next();
    async function* lines() {
      yield csvHead(headerRow(locale));
      if (first.done) return;
      yield csvLines(first.value);
      for await (const page of pages) yield csvLines(page);
    }
    return {
      type: 'text/csv; charset=utf-8',
      disposition: await disposition('csv'),
      // Pulled as the socket drains; a client that goes away ends the reading.
      body: Readable.from(lines(), { objectMode: false }),
    };
  }

  /**
   * Workbooks are built one at a time on a server: 100,000 records take some 400 MB and
   * two seconds of the event loop (docs/exports.md), and two at once would take twice that.
   */
  private oneAtATime<T>(work: () => Promise<T>): Promise<T> {
    const run = this.xlsxQueue.then(work);
    this.xlsxQueue = run.then(
      () => undefined,
      () => undefined,
    );
    return run;
  }

  private async *pages(f: FlowFilter, order: Sort, ctx: RowContext): AsyncGenerator<ExportRow[]> {
    let after: FlowPageQuery['after'];
    for (;;) {
      const rows: Array<Named<FlowRow>> = await this.flows.page(f, { ...order, after, limit: PAGE_ROWS });
      if (rows.length) yield rows.map((r) => exportRow(presentTransaction(r, r.images), ctx));
      const last = rows.at(-1);
      if (!last || rows.length < PAGE_ROWS) return;
      after = { sortv: last.sortv, id: last.id };
    }
  }
}
