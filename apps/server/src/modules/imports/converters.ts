import type { ColumnMapping, ImportSource } from '@cab/contracts';
import { alipay } from './formats/alipay.ts';
import { beancount } from './formats/beancount.ts';
import { mappedConverter } from './formats/mapped.ts';
import { ofx } from './formats/ofx.ts';
import { qif } from './formats/qif.ts';
import { createSuishouji } from './formats/suishouji.ts';
import type { TableConverter, TextConverter } from './formats/types.ts';
import { wechat } from './formats/wechat.ts';

const FIXED: Record<Exclude<ImportSource, 'table' | 'suishouji'>, TableConverter | TextConverter> = { alipay, wechat, ofx, qif, beancount };

/**
 * The converter of a source, new for each reading where it remembers rows (随手记 pairs a
 * transfer's two halves); a sheet of any shape reads by the user's column mapping.
 */
export function converterFor(source: ImportSource, mapping: ColumnMapping | undefined): TableConverter | TextConverter | undefined {
  if (source === 'suishouji') return createSuishouji();
  if (source !== 'table') return FIXED[source];
  return mapping ? mappedConverter(mapping) : undefined;
}

/** Whether a source's files are tables (they may come as CSV, TSV, xls, xlsx, or a zip of one). */
export const isTableSource = (source: ImportSource) =>
  source === 'alipay' || source === 'wechat' || source === 'suishouji' || source === 'table';
