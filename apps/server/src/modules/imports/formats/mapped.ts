/**
 * Any CSV, TSV or Excel sheet, read by the columns the user maps (a bank's statement, a
 * family's own spreadsheet). How its amounts say expense or income is the user's choice
 * too: a sign, a type column, or separate income and expense columns. docs/imports.md.
 */
import { MAPPED_FIELDS, type ColumnMapping } from '@cab/contracts';
import { categoryPath, compact, currencyCode, isOutcome, problem, requireAmount, skip } from './convert.ts';
import type { Cells, ImportedRow, Outcome, TableConverter } from './types.ts';
import { isZero, parseAmount, parseLocalTime, type Amount } from './values.ts';

/** The user's mapping (header names as the file writes them, by the field each column fills), as the columns call's contract reads it. */
export type { ColumnMapping };

/** A type column's words, compared in lower case: Chinese and English, as people write them. */
const TYPE_WORDS: Record<string, ImportedRow['type']> = {
  支出: 'Expense',
  expense: 'Expense',
  expenses: 'Expense',
  收入: 'Income',
  income: 'Income',
  转账: 'Transfer',
  transfer: 'Transfer',
  退款: 'Refund',
  refund: 'Refund',
};

/** The row's type and amount as the mapping's sign rule reads them, or the outcome in their stead. */
function typeAndAmount(m: ColumnMapping, cells: Cells, line: number): { type: ImportedRow['type']; amount: Amount } | Outcome {
  if (m.sign === 'twoColumns') {
    // The mapping's own gaps are refused before reading (import.columnsNeeded); named by field here.
    if (!m.income || !m.expense) return problem(line, 'missingValue', m.income ? 'expense' : 'income');
    // One column is filled a row; a bank may write 0.00 in the other, which says nothing.
    const read = (column: string) => {
      const text = cells.get(column);
      if (!text) return undefined;
      return parseAmount(text) ?? problem(line, 'badAmount', column, text);
    };
    const income = read(m.income);
    const expense = read(m.expense);
    if (income && isOutcome(income)) return income;
    if (expense && isOutcome(expense)) return expense;
    const paid = expense && !isZero(expense) ? expense : undefined;
    const got = income && !isZero(income) ? income : undefined;
    if (paid && got) return problem(line, 'badAmount', m.expense, `${cells.get(m.income)} / ${cells.get(m.expense)}`);
    if (paid) return { type: 'Expense', amount: paid };
    if (got) return { type: 'Income', amount: got };
    return income || expense ? skip(line, 'empty') : problem(line, 'missingValue', m.expense);
  }
  if (!m.amount) return problem(line, 'missingValue', 'amount');
  const amount = requireAmount(cells.get(m.amount), line, m.amount);
  if (isOutcome(amount)) return amount;
  if (m.sign === 'typeColumn') {
    if (!m.type) return problem(line, 'missingValue', 'type');
    const word = cells.get(m.type);
    if (!word) return problem(line, 'missingValue', m.type);
    const type = TYPE_WORDS[word.toLowerCase()];
    return type ? { type, amount } : problem(line, 'badType', m.type, word);
  }
  const out = m.sign === 'expenseNegative' ? amount.sign < 0 : amount.sign > 0;
  return { type: out ? 'Expense' : 'Income', amount };
}

function convert(m: ColumnMapping, cells: Cells, line: number): Outcome {
  const get = (column: string | undefined) => (column ? cells.get(column) : '');
  const date = get(m.time);
  if (!date) return problem(line, 'missingValue', m.time);
  const time = parseLocalTime(date, m.dateFormat);
  if (!time) return problem(line, 'badDate', m.time, date);
  const read = typeAndAmount(m, cells, line);
  if ('kind' in read) return read;
  const { type, amount } = read;
  const merchant = get(m.merchant);
  const common = {
    line,
    time,
    amount: amount.value,
    currency: currencyCode(get(m.currency)),
    account: get(m.account),
    remark: get(m.remark),
    member: get(m.member),
    merchant,
    project: get(m.project),
    // A sheet's payee column is what duplicates are told by, as a payment app's 交易对方.
    counterparty: merchant,
  };
  if (type === 'Transfer') {
    const toAccount = get(m.toAccount);
    if (!toAccount) return problem(line, 'missingValue', m.toAccount ?? 'toAccount');
    return compact({ ...common, type, toAccount });
  }
  return compact({ ...common, type, category: categoryPath([get(m.category), get(m.subcategory)]) });
}

/** A converter of the sheet by the user's mapping; its header is the row naming every mapped column. */
export function mappedConverter(mapping: ColumnMapping): TableConverter {
  const names = MAPPED_FIELDS.map((f) => mapping[f]).filter((n): n is string => Boolean(n?.trim()));
  return {
    source: 'table',
    columns: [...new Set(names)].map((n) => [n]),
    row: (cells, line) => convert(mapping, cells, line),
  };
}
