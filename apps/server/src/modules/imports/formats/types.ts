/**
 * What every importer's converter makes of a file: rows as the file says them, before
 * they meet a book. The converters only map a format's columns or lines to these; the
 * reading (encodings, zips, sheets, the header row) and everything book-side (names to
 * ids, zones, duplicates, recording) live outside them (docs/imports.md).
 */

import type { ImportDateFormat, ImportRowProblem, ImportSkipReason, ImportSource } from '@cab/contracts';

export { IMPORT_SOURCES, type ImportSource } from '@cab/contracts';

/** The record types an import makes. A refund is money back into the account that paid. */
export type ImportedType = 'Expense' | 'Income' | 'Transfer' | 'Refund';

/** One record as a file says it. Names are as the file writes them, trimmed; absent when the file has none. */
export interface ImportedRow {
  /** The row's number in the file, 1-based, as a spreadsheet or an editor shows it. */
  line: number;
  type: ImportedType;
  /**
   * When, as `YYYY-MM-DDTHH:mm:ss` wall time in the book's zone, or with an offset
   * (`YYYY-MM-DDTHH:mm:ss+08:00`) when the file says one. From `parseLocalTime`.
   */
  time: string;
  /** A positive decimal with at most two places ("12.30"), from `parseAmount`. */
  amount: string;
  /** ISO 4217 when the file says one; the account's otherwise. */
  currency?: string;
  /** The category; a two-level path is "parent/child". */
  category?: string;
  /** The account paid from or into (a transfer's sending account). */
  account?: string;
  /** A transfer's receiving account. */
  toAccount?: string;
  /** A transfer's amount received, when the file says one that differs. */
  toAmount?: string;
  remark?: string;
  member?: string;
  merchant?: string;
  project?: string;
  /** Who the money went to or came from (payment apps' 交易对方), for duplicates and the merchant. */
  counterparty?: string;
  /** The provider's own id of the trade (交易单号), to skip it when it is imported again. */
  externalId?: string;
  /** For a refund: the provider's id of the trade it returns, when the file says it. */
  refundOf?: string;
  /**
   * The merchant's order number (商家订单号 / 商户单号), when the file has one. A payment
   * app's refund shares it with the trade it returns even when nothing else links them
   * (WeChat gives a refund its own 交易单号), so the book can match a refund by it.
   */
  merchantOrderId?: string;
}

/** Why a row of a file is not recorded, though it is read fine. */
// 'closed': 交易关闭 and the like, the trade never moved money; 'empty': a zero amount, or a
// line that moves nothing (不计收支 without a refund); 'notRecord': a line of the file that
// is not a record (a balance line, an opening entry, a price).
export type SkipReason = ImportSkipReason;

/** The row-level problems a converter reports; their texts are the contracts' `import.row.*` messages. */
export type RowProblem = ImportRowProblem;

export type Outcome =
  | { kind: 'row'; row: ImportedRow }
  | { kind: 'skip'; line: number; reason: SkipReason }
  /** `column` names the column or field at fault, as the file names it. */
  | { kind: 'problem'; line: number; problem: RowProblem; column?: string; value?: string };

/** A data row's cells by its header's names. */
export interface Cells {
  /** The first non-empty cell among these column names (aliases of one column), trimmed; '' when none. */
  get(...names: string[]): string;
  /** Whether the header has any of these names. */
  has(...names: string[]): boolean;
  /** Every cell, in file order, trimmed (for a footer check). */
  readonly raw: readonly string[];
}

/**
 * A format that is a table (CSV, TSV, xls, xlsx): the reader finds its header row by
 * `columns` wherever it sits (payment apps put 10 to 20 lines of account details above
 * it), then hands each later row to `row`.
 */
export interface TableConverter {
  readonly source: ImportSource;
  /**
   * The columns that make this format's header: each entry lists one column's names
   * across the format's versions (['金额', '金额(元)']). A row holding one name of every
   * entry is the header. Also what an unknown file is told was expected.
   */
  readonly columns: readonly (readonly string[])[];
  /** Whether the table ends at this row (a footer of dashes or a summary); the row itself is not read. */
  end?(raw: readonly string[]): boolean;
  /** One data row (after the header, blank rows skipped); `line` is its 1-based row number. */
  row(cells: Cells, line: number): Outcome;
}

/** A format that is text with its own grammar (OFX, QIF, Beancount). */
export interface TextConverter {
  readonly source: ImportSource;
  /** Whether the text looks like this format (the reader tells a wrong choice by it). */
  sniff(text: string): boolean;
  /** Every record of the text, in file order. */
  parse(text: string, options: TextOptions): Iterable<Outcome>;
}

export interface TextOptions {
  /** For formats whose dates are ambiguous (QIF): how the user says theirs are written. */
  dateFormat?: DateFormat;
}

/** How a file writes its dates when they are ambiguous; 'auto' reads year-first dates. */
export { IMPORT_DATE_FORMATS as DATE_FORMATS } from '@cab/contracts';
export type DateFormat = ImportDateFormat;
