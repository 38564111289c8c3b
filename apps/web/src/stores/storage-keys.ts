/** Local storage keys (SPEC 9: env, book, user, login, tags, settings). */
export const STORAGE_KEYS = {
  env: 'cab.env',
  book: 'cab.book',
  user: 'cab.user',
  login: 'cab.login',
  tags: 'cab.tags',
  settings: 'cab.settings',
  device: 'cab.device',
  /** The device's time zone, remembered between visits (see api/client.ts). */
  timeZone: 'cab.timeZone',
  /** The search's keyword history, per user (SPEC 3, search state). */
  search: 'cab.search',
  /** A new record's unsaved draft, per user and book (features/accounting/draft-storage.ts). */
  recordDraft: 'cab.recordDraft',
} as const;
