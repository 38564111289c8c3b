/**
 * The message catalogue: every `{code, message}` the server answers is one of these
 * entries, rendered in the caller's language. Free-form messages do not exist; a new
 * situation gets a new key here (in the domain's file) with both texts. Zod-free, so
 * the web can render the same texts.
 *
 * Placeholders are `{name}`; both texts of a message carry the same ones, and a
 * parameter may itself be a localized text (a field label), rendered in the same
 * language.
 */
import { ErrorCode, type ErrorCodeValue } from './errors.ts';
import { ACCOUNTING_MESSAGES } from './messages-accounting.ts';
import { AUTH_MESSAGES } from './messages-auth.ts';
import { BOOK_MESSAGES } from './messages-books.ts';
import { BUDGET_MESSAGES } from './messages-budgets.ts';
import { CLOUD_MESSAGES } from './messages-cloud.ts';
import { ZONE_MESSAGES } from './messages-zones.ts';
import { IMPORT_MESSAGES } from './messages-imports.ts';
import { EXPORT_MESSAGES } from './messages-exports.ts';
import { ARCHIVE_MESSAGES } from './messages-archives.ts';
import { TRACKING_MESSAGES } from './messages-tracking.ts';
import { COMMERCE_MESSAGES } from './messages-commerce.ts';
import { COMMUNITY_MESSAGES } from './messages-community.ts';
import { MARKET_MESSAGES } from './messages-market.ts';
import { MESSAGE_CENTER_MESSAGES } from './messages-center.ts';
import { FEEDBACK_MESSAGES } from './messages-feedback.ts';
import { MEMBER_MESSAGES } from './messages-members.ts';
import { RANGE_MESSAGES } from './messages-ranges.ts';
import { REQUEST_MESSAGES } from './messages-request.ts';
import { SMS_MESSAGES } from './messages-sms.ts';
import { STATISTICS_MESSAGES } from './messages-statistics.ts';
import { VALIDATION_MESSAGES } from './messages-validation.ts';
import type { Locale, LocalizedText } from './message-def.ts';

export { DEFAULT_LOCALE, LOCALES, type Locale, type LocalizedText, type MessageDef } from './message-def.ts';

// Pure calls here and in the domain files: a bundle that never reads the texts (the web's
// first load) drops them whole.
export const MESSAGES = /* @__PURE__ */ (() =>
  ({
    ...REQUEST_MESSAGES,
    ...VALIDATION_MESSAGES,
    ...RANGE_MESSAGES,
    ...AUTH_MESSAGES,
    ...SMS_MESSAGES,
    ...BOOK_MESSAGES,
    ...ACCOUNTING_MESSAGES,
    ...STATISTICS_MESSAGES,
    ...MEMBER_MESSAGES,
    ...BUDGET_MESSAGES,
    ...MARKET_MESSAGES,
    ...MESSAGE_CENTER_MESSAGES,
    ...COMMUNITY_MESSAGES,
    ...FEEDBACK_MESSAGES,
    ...COMMERCE_MESSAGES,
    ...CLOUD_MESSAGES,
    ...ZONE_MESSAGES,
    ...IMPORT_MESSAGES,
    ...EXPORT_MESSAGES,
    ...ARCHIVE_MESSAGES,
    ...TRACKING_MESSAGES,
  }) as const)();
type Messages = typeof MESSAGES;
export type MessageKey = keyof Messages;

/** The `{name}` placeholders of a text, as a union of names. */
export type Placeholders<S extends string> = S extends `${string}{${infer P}}${infer Rest}` ? P | Placeholders<Rest> : never;
type PlaceholdersOf<K extends MessageKey> = Placeholders<Messages[K]['en']>;

export type MessageParam = string | number | LocalizedText;
export type MessageParams<K extends MessageKey> = { readonly [P in PlaceholdersOf<K>]: MessageParam };
/** The arguments after the key: none for a text without placeholders, else every placeholder. */
export type MessageArgs<K extends MessageKey> = [PlaceholdersOf<K>] extends [never] ? [] : [params: MessageParams<K>];

/** The keys answered with a given code. */
export type MessageKeyFor<C extends ErrorCodeValue> = { [K in MessageKey]: Messages[K]['code'] extends C ? K : never }[MessageKey];
/** The keys answered with a given code that take no parameters. */
export type PlainMessageKeyFor<C extends ErrorCodeValue> = {
  [K in MessageKeyFor<C>]: [PlaceholdersOf<K>] extends [never] ? K : never;
}[MessageKeyFor<C>];

/**
 * What each code says when nothing more specific is known (Fastify's own errors, a
 * client reading a code alone). Every code has one, without placeholders.
 */
