import { ErrorCode } from '@cab/contracts';
import type { z } from 'zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './harness.ts';
import { PAGED_CALLS, POSITION_FIELDS, buildPagingWorld, callPage, forge, realPosition, type PagingWorld } from './paged-calls.ts';

let t: TestApp;
let w: PagingWorld;
beforeAll(async () => {
  t = await startTestApp();
  w = await buildPagingWorld(t);
});
afterAll(() => t.close());

type Def = { type: string; shape?: Record<string, z.ZodType>; innerType?: z.ZodType; in?: z.ZodType; options?: z.ZodType[] };
const defOf = (s: z.ZodType) => (s as unknown as { _zod: { def: Def } })._zod.def;

/** The names of the fields of a request schema, nested objects included. */
function fieldNames(s: z.ZodType | undefined, out = new Set<string>()): Set<string> {
  if (!s) return out;
  const d = defOf(s);
  if (d.type === 'object') {
    for (const [k, v] of Object.entries(d.shape ?? {})) {
      out.add(k);
      fieldNames(v, out);
    }
  }
  for (const inner of [d.innerType, d.in, ...(d.options ?? [])]) if (inner) fieldNames(inner, out);
  return out;
}

describe('the paged calls', () => {
  it('are all listed: every route taking a page position is in PAGED_CALLS, for the fuzz and the tests below', () => {
    const paged = t.built.routes
      .filter((r) => [r.query, r.body].some((s) => POSITION_FIELDS.some((f) => fieldNames(s).has(f))))
      .map((r) => `${r.method} ${r.url}`);
    expect(new Set(paged)).toEqual(new Set(PAGED_CALLS.map((c) => `${c.method} ${c.url}`)));
  });

  it.each(PAGED_CALLS.map((c) => [c.name, c] as const))(
    '%s: follows its own cursor, and answers 400 to every hostile one',
    async (_, call) => {
      const real = await realPosition(t, w, call);
      const next = await callPage(t, w, call, real);
      expect(next.statusCode, next.body).toBe(200);
      const forged = forge(call, real);
      const wrong: string[] = [];
      for (const f of forged) {
        const res = await callPage(t, w, call, f.position);
        const body = res.json() as { code?: unknown; message?: unknown };
        if (res.statusCode !== 400 || body.code !== ErrorCode.VALIDATION || typeof body.message !== 'string' || !body.message)
          wrong.push(`${f.what} -> ${res.statusCode} ${res.body.slice(0, 120)}`);
      }
      expect(wrong).toEqual([]);
      expect(forged.length).toBeGreaterThan(5);
    },
  );

  it('word a bad cursor in the caller language', async () => {
    const threads = PAGED_CALLS.find((c) => c.name === 'threads')!;
    const zh = await callPage(t, w, threads, { cursor: 'bm90IGEgY3Vyc29y' });
    expect(zh.json()).toEqual({ code: ErrorCode.VALIDATION, message: '翻页标记无效，请从第一页重新加载' });
    const en = await callPage(t, w, threads, { cursor: 'bm90IGEgY3Vyc29y' }, { locale: 'en' });
    expect(en.json()).toEqual({ code: ErrorCode.VALIDATION, message: 'The page cursor is not valid; load from the first page' });
  });
});
