import { ACCOUNTING_PATHS, ALL_START_TIME, BOOK_PATHS, BUDGET_PATHS, RECURRENCE_TYPES, bookPath, minorToMoney } from '@cab/contracts';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookDimensions, buildBook, buildUser, inBook, startTestApp, type TestApp } from '../../../test/harness.ts';
import { localCivil } from '../../../test/statistics-model.ts';

let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await startTestApp();
  token = (await buildUser(t)).token;
});
afterAll(() => t.close());

type Recurrence = (typeof RECURRENCE_TYPES)[number];
const DAY = 86_400_000;
const HOUR = 3_600_000;

/** The instant of a local midnight in a zone (whole-hour zones: two guesses of the offset settle it). */
function localMidnight(zone: string, y: number, m: number, d: number): number {
  const wall = Date.UTC(y, m - 1, d);
  let guess = wall;
  for (let i = 0; i < 3; i++) {
    const c = localCivil(zone, guess);
    const seen = Date.UTC(c.y, c.m - 1, c.d, c.h) + (guess % HOUR);
    guess += wall - seen;
  }
  return guess;
}

/**
 * The period a local date falls in, worked out here from the definitions alone: days;
 * weeks starting on dayGap (1 Monday ... 7 Sunday); months starting on dateGap, and
 * their quarters and years; ALL.
 */
function periodKey(recurrence: Recurrence, zone: string, ms: number, dateGap: number, dayGap: number): string {
  const c = localCivil(zone, ms);
  if (recurrence === 'ALL') return 'all';
  if (recurrence === 'Day') return `${c.y}-${c.m}-${c.d}`;
  if (recurrence === 'Week') {
    const day = Date.UTC(c.y, c.m - 1, c.d) / DAY;
    const weekday = ((new Date(Date.UTC(c.y, c.m - 1, c.d)).getUTCDay() + 6) % 7) + 1;
    return `w${day - ((weekday - dayGap + 7) % 7)}`;
  }
  const before = c.d < dateGap;
  const month = before ? (c.m === 1 ? 12 : c.m - 1) : c.m;
  const year = before && c.m === 1 ? c.y - 1 : c.y;
  if (recurrence === 'Month') return `${year}-${month}`;
  if (recurrence === 'Season') return `${year}-Q${Math.floor((month - 1) / 3)}`;
  return `${year}`;
}

interface Rec {
  time: number;
  minor: number;
  kind: 'Expense' | 'Income' | 'Refund';
  /** 0: the food category itself, 1-3: its subs, 4: another category. */
  where: number;
}

/** Dates whose local midnights end a day, a week, a month (1st or 15th), a quarter or a year. */
const BOUNDARIES: Array<[number, number, number]> = [
  [2025, 12, 15],
  [2026, 1, 1],
  [2026, 1, 4],
  [2026, 1, 5],
  [2026, 1, 15],
  [2026, 2, 1],
  [2026, 3, 8],
  [2026, 3, 15],
  [2026, 4, 1],
  [2026, 4, 15],
];

describe('budget usage', () => {
  it('equals a brute-force sum over the period for every recurrence, month starts 1 and 15, week starts Monday and Sunday, in two zones', async () => {
    let checked = 0;
    for (const zone of ['Asia/Shanghai', 'America/New_York']) {
      for (const dateGap of [1, 15]) {
        for (const dayGap of [1, 7]) {
          const book = await buildBook(t, token, 'family');
          const o = inBook(token, book.id);
          const set = await t.client.patch(
            bookPath(BOOK_PATHS.update, { bookId: book.id }),
            { time_zone: zone, date_gap: dateGap, day_gap: dayGap },
            { token },
          );
          expect(set.statusCode, set.body).toBe(200);
          const d = await bookDimensions(t, token, book.id);
          const food = d.expense[0]!;
          const where = [food.id, ...food.subs.slice(0, 3), d.expense[1]!.id];
          const edges = BOUNDARIES.map(([y, m, day]) => localMidnight(zone, y, m, day));
          const seed = `${zone}${dateGap}${dayGap}`.split('').reduce((s, ch) => s + ch.charCodeAt(0), 0);
          const recs: Rec[] = fc.sample(
            fc.record({
              time: fc.oneof(
                fc.constantFrom(...edges).chain((e) => fc.constantFrom(e - 1, e, e + 1, e - HOUR, e + HOUR)),
                fc.integer({ min: edges[0]! - 20 * DAY, max: edges.at(-1)! + 20 * DAY }),
              ),
              minor: fc.integer({ min: 1, max: 500_000 }),
              kind: fc.constantFrom('Expense', 'Expense', 'Expense', 'Income', 'Refund'),
              where: fc.nat(4),
            }),
            { numRuns: 70, seed },
          ) as Rec[];
          const list = recs.map((r) => ({
            business_type: r.kind,
            account: { id: d.accounts[0]!.id },
            category: { id: r.kind === 'Income' ? d.income[0]!.id : where[r.where]! },
            amount: minorToMoney(r.minor),
            transaction_time: r.time,
          }));
          const res = await t.client.post(ACCOUNTING_PATHS.batch, { transaction_vo_list: list }, o);
          expect(res.statusCode, res.body).toBe(201);

          for (const recurrence of RECURRENCE_TYPES) {
            for (const probe of [edges[1]! - 1, edges[1]!, edges[4]!, edges[6]! - 1, edges[8]!]) {
              const key = periodKey(recurrence, zone, probe, dateGap, dayGap);
              const inPeriod = recs.filter((r) => r.kind === 'Expense' && periodKey(recurrence, zone, r.time, dateGap, dayGap) === key);
              const sum = (rs: Rec[]) => minorToMoney(rs.reduce((s, r) => s + BigInt(r.minor), 0n));
              const start = recurrence === 'ALL' ? ALL_START_TIME : probe;
              const q = `?recurrence_type=${recurrence}&budget_type=Expense&start_time=${start}`;
              const total = await t.client.get(bookPath(BUDGET_PATHS.subjectBudgets, { subject_type: 'Book', subject_id: book.id }) + q, o);
              expect(total.statusCode, total.body).toBe(200);
              const label = `${zone} dateGap ${dateGap} dayGap ${dayGap} ${recurrence} at ${new Date(probe).toISOString()}`;
              expect(total.json().data.used_amount, label).toBe(sum(inPeriod));
              const foodUsed = sum(inPeriod.filter((r) => r.where < 4));
              const child = total.json().data.children.find((c: { subject: { id: string } }) => c.subject.id === food.id);
              expect(child?.used_amount ?? '0.00', label).toBe(foodUsed);
              const cat = await t.client.get(
                bookPath(BUDGET_PATHS.subjectBudgets, { subject_type: 'Category', subject_id: food.id }) + q,
                o,
              );
              expect(cat.json().data.used_amount, label).toBe(foodUsed);
              const sub = cat.json().data.children.find((c: { subject: { id: string } }) => c.subject.id === food.subs[0]);
              expect(sub.used_amount, label).toBe(sum(inPeriod.filter((r) => r.where === 1)));
              checked++;
            }
          }
        }
      }
    }
    expect(checked).toBe(2 * 2 * 2 * RECURRENCE_TYPES.length * 5);
  }, 240_000);
});
