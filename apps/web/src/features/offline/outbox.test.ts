import 'fake-indexeddb/auto';
import { ACCOUNTING_PATHS } from '@cab/contracts/client';
import { beforeEach, describe, expect, it } from 'vitest';
import { idb } from './idb.ts';
import {
  discard,
  flush,
  hasWaiting,
  localIdOf,
  outboxItems,
  queueCreate,
  queueDelete,
  queueUpdate,
  retry,
  waitingRecord,
  type OutboxItem,
  type SendResult,
} from './outbox.ts';
import type { Transaction } from '@cab/contracts/client';

const UPDATE = ACCOUNTING_PATHS.update;
const preview = (remark: string) => ({ id: '', remark }) as unknown as Transaction;

/** A server that records each write once per key (as apps/server's idempotency.ts does). */
function fakeServer(answers: Array<SendResult | 'lost'> = []) {
  const seen = new Map<string, string>();
  const calls: OutboxItem[] = [];
  const send = async (item: OutboxItem): Promise<SendResult> => {
    calls.push(item);
    const next = answers.shift();
    if (next && next !== 'lost' && !next.ok) return next;
    if (!seen.has(item.id)) seen.set(item.id, JSON.stringify(item.body));
    // A lost answer: recorded, but the phone never heard.
    if (next === 'lost') return { ok: false, unreachable: true };
    return { ok: true };
  };
  return { send, calls, recorded: () => [...seen.values()].map((b) => JSON.parse(b) as Record<string, unknown>) };
}

beforeEach(async () => {
  await idb.reset();
});

describe('the outbox', () => {
  it('sends waiting writes once each, in the order they were made', async () => {
    for (const n of [1, 2, 3]) await queueCreate('b1', ACCOUNTING_PATHS.expense, { amount: `${n}.00` }, preview(`r${n}`));
    expect(await hasWaiting('b1')).toBe(true);
    expect(await hasWaiting('b2')).toBe(false);
    const server = fakeServer();
    expect(await flush(server.send)).toBe(3);
    expect(server.recorded().map((b) => b.amount)).toEqual(['1.00', '2.00', '3.00']);
    expect(await outboxItems()).toEqual([]);
    expect(await flush(server.send)).toBe(0);
    expect(server.calls).toHaveLength(3);
  });

  it('stops at the first network failure and keeps the order; the retry reuses the Idempotency-Key', async () => {
    for (const n of [1, 2]) await queueCreate('b1', ACCOUNTING_PATHS.expense, { amount: `${n}.00` });
    const server = fakeServer(['lost']);
    expect(await flush(server.send)).toBe(0);
    expect(server.calls).toHaveLength(1);
    const [first, second] = await outboxItems();
    expect(first?.state).toBe('waiting');
    expect(first?.tries).toBe(1);
    expect(second?.tries).toBe(0);
    expect(await flush(server.send)).toBe(2);
    expect(server.calls[1]?.id).toBe(server.calls[0]?.id);
    // Sent twice with one key, recorded once.
    expect(server.recorded().map((b) => b.amount)).toEqual(['1.00', '2.00']);
  });

  it('marks a refused write failed with the reason and goes on; retry and discard', async () => {
    await queueCreate('b1', ACCOUNTING_PATHS.expense, { amount: '1.00' });
    await queueCreate('b1', ACCOUNTING_PATHS.expense, { amount: '2.00' });
    const server = fakeServer([{ ok: false, refused: 'category deleted' }]);
    expect(await flush(server.send)).toBe(1);
    const [failed] = await outboxItems();
    expect(failed).toMatchObject({ state: 'failed', error: 'category deleted' });
    expect(await hasWaiting('b1')).toBe(false);
    // Not sent again by itself.
    expect(await flush(server.send)).toBe(0);
    await retry(failed!.id);
    expect(await flush(server.send)).toBe(1);
    await queueCreate('b1', ACCOUNTING_PATHS.expense, { amount: '3.00' });
    const [third] = await outboxItems();
    await discard(third!.id);
    expect(await outboxItems()).toEqual([]);
  });

  it('an edit of a waiting record changes its create: sent once, as edited', async () => {
    const item = await queueCreate('b1', ACCOUNTING_PATHS.expense, { amount: '1.00' }, preview('a'));
    const id = localIdOf(item);
    expect((await waitingRecord(id)).id).toBe(id);
    await queueUpdate(
      'b1',
      id,
      UPDATE,
      { business_type: 'Income', amount: '9.00' },
      {
        createBody: { amount: '9.00' },
        createPath: ACCOUNTING_PATHS.income,
        preview: preview('b'),
      },
    );
    const items = await outboxItems();
    expect(items).toHaveLength(1);
    expect(items[0]).toMatchObject({ kind: 'create', path: ACCOUNTING_PATHS.income, body: { amount: '9.00' } });
    expect((await waitingRecord(id)).remark).toBe('b');
    const server = fakeServer();
    await flush(server.send);
    expect(server.recorded()).toEqual([{ amount: '9.00' }]);
  });

  it('a delete of a waiting record removes it (never sent); of a stored one, queues it', async () => {
    const item = await queueCreate('b1', ACCOUNTING_PATHS.expense, { amount: '1.00' });
    await queueDelete('b1', [localIdOf(item), 'tx-9'], ACCOUNTING_PATHS.remove);
    const items = await outboxItems();
    expect(items).toHaveLength(1);
    expect(items[0]).toMatchObject({ kind: 'delete', method: 'DELETE', body: { ids: ['tx-9'] } });
  });

  it('an edit of a stored record is queued behind what waits', async () => {
    await queueCreate('b1', ACCOUNTING_PATHS.expense, { amount: '1.00' });
    await queueUpdate('b1', 'tx-1', UPDATE.replace(':id', 'tx-1'), { remark: 'x' });
    const items = await outboxItems();
    expect(items.map((i) => i.kind)).toEqual(['create', 'update']);
    expect(items[1]).toMatchObject({ method: 'PATCH', path: ACCOUNTING_PATHS.update.replace(':id', 'tx-1'), recordId: 'tx-1' });
  });

  it('a waiting record tried without an answer no longer changes (the server may hold it)', async () => {
    const item = await queueCreate('b1', ACCOUNTING_PATHS.expense, { amount: '1.00' });
    await flush(fakeServer(['lost']).send);
    await expect(queueUpdate('b1', localIdOf(item), UPDATE, {}, { createBody: { amount: '2.00' } })).rejects.toThrow('sending');
    await expect(queueDelete('b1', [localIdOf(item)], ACCOUNTING_PATHS.remove)).rejects.toThrow('sending');
  });
});
