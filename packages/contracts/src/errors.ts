/**
 * The error catalogue. Every non-2xx answer is `{code, message}`; the codes are
 * integers (the spec writes some of them in hex). The status each code travels
 * with is fixed here so the server and the client agree on it.
 */
export const ErrorCode = {
  /** 0x0112: the request's timestamp is outside the allowed skew; refresh /server/info and retry once. */
  CLOCK_SKEW: 0x0112,
  /** 0xF115: the book's cloud is offline; the client opens the offline page. */
  BOOK_OFFLINE: 0xf115,
  /** 0x0225: the book is closed. */
  BOOK_CLOSED: 0x0225,
  /** Wrong credentials on the password logins (what existing clients expect). */
  WRONG_CREDENTIALS: 4112,
  /** Environment error (for example: not inside the host app). */
  ENVIRONMENT: 9999,

  VALIDATION: 1000,
  MALFORMED_JSON: 1001,
  BODY_TOO_LARGE: 1002,
  NOT_FOUND: 1003,
  METHOD_NOT_ALLOWED: 1004,
  UNSUPPORTED_MEDIA_TYPE: 1005,

  SIGNATURE_MISSING: 1010,
  UNKNOWN_CLIENT_KEY: 1011,
  BAD_SIGN: 1012,
  NONCE_REPLAYED: 1013,
  BAD_DEVICE: 1014,

  UNAUTHORIZED: 1020,
  TOKEN_EXPIRED: 1021,
  REFRESH_TOKEN_INVALID: 1022,
  REFRESH_TOKEN_REUSED: 1023,

  VERIFY_CODE_WRONG: 1030,
  VERIFY_CODE_EXPIRED: 1031,
  TOO_MANY_REQUESTS: 1040,
  PHONE_TAKEN: 1050,
  PASSWORD_NOT_SET: 1051,

  FORBIDDEN: 1060,
  BOOK_NOT_FOUND: 1061,
  OWNER_CANNOT_QUIT: 1062,
  TEMPLATE_NOT_FOUND: 1063,
  CONFLICT: 1064,
  /** An article or video that does not exist, or is not published. */
  CONTENT_NOT_FOUND: 1065,
  /** A home tag that does not exist. */
  TAG_NOT_FOUND: 1066,

  /** A transaction, or a dimension named in the path, that is not in the book. */
  TRANSACTION_NOT_FOUND: 1070,
  /** A category, account, member, merchant or project named in the body that is not in the book. */
  DIMENSION_UNKNOWN: 1071,
  /** A dimension still used by transactions: name a target to move them to. */
  DIMENSION_IN_USE: 1072,
  /** A transaction the accounting rules refuse (same-account transfer, wrong trade type, ...). */
  TRANSACTION_REFUSED: 1073,
  /** The book's cloud space is used up, or picture uploads are not permitted. */
  CAPACITY_EXCEEDED: 1074,
  /** An Idempotency-Key sent again with a different request. */
  IDEMPOTENCY_KEY_REUSED: 1075,
  /** No exchange rate for a currency. */
  CURRENCY_UNKNOWN: 1076,
  /** An image that does not exist or that the caller may not see. */
  IMAGE_NOT_FOUND: 1077,

  /** An invitation link or code that does not exist. */
  INVITATION_NOT_FOUND: 1080,
  /** An invitation link that expired or was revoked. */
  INVITATION_EXPIRED: 1081,
  /** Joining a book the caller is already in. */
  ALREADY_MEMBER: 1082,
  /** An application of the caller's that still waits for review. */
  APPLICATION_PENDING: 1083,
  /** A wrong invitation code (NoReviewRoleCode). */
  INVITATION_CODE_WRONG: 1084,
  /** A role the link, or the caller's own role, does not allow. */
  ROLE_NOT_ALLOWED: 1085,
  ROLE_NOT_FOUND: 1086,
  /** A role that members still hold. */
  ROLE_IN_USE: 1087,
  MEMBER_NOT_FOUND: 1088,
  /** An application or addition that does not exist, or is no longer open. */
  MEMBER_REQUEST_NOT_FOUND: 1089,
  /**
   * No user has this phone number. No longer answered: adding by phone answers alike for
   * every number (docs/members.md); kept so that the number is never given another meaning.
   */
  USER_NOT_REGISTERED: 1090,
  /** A change to members the rules refuse (removing the owner, changing one's own role, ...). */
  MEMBER_REFUSED: 1091,
  BUDGET_NOT_FOUND: 1092,
  /** A subject that already has a budget of that type and recurrence. */
  BUDGET_EXISTS: 1093,
  /** A budget subject that is not in the book (or a category of the other type). */
  BUDGET_SUBJECT_UNKNOWN: 1094,
  /** A premium feature the book has not opened (SPEC 6: the not-opened prompt). */
  FEATURE_NOT_OPENED: 1095,
  /** A budget operation the rules refuse (an uneven extension, nothing to add up). */
  BUDGET_REFUSED: 1096,

  /** A community thread that is not in the book (or was deleted). */
  THREAD_NOT_FOUND: 1110,
  /** A comment that is not on the thread. */
  COMMENT_NOT_FOUND: 1111,

  /** A message that does not exist or is not the caller's. */
  MESSAGE_NOT_FOUND: 1120,

  /** A recharge, purchasing or service order that does not exist or is not the caller's. */
  ORDER_NOT_FOUND: 1130,
  /** The wallet does not cover a payment; the message names the shortfall. */
  INSUFFICIENT_BALANCE: 1131,
  /** A coupon that expired, was used, is another user's or does not apply to the package. */
  COUPON_UNUSABLE: 1132,
  /** An order change its state refuses (cancelling a paid order, paying a cancelled one). */
  ORDER_REFUSED: 1133,
  /** The payment provider did not answer or refused: SPEC 8's 'payment service error'. */
  PAYMENT_UNAVAILABLE: 1134,
  /** A payment notification whose signature, timestamp or body does not hold. */
  NOTIFICATION_REJECTED: 1135,
  /** A package, activity, feature or payment channel that is not on sale. */
  NOT_ON_SALE: 1136,

  /** A grant of rented space that is not the book's (or its relation's). */
  SPACE_GRANT_NOT_FOUND: 1140,
  /** A grant of rented space that has ended. */
  SPACE_GRANT_ENDED: 1141,
  /** Sharing space the rules refuse: with itself, a main book sharing another's, a book without rented space. */
  SHARE_REFUSED: 1142,
  /** An application or relation that already exists (applying twice). */
  SHARE_EXISTS: 1143,
  /** An application that does not exist or is no longer open; untying what is not tied. */
  SHARE_NOT_FOUND: 1144,
  /** A function application that already waits, or was approved. */
  FUNCTION_APPLY_EXISTS: 1145,

  /** A private zone that is not the caller's, or does not exist. */
  ZONE_NOT_FOUND: 1150,
  /** A zone not ready for a move: not approved, its server not answering, or revoked; a book that may not move. */
  ZONE_NOT_READY: 1151,
  /** A migration of the book is already under way. */
  MIGRATION_EXISTS: 1152,
  /** No migration of that book and type (to look at or cancel). */
  MIGRATION_NOT_FOUND: 1153,
  /** A migration past its cut-over: it can no longer be cancelled. */
  MIGRATION_TOO_LATE: 1154,
  /** A write to a book while it moves between zones (it is read-only until the move ends). */
  BOOK_MOVING: 1155,
  /** A server-to-server call that is unsigned, wrongly signed, too old, replayed, or from a revoked zone. */
  ZONE_LINK_REFUSED: 1156,
  /** A zone asking about a book it was not given. */
  ZONE_BOOK_NOT_GIVEN: 1157,

  /** An import that is not the book's, or does not exist. */
  IMPORT_NOT_FOUND: 1160,
  /** A file an import cannot read: empty, not text, an unknown format (its message names the columns expected), a broken zip. */
  IMPORT_FILE_REFUSED: 1161,
  /** A zip that needs its password, or was given a wrong one: the page asks for it. */
  IMPORT_PASSWORD: 1162,
  /** An import call its state refuses (recording one not ready, one recorded already). */
  IMPORT_STATE: 1163,

  /** An export too large for its format (an xlsx past EXPORT_XLSX_ROWS_MAX): export as CSV, or narrow the filter. */
  EXPORT_TOO_LARGE: 1170,

  /** A book archive that cannot be imported: not one, or damaged (a count, checksum or image that does not hold). */
  ARCHIVE_REFUSED: 1175,
  /** A book archive made by a newer CAB (its format or schema level is ahead of this server's). */
  ARCHIVE_NEWER: 1176,

  /** The server is stopping (a restart or a deploy), or a service it needs (the SMS provider) is down: retry in a moment. */
  UNAVAILABLE: 1098,
  INTERNAL: 1099,
} as const;

