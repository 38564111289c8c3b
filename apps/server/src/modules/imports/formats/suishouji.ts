/**
 * 随手记 (Feidee MyMoney) exports, in their three shapes (docs/imports.md):
 * - the app's CSV: a `随手记导出文件(headers:v5;…)` line, then 交易类型, 日期, 类别, 子类别,
 *   账户, 账户币种, 金额, 成员, 商家, 项目, 备注, 关联Id; a transfer is two rows, 转出 and
 *   转入, that share a 关联Id;
 * - the web's and 神象云账本's xls/xlsx: one sheet a type (余额变更, 支出, 收入, 转账, …) of
 *   交易类型, 日期, 分类, 子分类, 账户1, 账户2, [账户币种], 金额, 成员, 商家, [项目分类], 项目,
 *   [记账人], 备注; a transfer is one row, 账户1 → 账户2;
 * - the newer web xls: the same sheets with 一级分类/二级分类 and 支出账户, 收入账户, or
 *   转出账户 and 转入账户.
 */
import { categoryPath, compact, currencyCode, isOutcome, problem, requireAmount, skip } from './convert.ts';
import type { Cells, ImportedRow, Outcome, TableConverter } from './types.ts';
import { parseLocalTime } from './values.ts';

const TYPE = ['交易类型'];
const TIME = ['日期'];
const AMOUNT = ['金额', '花费'];
const ACCOUNT = ['账户1', '账户', '支出账户', '收入账户', '转出账户'];
const TO_ACCOUNT = ['账户2', '转入账户'];
const CATEGORY = ['类别', '分类', '一级分类'];
const SUBCATEGORY = ['子类别', '子分类', '二级分类'];
const CURRENCY = ['账户币种', '币种'];
const RELATED = ['关联Id', '关联ID'];

/**
 * Corrections of a balance, not money moving: 随手记 writes them when the user types in an
 * account's balance, and recording them as income or expense would skew every statistic.
 */
const BALANCE_TYPES = new Set(['余额变更', '负债变更', '债权变更', '债务变更']);
/**
 * Loans and money paid for others move money between the user's account and a person's
 * (随手记 keeps debtors and creditors as accounts): read as 账户1 → 账户2, as for 转账.
 */
const TRANSFER_TYPES = new Set(['转账', '借入', '借出', '收债', '还债', '代付', '报销']);

/** One half of the app's two-row transfer, waiting for the other. */
interface Half {
  out: boolean;
  account: string;
  amount: string;
  currency?: string;
  rest: Omit<ImportedRow, 'type' | 'amount' | 'account' | 'currency'>;
}

/**
 * The app's halves by 关联Id until their other half comes. Ids are UUIDs, so files read at
 * once do not meet; the map is bounded because a half whose partner never comes stays.
 */
const MAX_WAITING = 10_000;

function pairHalves(waiting: Map<string, Half>, id: string, half: Half, line: number): Outcome {
  const other = waiting.get(id);
  if (!other || other.out === half.out) {
    waiting.delete(id);
    waiting.set(id, half);
    if (waiting.size > MAX_WAITING) waiting.delete(waiting.keys().next().value ?? '');
    // The first half read says nothing alone; the second records the transfer.
    return skip(line, 'notRecord');
  }
  waiting.delete(id);
  const [from, to] = half.out ? [half, other] : [other, half];
  const either = (k: 'remark' | 'member' | 'merchant' | 'project') => from.rest[k] || to.rest[k];
  return compact({
    line,
    time: from.rest.time,
    remark: either('remark'),
    member: either('member'),
    merchant: either('merchant'),
    project: either('project'),
    type: 'Transfer',
    amount: from.amount,
    currency: from.currency,
    account: from.account,
    toAccount: to.account,
    toAmount: to.amount !== from.amount || to.currency !== from.currency ? to.amount : undefined,
  });
}

/** The column of several names this sheet has, to name it in a problem. */
function named(cells: Cells, names: readonly string[]): string {
  return names.find((n) => cells.has(n)) ?? names[0] ?? '';
}

function convert(cells: Cells, line: number, waiting: Map<string, Half>): Outcome {
  const typeWord = cells.get(...TYPE);
  if (!typeWord) return problem(line, 'missingValue', TYPE[0] ?? '');
  if (BALANCE_TYPES.has(typeWord)) return skip(line, 'notRecord');
  const date = cells.get(...TIME);
  if (!date) return problem(line, 'missingValue', TIME[0] ?? '');
  const time = parseLocalTime(date);
  if (!time) return problem(line, 'badDate', TIME[0] ?? '', date);
  const amount = requireAmount(cells.get(...AMOUNT), line, named(cells, AMOUNT));
  if (isOutcome(amount)) return amount;
  const rest = {
    line,
    time,
    remark: cells.get('备注'),
    member: cells.get('成员'),
    merchant: cells.get('商家'),
    project: cells.get('项目'),
  };
  const account = cells.get(...ACCOUNT);
  const currency = currencyCode(cells.get(...CURRENCY));
  if (typeWord === '转出' || typeWord === '转入') {
    const id = cells.get(...RELATED);
    if (!id) return problem(line, 'missingValue', RELATED[0] ?? '');
    return pairHalves(waiting, id, { out: typeWord === '转出', account, amount: amount.value, currency, rest }, line);
  }
  const negative = amount.sign < 0;
  if (TRANSFER_TYPES.has(typeWord)) {
    const toAccount = cells.get(...TO_ACCOUNT);
    if (!toAccount) return problem(line, 'missingValue', named(cells, TO_ACCOUNT));
    // A negative transfer runs the other way.
    const [from, to] = negative ? [toAccount, account] : [account, toAccount];
    return compact({ ...rest, type: 'Transfer', amount: amount.value, currency, account: from, toAccount: to });
  }
  let type: ImportedRow['type'];
  // 随手记 takes a minus in 支出 as money back and one in 收入 as income given back.
  if (typeWord === '支出') type = negative ? 'Refund' : 'Expense';
  else if (typeWord === '收入') type = negative ? 'Expense' : 'Income';
  else if (typeWord === '退款') type = negative ? 'Expense' : 'Refund';
  else return problem(line, 'badType', TYPE[0] ?? '', typeWord);
  const category = categoryPath([cells.get(...CATEGORY), cells.get(...SUBCATEGORY)]);
  return compact({ ...rest, type, amount: amount.value, currency, account, category });
}

/**
 * A 随手记 converter with its own waiting halves: one a file read keeps a half whose
 * partner never came from meeting the next file.
 */
export function createSuishouji(): TableConverter {
  const waiting = new Map<string, Half>();
  return {
    source: 'suishouji',
    columns: [TYPE, TIME, AMOUNT, ACCOUNT],
    row: (cells, line) => convert(cells, line, waiting),
  };
}

/** The shared converter: safe across files since halves pair by UUID (see MAX_WAITING). */
export const suishouji: TableConverter = createSuishouji();
