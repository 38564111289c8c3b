import { COMMERCE_PATHS, ErrorCode } from '@cab/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildCouponBatch, buildUser, startTestApp, type TestApp } from '../../../test/harness.ts';
import { expectRefused } from '../../../test/members.ts';
import { offersCommand } from './offers.command.ts';
import type { OffersFileInput } from './offers-input.ts';
import { operatorSource } from './offers.service.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

/** Runs the operator's command with `files` as the only files there are. */
const run = (args: string[], files: Record<string, unknown> = {}) =>
  offersCommand(t.db, args, {
    now: new Date(t.clock.now()),
    readFile: (file) => {
      if (!(file in files)) throw new Error('ENOENT: no such file');
      const body = files[file];
      return typeof body === 'string' ? body : JSON.stringify(body);
    },
  });

const CATALOGUE_TABLES = [
  'premium_features',
  'packages',
  'activities',
  'activity_packages',
  'coupon_batches',
  'recharge_stairs',
  'operation_space_items',
] as const;
/** Every row of the catalogue, to show a refused file changed nothing. */
async function catalogue() {
  const out: Record<string, unknown[]> = {};
  for (const table of CATALOGUE_TABLES) out[table] = await t.db.selectFrom(table).selectAll().execute();
  return out;
}

const FILE: OffersFileInput = {
  features: [
    { featureCode: 'report_export', name: '报表导出', nameEn: 'Report export', billingType: 'OneOff', price: '3.00', position: 2 },
  ],
  packages: [
    {
      comboId: 'report_export_90',
      name: '报表导出 90 天',
      nameEn: 'Report export, 90 days',
      featureCode: 'report_export',
      days: 90,
      sellPrice: '8.00',
      originalPrice: '9.00',
    },
    {
      comboId: 'report_export_30',
      name: '报表导出 30 天',
      nameEn: 'Report export, 30 days',
      featureCode: 'report_export',
      days: 30,
      sellPrice: '3.00',
    },
  ],
  couponBatches: [
    {
      batchCode: 'export_welcome',
      name: '导出立减',
      nameEn: 'Export discount',
      reduceAmount: '1.50',
      comboIds: ['report_export_90'],
      validDays: 7,
    },
  ],
  activities: [
    {
      actCode: 'report_export',
      name: '报表导出',
      nameEn: 'Report export',
      rule: 'new_payer',
      drawBatch: 'export_welcome',
      comboIds: ['report_export_30', 'report_export_90'],
    },
  ],
  stairs: [{ amount: '6.00', firstBonus: '2.00', corner: '首充送 2', cornerEn: 'First top-up +2', position: 1 }],
  spaceItems: [{ spaceCode: 'cloud_banner', code: 'space_intro', title: '云空间', titleEn: 'Cloud space', link: 'cloud/index' }],
};

