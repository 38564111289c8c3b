import { shownNickname, type BusinessType, type Locale, type LocalizedText, type Transaction } from '@cab/contracts';

/** The columns of an export, in order; `amount` is the only one that is a number. */
export const COLUMNS = [
  'time',
  'type',
  'amount',
  'currency',
  'category',
  'account',
  'toAccount',
  'member',
  'merchant',
  'project',
  'remark',
  'recorder',
  'place',
  'images',
] as const;
export type Column = (typeof COLUMNS)[number];
export type ExportRow = Record<Column, string>;

const HEADERS: Record<Column, LocalizedText> = {
  time: { 'zh-CN': '时间', en: 'Time' },
  type: { 'zh-CN': '类型', en: 'Type' },
  amount: { 'zh-CN': '金额', en: 'Amount' },
  currency: { 'zh-CN': '币种', en: 'Currency' },
  category: { 'zh-CN': '分类', en: 'Category' },
  account: { 'zh-CN': '账户', en: 'Account' },
  toAccount: { 'zh-CN': '转入账户', en: 'To account' },
  member: { 'zh-CN': '成员', en: 'Member' },
  merchant: { 'zh-CN': '商家', en: 'Merchant' },
  project: { 'zh-CN': '项目', en: 'Project' },
  remark: { 'zh-CN': '备注', en: 'Remark' },
  recorder: { 'zh-CN': '记账人', en: 'Recorded by' },
  place: { 'zh-CN': '地点', en: 'Place' },
  images: { 'zh-CN': '图片', en: 'Images' },
};

/** Widths in characters for the xlsx (a CSV has none): the time, a remark and the links need room. */
export const COLUMN_WIDTHS: Record<Column, number> = {
  time: 17,
  type: 10,
  amount: 14,
  currency: 8,
  category: 18,
  account: 14,
  toAccount: 14,
  member: 10,
  merchant: 12,
  project: 12,
  remark: 30,
  recorder: 12,
  place: 20,
  images: 60,
};

/** The types as the flow shows them (the web's flow.types), so a file reads like the app. */
const TYPE_NAMES: Record<Exclude<BusinessType, 'Template'>, LocalizedText> = {
  Expense: { 'zh-CN': '支出', en: 'Expense' },
  Income: { 'zh-CN': '收入', en: 'Income' },
  Transfer: { 'zh-CN': '转账', en: 'Transfer' },
  Balance: { 'zh-CN': '余额', en: 'Balance' },
  Balance_Changed: { 'zh-CN': '余额调整', en: 'Balance adjustment' },
  Liability_Changed: { 'zh-CN': '负债调整', en: 'Liability adjustment' },
  Creditor_Changed: { 'zh-CN': '债权调整', en: 'Receivable adjustment' },
  Loan: { 'zh-CN': '借出', en: 'Loan' },
  Borrow: { 'zh-CN': '借入', en: 'Borrowing' },
  Collection: { 'zh-CN': '收款', en: 'Collection' },
  Repayment: { 'zh-CN': '还款', en: 'Repayment' },
  Payment: { 'zh-CN': '付款', en: 'Payment' },
  Reimbursement: { 'zh-CN': '报销', en: 'Reimbursement' },
  Refund: { 'zh-CN': '退款', en: 'Refund' },
};

export const FLOW_WORD: LocalizedText = { 'zh-CN': '流水', en: 'Flow' };

export const headerRow = (locale: Locale): string[] => COLUMNS.map((c) => HEADERS[c][locale]);

/** 'YYYY-MM-DD HH:mm' in a time zone; one formatter serves a whole export. */
export function timeFormatter(timeZone: string): (ms: number) => string {
  const f = new Intl.DateTimeFormat('en-US', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  });
  return (ms) => {
    const p: Partial<Record<Intl.DateTimeFormatPartTypes, string>> = {};
    for (const part of f.formatToParts(ms)) p[part.type] = part.value;
    return `${p.year}-${p.month}-${p.day} ${p.hour}:${p.minute}`;
  };
}

export interface RowContext {
  locale: Locale;
  time: (ms: number) => string;
  /** Where the image links start: the public address, or the request's origin. */
  base: string;
}

/** One record as the export's cells: names as the reader sees them, a transfer's accounts in their two columns. */
export function exportRow(tx: Transaction, c: RowContext): ExportRow {
  const transfer = tx.business_type === 'Transfer';
  const cat = tx.category;
  const type = tx.business_type === 'Template' ? undefined : TYPE_NAMES[tx.business_type];
  const place = tx.place ? [tx.place.name, tx.place.address].filter(Boolean).join(' · ') : '';
  return {
    time: c.time(tx.transaction_time),
    type: type ? type[c.locale] : tx.business_type,
    amount: tx.amount,
    currency: tx.currency,
    category: cat ? (cat.parent_name ? `${cat.parent_name}/${cat.name}` : cat.name) : '',
    account: (transfer ? tx.from_account?.name : tx.account?.name) ?? '',
    toAccount: (transfer ? tx.to_account?.name : undefined) ?? '',
    member: tx.member?.name ?? '',
    merchant: tx.merchant?.name ?? '',
    project: tx.project?.name ?? '',
    remark: tx.remark,
    recorder: shownNickname(tx.recorder.nickname, c.locale),
    place,
    images: tx.images.map((i) => `${c.base}${i.url}`).join('\n'),
  };
}
