/**
 * The cloud area's paths (SPEC 7: rented space, sharing a book's space, function applies);
 * zod-free for the web. docs/cloud.md holds the design.
 */
export const CLOUD_PATHS = {
  /** SPEC 4's owner flag: user_type '1' when the caller owns the Trading-Entity book. */
  userType: '/cab-service-ws/account-book/user-type',
} as const;

/** SPEC 4: the owner flag is set when user_type equals '1'. */
export const OWNER_USER_TYPE = '1';
export const MEMBER_USER_TYPE = '0';