describe('offers publish', () => {
  it('creates every kind from one file, then updates by code; the calls answer what was published', async () => {
    expect(await run(['publish', 'offers.json'], { 'offers.json': FILE })).toEqual([
      'created feature report_export',
      'created package report_export_90',
      'created package report_export_30',
      'created coupon batch export_welcome',
      'created activity report_export',
      'updated stair 6.00',
      'created space item cloud_banner/space_intro',
    ]);
    const u = await buildUser(t);
    const combos = await t.client.post(COMMERCE_PATHS.activityCombos, { actCode: 'report_export' }, { token: u.token, locale: 'en' });
    expect(combos.json().data).toEqual([
      {
        comboId: 'report_export_30',
        comboName: 'Report export, 30 days',
        featureCode: 'report_export',
        capacityMb: null,
        days: 30,
        sellPrice: '3.00',
        originalPrice: '0.00',
      },
      {
        comboId: 'report_export_90',
        comboName: 'Report export, 90 days',
        featureCode: 'report_export',
        capacityMb: null,
        days: 90,
        sellPrice: '8.00',
        originalPrice: '9.00',
      },
    ]);
    const drawn = await t.client.post(COMMERCE_PATHS.activityDraw, { actCode: 'report_export' }, { token: u.token });
    expect(drawn.json().data).toMatchObject({
      eligible: true,
      coupon: { name: '导出立减', reduceAmount: '1.50', comboIds: ['report_export_90'] },
    });
    const stair = await t.db.selectFrom('recharge_stairs').selectAll().where('amount', '=', '600').executeTakeFirstOrThrow();
    expect(stair).toMatchObject({ first_bonus: '200', corner: '首充送 2' });

    // Updating the activity replaces its packages, in the file's order.
    const again = { activities: [{ ...FILE.activities![0]!, comboIds: ['report_export_90'], rule: 'everyone' }] };
    expect(await run(['publish', 'again.json'], { 'again.json': again })).toEqual(['updated activity report_export']);
    const after = await t.client.post(COMMERCE_PATHS.activityCombos, { actCode: 'report_export' }, { token: u.token });
    expect(after.json().data.map((p: { comboId: string }) => p.comboId)).toEqual(['report_export_90']);
    const listed = await run(['list']);
    expect(listed).toContain('activities:');
    expect(listed).toContainEqual(
      expect.stringMatching(/^ {2}report_export {2}everyone {2}running {2}export_welcome {2}report_export_90 {2}报表导出$/),
    );
    expect(listed).toContainEqual(expect.stringMatching(/^ {2}export_welcome {2}1\.50 {2}7 {2}report_export_90 {2}导出立减$/));
    expect(listed).toContainEqual(expect.stringMatching(/^ {2}cloud_banner\/space_intro {2}on show/));
  });

  it('changes nothing when anything in the file is wrong', async () => {
    const before = await catalogue();
    const feature = { featureCode: 'bad_feature', name: '坏', nameEn: 'Bad', billingType: 'OneOff', price: '1.00' };
    const pkg = { comboId: 'bad_pkg', name: '坏', nameEn: 'Bad', featureCode: 'bad_feature', days: 10, sellPrice: '1.00' };
    const files: Array<[unknown, RegExp]> = [
      ['not json', /^cannot read bad\.json/],
      [{}, /holds nothing to publish/],
      [[], /is not valid/],
      [{ features: [feature], prices: [] }, /is not valid/],
      [{ features: [feature], packages: [{ ...pkg, sellPrice: '-1.00' }] }, /packages\.0\.sellPrice: must be 0\.00 to/],
      [{ features: [feature], packages: [{ ...pkg, sellPrice: '1.234' }] }, /packages\.0\.sellPrice/],
      [{ features: [feature], packages: [{ ...pkg, days: 0 }] }, /packages\.0\.days/],
      [{ features: [feature], packages: [{ ...pkg, comboId: 'bad id' }] }, /packages\.0\.comboId/],
      [{ features: [feature], stairs: [{ amount: '0.50' }] }, /stairs\.0\.amount/],
      [
        { features: [feature], couponBatches: [{ batchCode: 'b', name: '券', nameEn: 'C', reduceAmount: '0.00', validDays: 1 }] },
        /reduceAmount/,
      ],
      [{ features: [feature], spaceItems: [{ spaceCode: 's', code: 'c', title: 't', titleEn: 't', link: 'javascript:alert(1)' }] }, /link/],
      [
        {
          features: [feature],
          activities: [{ actCode: 'a', name: 'a', nameEn: 'a', startsAt: '2030-01-02T00:00:00Z', endsAt: '2030-01-01T00:00:00Z' }],
        },
        /endsAt/,
      ],
      [{ features: [feature, feature] }, /the feature bad_feature twice/],
      // Valid each on its own, but naming what does not exist: the feature written first is rolled back.
      [{ features: [feature], packages: [{ ...pkg, featureCode: 'no_feature' }] }, /package bad_pkg names the feature no_feature/],
      [
        {
          features: [feature],
          packages: [pkg],
          activities: [{ actCode: 'bad_act', name: 'a', nameEn: 'a', comboIds: ['bad_pkg', 'no_pkg'] }],
        },
        /activity bad_act names the package no_pkg/,
      ],
      [
        { features: [feature], packages: [pkg], activities: [{ actCode: 'bad_act', name: 'a', nameEn: 'a', drawBatch: 'no_batch' }] },
        /activity bad_act names the batch no_batch/,
      ],
      [
        {
          features: [feature],
          couponBatches: [{ batchCode: 'b', name: '券', nameEn: 'C', reduceAmount: '1.00', comboIds: ['no_pkg'], validDays: 1 }],
        },
        /coupon batch b names the package no_pkg/,
      ],
    ];
    for (const [body, says] of files) {
      await expect(run(['publish', 'bad.json'], { 'bad.json': body }), JSON.stringify(body)).rejects.toThrow(says);
    }
    await expect(run(['publish', 'missing.json'])).rejects.toThrow(/^cannot read missing\.json: ENOENT/);
    await expect(run(['publish'])).rejects.toThrow(/publish needs one JSON file/);
    expect(await catalogue()).toEqual(before);
  });
});

