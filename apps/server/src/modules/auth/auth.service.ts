import crypto from 'node:crypto';
import { HOST_SIGNATURE_CACHE_MS, VERIFY_CODE_TYPE, type TokenPair } from '@cab/contracts';
import { HOST_CODE_MAX_LIFE_MS, readHostCode, sdkSignature, type HostName } from './host-code.ts';
import { AppError } from '../../http/errors.ts';
import { systemClock, type Clock } from '../../platform/clock.ts';
import type { Database } from '../../platform/db/index.ts';
import type { KeyValueStore } from '../../platform/kv.ts';
import { enforceLimits } from '../../http/rate-limit.ts';
import type { UserRow } from '../user/user.repository.ts';
import type { UserService } from '../user/user.service.ts';
import { hashPassword, sha1Hex, verifyPassword } from './password.ts';
import type { TokenService } from './token.service.ts';
import type { VerifyCodeService } from './verify-code.service.ts';
import type { Locale } from '@cab/contracts';

/** A hash of a password nobody knows, made once, checked when there is no stored hash to check. */
let standIn: Promise<string> | undefined;
const standInHash = () => (standIn ??= hashPassword(sha1Hex(crypto.randomBytes(32).toString('hex'))));

export interface SignedIn {
  user: UserRow;
  tokens: TokenPair;
}

/** Sign-in flows: by code (creates the user on first login) and by password. */
export class AuthService {
  constructor(
    private readonly db: Database,
    private readonly codes: VerifyCodeService,
    private readonly tokens: TokenService,
    private readonly users: UserService,
    private readonly kv: KeyValueStore,
    /** Each partner host's key for its sign-in codes (config.hostKeys). */
    private readonly hostKeys: ReadonlyMap<HostName, string> = new Map(),
    private readonly clock: Clock = systemClock,
  ) {}

  /** `locale` is the language of the request, for a new user's first nickname. */
  async loginByCode(phone: string, code: string, locale?: Locale): Promise<SignedIn> {
    await this.codes.consume(phone, VERIFY_CODE_TYPE.LOGIN, code);
    return this.db.transaction().execute(async (tx) => {
      const user = await this.users.findOrCreateByPhone(tx, phone, locale);
      return { user, tokens: await this.tokens.issue(tx, user.id) };
    });
  }

  /**
   * Automatic sign-in inside a partner host (docs/host.md): the code its SDK signed with
   * that partner's key, once. The host's user is the CAB user it signed in before; else the
   * user of the phone it vouches for; else a new user with its nickname.
   */
  async loginByHost(host: HostName, code: string, locale?: Locale): Promise<SignedIn> {
    const key = this.hostKeys.get(host);
    const p = key ? readHostCode(key, host, code, this.clock.now()) : undefined;
    if (!p) throw new AppError('auth.hostCodeInvalid');
    // Single use: a code seen before within its life is refused.
    if (!(await this.kv.putIfAbsent(`host-code:${host}:${p.nonce}`, HOST_CODE_MAX_LIFE_MS))) throw new AppError('auth.hostCodeInvalid');
    return this.db.transaction().execute(async (tx) => {
      const user = await this.users.findOrCreateForHost(tx, host, p, new Date(this.clock.now()), locale);
      return { user, tokens: await this.tokens.issue(tx, user.id) };
    });
  }

  /**
   * A token handed in dashboard/index's link, traded for this page's own sign-in (docs/host.md).
   * `userNumber`, when the link names one, must be the token's user; else nothing changes.
   */
  async exchangeToken(caller: { id: string; familyId: string }, userNumber: string | undefined): Promise<SignedIn> {
    if (userNumber !== undefined && userNumber !== caller.id) throw new AppError('auth.tokenExchangeRefused');
    const signedIn = await this.db.transaction().execute(async (tx) => {
      const tokens = await this.tokens.exchange(tx, caller.id, caller.familyId);
      return tokens && { user: await this.users.byId(tx, caller.id), tokens };
    });
    if (!signedIn) throw new AppError('auth.tokenExchangeRefused');
    return signedIn;
  }

  /**
   * The host SDK's signature of one of this server's pages (`origins`: the addresses it is
   * reached at), with that partner's key; a page elsewhere is not signed.
   */
  hostSignature(host: HostName, url: string, origins: readonly string[]) {
    const key = this.hostKeys.get(host);
    if (!key) throw new AppError('auth.hostUnknown');
    if (!URL.canParse(url) || !origins.includes(new URL(url).origin)) throw new AppError('auth.hostPageForeign');
    const timestamp = this.clock.now();
    const nonce = crypto.randomBytes(12).toString('hex');
    return {
      host,
      timestamp,
      nonce_str: nonce,
      signature: sdkSignature(key, url, timestamp, nonce),
      expires_in: HOST_SIGNATURE_CACHE_MS / 1000,
    };
  }

  /** `passwordSha1` is the sha1 hex of the password, as both password logins carry it. */
  async loginByPassword(username: string, passwordSha1: string, ip: string): Promise<SignedIn> {
    await enforceLimits(this.kv, [
      { key: `pw:user:${username.toLowerCase()}`, max: 10, windowMs: 15 * 60_000, message: 'auth.loginAccountLimit' },
      { key: `pw:ip:${ip}`, max: 50, windowMs: 15 * 60_000, message: 'auth.loginNetworkLimit' },
    ]);
    const user = await this.users.findByLogin(username);
    // The same answer, after the same work, for an unknown user, one without a password
    // and a wrong password: a hash is checked every time, so neither the answer nor its
    // time tells which accounts exist.
    const stored = user?.password_hash ?? (await standInHash());
    const right = await verifyPassword(stored, passwordSha1);
    if (!user?.password_hash || !right) throw new AppError('auth.wrongCredentials');
    const tokens = await this.db.transaction().execute((tx) => this.tokens.issue(tx, user.id));
    return { user, tokens };
  }

  async bindPhone(userId: string, phone: string, code: string): Promise<UserRow> {
    await this.codes.consume(phone, VERIFY_CODE_TYPE.OTHER, code);
    return this.users.bindPhone(userId, phone);
  }

  async setPassword(userId: string, passwordSha1: string): Promise<void> {
    await this.users.setPasswordHash(userId, await hashPassword(passwordSha1));
  }
}
