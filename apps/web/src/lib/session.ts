/** The fields of user info that decide whether someone is logged in (SPEC 4). */
export interface SessionUser {
  userid?: string | undefined;
  account?: string | undefined;
}

/** Logged in only when both userid and account exist. */
export function isLoggedIn(user: SessionUser | null | undefined): boolean {
  return Boolean(user?.userid && user.account);
}

export type LoginType = 'code' | 'password' | 'relatesWxPhoneOfSui' | 'host';

/**
 * What a failed login does to the login flag: a phone-binding login rethrows and keeps
 * the previous flag (the caller handles it); every other login sets it to false.
 */
export function loginFailureOutcome(type: LoginType, previous: boolean): { loggedIn: boolean; rethrow: boolean } {
  return type === 'relatesWxPhoneOfSui' ? { loggedIn: previous, rethrow: true } : { loggedIn: false, rethrow: false };
}
