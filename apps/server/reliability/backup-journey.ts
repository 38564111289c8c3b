/**
 * Books made through the HTTP API of a running server process, for the backup test:
 * two users, a shared book with every kind of record, and what to read back after a
 * restore.
 */
import { ACCOUNTING_PATHS, AUTH_PATHS, BOOK_PATHS, BUDGET_PATHS, MEMBER_PATHS, bookPath } from '@cab/contracts';
import { expect } from 'vitest';
import { nextPhone, TINY_PNG } from '../test/harness.ts';
import { signedFetch, signedHeaders } from '../test/process.ts';

type Json = Record<string, unknown>;

/** A signed call that must answer `status`; answers the body's `data`. */
export async function call<T = Json>(
  base: string,
  method: string,
  url: string,
  body?: unknown,
  token?: string,
  bookId?: string,
  status = 200,
): Promise<T> {
  const res = await signedFetch(base, method, url, body, token, bookId ? { 'trading-entity': bookId } : {});
  const text = await res.text();
  expect(res.status, `${method} ${url}: ${text}`).toBe(status);
  return (text ? (JSON.parse(text) as { data: T }).data : undefined) as T;
}

export async function login(base: string, phone: string): Promise<{ token: string; userid: string }> {
  await call(base, 'POST', AUTH_PATHS.verifyCode, { phone, type: 4 });
  const outbox = (await (await fetch(`${base}${AUTH_PATHS.smsOutbox}?phone=${phone}`)).json()) as { data: Array<{ code: string }> };
  return call(base, 'POST', AUTH_PATHS.login, { type: 'code', phone, code: outbox.data[0]?.code });
}

