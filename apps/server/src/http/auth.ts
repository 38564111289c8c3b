import type { Device } from '@cab/contracts';
import type { FoundMembership } from './book-scope.ts';
import type { FastifyRequest } from 'fastify';
import { AppError } from './errors.ts';

export interface AuthUser {
  id: string;
  familyId: string;
}

/**
 * The caller's place in the Trading-Entity book, when the token's lookup could answer it in
 * the same statement (a token not kept in memory): null when they are not in the book.
 */
export interface KnownMembership {
  bookId: string;
  found: FoundMembership | null;
}

declare module 'fastify' {
  interface FastifyRequest {
    user: AuthUser | undefined;
    rawBody: string | undefined;
    device: Device | undefined;
    /** The book named by the Trading-Entity header; membership is checked by book-scoped routes. */
    tradingEntity: string | undefined;
    /** Read with the token (KnownMembership); the book check uses it instead of asking again. */
    knownMembership: KnownMembership | undefined;
  }
}

/** A token's user, and their membership of `bookId` when it was read with the token. */
export type VerifiedToken = AuthUser & { membership?: FoundMembership | null };

/** Resolves a bearer token to its user, or says why it cannot. */
export interface TokenVerifier {
  /** With `bookId`, a token read from the database brings the caller's membership of it in the same statement. */
  verifyAccessToken(token: string, bookId?: string): Promise<VerifiedToken | 'expired' | undefined>;
}

export function bearerToken(req: FastifyRequest): string | undefined {
  const h = req.headers.authorization;
  if (!h) return undefined;
  const m = /^Bearer\s+(\S+)$/i.exec(h);
  return m?.[1];
}

/** `bookId`: the book the route will check (the Trading-Entity), so its membership may come with the token. */
export async function authenticate(req: FastifyRequest, verifier: TokenVerifier, required: boolean, bookId?: string): Promise<void> {
  const token = bearerToken(req);
  if (!token) {
    if (required) throw new AppError('auth.loginRequired');
    return;
  }
  const res = await verifier.verifyAccessToken(token, bookId);
  if (res === 'expired') throw new AppError('auth.tokenExpired');
  if (!res) throw new AppError('auth.tokenInvalid');
  req.user = { id: res.id, familyId: res.familyId };
  if (bookId !== undefined && res.membership !== undefined) req.knownMembership = { bookId, found: res.membership };
}

/** Routes with auth 'user' never run without a user; this narrows the type once. */
export function requireUser(user: AuthUser | undefined): AuthUser {
  if (!user) throw new AppError('auth.loginRequired');
  return user;
}
