import crypto from 'node:crypto';
import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { freshDatabase } from '../../../test/harness.ts';
import { openDatabase, type DatabaseHandle } from './index.ts';
import { migrate, migrationNames } from './migrate.ts';

let h: DatabaseHandle;
beforeAll(async () => {
  h = await freshDatabase();
});
afterAll(() => h.close());

describe('migrations', () => {
  it('are recorded, and running them again applies nothing and changes nothing', async () => {
    const recorded = await h.db.selectFrom('schema_migrations').select('name').orderBy('name').execute();
    expect(recorded.map((r) => r.name)).toContain('0001_create_users_and_tokens.sql');
    await h.db.insertInto('users').values({ phone: '13900000001', nickname: 'kept' }).execute();
    expect(await migrate(h.db)).toEqual([]);
    expect(await migrate(h.db)).toEqual([]);
    const users = await h.db.selectFrom('users').select('nickname').execute();
    expect(users).toEqual([{ nickname: 'kept' }]);
  });

  it('returns 64-bit integers as exact decimal strings', async () => {
    const row = await sql<{ big: string }>`SELECT 9007199254740993::int8 AS big`.execute(h.db);
    expect(row.rows[0]?.big).toBe('9007199254740993');
  });

  it('rolls a failed transaction back whole', async () => {
    await expect(
      h.db.transaction().execute(async (tx) => {
        await tx.insertInto('users').values({ phone: '13900000002', nickname: 'half' }).execute();
        await tx.insertInto('users').values({ phone: '13900000002', nickname: 'duplicate' }).execute();
      }),
    ).rejects.toThrow();
    expect(await h.db.selectFrom('users').select('id').where('phone', '=', '13900000002').execute()).toEqual([]);
  });
});

// Only PostgreSQL has several connections: embedded PGlite is one process's, one at a time.
describe.skipIf(!inject('pgTemplate'))('migrations by instances started together', () => {
  it('apply each file once, by one of them, and neither fails', async () => {
    const admin = new pg.Client({ connectionString: inject('pgAdminUrl') });
    await admin.connect();
    const name = `cab_t_${inject('runId')}_mig_${crypto.randomBytes(4).toString('hex')}`;
    await admin.query(`CREATE DATABASE ${name}`);
    const url = new URL(inject('pgAdminUrl'));
    url.pathname = `/${name}`;
    const instances = await Promise.all([1, 2, 3].map(() => openDatabase({ databaseUrl: url.toString() })));
    try {
      const applied = await Promise.all(instances.map((x) => migrate(x.db)));
      const all = applied.flat();
      expect(all.sort()).toEqual(migrationNames());
      const recorded = await instances[0]!.db.selectFrom('schema_migrations').select('name').execute();
      expect(recorded).toHaveLength(migrationNames().length);
    } finally {
      await Promise.all(instances.map((x) => x.close()));
      await admin.query(`DROP DATABASE ${name}`);
      await admin.end();
    }
  }, 120_000);
});
