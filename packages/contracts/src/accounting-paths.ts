/** The accounting area's paths (SPEC 7), and our own for managing dimensions and reading images. */
export const ACCOUNTING_PATHS = {
  categories: '/cab-config-ws/v2/account-book/categories',
  accounts: '/cab-config-ws/v2/account-book/accounts',
  members: '/cab-config-ws/v2/account-book/members',
  merchants: '/cab-config-ws/v2/account-book/merchants',
  projects: '/cab-config-ws/v2/account-book/projects',
  convert: '/cab-config-ws/v3/account-book/currency-code/convert',
  expense: '/cab-accounting-ws/v2/account-book/transaction/expense',
  income: '/cab-accounting-ws/v2/account-book/transaction/income',
  transfer: '/cab-accounting-ws/v2/account-book/transaction/transfer',
  balance: '/cab-accounting-ws/v2/account-book/transaction/balance',
  batch: '/cab-accounting-ws/v3/account-book/transactions',
  update: '/cab-accounting-ws/v2/account-book/transaction/:id',
  remove: '/cab-accounting-ws/v2/account-book/transactions',
  get: '/cab-accounting-ws/v2/account-book/transactions/:id',
  upload: '/cab-accounting-ws/v2/image/upload',
  /** Our own: a transaction image, for members of its book only. */
  image: '/cab-accounting-ws/v2/image/:bookId/:id',
  capacity: '/cab-capacity-ws/v1/capacity/info',
  /** Our own: the saved templates (business_type Template) to record from, newest first. */
  templates: '/cab-accounting-ws/v2/account-book/transaction-templates',
  /** Our own: the month totals of the dashboard. */
  monthSummary: '/cab-accounting-ws/v2/account-book/month-summary',
} as const;

/** A dimension list's path and its recently-use, create, item and order paths. */
export function dimensionPaths(kind: 'categories' | 'accounts' | 'members' | 'merchants' | 'projects') {
  const list = ACCOUNTING_PATHS[kind];
  return { list, recent: `${list}/recently-use`, item: `${list}/:id`, order: `${list}/order` } as const;
}
