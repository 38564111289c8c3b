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

// Matching control characters is the point of these two patterns.
/* eslint-disable no-control-regex */
/** Characters no text field accepts: NUL and the other C0 controls, DEL and the C1 controls. */
export const CONTROL_CHARS = /[\u0000-\u001f\u007f-\u009f]/;
/** The same for multi-line texts (remarks), which keep line breaks and tabs. */
export const CONTROL_CHARS_MULTILINE = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/;
/* eslint-enable no-control-regex */
/** Half of a surrogate pair alone: not a character, and no database stores it. */
export const LONE_SURROGATE = /\p{Surrogate}/u;

/** Removes what a text field cannot accept, for inputs that filter as the user types. */
export function stripControlChars(text: string, multiline = false): string {
  return text.replace(new RegExp((multiline ? CONTROL_CHARS_MULTILINE : CONTROL_CHARS).source, 'g'), '').replace(/\p{Surrogate}/gu, '');
}
