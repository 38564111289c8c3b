import crypto from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';

/**
 * Existing clients send the sha1 hex of the password (WIRE.md part A), so the stored
 * argon2 hash is taken over that sha1 hex: both login paths check the same hash.
 */
export function sha1Hex(password: string): string {
  return crypto.createHash('sha1').update(password, 'utf8').digest('hex');
}

export function hashPassword(sha1: string): Promise<string> {
  return hash(sha1.toLowerCase());
}

export async function verifyPassword(stored: string, sha1: string): Promise<boolean> {
  try {
    return await verify(stored, sha1.toLowerCase());
  } catch {
    return false;
  }
}