describe('offers withdraw', () => {
  it('takes a package off sale and an activity or space item off show; publishing puts them back', async () => {
    const u = await buildUser(t);
    const combos = () => t.client.post(COMMERCE_PATHS.activityCombos, { actCode: 'budget_advanced' }, { token: u.token });
    expect(await run(['withdraw', 'package', 'budget_advanced_30'])).toEqual(['withdrew package budget_advanced_30']);
    expect((await combos()).json().data.map((p: { comboId: string }) => p.comboId)).toEqual(['budget_advanced_365']);
    await expect(run(['withdraw', 'package', 'budget_advanced_30'])).rejects.toThrow('no package budget_advanced_30 on sale');
    const back = await t.db.selectFrom('packages').selectAll().where('combo_id', '=', 'budget_advanced_30').executeTakeFirstOrThrow();
    const file = {
      packages: [
        {
          comboId: back.combo_id,
          name: back.name,
          nameEn: back.name_en,
          featureCode: back.feature_code,
          days: back.days,
          sellPrice: '6.00',
          position: 1,
        },
      ],
    };
    expect(await run(['publish', 'back.json'], { 'back.json': file })).toEqual(['updated package budget_advanced_30']);
    expect((await combos()).json().data).toHaveLength(2);

    expect(await run(['withdraw', 'activity', 'budget_advanced'])).toEqual(['withdrew activity budget_advanced']);
    expectRefused(await combos(), 404, ErrorCode.NOT_ON_SALE);
    await t.db.updateTable('activities').set({ withdrawn_at: null }).where('act_code', '=', 'budget_advanced').execute();

    expect(await run(['withdraw', 'space-item', 'recharge_banner/first_recharge_bonus'])).toEqual([
      'withdrew space item recharge_banner/first_recharge_bonus',
    ]);
    const spaces = await t.client.post(COMMERCE_PATHS.operationSpaces, { spaceCodes: ['recharge_banner'] }, { token: u.token });
    expect(spaces.json().data).toEqual([{ spaceCode: 'recharge_banner', items: [] }]);
    await expect(run(['withdraw', 'space-item', 'recharge_banner'])).rejects.toThrow(/no space item recharge_banner on show/);
    await expect(run(['withdraw', 'coupon', 'x'])).rejects.toThrow(/withdraw a package, an activity or a space-item, not coupon/);
    await expect(run(['withdraw', 'package'])).rejects.toThrow(/withdraw needs/);
  });
});

describe('offers give-coupon', () => {
  it('gives a user a coupon of the batch once; refuses an unknown batch or user', async () => {
    const u = await buildUser(t);
    const batch = await buildCouponBatch(t, { reduceAmount: 200n, validDays: 10 });
    const now = new Date(t.clock.now());
    const until = new Date(now.getTime() + 10 * 86_400_000).toISOString();
    const [given] = await run(['give-coupon', batch, u.userid]);
    expect(given).toMatch(new RegExp(`^gave user ${u.userid} coupon \\d+ of ${batch} \\(2\\.00 off, valid until ${until}\\)$`));
    expect(await run(['give-coupon', batch, u.userid])).toEqual([expect.stringMatching(/already has coupon \d+ .*: nothing given$/)]);
    const rows = await t.db.selectFrom('user_coupons').select('source').where('user_id', '=', u.userid).execute();
    expect(rows).toEqual([{ source: operatorSource(batch) }]);

    await expect(run(['give-coupon', 'no_batch', u.userid])).rejects.toThrow('no coupon batch no_batch');
    await expect(run(['give-coupon', batch, '987654321'])).rejects.toThrow('no such user: 987654321');
    await expect(run(['give-coupon', batch, 'abc'])).rejects.toThrow('not a user id: abc');
    await expect(run(['give-coupon', 'bad batch', u.userid])).rejects.toThrow('not a batch code: bad batch');
    await expect(run(['give-coupon', batch])).rejects.toThrow('give-coupon needs <batchCode> <userId>');
    await expect(run(['sell'])).rejects.toThrow(/unknown command: sell/);
    await expect(run(['list', 'a', 'b', 'c'])).rejects.toThrow(/too many arguments/);
  });
});
