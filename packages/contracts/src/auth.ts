import { z } from 'zod';
import type { MessageKey } from './messages.ts';
import { Id, Name, Text } from './common.ts';
import { NICKNAME_MAX, PASSWORD_MAX, PASSWORD_MIN } from './constants.ts';
import { CONTROL_CHARS, PHONE_PATTERN, stripPhonePrefix } from './rules.ts';

/** Mainland mobile numbers, optionally with a +86 prefix; stored without it. */
export const Phone = z.string().trim().regex(PHONE_PATTERN, 'must be a mobile phone number').transform(stripPhonePrefix);

/** Verification code types: 4 for login, 2 for everything else (binding a phone). */
export const VerifyCodeType = z.union([z.literal(4), z.literal(2)]);

export const SendVerifyCodeRequest = z.object({ phone: Phone, type: VerifyCodeType });
export type SendVerifyCodeRequest = z.input<typeof SendVerifyCodeRequest>;
export const SendVerifyCodeResponse = z.object({ data: z.object({ expires_in: z.number().int() }) });

export const Password = z
  .string()
  .min(PASSWORD_MIN, `at least ${PASSWORD_MIN} characters`)
  .max(PASSWORD_MAX, `at most ${PASSWORD_MAX} characters`)
  .refine((v) => !CONTROL_CHARS.test(v), 'validation.controlChars' satisfies MessageKey);
export const Nickname = Name(NICKNAME_MAX);

export const LoginRequest = z.discriminatedUnion('type', [
  z.object({ type: z.literal('code'), phone: Phone, code: z.string().regex(/^[0-9]{4,8}$/, 'must be digits') }),
  // The password as set (`Password`): never trimmed nor read as text, so any password that could be set signs in.
  z.object({
    type: z.literal('password'),
    username: Text(128, { min: 1 }),
    password: z.string().min(1, 'must not be empty').max(128, 'at most 128 characters'),
  }),
  /** Login that binds the phone the host app vouches for; it fails loudly so the caller can rethrow. */
  z.object({ type: z.literal('relatesWxPhoneOfSui'), phone: Phone, code: z.string().regex(/^[0-9]{4,8}$/, 'must be digits') }),
  /**
   * Automatic sign-in inside a partner host app (docs/host.md, "Automatic sign-in"): the
   * short-lived code its SDK signed, `<payload base64url>.<signature hex>`, and which host.
   */
  z.object({
    type: z.literal('host'),
    host: z.enum(['a', 'b']),
    code: z
      .string()
      .max(2048, 'at most 2048 characters')
      .regex(/^[A-Za-z0-9_-]{16,1900}\.[0-9a-f]{64}$/, 'must be a host code'),
  }),
]);
export type LoginRequest = z.input<typeof LoginRequest>;

/** User info as the spec names it (camelCase on purpose: existing clients read these names). */
export const UserInfo = z.object({
  userid: z.string(),
  account: z.string(),
  avatarUrl: z.string(),
  nickName: z.string(),
  phone: z.string(),
  tokenType: z.string(),
  token: z.string(),
  has_password: z.boolean(),
});
export type UserInfo = z.infer<typeof UserInfo>;

export const LoginResponse = z.object({
  data: UserInfo.extend({
    access_token: z.string(),
    refresh_token: z.string(),
    expires_in: z.number().int(),
  }),
});
export type LoginResponse = z.infer<typeof LoginResponse>;

export const RefreshTokenRequest = z.object({ refresh_token: z.string().min(1).max(256) });
/**
 * The token goes in the Authorization header as always; `user_number` is the link's
 * userNumber: when given, the token must be that user's.
 */
export const ExchangeTokenRequest = z.object({ user_number: Id.optional() }).strict();
export type ExchangeTokenRequest = z.input<typeof ExchangeTokenRequest>;
export const TokenPair = z.object({
  access_token: z.string(),
  refresh_token: z.string(),
  token_type: z.literal('Bearer'),
  expires_in: z.number().int(),
});
export const RefreshTokenResponse = z.object({ data: TokenPair });
export type TokenPair = z.infer<typeof TokenPair>;

/** WIRE.md part A: the legacy password grant. `password` is the sha1 hex of the password. */
export const OAuthAuthorizeQuery = z.object({
  grant_type: z.literal('password_web'),
  encode_version: z.string().optional(),
  scope: z.string().optional(),
  username: Text(128, { min: 1 }),
  password: z.string().regex(/^[0-9a-fA-F]{40}$/, 'must be the sha1 hex of the password'),
  vcid: z.string().optional(),
  vid: z.string().optional(),
});
export const OAuthAuthorizeResponse = TokenPair;

export const UserInfoResponse = z.object({ data: UserInfo });

/** What the avatar upload answers: a file CAB stores and serves itself. */
export const STORED_AVATAR = /^\/files\/avatars\/[0-9a-f]{32}\.(?:png|jpg|gif|webp)$/;

/**
 * An avatar: none (''), a file the upload stored, or an https address; the server takes
 * an https address only from a host its settings allow (CAB_AVATAR_HOSTS), so that
 * whoever sees an avatar does not tell another host their address.
 */
export const AvatarUrl = z
  .string()
  .max(512)
  .refine((v) => v === '' || STORED_AVATAR.test(v) || isHttpsAddress(v), 'user.avatarUrlInvalid' satisfies MessageKey);

/** An https URL without credentials in it. */
export function isHttpsAddress(v: string): boolean {
  if (!URL.canParse(v)) return false;
  const url = new URL(v);
  return url.protocol === 'https:' && !url.username && !url.password;
}

export const UpdateUserRequest = z
  .object({ nickname: Nickname.optional(), avatar_url: AvatarUrl.optional() })
  .refine((v) => v.nickname !== undefined || v.avatar_url !== undefined, 'validation.nothingToUpdate' satisfies MessageKey);
export type UpdateUserRequest = z.input<typeof UpdateUserRequest>;
export const BindPhoneRequest = z.object({ phone: Phone, code: z.string().regex(/^[0-9]{4,8}$/, 'must be digits') });
export const SetPasswordRequest = z.object({ password: Password });

export const AvatarUploadResponse = z.object({ data: z.object({ avatar_url: z.string() }) });

export const ServerInfoResponse = z.object({ current_time_stamp: z.number().int() });

export const SmsOutboxItem = z.object({ phone: z.string(), code: z.string(), type: z.number().int(), sent_at: z.number().int() });
export const SmsOutboxResponse = z.object({ data: z.array(SmsOutboxItem) });

/** SPEC 9: how long the app keeps the host SDK's signature (a page's other kept data: 6 hours). */
export const HOST_SIGNATURE_CACHE_MS = 23 * 3_600_000;

/** GET host/sdk-signature: which partner's SDK, and the page (on this server's origin) it authorizes. */
export const HostSignatureQuery = z.object({
  host: z.enum(['a', 'b']),
  url: z
    .string()
    .max(1024, 'at most 1024 characters')
    .regex(/^https?:\/\/[^\s]+$/, 'must be an http(s) address'),
});
export const HostSignatureResponse = z.object({
  data: z.object({
    host: z.enum(['a', 'b']),
    timestamp: z.number().int(),
    nonce_str: z.string(),
    /** HMAC-SHA256 hex, with the partner's key, of "nonce_str\ntimestamp\nurl" (the host checks it). */
    signature: z.string(),
    expires_in: z.number().int(),
  }),
});
export type HostSignatureResponse = z.infer<typeof HostSignatureResponse>;
