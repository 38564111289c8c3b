import type { UserInfo } from '@cab/contracts';
import { AppError } from '../../http/errors.ts';
import type { Database } from '../../platform/db/index.ts';
import type { FileStorage } from '../../platform/storage.ts';
import { sniffImage } from '../../platform/storage.ts';
import type { UserRepository, UserRow } from './user.repository.ts';
import { DEFAULT_LOCALE, Nickname, STORED_AVATAR, defaultNickname, isHttpsAddress, type Locale } from '@cab/contracts';
import crypto from 'node:crypto';

export function presentUser(u: UserRow, token: string): UserInfo {
  return {
    userid: u.id,
    account: u.phone ?? u.email ?? `u${u.id}`,
    avatarUrl: u.avatar_url,
    nickName: u.nickname,
    phone: u.phone ?? '',
    tokenType: 'Bearer',
    token,
    has_password: u.password_hash !== null,
  };
}

export class UserService {
  constructor(
    private readonly repo: UserRepository,
    private readonly storage: FileStorage,
    /** Hosts whose https images may be avatars (config.avatarHosts). */
    private readonly avatarHosts: readonly string[] = [],
  ) {}

  /**
   * Whether an avatar address may be shown to other people: none, a file the upload
   * stored, or an https image on an allowed host. Any other host would learn the address
   * of everyone who sees the avatar (docs/decisions.md, "Avatars").
   */
  avatarAllowed(url: string): boolean {
    if (url === '' || STORED_AVATAR.test(url)) return true;
    return isHttpsAddress(url) && this.avatarHosts.includes(new URL(url).host);
  }

  /**
   * Puts back the default avatar wherever the stored one is no longer allowed (stored
   * before the rule, or from a host since taken off the list); housekeeping runs it.
   */
  async dropRefusedAvatars(): Promise<number> {
    const refused = (await this.repo.foreignAvatars(STORED_AVATAR.source)).filter((u) => !this.avatarAllowed(u.avatar_url));
    return this.repo.clearAvatars(refused);
  }

  async get(id: string): Promise<UserRow> {
    const u = await this.repo.findById(id);
    // A token can outlive its user only if the user was removed; treat it as signed out.
    if (!u) throw new AppError('auth.userGone');
    return u;
  }

  /** The registered user with this phone, if any (adding a member by phone). */
  findByPhone(phone: string) {
    return this.repo.findByPhone(phone);
  }

  findByLogin(username: string) {
    return this.repo.findByLogin(username.trim());
  }

  /** The user with this phone, created on first login (inside the caller's transaction). */
  async findOrCreateByPhone(db: Database, phone: string, locale?: Locale): Promise<UserRow> {
    return (
      (await this.repo.findByPhone(phone, db)) ?? (await this.repo.create(phone, defaultNickname(phone, locale ?? DEFAULT_LOCALE), db))
    );
  }

  /** A user by id within a transaction (a host's user signing in again, a link's token traded). */
  async byId(db: Database, id: string): Promise<UserRow> {
    const u = await this.repo.findById(id, db);
    if (!u) throw new AppError('auth.userGone');
    return u;
  }

  /**
   * The CAB user a partner host signed in (docs/host.md): the one its id signed in before;
   * else the user of the phone it vouches for; else a new user with its nickname when our
   * name rules take it (the default name with four random digits otherwise).
   */
  async findOrCreateForHost(
    db: Database,
    host: 'a' | 'b',
    p: { uid: string; phone?: string | undefined; nick?: string | undefined },
    at: Date,
    locale?: Locale,
  ): Promise<UserRow> {
    const known = await this.repo.hostIdentity(db, host, p.uid);
    if (known) return this.byId(db, known);
    // A new user takes the host's nickname when our name rules take it, else a default one.
    const given = p.nick === undefined ? undefined : Nickname.safeParse(p.nick);
    const name = (tail: string) => (given?.success && given.data ? given.data : defaultNickname(tail, locale ?? DEFAULT_LOCALE));
    let user: UserRow;
    if (p.phone) user = (await this.repo.findByPhone(p.phone, db)) ?? (await this.repo.create(p.phone, name(p.phone), db));
    else user = await this.repo.createWithoutPhone(name(String(crypto.randomInt(10_000)).padStart(4, '0')), db);
    await this.repo.linkHost(db, host, p.uid, user.id, at);
    return user;
  }

  async update(id: string, patch: { nickname?: string | undefined; avatar_url?: string | undefined }): Promise<UserRow> {
    if (patch.avatar_url !== undefined && !this.avatarAllowed(patch.avatar_url)) throw new AppError('user.avatarUrlInvalid');
    const u = await this.repo.update(id, {
      ...(patch.nickname !== undefined ? { nickname: patch.nickname } : {}),
      ...(patch.avatar_url !== undefined ? { avatar_url: patch.avatar_url } : {}),
    });
    if (!u) throw new AppError('auth.userGone');
    return u;
  }

  async uploadAvatar(id: string, bytes: Buffer): Promise<string> {
    const ext = sniffImage(bytes);
    if (!ext) throw new AppError('user.avatarBadType');
    const url = await this.storage.put('avatars', ext, bytes);
    await this.update(id, { avatar_url: url });
    return url;
  }

  async bindPhone(id: string, phone: string): Promise<UserRow> {
    const owner = await this.repo.findByPhone(phone);
    if (owner && owner.id !== id) throw new AppError('user.phoneTaken');
    try {
      const u = await this.repo.update(id, { phone });
      if (!u) throw new AppError('auth.userGone');
      return u;
    } catch (err) {
      // Two accounts racing for one phone: the unique index decides, the loser hears why.
      if (err instanceof Error && /unique|duplicate/i.test(err.message)) {
        throw new AppError('user.phoneTaken');
      }
      throw err;
    }
  }

  async setPasswordHash(id: string, passwordHash: string): Promise<void> {
    await this.repo.update(id, { password_hash: passwordHash });
  }
}
