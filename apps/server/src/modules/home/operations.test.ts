import fs from 'node:fs';
import path from 'node:path';
import { CONTENT_PATHS, type Operation } from '@cab/contracts';
import { SPEC_ROUTES } from '@cab/contracts/spec';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEED_OPERATIONS } from './operations.seed.ts';
import { startTestApp, type TestApp } from '../../../test/harness.ts';
import { OperationInput, PAGE_ROUTES } from './operation-input.ts';
import { operationsCommand } from './operations.command.ts';
import { OperationsRepository } from './operations.repository.ts';

let t: TestApp;
let repo: OperationsRepository;
beforeAll(async () => {
  t = await startTestApp();
  repo = new OperationsRepository(t.db);
});
afterAll(() => t.close());

const STATIC_DIR = path.resolve(import.meta.dirname, '../../../static');

/** Runs the operator's command with `files` as the only files there are. */
const run = (args: string[], files: Record<string, unknown> = {}) =>
  operationsCommand(repo, args, {
    now: new Date(t.clock.now()),
    readFile: (file) => {
      if (!(file in files)) throw new Error('ENOENT: no such file');
      const body = files[file];
      return typeof body === 'string' ? body : JSON.stringify(body);
    },
  });
const infoFlow = async () => (await t.client.post(CONTENT_PATHS.infoFlowOperation, {})).json().data as Operation[];

const card = {
  code: 'budgetWeek',
  placement: 'infoFlow',
  title: '试试预算',
  text: '给每月的吃饭设个预算，超了会提醒。',
  link: 'budget/index',
  image: 'https://example.com/budget.png',
  shareData: { title: '用预算管住花销', path: 'pages/home/index' },
  style_items: [{ key: 'title_en', value: 'Try a budget' }],
  position: 5,
};

