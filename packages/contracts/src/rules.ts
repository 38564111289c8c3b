/**
 * Input rules both sides check, written without zod so the web's first load can use
 * them; the zod schemas of the server build on the same patterns.
 */

/** Mainland mobile numbers, optionally with a +86 prefix. */
export const PHONE_PATTERN = /^(\+?86)?1[3-9][0-9]{9}$/;

export function stripPhonePrefix(phone: string): string {
  return phone.replace(/^\+?86/, '');
}

/** The phone as stored (trimmed, without +86), or undefined when it is not a mobile number. */
export function normalizePhone(raw: string): string | undefined {
  const phone = raw.trim();
  return PHONE_PATTERN.test(phone) ? stripPhonePrefix(phone) : undefined;
}