export type ErrorCodeValue = (typeof ErrorCode)[keyof typeof ErrorCode];

/** The HTTP status each code is answered with. */
export const errorStatus: Record<ErrorCodeValue, number> = {
  [ErrorCode.CLOCK_SKEW]: 400,
  [ErrorCode.UNAVAILABLE]: 503,
  [ErrorCode.BOOK_OFFLINE]: 409,
  [ErrorCode.ZONE_NOT_FOUND]: 404,
  [ErrorCode.ZONE_NOT_READY]: 422,
  [ErrorCode.MIGRATION_EXISTS]: 409,
  [ErrorCode.MIGRATION_NOT_FOUND]: 404,
  [ErrorCode.MIGRATION_TOO_LATE]: 409,
  [ErrorCode.BOOK_MOVING]: 409,
  [ErrorCode.ZONE_LINK_REFUSED]: 401,
  [ErrorCode.ZONE_BOOK_NOT_GIVEN]: 403,
  [ErrorCode.IMPORT_NOT_FOUND]: 404,
  [ErrorCode.IMPORT_FILE_REFUSED]: 422,
  [ErrorCode.IMPORT_PASSWORD]: 422,
  [ErrorCode.IMPORT_STATE]: 409,
  [ErrorCode.EXPORT_TOO_LARGE]: 422,
  [ErrorCode.ARCHIVE_REFUSED]: 422,
  [ErrorCode.ARCHIVE_NEWER]: 422,
  [ErrorCode.BOOK_CLOSED]: 409,
  [ErrorCode.WRONG_CREDENTIALS]: 401,
  [ErrorCode.ENVIRONMENT]: 400,
  [ErrorCode.VALIDATION]: 400,
  [ErrorCode.MALFORMED_JSON]: 400,
  [ErrorCode.BODY_TOO_LARGE]: 413,
  [ErrorCode.NOT_FOUND]: 404,
  [ErrorCode.METHOD_NOT_ALLOWED]: 405,
  [ErrorCode.UNSUPPORTED_MEDIA_TYPE]: 415,
  [ErrorCode.SIGNATURE_MISSING]: 400,
  [ErrorCode.UNKNOWN_CLIENT_KEY]: 400,
  [ErrorCode.BAD_SIGN]: 400,
  [ErrorCode.NONCE_REPLAYED]: 400,
  [ErrorCode.BAD_DEVICE]: 400,
  [ErrorCode.UNAUTHORIZED]: 401,
  [ErrorCode.TOKEN_EXPIRED]: 401,
  [ErrorCode.REFRESH_TOKEN_INVALID]: 401,
  [ErrorCode.REFRESH_TOKEN_REUSED]: 401,
  [ErrorCode.VERIFY_CODE_WRONG]: 422,
  [ErrorCode.VERIFY_CODE_EXPIRED]: 422,
  [ErrorCode.TOO_MANY_REQUESTS]: 429,
  [ErrorCode.PHONE_TAKEN]: 409,
  [ErrorCode.PASSWORD_NOT_SET]: 422,
  [ErrorCode.FORBIDDEN]: 403,
  [ErrorCode.BOOK_NOT_FOUND]: 404,
  [ErrorCode.OWNER_CANNOT_QUIT]: 422,
  [ErrorCode.TEMPLATE_NOT_FOUND]: 404,
  [ErrorCode.CONFLICT]: 409,
  [ErrorCode.CONTENT_NOT_FOUND]: 404,
  [ErrorCode.TAG_NOT_FOUND]: 404,
  [ErrorCode.TRANSACTION_NOT_FOUND]: 404,
  [ErrorCode.DIMENSION_UNKNOWN]: 422,
  [ErrorCode.DIMENSION_IN_USE]: 409,
  [ErrorCode.TRANSACTION_REFUSED]: 422,
  [ErrorCode.CAPACITY_EXCEEDED]: 422,
  [ErrorCode.IDEMPOTENCY_KEY_REUSED]: 422,
  [ErrorCode.CURRENCY_UNKNOWN]: 422,
  [ErrorCode.IMAGE_NOT_FOUND]: 404,
  [ErrorCode.INVITATION_NOT_FOUND]: 404,
  [ErrorCode.INVITATION_EXPIRED]: 422,
  [ErrorCode.ALREADY_MEMBER]: 409,
  [ErrorCode.APPLICATION_PENDING]: 409,
  [ErrorCode.INVITATION_CODE_WRONG]: 422,
  [ErrorCode.ROLE_NOT_ALLOWED]: 422,
  [ErrorCode.ROLE_NOT_FOUND]: 404,
  [ErrorCode.ROLE_IN_USE]: 409,
  [ErrorCode.MEMBER_NOT_FOUND]: 404,
  [ErrorCode.MEMBER_REQUEST_NOT_FOUND]: 404,
  [ErrorCode.USER_NOT_REGISTERED]: 404,
  [ErrorCode.MEMBER_REFUSED]: 422,
  [ErrorCode.BUDGET_NOT_FOUND]: 404,
  [ErrorCode.BUDGET_EXISTS]: 409,
  [ErrorCode.BUDGET_SUBJECT_UNKNOWN]: 422,
  [ErrorCode.FEATURE_NOT_OPENED]: 403,
  [ErrorCode.BUDGET_REFUSED]: 422,
  [ErrorCode.THREAD_NOT_FOUND]: 404,
  [ErrorCode.COMMENT_NOT_FOUND]: 404,
  [ErrorCode.MESSAGE_NOT_FOUND]: 404,
  [ErrorCode.ORDER_NOT_FOUND]: 404,
  [ErrorCode.INSUFFICIENT_BALANCE]: 422,
  [ErrorCode.COUPON_UNUSABLE]: 422,
  [ErrorCode.ORDER_REFUSED]: 409,
  [ErrorCode.SPACE_GRANT_NOT_FOUND]: 404,
  [ErrorCode.SPACE_GRANT_ENDED]: 410,
  [ErrorCode.SHARE_REFUSED]: 422,
  [ErrorCode.SHARE_EXISTS]: 409,
  [ErrorCode.SHARE_NOT_FOUND]: 404,
  [ErrorCode.FUNCTION_APPLY_EXISTS]: 409,
  [ErrorCode.PAYMENT_UNAVAILABLE]: 502,
  [ErrorCode.NOTIFICATION_REJECTED]: 400,
  [ErrorCode.NOT_ON_SALE]: 404,
  [ErrorCode.INTERNAL]: 500,
};

export interface ErrorBody {
  code: number;
  message: string;
}
