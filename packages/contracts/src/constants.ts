/** Business constants of SPEC section 9 that both sides use. */
export const WEB_APP_VERSION = '1.5.9';
export const APP_VERSION = { name: '1.0.0', code: 100 } as const;
export const REQUEST_TIMEOUT_MS = 60_000;
export const TOAST_QUEUE_INTERVAL_MS = 1500;
export const MAX_TOKEN_REFRESH_RETRIES = 3;
export const ENVIRONMENTS = ['test5', 'test6', 'uat', 'prod'] as const;
export type EnvironmentName = (typeof ENVIRONMENTS)[number];
export const DEFAULT_ENVIRONMENT: EnvironmentName = 'prod';
export const MASKED_AMOUNT = '****';
export const IMAGE_CHOOSE_COUNT = 9;
export const UPLOAD_SIZE_LIMIT_KB = 5120;
export const ENV_ERROR_CODE = 9999;

export const VERIFY_CODE_TYPE = { LOGIN: 4, OTHER: 2 } as const;
export const VERIFY_CODE_LENGTH = 6;
export const VERIFY_CODE_TTL_MS = 5 * 60_000;
export const VERIFY_CODE_MAX_ATTEMPTS = 5;
/** Avatar images: the spec's upload size limit is 5120 (KB). */
export const AVATAR_MAX_BYTES = 5120 * 1024;

export const BOOK_NAME_MAX = 20;
export const BOOK_REMARK_MAX = 100;
/** Days a deleted book can be restored by its owner before it is purged. */
export const BOOK_RESTORE_DAYS = 30;
export const DEFAULT_SHARE_IMAGE = '/static/share/default-share.svg';
export const DEFAULT_BOOK_PREFERENCE = 'default.book_id';

/** Limits of user input, checked by the server's schemas and shown by the web's forms. */
export const PHONE_LENGTH = 11;
export const NICKNAME_MAX = 20;
export const PASSWORD_MIN = 6;
export const PASSWORD_MAX = 64;

/** A book's icon: one of these names, drawn from the web's SVG icon set (never an emoji). */
export const BOOK_ICONS = [
  'book',
  'home',
  'family',
  'shop',
  'travel',
  'renovation',
  'baby',
  'wedding',
  'car',
  'money',
  'study',
  'pet',
] as const;
export type BookIconName = (typeof BOOK_ICONS)[number];
