/**
 * SPEC 2: dashboard/index may be opened with the user's token in its query
 * (`Authorization`, `userNumber`), as a host app's share view does. A token in an
 * address is in the history, in screenshots, in logs: it is taken out of the address
 * and the history at once, before anything else runs, and traded once for a sign-in
 * of the page's own (link-exchange.ts). Any other page's token is refused.
 */
export interface LinkToken {
  token: string;
  userNumber: string | undefined;
  /** Only dashboard/index may take it. */
  onDashboard: boolean;
}

const TOKEN_PARAMS = ['Authorization', 'userNumber'] as const;

export function takeLinkToken(
  loc: Pick<Location, 'hash' | 'pathname' | 'search'> = window.location,
  history: History = window.history,
): LinkToken | undefined {
  const hash = loc.hash.replace(/^#\/?/, '');
  const q = hash.indexOf('?');
  if (q < 0) return undefined;
  const path = hash.slice(0, q);
  const params = new URLSearchParams(hash.slice(q + 1));
  if (!TOKEN_PARAMS.some((p) => params.has(p))) return undefined;
  const token = params.get('Authorization') ?? '';
  const userNumber = params.get('userNumber') ?? undefined;
  for (const p of TOKEN_PARAMS) params.delete(p);
  const rest = params.toString();
  // replaceState: the entry that held the token is overwritten, not left behind in the history.
  history.replaceState(history.state, '', `${loc.pathname}${loc.search}#/${path}${rest ? `?${rest}` : ''}`);
  if (!token) return undefined;
  return { token: token.replace(/^Bearer\s+/i, ''), userNumber, onDashboard: path === 'dashboard/index' };
}

/** SPEC 9: a link opened with scene 00001 is a share that comes back home. */
export const SHARE_BACK_HOME_SCENE = '00001';
const HOME = 'pages/home/index';

/** Sends a link opened with scene 00001 to home (the address rewritten in place, its other parameters kept); answers whether it did. */
export function comeBackHome(
  loc: Pick<Location, 'hash' | 'pathname' | 'search'> = window.location,
  history: History = window.history,
): boolean {
  const hash = loc.hash.replace(/^#\/?/, '');
  const q = hash.indexOf('?');
  if (q < 0 || new URLSearchParams(hash.slice(q + 1)).get('scene') !== SHARE_BACK_HOME_SCENE) return false;
  if (hash.slice(0, q) !== HOME) history.replaceState(history.state, '', `${loc.pathname}${loc.search}#/${HOME}${hash.slice(q)}`);
  return true;
}
