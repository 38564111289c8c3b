import { MAPPED_FIELDS, type AmountSign, type ColumnMapping, type ImportDateFormat, type MappedField } from '@cab/contracts/client';

/**
 * A sheet's column mapping as the form holds it (any CSV, TSV or Excel sheet): which
 * column fills which field, how dates read and how amounts say expense or income.
 */
export interface MappingDraft {
  sign: AmountSign;
  dateFormat: ImportDateFormat;
  columns: Partial<Record<MappedField, string>>;
}

/** The fields a sign needs besides the date (the server refuses the mapping without them). */
const AMOUNT_FIELDS: Record<AmountSign, readonly MappedField[]> = {
  expenseNegative: ['amount'],
  expensePositive: ['amount'],
  typeColumn: ['amount', 'type'],
  twoColumns: ['income', 'expense'],
};
export const requiredFields = (sign: AmountSign): MappedField[] => ['time', ...AMOUNT_FIELDS[sign]];

/** The fields a row may also have, whatever the sign. */
// The contract lists them after the date, amount and type columns.
export const OPTIONAL_FIELDS: readonly MappedField[] = MAPPED_FIELDS.slice(MAPPED_FIELDS.indexOf('category'));

/** The needed fields no column is chosen for, in the form's order. */
export const missingFields = (d: MappingDraft): MappedField[] => requiredFields(d.sign).filter((f) => !d.columns[f]);

/** The mapping sent: the needed and optional fields that have a column, nothing of another sign. */
export function toMapping(d: MappingDraft): ColumnMapping {
  const out: ColumnMapping = { time: d.columns.time ?? '', dateFormat: d.dateFormat, sign: d.sign };
  for (const f of [...requiredFields(d.sign), ...OPTIONAL_FIELDS]) {
    const column = d.columns[f];
    if (column) out[f] = column;
  }
  return out;
}

/**
 * Header words that say a column's field, in Chinese and English, as bank statements and
 * family sheets write them. Only a head start: the user sees every choice before reading.
 */
const WORDS: ReadonlyArray<[MappedField, RegExp]> = [
  ['time', /^(日期|时间|交易时间|交易日期|记账日期|记账时间|date|time|datetime|transaction date)$/i],
  ['amount', /^(金额|交易金额|金额\(元\)|金额（元）|amount|sum|value)$/i],
  ['income', /^(收入|收入金额|存入|income|credit|deposit)$/i],
  ['expense', /^(支出|支出金额|取出|expense|expenses|debit|withdrawal)$/i],
  ['type', /^(类型|收支|收\/支|收支类型|交易类型|type)$/i],
  ['category', /^(分类|类别|一级分类|category)$/i],
  ['subcategory', /^(子分类|二级分类|subcategory)$/i],
  ['account', /^(账户|帐户|支付方式|付款方式|account)$/i],
  ['toAccount', /^(转入账户|目标账户|to account)$/i],
  ['remark', /^(备注|说明|摘要|描述|商品|note|notes|memo|remark|description)$/i],
  ['member', /^(成员|member)$/i],
  ['merchant', /^(商家|对方|交易对方|收款方|payee|merchant|counterparty)$/i],
  ['project', /^(项目|project)$/i],
  ['currency', /^(币种|货币|currency)$/i],
];

/** A first mapping from the header: each field the first column whose name says it; separate income and expense columns mean two columns. */
export function guessMapping(header: readonly string[]): MappingDraft {
  const columns: Partial<Record<MappedField, string>> = {};
  const used = new Set<string>();
  for (const [field, words] of WORDS) {
    const column = header.find((h) => !used.has(h) && words.test(h.trim()));
    if (column === undefined || !column.trim()) continue;
    columns[field] = column;
    used.add(column);
  }
  const sign: AmountSign =
    columns.income && columns.expense && !columns.amount ? 'twoColumns' : columns.type && columns.amount ? 'typeColumn' : 'expenseNegative';
  return { sign, dateFormat: 'auto', columns };
}
