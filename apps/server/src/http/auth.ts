import type { Device } from '@cab/contracts';
import type { FastifyRequest } from 'fastify';
import { AppError } from './errors.ts';

export interface AuthUser {
  id: string;
  familyId: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    user: AuthUser | undefined;
    rawBody: string | undefined;
    device: Device | undefined;
    /** The book named by the Trading-Entity header; membership is checked by book-scoped routes. */
    tradingEntity: string | undefined;
  }
}

/** Resolves a bearer token to its user, or says why it cannot. */
export interface TokenVerifier {
  verifyAccessToken(token: string): Promise<AuthUser | 'expired' | undefined>;
}

export function bearerToken(req: FastifyRequest): string | undefined {
  const h = req.headers.authorization;
  if (!h) return undefined;
  const m = /^Bearer\s+(\S+)$/i.exec(h);
  return m?.[1];
}

export async function authenticate(req: FastifyRequest, verifier: TokenVerifier, required: boolean): Promise<void> {
  const token = bearerToken(req);
  if (!token) {
    if (required) throw new AppError('auth.loginRequired');
    return;
  }
  const res = await verifier.verifyAccessToken(token);
  if (res === 'expired') throw new AppError('auth.tokenExpired');
  if (!res) throw new AppError('auth.tokenInvalid');
  req.user = res;
}

/** Routes with auth 'user' never run without a user; this narrows the type once. */
export function requireUser(user: AuthUser | undefined): AuthUser {
  if (!user) throw new AppError('auth.loginRequired');
  return user;
}
