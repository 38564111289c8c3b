/**
 * The cloud area's paths (SPEC 7: rented space, sharing a book's space, function applies);
 * zod-free for the web. docs/cloud.md holds the design.
 */
export const CLOUD_PATHS = {
  /** The space packages on sale now. */
  latest: '/cab-service-ws/account-book/cloud-svc/latest',
  /** What the book holds in effect, summed. */
  gather: '/cab-service-ws/account-book/cloud-svcs/gather-cloud-svc',
  /** One grant of rented space: its end and the days left. */
  expireInfo: '/cab-service-ws/account-book/cloud-svcs/:id/expire-info',
  /** The grants of rented space in effect, each with its end. */
  inEffect: '/cab-service-ws/account-book/cloud-svc/in-effect-cloud-svc',
  /**
   * Buys a space package for the book (docs/cloud.md, "Buying"): commerce's purchasing
   * order, under permission 13 (space rental) rather than commerce's 05.
   */
  purchase: '/cab-service-ws/account-book/cloud-svc/purchasing-orders',
  /** SPEC 4's owner flag: user_type '1' when the caller owns the Trading-Entity book. */
  userType: '/cab-service-ws/account-book/user-type',
  shareState: '/cab-service-ws/account-book/share/state',
  shareAgree: '/cab-service-ws/account-book/share/share-books-applys/:id/agree',
  shareReject: '/cab-service-ws/account-book/share/share-books-applys/:id/reject',
  untie: '/cab-service-ws/account-book/share/untie',
  shareBooks: '/cab-service-ws/account-book/share/share-books',
  applyMainBook: '/cab-service-ws/account-book/share/main-book/apply',
  shareRelation: '/cab-service-ws/account-book/share/share-relation',
  functionApply: '/cab-service-ws/account-book/function-applies/apply',
  functionApplyStatus: '/cab-service-ws/account-book/function-applies/:biz_type/:biz_code',
} as const;

/** SPEC 4: the owner flag is set when user_type equals '1'. */
export const OWNER_USER_TYPE = '1';
export const MEMBER_USER_TYPE = '0';

/** A book's place in sharing space: a main book others share, sharing one, waiting for an answer, or on its own. */
export const SHARE_STATES = ['main', 'sharing', 'applied', 'alone'] as const;
export type ShareState = (typeof SHARE_STATES)[number];

/** How an application to share a main book's space stands. */
export const SHARE_APPLY_STATUSES = ['applied', 'active', 'rejected', 'untied'] as const;
export type ShareApplyStatus = (typeof SHARE_APPLY_STATUSES)[number];

/**
 * The functions a user applies for and the operator reviews (SPEC 3: function apply,
 * biz_type and biz_code). Private storage, a book on the owner's own server (issue 29),
 * is the first.
 */
export const FUNCTION_APPLIES = { book_private_storage: 'storage' } as const;
export type FunctionCode = keyof typeof FUNCTION_APPLIES;
export const FUNCTION_APPLY_STATUSES = ['applied', 'approved', 'rejected'] as const;
export type FunctionApplyStatus = (typeof FUNCTION_APPLY_STATUSES)[number];

/** How many days before a grant of space ends its owner is told (and again when it ends). */
export const SPACE_NOTICE_DAYS = 7;
