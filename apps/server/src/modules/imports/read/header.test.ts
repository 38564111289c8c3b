import { describe, expect, it } from 'vitest';
import type { Cells, Outcome, TableConverter } from '../formats/types.ts';
import type { TableRow } from './csv.ts';
import { convertTable, indexHeader, isHeaderRow, makeCells, normalizeColumnName } from './header.ts';
import { collect, fileProblem } from './test-support.ts';

/** A converter that reports each row's cells by name, to see what the reader handed it. */
function echo(columns: TableConverter['columns'], end?: TableConverter['end']): TableConverter & { seen: Cells[] } {
  const seen: Cells[] = [];
  return {
    source: 'table',
    columns,
    end,
    seen,
    row(cells, line): Outcome {
      seen.push(cells);
      return { kind: 'skip', line, reason: 'notRecord' };
    },
  };
}

async function* rows(list: TableRow[]): AsyncGenerator<TableRow> {
  yield* list;
}

const lines = (cells: string[][], from = 1): TableRow[] => cells.map((c, i) => ({ line: from + i, cells: c }));

describe('the header row', () => {
  it('is found at row 17 under account details, and rows under it read by name', async () => {
    const details = Array.from({ length: 16 }, (_, i): string[] => (i % 4 === 3 ? [''] : [`账户信息第${i + 1}行`, '']));
    const table = lines([
      ...details,
      ['\uFEFF交易时间 ', ' 金额（元）', '备注'],
      ['2024-03-05 09:05:00', ' 12.00 ', '早餐'],
      ['', '', ''],
      ['2024-03-06 10:00:00', '3.50'],
    ]);
    const converter = echo([['交易时间'], ['金额', '金额(元)']]);
    const out = await collect(convertTable(rows(table), converter));
    expect(out).toEqual([
      { kind: 'skip', line: 18, reason: 'notRecord' },
      { kind: 'skip', line: 20, reason: 'notRecord' },
    ]);
    const [first, second] = converter.seen;
    expect(first?.get('金额', '金额(元)')).toBe('12.00');
    expect(first?.get('交易时间')).toBe('2024-03-05 09:05:00');
    expect(first?.get('备注')).toBe('早餐');
    expect(first?.raw).toEqual(['2024-03-05 09:05:00', '12.00', '早餐']);
    expect(second?.get('备注')).toBe('');
    expect(second?.has('备注', 'x')).toBe(true);
    expect(second?.has('商户单号')).toBe(false);
  });

  it('ends the table where the converter sees its footer', async () => {
    const converter = echo([['a'], ['b']], (raw) => raw[0]?.startsWith('---') ?? false);
    const table = lines([['a', 'b'], ['1', '2'], ['-----'], ['共1笔记录', '3']]);
    expect(await collect(convertTable(rows(table), converter))).toEqual([{ kind: 'skip', line: 2, reason: 'notRecord' }]);
  });

  it('is refused as an unknown format naming every column looked for', async () => {
    const converter = echo([['交易时间'], ['收/支'], ['金额', '金额(元)'], ['交易状态']]);
    const table = lines([
      ['交易时间', '收/支', '金额'],
      ['2024-01-01', '支出', '1.00'],
    ]);
    expect(await fileProblem(() => collect(convertTable(rows(table), converter)))).toEqual({
      problem: 'unknownFormat',
      params: { expected: '交易时间、收/支、金额、交易状态' },
    });
  });

  it('is looked for in the first 60 rows only', async () => {
    const converter = echo([['a'], ['b']]);
    const table = lines([...Array.from({ length: 60 }, () => ['x']), ['a', 'b'], ['1', '2']]);
    expect(await fileProblem(() => collect(convertTable(rows(table), converter)))).toMatchObject({ problem: 'unknownFormat' });
    const near = lines([...Array.from({ length: 59 }, () => ['x']), ['a', 'b'], ['1', '2']]);
    expect(await collect(convertTable(rows(near), converter))).toHaveLength(1);
  });

  it('is not needed to tell an empty table: blank rows only are empty', async () => {
    const converter = echo([['a']]);
    expect(await fileProblem(() => collect(convertTable(rows(lines([[''], ['', ' ']])), converter)))).toEqual({
      problem: 'empty',
      params: {},
    });
  });
});

describe('column names', () => {
  it('match across full- and half-width parentheses, padding and a BOM', () => {
    expect(normalizeColumnName('\uFEFF 金额 （元） ')).toBe('金额(元)');
    expect(isHeaderRow(['交易时间', '金额（元）'], [['交易时间'], ['金额(元)']])).toBe(true);
    expect(isHeaderRow(['交易时间', '金额'], [['交易时间'], ['金额(元)']])).toBe(false);
  });

  it('give the first non-empty cell among aliases, and the first of two same-named columns', () => {
    const cells = makeCells(indexHeader(['金额', '备注', '金额', '金额(元)']), ['', 'x', '9.00', '5.00']);
    expect(cells.get('金额', '金额（元）')).toBe('5.00');
    expect(cells.get('金额')).toBe('');
    expect(cells.get('不存在')).toBe('');
  });
});
