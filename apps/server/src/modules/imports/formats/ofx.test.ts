import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ofx, ofxTime } from './ofx.ts';
import type { Outcome } from './types.ts';

const sample = (name: string) => readFileSync(new URL(`./samples/${name}`, import.meta.url), 'utf8');
const parse = (text: string): Outcome[] => [...ofx.parse(text, {})];

/** A 1.x statement around the given STMTTRN lines; the first STMTTRN opens on line 9. */
function sgml(...trns: string[][]): string {
  const head = ['OFXHEADER:100', 'DATA:OFXSGML', '', '<OFX><BANKMSGSRSV1><STMTTRNRS><STMTRS>', '<CURDEF>CNY'];
  const acct = ['<BANKACCTFROM><BANKID>B<ACCTID>1</BANKACCTFROM>', '<BANKTRANLIST>', '<DTSTART>20240101'];
  const body = trns.flatMap((t) => ['<STMTTRN>', ...t, '</STMTTRN>']);
  return [...head, ...acct, ...body, '</BANKTRANLIST></STMTRS></STMTTRNRS></BANKMSGSRSV1></OFX>'].join('\n');
}

describe('OFX', () => {
  it('reads every field of the 1.x (SGML) sample', () => {
    const account = 'EXAMPLEBANK 6200001234';
    expect(parse(sample('bank.ofx'))).toEqual([
      {
        kind: 'row',
        row: {
          line: 39,
          type: 'Expense',
          time: '2024-01-05T12:00:00+08:00',
          amount: '35.50',
          currency: 'CNY',
          account,
          remark: 'Lunch with colleagues',
          merchant: 'Sample Noodle House',
          counterparty: 'Sample Noodle House',
          externalId: 'SAMPLE-0001',
        },
      },
      {
        kind: 'row',
        row: {
          line: 47,
          type: 'Income',
          time: '2024-01-10T00:00:00',
          amount: '12500.00',
          currency: 'CNY',
          account,
          remark: 'January salary',
          merchant: 'Example Employer Ltd',
          counterparty: 'Example Employer Ltd',
          externalId: 'SAMPLE-0002',
        },
      },
      {
        kind: 'row',
        row: {
          line: 55,
          type: 'Expense',
          time: '2024-01-12T08:30:15-05:00',
          amount: '1280.00',
          currency: 'CNY',
          account,
          merchant: 'Maple & Oak Rentals',
          counterparty: 'Maple & Oak Rentals',
          externalId: 'SAMPLE-0003',
        },
      },
      {
        kind: 'row',
        row: {
          line: 63,
          type: 'Expense',
          time: '2024-01-20T18:00:00',
          amount: '200.00',
          currency: 'CNY',
          account,
          merchant: 'ATM Withdrawal',
          counterparty: 'ATM Withdrawal',
          externalId: 'SAMPLE-0004',
        },
      },
      {
        kind: 'row',
        row: {
          line: 70,
          type: 'Income',
          time: '2024-01-31T00:00:00+08:00',
          amount: '1.23',
          currency: 'CNY',
          account,
          remark: 'Interest',
          externalId: 'SAMPLE-0005',
        },
      },
    ]);
  });

  it('reads every field of the 2.x (XML) card sample', () => {
    const account = 'XXXX-XXXX-XXXX-4321';
    expect(parse(sample('bank-v2.ofx'))).toEqual([
      {
        kind: 'row',
        row: {
          line: 23,
          type: 'Expense',
          time: '2024-02-03T14:30:00-08:00',
          amount: '42.99',
          currency: 'USD',
          account,
          remark: 'Two paperbacks',
          merchant: 'Example Bookshop',
          counterparty: 'Example Bookshop',
          externalId: 'CC-SAMPLE-101',
        },
      },
      {
        kind: 'row',
        row: {
          line: 31,
          type: 'Expense',
          time: '2024-02-14T00:00:00',
          amount: '88.00',
          currency: 'EUR',
          account,
          remark: 'Dinner & dessert',
          merchant: 'Cafe Lumiere',
          counterparty: 'Cafe Lumiere',
          externalId: 'CC-SAMPLE-102',
        },
      },
      {
        kind: 'row',
        row: {
          line: 49,
          type: 'Income',
          time: '2024-02-25T12:00:00+00:00',
          amount: '500.00',
          currency: 'USD',
          account,
          merchant: 'Payment - Thank You',
          counterparty: 'Payment - Thank You',
          externalId: 'CC-SAMPLE-103',
        },
      },
    ]);
  });

  it('sniffs both versions and nothing else', () => {
    expect(ofx.sniff(sample('bank.ofx'))).toBe(true);
    expect(ofx.sniff(sample('bank-v2.ofx'))).toBe(true);
    expect(ofx.sniff('!Type:Bank\nD1/2/24\n^')).toBe(false);
    expect(ofx.sniff('2024-01-01 * "x"')).toBe(false);
  });

  it('reads OFX times with their offsets', () => {
    expect(ofxTime('20240105120000[+8:CST]')).toBe('2024-01-05T12:00:00+08:00');
    expect(ofxTime('20240105120000.123[-3.5:NST]')).toBe('2024-01-05T12:00:00-03:30');
    expect(ofxTime('20240105120000[+5.30:IST]')).toBe('2024-01-05T12:00:00+05:30');
    expect(ofxTime('202401051200')).toBe('2024-01-05T12:00:00');
    expect(ofxTime('20240105')).toBe('2024-01-05T00:00:00');
    expect(ofxTime('20240230')).toBeUndefined();
    expect(ofxTime('20240105[+99]')).toBeUndefined();
    expect(ofxTime('2024-01-05x')).toBeUndefined();
  });

  it('reports a bad date, a bad amount and missing fields by their tag', () => {
    const out = parse(
      sgml(
        ['<DTPOSTED>20241301', '<TRNAMT>-1.00', '<FITID>a'],
        ['<DTPOSTED>20240101', '<TRNAMT>-1.2.3', '<FITID>b'],
        ['<TRNAMT>-1.00', '<FITID>c'],
        ['<DTPOSTED>20240101', '<FITID>d'],
        ['<DTPOSTED>20240101', '<TRNAMT>0.00', '<FITID>e'],
      ),
    );
    expect(out).toEqual([
      { kind: 'problem', line: 9, problem: 'badDate', column: 'DTPOSTED', value: '20241301' },
      { kind: 'problem', line: 14, problem: 'badAmount', column: 'TRNAMT', value: '-1.2.3' },
      { kind: 'problem', line: 19, problem: 'missingValue', column: 'DTPOSTED' },
      { kind: 'problem', line: 23, problem: 'missingValue', column: 'TRNAMT' },
      { kind: 'skip', line: 27, reason: 'empty' },
    ]);
  });

  it('reads a thousands separator and a decimal comma', () => {
    const out = parse(sgml(['<DTPOSTED>20240101', '<TRNAMT>-1,234.50'], ['<DTPOSTED>20240101', '<TRNAMT>-12,50']));
    expect(out.map((o) => o.kind === 'row' && o.row.amount)).toEqual(['1234.50', '12.50']);
  });

  it('numbers records on one line apart, since staging keeps one outcome a line', () => {
    const oneLine = sample('bank-v2.ofx').replace(/\n\s*/g, '');
    expect(parse(oneLine).map((o) => o.kind === 'row' && [o.row.line, o.row.externalId])).toEqual([
      [1, 'CC-SAMPLE-101'],
      [2, 'CC-SAMPLE-102'],
      [3, 'CC-SAMPLE-103'],
    ]);
  });

  it('reads nothing from an empty text or a statement without transactions', () => {
    expect(parse('')).toEqual([]);
    expect(parse(sgml())).toEqual([]);
  });
});