export const CODE_DEFAULTS: { readonly [C in ErrorCodeValue]: PlainMessageKeyFor<C> } = /* @__PURE__ */ (() => ({
  [ErrorCode.CLOCK_SKEW]: 'signature.clockSkew',
  [ErrorCode.BOOK_OFFLINE]: 'book.offline',
  [ErrorCode.BOOK_CLOSED]: 'book.closed',
  [ErrorCode.WRONG_CREDENTIALS]: 'auth.wrongCredentials',
  [ErrorCode.ENVIRONMENT]: 'request.environment',
  [ErrorCode.VALIDATION]: 'request.invalid',
  [ErrorCode.MALFORMED_JSON]: 'request.malformedJson',
  [ErrorCode.BODY_TOO_LARGE]: 'request.bodyTooLarge',
  [ErrorCode.NOT_FOUND]: 'request.notFound',
  [ErrorCode.METHOD_NOT_ALLOWED]: 'request.methodNotAllowed',
  [ErrorCode.UNSUPPORTED_MEDIA_TYPE]: 'request.unsupportedMediaType',
  [ErrorCode.SIGNATURE_MISSING]: 'signature.missing',
  [ErrorCode.UNKNOWN_CLIENT_KEY]: 'signature.unknownClient',
  [ErrorCode.BAD_SIGN]: 'signature.bad',
  [ErrorCode.NONCE_REPLAYED]: 'signature.replayed',
  [ErrorCode.BAD_DEVICE]: 'request.badDevice',
  [ErrorCode.UNAUTHORIZED]: 'auth.loginRequired',
  [ErrorCode.TOKEN_EXPIRED]: 'auth.tokenExpired',
  [ErrorCode.REFRESH_TOKEN_INVALID]: 'auth.refreshInvalid',
  [ErrorCode.REFRESH_TOKEN_REUSED]: 'auth.refreshReused',
  [ErrorCode.VERIFY_CODE_WRONG]: 'auth.verifyCodeWrong',
  [ErrorCode.VERIFY_CODE_EXPIRED]: 'auth.verifyCodeExpired',
  [ErrorCode.TOO_MANY_REQUESTS]: 'auth.tooManyRequests',
  [ErrorCode.PHONE_TAKEN]: 'user.phoneTaken',
  [ErrorCode.PASSWORD_NOT_SET]: 'auth.passwordNotSet',
  [ErrorCode.FORBIDDEN]: 'book.forbidden',
  [ErrorCode.BOOK_NOT_FOUND]: 'book.notFound',
  [ErrorCode.OWNER_CANNOT_QUIT]: 'book.ownerCannotQuit',
  [ErrorCode.TEMPLATE_NOT_FOUND]: 'template.notFound',
  [ErrorCode.CONFLICT]: 'request.conflict',
  [ErrorCode.CONTENT_NOT_FOUND]: 'content.notFound',
  [ErrorCode.TAG_NOT_FOUND]: 'content.tagNotFound',
  [ErrorCode.TRANSACTION_NOT_FOUND]: 'transaction.notFound',
  [ErrorCode.DIMENSION_UNKNOWN]: 'dimension.unknown',
  [ErrorCode.DIMENSION_IN_USE]: 'dimension.inUseGeneric',
  [ErrorCode.TRANSACTION_REFUSED]: 'transaction.refused',
  [ErrorCode.CAPACITY_EXCEEDED]: 'capacity.notPermitted',
  [ErrorCode.IDEMPOTENCY_KEY_REUSED]: 'transaction.idempotencyReused',
  [ErrorCode.CURRENCY_UNKNOWN]: 'currency.unsupported',
  [ErrorCode.IMAGE_NOT_FOUND]: 'image.notFound',
  [ErrorCode.INVITATION_NOT_FOUND]: 'invitation.notFound',
  [ErrorCode.INVITATION_EXPIRED]: 'invitation.expired',
  [ErrorCode.ALREADY_MEMBER]: 'invitation.alreadyMember',
  [ErrorCode.APPLICATION_PENDING]: 'invitation.pending',
  [ErrorCode.INVITATION_CODE_WRONG]: 'invitation.codeWrong',
  [ErrorCode.ROLE_NOT_ALLOWED]: 'invitation.roleNotAllowed',
  [ErrorCode.ROLE_NOT_FOUND]: 'role.notFound',
  [ErrorCode.ROLE_IN_USE]: 'role.inUseGeneric',
  [ErrorCode.MEMBER_NOT_FOUND]: 'member.notFound',
  [ErrorCode.MEMBER_REQUEST_NOT_FOUND]: 'invitation.requestNotFound',
  [ErrorCode.USER_NOT_REGISTERED]: 'invitation.userNotRegistered',
  [ErrorCode.MEMBER_REFUSED]: 'member.refused',
  [ErrorCode.BUDGET_NOT_FOUND]: 'budget.notFound',
  [ErrorCode.BUDGET_EXISTS]: 'budget.exists',
  [ErrorCode.BUDGET_SUBJECT_UNKNOWN]: 'budget.subjectUnknown',
  [ErrorCode.FEATURE_NOT_OPENED]: 'budget.featureNotOpened',
  [ErrorCode.BUDGET_REFUSED]: 'budget.nothingToSum',
  [ErrorCode.THREAD_NOT_FOUND]: 'community.threadNotFound',
  [ErrorCode.ORDER_NOT_FOUND]: 'commerce.orderNotFound',
  [ErrorCode.INSUFFICIENT_BALANCE]: 'commerce.insufficientGeneric',
  [ErrorCode.COUPON_UNUSABLE]: 'commerce.couponUnusable',
  [ErrorCode.ORDER_REFUSED]: 'commerce.orderRefused',
  [ErrorCode.PAYMENT_UNAVAILABLE]: 'commerce.paymentServiceError',
  [ErrorCode.NOTIFICATION_REJECTED]: 'commerce.notificationRejected',
  [ErrorCode.SPACE_GRANT_NOT_FOUND]: 'cloud.grantNotFound',
  [ErrorCode.SPACE_GRANT_ENDED]: 'cloud.grantEndedGeneric',
  [ErrorCode.SHARE_REFUSED]: 'cloud.shareRefused',
  [ErrorCode.SHARE_EXISTS]: 'cloud.shareExists',
  [ErrorCode.SHARE_NOT_FOUND]: 'cloud.applyNotFound',
  [ErrorCode.FUNCTION_APPLY_EXISTS]: 'cloud.functionApplied',
  [ErrorCode.ZONE_NOT_FOUND]: 'zones.notFound',
  [ErrorCode.ZONE_NOT_READY]: 'zones.notReady',
  [ErrorCode.MIGRATION_EXISTS]: 'zones.migrationExists',
  [ErrorCode.MIGRATION_NOT_FOUND]: 'zones.migrationNotFound',
  [ErrorCode.MIGRATION_TOO_LATE]: 'zones.tooLate',
  [ErrorCode.BOOK_MOVING]: 'zones.bookMoving',
  [ErrorCode.ZONE_LINK_REFUSED]: 'zones.linkRefused',
  [ErrorCode.ZONE_BOOK_NOT_GIVEN]: 'zones.bookNotGiven',
  [ErrorCode.IMPORT_NOT_FOUND]: 'import.notFound',
  [ErrorCode.IMPORT_FILE_REFUSED]: 'import.file.empty',
  [ErrorCode.IMPORT_PASSWORD]: 'import.file.passwordNeeded',
  [ErrorCode.IMPORT_STATE]: 'import.notReady',
  [ErrorCode.EXPORT_TOO_LARGE]: 'export.tooLarge',
  [ErrorCode.ARCHIVE_REFUSED]: 'archive.notArchive',
  [ErrorCode.ARCHIVE_NEWER]: 'archive.newer',
  [ErrorCode.NOT_ON_SALE]: 'commerce.notOnSale',
  [ErrorCode.COMMENT_NOT_FOUND]: 'community.commentNotFound',
  [ErrorCode.MESSAGE_NOT_FOUND]: 'message.notFound',
  [ErrorCode.UNAVAILABLE]: 'request.stopping',
  [ErrorCode.INTERNAL]: 'request.internal',
}))();