/** A multipart upload as the web sends it (signed over an empty body). */
async function upload(base: string, url: string, token: string, bytes: Buffer, bookId?: string): Promise<Response> {
  const boundary = '----cabbackup';
  const body = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n`),
    bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return fetch(base + url, {
    method: 'POST',
    headers: {
      ...signedHeaders('POST', url, '', token),
      'content-type': `multipart/form-data; boundary=${boundary}`,
      ...(bookId ? { 'trading-entity': bookId } : {}),
    },
    body,
  });
}

type Category = { id: string; sub_categories: Array<{ id: string }> };
export interface Dimensions {
  accounts: Array<{ id: string; currency: string }>;
  expense: Category[];
  income: Category[];
}

/** A book's accounts and category trees, through the list calls. */
export async function dimensions(base: string, token: string, bookId: string): Promise<Dimensions> {
  const get = <T>(url: string) => call<T>(base, 'GET', url, undefined, token, bookId);
  const groups = await get<Array<{ accounts: Dimensions['accounts'] }>>(ACCOUNTING_PATHS.accounts);
  return {
    accounts: groups.flatMap((g) => g.accounts),
    expense: await get<Category[]>(`${ACCOUNTING_PATHS.categories}?trade_type=Expense`),
    income: await get<Category[]>(`${ACCOUNTING_PATHS.categories}?trade_type=Income`),
  };
}

/**
 * Two clients recording expenses and transfers in a book as fast as the server takes
 * them, until stopped; `stop` answers how many were acknowledged, and throws if one was refused.
 */
export function keepWriting(base: string, token: string, bookId: string, d: Dimensions) {
  const cny = d.accounts.filter((a) => a.currency === 'CNY').map((a) => a.id);
  let writing = true;
  let written = 0;
  const writer = async (w: number) => {
    for (let i = 0; writing; i++) {
      const from = cny[(i + w) % cny.length];
      const to = cny[(i + w + 1) % cny.length];
      if (i % 3) {
        const category = d.expense[i % d.expense.length]!.id;
        const body = { account: { id: from }, category: { id: category }, amount: `${(i % 97) + 1}.${w}1` };
        await call(base, 'POST', ACCOUNTING_PATHS.expense, body, token, bookId, 201);
      } else {
        const body = { from_account: { id: from }, to_account: { id: to }, from_amount: '2.50', to_amount: '2.50' };
        await call(base, 'POST', ACCOUNTING_PATHS.transfer, body, token, bookId, 201);
      }
      written++;
    }
  };
  const done = Promise.all([writer(0), writer(1)]);
  // A refusal ends both writers at once; stop() reports it.
  done.catch(() => (writing = false));
  return {
    written: () => written,
    running: () => writing,
    stop: async () => {
      writing = false;
      await done;
      return written;
    },
  };
}

/** What the journey made, to read back from a restored server. */
export interface Journey {
  owner: { phone: string; token: string };
  member: { phone: string; token: string };
  bookId: string;
  /** The transaction carrying the image, as the API answered it before the backup. */
  withImage: Json & { id: string };
  imageUrl: string;
  imageBytes: Buffer;
  avatarUrl: string;
  avatarBytes: Buffer;
  accounts: unknown;
  /** The highest transaction id made. */
  lastTransactionId: bigint;
}

/** Two users, a shared book with expenses, incomes, a transfer, an edit, a delete, a category, a member, a budget, an image and an avatar. */
export async function makeBooks(base: string): Promise<Journey> {
  const ownerPhone = nextPhone();
  const memberPhone = nextPhone();
  const owner = await login(base, ownerPhone);
  const member = await login(base, memberPhone);
  const A = owner.token;
  await call(base, 'PATCH', AUTH_PATHS.updateUser, { nickname: '账本主人' }, A);
  // A PNG unlike the transaction image, so files are told apart.
  const avatarBytes = Buffer.concat([TINY_PNG, Buffer.from('avatar')]);
  const avatar = await upload(base, AUTH_PATHS.avatar, A, avatarBytes);
  expect(avatar.status).toBe(200);
  const avatarUrl = ((await avatar.json()) as { data: { avatar_url: string } }).data.avatar_url;

  const templates = await call<Array<{ id: string; code: string }>>(base, 'GET', BOOK_PATHS.templates);
  const family = templates.find((t) => t.code === 'family')!.id;
  const book = await call<{ id: string }>(base, 'POST', BOOK_PATHS.create, { id: family, name: '家庭账本 🏠' }, A, undefined, 201);
  await call(base, 'POST', BOOK_PATHS.create, { id: templates.find((t) => t.code === 'daily')!.id }, A, undefined, 201);
  const b = book.id;
  const { accounts, expense, income } = await dimensions(base, A, b);
  const acc = accounts.map((a) => a.id);
  const coffee = await call<{ id: string }>(
    base,
    'POST',
    ACCOUNTING_PATHS.categories,
    { name: '咖啡', type: 'Expense', parent_id: expense[0]!.id },
    A,
    b,
    201,
  );

  const ids: string[] = [];
  const record = async (url: string, body: Json, token = A) => {
    const tx = await call<Json & { id: string }>(base, 'POST', url, body, token, b, 201);
    ids.push(tx.id);
    return tx;
  };
  const time = Date.UTC(2025, 5, 1, 4, 5, 6, 789);
  await record(ACCOUNTING_PATHS.expense, {
    account: { id: acc[0] },
    category: { id: coffee.id },
    amount: '12.34',
    remark: '早餐 "quoted" \\ ✓',
  });
  await record(ACCOUNTING_PATHS.expense, {
    account: { id: acc[0] },
    category: { id: expense[1]!.id },
    amount: '0.01',
    transaction_time: time,
  });
  await record(ACCOUNTING_PATHS.income, { account: { id: acc[1] }, category: { id: income[0]!.sub_categories[0]!.id }, amount: '8888.88' });
  await record(ACCOUNTING_PATHS.transfer, {
    from_account: { id: acc[1] },
    to_account: { id: acc[2] },
    from_amount: '100.5',
    to_amount: '100.5',
  });
  const edited = await record(ACCOUNTING_PATHS.expense, { account: { id: acc[0] }, category: { id: coffee.id }, amount: '3.00' });
  await call(base, 'PATCH', bookPath(ACCOUNTING_PATHS.update, { id: edited.id }), { amount: '30.00', remark: '改过' }, A, b);
  const deleted = await record(ACCOUNTING_PATHS.income, { account: { id: acc[1] }, category: { id: income[0]!.id }, amount: '1.00' });
  await call(base, 'DELETE', ACCOUNTING_PATHS.remove, { ids: [deleted.id] }, A, b, 204);
  // Retried with the same key, as a client after a lost answer: the idempotency record is data too.
  const keyed = { 'trading-entity': b, 'idempotency-key': 'backup-retry-1' };
  const body = { account: { id: acc[0] }, category: { id: coffee.id }, amount: '7.77' };
  for (let i = 0; i < 2; i++) expect((await signedFetch(base, 'POST', ACCOUNTING_PATHS.expense, body, A, keyed)).status).toBe(201);

  const image = await upload(base, ACCOUNTING_PATHS.upload, A, TINY_PNG, b);
  expect(image.status).toBe(201);
  const img = ((await image.json()) as { data: { id: string; url: string } }).data;
  const withImage = await record(ACCOUNTING_PATHS.expense, {
    account: { id: acc[0] },
    category: { id: coffee.id },
    amount: '45.60',
    images: [img.id],
  });

  // The member joins through an invitation link and records in the book.
  const roles = await call<Array<{ role_id: string; role_code: string }>>(base, 'GET', MEMBER_PATHS.assignableRoles, undefined, A, b);
  const keeper = roles.find((r) => r.role_code === 'bookkeeper')!.role_id;
  const link = await call<{ invite_code: string }>(
    base,
    'POST',
    MEMBER_PATHS.createInvitation,
    { audit_type: 'NoReviewDesignatedRole', link_validity: 7, role_ids: [keeper] },
    A,
    b,
    201,
  );
  await call(base, 'POST', MEMBER_PATHS.applyV5, { invite_code: link.invite_code, role_id: keeper }, member.token, undefined, 201);
  await record(ACCOUNTING_PATHS.expense, { account: { id: acc[0] }, category: { id: coffee.id }, amount: '5.00' }, member.token);

  const budget = bookPath(BUDGET_PATHS.add, { type: 'Book', id: b, budget_type: 'Expense', recurrence_type: 'Month' });
  await call(base, 'POST', budget, { budget_amount: '3000' }, A, b, 201);

  return {
    owner: { phone: ownerPhone, token: A },
    member: { phone: memberPhone, token: member.token },
    bookId: b,
    withImage: await call(base, 'GET', bookPath(ACCOUNTING_PATHS.get, { id: withImage.id }), undefined, A, b),
    imageUrl: img.url,
    imageBytes: TINY_PNG,
    avatarUrl,
    avatarBytes,
    accounts: await call(base, 'GET', ACCOUNTING_PATHS.accounts, undefined, A, b),
    lastTransactionId: ids.map(BigInt).reduce((m, x) => (x > m ? x : m), 0n),
  };
}
