/** Local storage keys (SPEC 9: env, book, user, login, tags, settings). */
export const STORAGE_KEYS = {
  env: 'cab.env',
  book: 'cab.book',
  user: 'cab.user',
  login: 'cab.login',
  tags: 'cab.tags',
  settings: 'cab.settings',
  device: 'cab.device',
} as const;
