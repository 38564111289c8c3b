import { z } from 'zod';

/** Mainland mobile numbers, optionally with a +86 prefix; stored without it. */
export const Phone = z
  .string()
  .trim()
  .regex(/^(\+?86)?1[3-9][0-9]{9}$/, 'must be a mobile phone number')
  .transform((p) => p.replace(/^\+?86/, ''));

/** Verification code types: 4 for login, 2 for everything else (binding a phone). */
export const VerifyCodeType = z.union([z.literal(4), z.literal(2)]);
export const VERIFY_CODE_TYPE = { LOGIN: 4, OTHER: 2 } as const;
export const VERIFY_CODE_LENGTH = 6;
export const VERIFY_CODE_TTL_MS = 5 * 60_000;
export const VERIFY_CODE_MAX_ATTEMPTS = 5;

export const SendVerifyCodeRequest = z.object({ phone: Phone, type: VerifyCodeType });
export type SendVerifyCodeRequest = z.input<typeof SendVerifyCodeRequest>;
export const SendVerifyCodeResponse = z.object({ data: z.object({ expires_in: z.number().int() }) });

export const Password = z.string().min(6, 'at least 6 characters').max(64, 'at most 64 characters');
export const Nickname = z.string().trim().min(1, 'must not be empty').max(20, 'at most 20 characters');

export const LoginRequest = z.discriminatedUnion('type', [
  z.object({ type: z.literal('code'), phone: Phone, code: z.string().regex(/^[0-9]{4,8}$/, 'must be digits') }),
  z.object({ type: z.literal('password'), username: z.string().trim().min(1).max(128), password: z.string().min(1).max(128) }),
  /** Login that binds the phone the host app vouches for; it fails loudly so the caller can rethrow. */
  z.object({ type: z.literal('relatesWxPhoneOfSui'), phone: Phone, code: z.string().regex(/^[0-9]{4,8}$/, 'must be digits') }),
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
  username: z.string().trim().min(1).max(128),
  password: z.string().regex(/^[0-9a-fA-F]{40}$/, 'must be the sha1 hex of the password'),
  vcid: z.string().optional(),
  vid: z.string().optional(),
});
export const OAuthAuthorizeResponse = TokenPair;

export const UserInfoResponse = z.object({ data: UserInfo });
export const UpdateUserRequest = z
  .object({ nickname: Nickname.optional(), avatar_url: z.string().max(512).optional() })
  .refine((v) => v.nickname !== undefined || v.avatar_url !== undefined, 'nothing to update');
export type UpdateUserRequest = z.input<typeof UpdateUserRequest>;
export const BindPhoneRequest = z.object({ phone: Phone, code: z.string().regex(/^[0-9]{4,8}$/, 'must be digits') });
export const SetPasswordRequest = z.object({ password: Password });

/** Avatar images: the spec's upload size limit is 5120 (KB). */
export const AVATAR_MAX_BYTES = 5120 * 1024;
export const AvatarUploadResponse = z.object({ data: z.object({ avatar_url: z.string() }) });

export const ServerInfoResponse = z.object({ current_time_stamp: z.number().int() });

export const SmsOutboxItem = z.object({ phone: z.string(), code: z.string(), type: z.number().int(), sent_at: z.number().int() });
export const SmsOutboxResponse = z.object({ data: z.array(SmsOutboxItem) });

/** The paths of WIRE.md part C, named once. */
export const AUTH_PATHS = {
  verifyCode: '/cab-user-ws/v1/verify-code',
  login: '/cab-user-ws/v1/login',
  refresh: '/cab-user-ws/v1/token/refresh',
  logout: '/cab-user-ws/v1/logout',
  userInfo: '/cab-user-ws/v1/user/info',
  updateUser: '/cab-user-ws/v1/user',
  avatar: '/cab-user-ws/v1/user/avatar',
  bindPhone: '/cab-user-ws/v1/user/phone',
  setPassword: '/cab-user-ws/v1/user/password',
  oauthAuthorize: '/v2/oauth2/authorize',
  serverInfo: '/server/info',
  smsOutbox: '/dev/sms-outbox',
} as const;
