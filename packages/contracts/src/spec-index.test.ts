import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { SPEC_CALLS, SPEC_ROUTES } from './spec-index.ts';

/** The product spec's folder (holding routes.txt and endpoints.txt), when the run names one. */
const SPEC_DIR = process.env.CAB_SPEC_DIR;

/** The lines of one of the spec's lists, each split into its words. */
const specLines = (file: string): string[][] =>
  fs
    .readFileSync(path.join(SPEC_DIR!, file), 'utf8')
    .split('\n')
    .filter((l) => l.trim() && !l.startsWith('#'))
    .map((l) => l.trim().split(/\s+/));

describe('the spec index', () => {
  it('lists 75 page routes and 158 calls, each once and well formed', () => {
    expect(SPEC_ROUTES).toHaveLength(75);
    expect(new Set(SPEC_ROUTES.map((r) => r.path)).size).toBe(SPEC_ROUTES.length);
    for (const r of SPEC_ROUTES) expect(r.path, r.path).toMatch(/^[A-Za-z][A-Za-z0-9-]*(\/[A-Za-z0-9-]+)*$/);
    expect(SPEC_CALLS).toHaveLength(158);
    expect(new Set(SPEC_CALLS.map((c) => `${c.method} ${c.path}`)).size).toBe(SPEC_CALLS.length);
    for (const c of SPEC_CALLS) expect(c.path, c.path).toMatch(/^\/[A-Za-z0-9_\-/{}.]+$/);
  });

  it.skipIf(!SPEC_DIR)('matches the product spec’s routes.txt and endpoints.txt (CAB_SPEC_DIR)', () => {
    expect(SPEC_ROUTES.map((r) => [r.area, r.path])).toEqual(specLines('routes.txt'));
    expect(SPEC_CALLS.map((c) => [c.area, c.method, c.path])).toEqual(specLines('endpoints.txt'));
  });
});