const PLACEHOLDER = /\{([A-Za-z_][A-Za-z0-9_]*)\}/g;

/** The placeholder names a text uses, sorted (the catalogue test compares the two languages). */
export function placeholdersOf(text: string): string[] {
  return [...new Set([...text.matchAll(PLACEHOLDER)].map((m) => m[1]!))].sort();
}

/** One text in one language, its placeholders filled; a missing parameter stays visible as `{name}`. */
export function renderText(text: LocalizedText, locale: Locale, params: Readonly<Record<string, MessageParam>> = {}): string {
  return text[locale].replace(PLACEHOLDER, (whole, name: string) => {
    const value = params[name];
    if (value === undefined) return whole;
    return typeof value === 'object' ? value[locale] : String(value);
  });
}

/**
 * A catalogue message as the user reads it. English texts are written in lower case
 * so that field labels can sit inside them; a message starts with a capital.
 */
export function renderCatalogued(text: LocalizedText, locale: Locale, params?: Readonly<Record<string, MessageParam>>): string {
  const out = renderText(text, locale, params);
  return locale === 'en' ? out.charAt(0).toUpperCase() + out.slice(1) : out;
}

export function renderMessage<K extends MessageKey>(key: K, locale: Locale, ...args: MessageArgs<K>): string {
  return renderCatalogued(MESSAGES[key], locale, args[0]);
}

export function isMessageKey(s: string): s is MessageKey {
  return Object.hasOwn(MESSAGES, s);
}
