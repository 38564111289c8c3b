import { ACCOUNTING_PATHS, CLOUD_PATHS, ErrorCode } from '@cab/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildBook, buildUser, inBook, nextPhone, paddedPng, uploadImage } from '../../../test/harness.ts';
import { expectRefused } from '../../../test/members.ts';
import { buySpace, rechargePaid, startPayingApp, type PayingApp } from '../../../test/payments.ts';
import { serverJobs } from '../../jobs.ts';
import { JobRunner } from '../../platform/jobs/runner.ts';

// The clock moves here: this file has its own app. Each book has 1 MB of its own.
let p: PayingApp;
beforeAll(async () => {
  p = await startPayingApp({ CAB_FREE_SPACE_MB: '1' });
}, 60_000);
afterAll(() => p.close());

const DAY = 86_400_000;
const capacity = async (token: string, bookId: string) =>
  (await p.t.client.get(ACCOUNTING_PATHS.capacity, inBook(token, bookId))).json().data;
const told = (userId: string) =>
  p.t.db
    .selectFrom('messages')
    .select(['kind', 'link'])
    .where('user_id', '=', userId)
    .where('kind', 'like', 'space.%')
    .orderBy('id')
    .execute();

/** Runs the space job for `at` on two instances at once, as two servers would. */
async function twoInstancesRun(at: Date) {
  const runners = ['a', 'b'].map((owner) => {
    const r = new JobRunner(p.t.db, p.t.clock, { zone: 'Asia/Shanghai', owner });
    for (const job of serverJobs(p.t.built)) r.register(job);
    return r;
  });
  return Promise.all(runners.map((r) => r.run('space', at)));
}

describe('rented space ending (a fake clock)', () => {
  it('tells the owner 7 days before and when it ends, once each; at its end uploads stop and every image stays readable', async () => {
    const phone = nextPhone();
    let owner = await buildUser(p.t, phone);
    const book = await buildBook(p.t, owner.token);
    // Shells for a second rental later, when the sandbox's real clock is far behind this test's.
    await rechargePaid(p, owner.token, '6');
    await buySpace(p, owner.token, book.id);
    const grant = await p.t.db.selectFrom('book_space_grants').selectAll().where('book_id', '=', book.id).executeTakeFirstOrThrow();
    const images: string[] = [];
    for (let i = 0; i < 2; i++) {
      const up = await uploadImage(p.t, owner.token, book.id, paddedPng(700));
      expect(up.statusCode, up.body).toBe(201);
      images.push(up.json().data.url as string);
    }
    expect(await capacity(owner.token, book.id)).toMatchObject({ total: '1025.00', pic_upload_permit: 'permit' });

    // 8 days before the end nothing is due.
    p.t.clock.set(grant.ends_at.getTime() - 8 * DAY);
    expect((await p.t.built.cloud.notices.run()) >= 0).toBe(true);
    expect(await told(owner.userid)).toEqual([]);

    // 7 days before: told once, whoever runs it and however often.
    p.t.clock.set(grant.ends_at.getTime() - 7 * DAY + 60_000);
    const first = await twoInstancesRun(new Date(p.t.clock.now()));
    expect(first.map((r) => r.result).sort()).toEqual(['held', 'ran']);
    await p.t.built.cloud.notices.run();
    await Promise.all([p.t.built.cloud.notices.run(), p.t.built.cloud.notices.run()]);
    expect(await told(owner.userid)).toEqual([{ kind: 'space.ending', link: `cloud/index?bookId=${book.id}` }]);

    // A minute before its end it still counts (signed in again: weeks have passed).
    p.t.clock.set(grant.ends_at.getTime() - 60_000);
    owner = await buildUser(p.t, phone);
    expect(await capacity(owner.token, book.id)).toMatchObject({ total: '1025.00' });
    const info = await p.t.client.get(CLOUD_PATHS.expireInfo.replace(':id', grant.id), inBook(owner.token, book.id));
    expect(info.json().data).toMatchObject({ days_left: 0 });

    // At its end: no job needed for it to stop counting.
    p.t.clock.set(grant.ends_at.getTime());
    const full = await capacity(owner.token, book.id);
    expect(full).toMatchObject({ total: '1.00', pic_upload_permit: 'not_permit' });
    expect(full.tips_title).not.toBe('');
    expectRefused(await uploadImage(p.t, owner.token, book.id), 422, ErrorCode.CAPACITY_EXCEEDED);
    for (const url of images) {
      const read = await p.t.client.get(url, { token: owner.token });
      expect(read.statusCode).toBe(200);
      expect(read.rawPayload.length).toBe(700 * 1024);
    }
    expect(await p.t.db.selectFrom('book_images').select('id').where('book_id', '=', book.id).execute()).toHaveLength(2);
    const ended = await p.t.client.get(CLOUD_PATHS.expireInfo.replace(':id', grant.id), { ...inBook(owner.token, book.id), locale: 'en' });
    expectRefused(ended, 410, ErrorCode.SPACE_GRANT_ENDED);
    // Its last day in the book's zone (Shanghai, UTC+8).
    const lastDay = new Date(grant.ends_at.getTime() + 8 * 3_600_000 - DAY).toISOString().slice(0, 10);
    expect(ended.json().message).toBe(`This cloud space ended on ${lastDay}`);
    expect((await p.t.client.get(CLOUD_PATHS.inEffect, inBook(owner.token, book.id))).json().data).toEqual([]);
    expect((await p.t.client.get(CLOUD_PATHS.gather, inBook(owner.token, book.id))).json().data).toMatchObject({ rented_mb: 0 });

    // The end told once, by two instances at once, and by runs again after.
    p.t.clock.set(grant.ends_at.getTime() + 3_600_000);
    const second = await twoInstancesRun(new Date(p.t.clock.now()));
    expect(second.map((r) => r.result).sort()).toEqual(['held', 'ran']);
    await Promise.all([p.t.built.cloud.notices.run(), p.t.built.cloud.notices.run()]);
    expect((await told(owner.userid)).map((m) => m.kind)).toEqual(['space.ending', 'space.ended']);
    const flags = await p.t.db
      .selectFrom('book_space_grants')
      .select(['told_ending_at', 'told_ended_at'])
      .where('id', '=', grant.id)
      .executeTakeFirstOrThrow();
    expect(flags.told_ending_at).not.toBeNull();
    expect(flags.told_ended_at).not.toBeNull();

    // Renting again opens uploads again.
    await buySpace(p, owner.token, book.id, 'cloud_1g_30', '0');
    expect((await uploadImage(p.t, owner.token, book.id)).statusCode).toBe(201);
  });

  it('a grant whose last week passed without a run is told its end once, not its nearness', async () => {
    p.t.clock.set(Date.now());
    const owner = await buildUser(p.t);
    const book = await buildBook(p.t, owner.token);
    await buySpace(p, owner.token, book.id);
    const grant = await p.t.db.selectFrom('book_space_grants').selectAll().where('book_id', '=', book.id).executeTakeFirstOrThrow();
    // The job did not run during the last week (the servers were down): only the end is told.
    p.t.clock.set(grant.ends_at.getTime() + DAY);
    await p.t.built.cloud.notices.run();
    expect((await told(owner.userid)).map((m) => m.kind)).toEqual(['space.ended']);
    await p.t.built.cloud.notices.run();
    expect(await told(owner.userid)).toHaveLength(1);
  });
});
