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
