import type { KnownToken, TokenCache } from './token-cache.ts';
import { membershipOf } from '../books/books.repository.ts';
import crypto from 'node:crypto';
import type { TokenPair } from '@cab/contracts';
import type { AuthUser, TokenVerifier, VerifiedToken } from '../../http/auth.ts';
import { AppError } from '../../http/errors.ts';
import type { Clock } from '../../platform/clock.ts';
import type { Database } from '../../platform/db/index.ts';
import type { AuthRepository } from './auth.repository.ts';

const hashToken = (t: string) => crypto.createHash('sha256').update(t).digest('hex');
const newToken = () => crypto.randomBytes(32).toString('base64url');

export interface TokenTtls {
  accessMs: number;
  refreshMs: number;
  /** Tokens known valid, kept in memory (unless config.answerCache is off). */
  cache?: TokenCache | undefined;
}

/**
 * Access tokens are short-lived; refresh tokens rotate on every use. Only hashes are
 * stored. A refresh token presented twice means it leaked: the whole family goes.
 */
export class TokenService implements TokenVerifier {
  constructor(
    private readonly db: Database,
    private readonly repo: AuthRepository,
    private readonly clock: Clock,
    private readonly ttl: TokenTtls,
  ) {}

  private async issueInto(db: Database, userId: string, familyId: string): Promise<TokenPair> {
    const access = newToken();
    const refresh = newToken();
    const now = this.clock.now();
    await this.repo.insertAccessToken(db, {
      token_hash: hashToken(access),
      family_id: familyId,
      user_id: userId,
      expires_at: new Date(now + this.ttl.accessMs),
    });
    await this.repo.insertRefreshToken(db, {
      token_hash: hashToken(refresh),
      family_id: familyId,
      user_id: userId,
      expires_at: new Date(now + this.ttl.refreshMs),
    });
    return { access_token: access, refresh_token: refresh, token_type: 'Bearer', expires_in: Math.floor(this.ttl.accessMs / 1000) };
  }

  /** Starts a new sign-in for the user, inside the caller's transaction. */
  async issue(db: Database, userId: string): Promise<TokenPair> {
    const family = await this.repo.createFamily(db, userId);
    return this.issueInto(db, userId, family.id);
  }

  async refresh(refreshToken: string): Promise<TokenPair> {
    const hash = hashToken(refreshToken);
    const row = await this.repo.findRefreshToken(hash);
    const now = this.clock.now();
    if (!row || row.revoked_at) throw new AppError('auth.refreshInvalid');
    if (row.used_at) {
      await this.revokeFamily(row.family_id);
      throw new AppError('auth.refreshReused');
    }
    if (row.expires_at.getTime() <= now) throw new AppError('auth.refreshExpired');
    const pair = await this.db.transaction().execute(async (tx) => {
      if (!(await this.repo.useRefreshToken(tx, hash, new Date(now)))) return undefined;
      return this.issueInto(tx, row.user_id, row.family_id);
    });
    if (!pair) {
      await this.revokeFamily(row.family_id);
      throw new AppError('auth.refreshReused');
    }
    return pair;
  }

  /**
   * Trades a sign-in for a new one of the same user, once: the old one (a token that
   * travelled in a link, and may be in someone's history) is revoked in the same
   * transaction, and a second trade of it finds it revoked.
   */
  async exchange(db: Database, userId: string, familyId: string): Promise<TokenPair | undefined> {
    const alive = await this.repo.revokeFamilyIn(db, familyId, new Date(this.clock.now()));
    await this.ttl.cache?.revoked();
    return alive ? this.issue(db, userId) : undefined;
  }

  async revoke(familyId: string): Promise<void> {
    await this.revokeFamily(familyId);
  }

  private async revokeFamily(familyId: string): Promise<void> {
    try {
      await this.repo.revokeFamily(familyId, new Date(this.clock.now()));
    } finally {
      await this.ttl.cache?.revoked();
    }
  }

  async verifyAccessToken(token: string, bookId?: string): Promise<VerifiedToken | 'expired' | undefined> {
    if (token.length > 256) return undefined;
    const hash = hashToken(token);
    const kept = this.ttl.cache?.get(hash);
    if (kept) return this.answer(kept);
    const generation = this.ttl.cache?.current ?? 0;
    if (bookId === undefined) {
      const found = await this.repo.findAccessToken(hash);
      if (!found || found.revoked_at) return undefined;
      this.ttl.cache?.set(hash, found, generation);
      return this.answer(found);
    }
    const found = await this.repo.findAccessTokenIn(hash, bookId);
    if (!found || found.token.revoked_at) return undefined;
    this.ttl.cache?.set(hash, found.token, generation);
    const user = this.answer(found.token);
    return user === 'expired' ? user : { ...user, membership: found.member && { ...membershipOf(found.member), zone: found.zone } };
  }

  private answer(row: KnownToken): AuthUser | 'expired' {
    if (row.expires_at.getTime() <= this.clock.now()) return 'expired';
    return { id: row.user_id, familyId: row.family_id };
  }
}
