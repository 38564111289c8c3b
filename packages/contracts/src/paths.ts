/** Every call's path, named once; zod-free so the web's first load can import it. */

/** The paths of WIRE.md part C, named once. */
export const AUTH_PATHS = {
  verifyCode: '/cab-user-ws/v1/verify-code',
  login: '/cab-user-ws/v1/login',
  refresh: '/cab-user-ws/v1/token/refresh',
  /** POST: a token handed in a link (dashboard/index's query) traded once for a sign-in of this page's own (docs/host.md). */
  exchangeToken: '/cab-user-ws/v1/token/exchange',
  logout: '/cab-user-ws/v1/logout',
  userInfo: '/cab-user-ws/v1/user/info',
  updateUser: '/cab-user-ws/v1/user',
  avatar: '/cab-user-ws/v1/user/avatar',
  bindPhone: '/cab-user-ws/v1/user/phone',
  setPassword: '/cab-user-ws/v1/user/password',
  oauthAuthorize: '/v2/oauth2/authorize',
  serverInfo: '/server/info',
  smsOutbox: '/dev/sms-outbox',
  /** SPEC 7's GET for the host SDK's signature (docs/host.md, "The SDK signature"). */
  hostSdkSignature: '/cab-user-ws/v1/host/sdk-signature',
} as const;

export const BOOK_PATHS = {
  cloudList: '/cab-index-ws/v3/book-group/cloud',
  book: '/cab-config-ws/v2/account-books/book',
  deleteBook: '/cab-config-ws/v2/account-books',
  create: '/cab-config-ws/v4/account-books',
  setDefault: '/cab-service-ws/v2/user/account-books/:id/set-as-default',
  update: '/cab-config-ws/v2/account-books/book/:bookId',
  quit: '/cab-config-ws/v3/user/account-book/quit',
  bookExt: '/cab-index-ws/v3/book-group/book-ext',
  userInfo: '/cab-index-ws/v3/book-group/user-info',
  currentInfo: '/cab-config-ws/v3/book/info',
  infoExt: '/cab-config-ws/v1/account-book/info/ext/:id',
  myBooks: '/cab-service-ws/v3/user/account-books',
  recent: '/cab-config-ws/v2/account-books/books/recently-use',
  covers: '/cab-config-ws/v1/account-book/theme/cover/materials',
  deleted: '/cab-config-ws/v2/account-books/deleted',
  restore: '/cab-config-ws/v2/account-books/:id/restore',
  preference: '/cab-config-ws/v2/preference',
  preferenceLevel: '/cab-config-ws/v2/preference/level',
  templates: '/cab-market-ws/market/v1/templates',
  templateCategories: '/cab-market-ws/market/v1/template/category',
  templatesByCategory: '/cab-market-ws/market/v1/template/list/:category_code',
  template: '/cab-market-ws/market/v1/template/:id',
} as const;

/** Fills a path's :params, for the client. */
export function bookPath(path: string, params: Record<string, string>): string {
  return path.replace(/:([A-Za-z_]+)/g, (_, k: string) => encodeURIComponent(params[k] ?? ''));
}
