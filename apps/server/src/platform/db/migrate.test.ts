import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshDatabase } from '../../../test/harness.ts';
import type { DatabaseHandle } from './index.ts';
import { migrate } from './migrate.ts';

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