describe('the operation rules', () => {
  it('know every page route of SPEC section 2', () => {
    const spec = SPEC_ROUTES.map((r) => r.path);
    expect([...PAGE_ROUTES].sort()).toEqual(spec.sort());
  });

  it('hold for the seed: page routes, images the server ships, texts in both languages', () => {
    for (const input of SEED_OPERATIONS) {
      const o = OperationInput.parse(input);
      for (const image of [o.image, o.shareData?.image ?? ''])
        if (image) expect(fs.existsSync(path.join(STATIC_DIR, image.replace(/^\/static\//, '')))).toBe(true);
      expect(o.style_items.map((i) => i.key).sort(), o.code).toEqual(['text_en', 'title_en']);
    }
    const placements = SEED_OPERATIONS.map((o) => `${o.placement}:${o.classification ?? o.code}`);
    expect(placements).toEqual(expect.arrayContaining(['guide:obtainXb', 'popup:homeWelcome']));
  });
});

describe('the seed', () => {
  it('adds only new codes: running it again changes nothing, and an operator withdrawal stands', async () => {
    const before = await repo.list();
    expect(before.map((o) => o.code)).toEqual(expect.arrayContaining(SEED_OPERATIONS.map((o) => o.code)));
    expect(await run(['withdraw', 'templateMarket'])).toEqual(['withdrew templateMarket']);
    await repo.seed();
    const after = await repo.list();
    expect(after).toHaveLength(before.length);
    expect(after.find((o) => o.code === 'templateMarket')?.withdrawn_at).not.toBeNull();
    expect((await infoFlow()).map((o) => o.code)).not.toContain('templateMarket');
    expect(await run(['publish', 'tm.json'], { 'tm.json': SEED_OPERATIONS.find((o) => o.code === 'templateMarket') })).toEqual([
      'updated templateMarket',
    ]);
    expect((await infoFlow()).map((o) => o.code)).toContain('templateMarket');
  });
});

describe('npm run cab -- operations', () => {
  it('publishes a new card, updates it by code, withdraws it and publishes it back', async () => {
    expect(await run(['publish', 'card.json'], { 'card.json': card })).toEqual(['created budgetWeek']);
    const shown = (await infoFlow()).find((o) => o.code === 'budgetWeek');
    expect(shown).toMatchObject({
      title: '试试预算',
      link: 'budget/index',
      style: 'card',
      show: true,
      position: 5,
      shareData: { title: '用预算管住花销', path: 'pages/home/index', image: '' },
    });
    expect(await run(['publish', 'card.json'], { 'card.json': { ...card, title: '  试试每周预算 ' } })).toEqual(['updated budgetWeek']);
    expect((await infoFlow()).find((o) => o.code === 'budgetWeek')?.title).toBe('试试每周预算');
    expect(await run(['list'])).toContainEqual(expect.stringMatching(/^budgetWeek {2}infoFlow {2}#5 {2}on show {2}试试每周预算$/));
    expect(await run(['withdraw', 'budgetWeek'])).toEqual(['withdrew budgetWeek']);
    expect((await infoFlow()).map((o) => o.code)).not.toContain('budgetWeek');
    expect(await run([])).toContainEqual(expect.stringMatching(/^budgetWeek .* withdrawn /));
    await expect(run(['withdraw', 'budgetWeek'])).rejects.toThrow('no operation budgetWeek on show');
    expect(await run(['publish', 'card.json'], { 'card.json': card })).toEqual(['updated budgetWeek']);
    expect((await infoFlow()).map((o) => o.code)).toContain('budgetWeek');
  });

  it('publishes several at once, with their times and a guide of its classification', async () => {
    const start = new Date(t.clock.now() + 60_000).toISOString();
    const files = {
      'many.json': [
        { code: 'laterCard', placement: 'infoFlow', title: '稍后出现', starts_at: start },
        {
          code: 'flowGuide',
          placement: 'guide',
          classification: 'flowTips',
          title: '按成员看流水',
          link: 'flow/pages/group-flow?group=member',
        },
      ],
    };
    expect(await run(['publish', 'many.json'], files)).toEqual(['created laterCard', 'created flowGuide']);
    expect(await run(['list'])).toContainEqual(`laterCard  infoFlow  #0  from ${start}  稍后出现`);
    expect(await run(['list'])).toContainEqual('flowGuide  guide/flowTips  #0  on show  按成员看流水');
    const guide = (await t.client.post(CONTENT_PATHS.operationGuide, { body: { classification: 'flowTips' } })).json().data;
    expect(guide).toEqual([expect.objectContaining({ code: 'flowGuide', style: 'guide', link: 'flow/pages/group-flow?group=member' })]);
  });

  it('refuses a bad file whole, saying what is wrong, and changes nothing', async () => {
    const before = await repo.list();
    const bad: Array<[unknown, RegExp]> = [
      [{ ...card, code: 'c1', link: 'javascript:alert(1)' }, /link: must be a page route/],
      [{ ...card, code: 'c2', link: 'pages/nowhere/index' }, /link: must be a page route/],
      [{ ...card, code: 'c3', link: 'http://example.com/' }, /link/],
      [{ ...card, code: 'c4', link: 'budget/index?x=<script>' }, /link/],
      [{ ...card, code: 'c5', image: '/static/../../etc/passwd' }, /image: must be a \/static\//],
      [{ ...card, code: 'c6', image: 'data:image/png;base64,AAAA' }, /image/],
      [{ ...card, code: 'c7', title: 'a\u0000b' }, /title/],
      [{ ...card, code: 'c8', title: '   ' }, /title/],
      [{ ...card, code: 'c9', title: '长'.repeat(41) }, /title/],
      [{ ...card, code: 'c10', shareData: { title: '分享', path: 'https://example.com/' } }, /shareData\.path/],
      [{ ...card, code: 'c11', colour: 'red' }, /colour|Unrecognized/i],
      [{ ...card, code: 'c12', placement: 'guide' }, /classification: a guide needs a classification/],
      [{ ...card, code: 'c13', classification: 'obtainXb' }, /classification: only a guide/],
      [{ ...card, code: 'c14', starts_at: '2030-01-02T00:00:00Z', ends_at: '2030-01-01T00:00:00Z' }, /ends_at: must be after starts_at/],
      [{ ...card, code: 'c15', starts_at: 'tomorrow' }, /starts_at/],
      [{ ...card, code: 'bad code' }, /code/],
      [{ ...card, code: 'c16', placement: 'banner' }, /placement/],
      [{ ...card, code: 'c17', style_items: [{ key: 'title_en' }] }, /style_items\.0\.value/],
      [[card, { ...card, code: 'c18', link: 'nowhere' }], /1\.link/],
      [[card, card], /budgetWeek twice/],
      [[], /at least 1|too small/i],
      ['{not json', /cannot read bad\.json/],
    ];
    for (const [body, says] of bad)
      await expect(run(['publish', 'bad.json'], { 'bad.json': body }), JSON.stringify(body)).rejects.toThrow(says);
    await expect(run(['publish', 'missing.json'])).rejects.toThrow(/cannot read missing\.json: ENOENT/);
    await expect(run(['publish'])).rejects.toThrow('publish needs a JSON file');
    await expect(run(['withdraw'])).rejects.toThrow('withdraw needs a code');
    await expect(run(['withdraw', 'noSuchCode'])).rejects.toThrow('no operation noSuchCode on show');
    await expect(run(['remove', 'x'])).rejects.toThrow(/unknown command: remove/);
    await expect(run(['list', 'x', 'y'])).rejects.toThrow(/too many arguments/);
    expect(await repo.list()).toEqual(before);
  });
});
