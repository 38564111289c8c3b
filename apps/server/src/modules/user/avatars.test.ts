import { AUTH_PATHS, BOOK_PATHS, ErrorCode, bookPath } from '@cab/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.ts';
import { buildBook, buildUser, startOtherInstance, startTestApp, uploadAvatar, type TestApp } from '../../../test/harness.ts';

/**
 * Avatars only from CAB or an allowed host (issue 25; docs/decisions.md, "Avatars"):
 * every other address would tell its host the address of everyone who sees the avatar.
 */
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ CAB_AVATAR_HOSTS: 'img.example.com, CDN.example.org:8443' });
});
afterAll(() => t.close());

type User = Awaited<ReturnType<typeof buildUser>>;
const info = async (token: string) => (await t.client.get(AUTH_PATHS.userInfo, { token })).json().data;
const setAvatar = (u: User, avatar_url: string, locale?: string) =>
  t.client.patch(AUTH_PATHS.updateUser, { avatar_url }, { token: u.token, ...(locale ? { locale } : {}) });

async function upload(u: User): Promise<string> {
  const res = await uploadAvatar(t, u.token);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.avatar_url;
}

/** Addresses an attacker would try: other hosts, look-alikes of the allowed one, other schemes, other files. */
const FOREIGN = [
  'https://evil.example/a.png',
  'https://img.example.com.evil.example/a.png',
  'https://evil.example/?https://img.example.com/a.png',
  'https://user:pw@img.example.com/a.png',
  'https://img.example.com:8443/a.png',
  'https://cdn.example.org/a.png',
  'http://img.example.com/a.png',
  '//img.example.com/a.png',
  'javascript:alert(1)',
  'data:image/png;base64,iVBORw0KGgo=',
  '/files/avatars/../../etc/passwd',
  '/files/avatars/not-an-upload.png',
  '/files/covers/0123456789abcdef0123456789abcdef.png',
  '/static/covers/cover-1.svg',
];

describe('setting an avatar address', () => {
  it('refuses every address that is not an upload or on an allowed host, 400 {code, message}, keeping the avatar', async () => {
    const u = await buildUser(t);
    const mine = await upload(u);
    for (const url of FOREIGN) {
      const res = await setAvatar(u, url);
      expect(res.statusCode, `${url}: ${res.body}`).toBe(400);
      expect(res.json()).toEqual({ code: ErrorCode.VALIDATION, message: expect.any(String) });
    }
    expect((await info(u.token)).avatarUrl).toBe(mine);
    expect((await setAvatar(u, FOREIGN[0]!)).json().message).toBe('头像只能是上传的图片或本服务允许的图片地址');
    expect((await setAvatar(u, FOREIGN[0]!, 'en')).json().message).toBe(
      'The avatar must be an uploaded image or an address this server allows',
    );
  });

  it('takes what the upload answered, an address on an allowed host, and none', async () => {
    const [u, other] = [await buildUser(t), await buildUser(t)];
    const uploaded = await upload(other);
    for (const url of [
      uploaded,
      'https://img.example.com/me.png',
      'https://IMG.example.com:443/me.png?v=2',
      'https://cdn.example.org:8443/x.webp',
      '',
    ]) {
      const res = await setAvatar(u, url);
      expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
      expect((await info(u.token)).avatarUrl).toBe(url);
    }
  });
});

describe('an avatar stored from a host that is not allowed', () => {
  it('is put back to the default avatar by housekeeping; uploads and allowed hosts stay', async () => {
    const [foreign, uploaded, allowed] = [await buildUser(t), await buildUser(t), await buildUser(t)];
    const file = await upload(uploaded);
    expect((await setAvatar(allowed, 'https://img.example.com/a.png')).statusCode).toBe(200);
    // As stored before the rule: the update call no longer takes it.
    await t.db.updateTable('users').set({ avatar_url: 'https://tracker.example/pixel.png' }).where('id', '=', foreign.userid).execute();

    const done = await t.built.housekeeping();
    expect(done.avatars).toBe(1);
    expect((await info(foreign.token)).avatarUrl).toBe('');
    expect((await info(uploaded.token)).avatarUrl).toBe(file);
    expect((await info(allowed.token)).avatarUrl).toBe('https://img.example.com/a.png');
    expect((await t.built.housekeeping()).avatars).toBe(0);
  });

  it('once its host is taken off the list (a restart with other settings), is refused and cleared', async () => {
    const u = await buildUser(t);
    expect((await setAvatar(u, 'https://img.example.com/b.png')).statusCode).toBe(200);
    const restarted = await startOtherInstance(t, {}, { avatarHosts: [] });
    try {
      const again = await restarted.client.patch(
        AUTH_PATHS.updateUser,
        { avatar_url: 'https://img.example.com/b.png' },
        { token: u.token },
      );
      expect(again.statusCode).toBe(400);
      expect((await restarted.built.housekeeping()).avatars).toBeGreaterThanOrEqual(1);
      expect((await info(u.token)).avatarUrl).toBe('');
    } finally {
      await restarted.close();
    }
  });
});

describe("a book's cover", () => {
  it('is only an address of CAB itself: another host, a scheme or a climb out of /files is refused, the cover kept', async () => {
    const u = await buildUser(t);
    const book = await buildBook(t, u.token);
    const update = (cover: string) => t.client.patch(bookPath(BOOK_PATHS.update, { bookId: book.id }), { cover }, { token: u.token });
    for (const cover of [
      'https://img.example.com/c.png',
      '//evil.example/c.png',
      '/files/../cab-user-ws/v1/user/info',
      '/files/a/../../x.png',
    ]) {
      const res = await update(cover);
      expect(res.statusCode, `${cover}: ${res.body}`).toBe(400);
      expect(res.json()).toEqual({ code: ErrorCode.VALIDATION, message: expect.any(String) });
    }
    const row = await t.db.selectFrom('books').select('cover').where('id', '=', book.id).executeTakeFirstOrThrow();
    expect(row.cover).toBe(book.cover);
  });
});

describe('CAB_AVATAR_HOSTS', () => {
  it('is empty by default and refuses an entry that is not a host name', () => {
    expect(loadConfig({}).avatarHosts).toEqual([]);
    expect(loadConfig({ CAB_AVATAR_HOSTS: ' A.example.com , b.example.com:443,' }).avatarHosts).toEqual(['a.example.com', 'b.example.com']);
    for (const bad of ['https://a.example.com', 'a.example.com/path', '*.example.com', 'a b']) {
      expect(() => loadConfig({ CAB_AVATAR_HOSTS: bad })).toThrow(/CAB_AVATAR_HOSTS/);
    }
  });
});
