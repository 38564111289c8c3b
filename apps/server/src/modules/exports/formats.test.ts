import { describe, expect, it } from 'vitest';
import type { ExportRow } from './columns.ts';
import { BOM, csvField, csvHead, csvLines } from './csv.ts';
import { contentDisposition, periodPart } from './file-name.ts';

describe('CSV cells', () => {
  it('quote what RFC 4180 says and guard what a spreadsheet would run', () => {
    expect(csvField('plain', true)).toBe('plain');
    expect(csvField('a,b', true)).toBe('"a,b"');
    expect(csvField('say "hi"', true)).toBe('"say ""hi"""');
    expect(csvField('two\nlines', true)).toBe('"two\nlines"');
    expect(csvField('cr\r', true)).toBe('"cr\r"');
    for (const risky of ['=1+1', '+1', '-1', '@SUM(A1)', '\t=1', '\r=1']) expect(csvField(risky, true).replace(/^"/, '')).toMatch(/^'/);
    expect(csvField('=HYPERLINK("x")', true)).toBe(`"'=HYPERLINK(""x"")"`);
    // The amount is not guarded: "-5.00" stays a number.
    expect(csvField('-5.00', false)).toBe('-5.00');
    expect(csvField('a=1', true)).toBe('a=1');
  });

  it('starts with the byte order mark and ends every line in CRLF', () => {
    expect(csvHead(['时间', '金额'])).toBe(`${BOM}时间,金额\r\n`);
    const row = { amount: '-1.00', remark: '-x' } as ExportRow;
    expect(csvLines([row, row]).split('\r\n')).toHaveLength(3);
    expect(csvLines([row])).toContain(',-1.00,');
    expect(csvLines([row])).toContain(",'-x,");
  });
});

describe('file names', () => {
  const time = (ms: number) => new Date(ms).toISOString().replace('T', ' ').slice(0, 16);
  it('name the period a filter covers', () => {
    const now = Date.UTC(2024, 4, 6);
    expect(periodPart({ groupFilter: { group_key: 'TIME_MONTH', group_id: '202403' }, now }, time)).toBe('2024-03');
    expect(periodPart({ groupFilter: { group_key: 'TIME_YEAR', group_id: '2024' }, now }, time)).toBe('2024');
    expect(periodPart({ groupFilter: { group_key: 'TIME_DAY', group_id: '20240302' }, now }, time)).toBe('2024-03-02');
    expect(periodPart({ start: Date.UTC(2024, 0, 1), end: Date.UTC(2024, 0, 31), now }, time)).toBe('2024-01-01_2024-01-31');
    expect(periodPart({ groupFilter: { group_key: 'MEMBER', group_id: '5' }, now }, time)).toBe('2024-05-06');
  });

  it('carry the name as UTF-8 and a plain one beside it, with nothing a file system refuses', () => {
    expect(contentDisposition('家庭账本', '2024-03', 'xlsx', 'zh-CN')).toBe(
      `attachment; filename="flow-2024-03.xlsx"; filename*=UTF-8''${encodeURIComponent('家庭账本-流水-2024-03.xlsx')}`,
    );
    const odd = contentDisposition(`a/b:"c" (d)'e*`, '2024', 'csv', 'en');
    expect(odd).toContain("filename*=UTF-8''a_b__c_%20%28d%29%27e_-Flow-2024.csv");
  });
});
