import {
  Children,
  createContext,
  isValidElement,
  startTransition,
  useContext,
  useEffect,
  useLayoutEffect,
  useMemo,
  useState,
  type AnchorHTMLAttributes,
  type MouseEvent,
  type ReactElement,
  type ReactNode,
} from 'react';

/**
 * The app's router: hash paths (`#/pages/home/index?x=1`) drawn by exact match, what
 * CAB used of react-router in 1.5 KB instead of 14 KB of every page's first load
 * (docs/performance.md). Its API is react-router's, so screens read the same: a
 * `Routes` of `Route`s (a layout route draws its children at its `Outlet`), `Navigate`,
 * `Link`, `useNavigate`, `useLocation`, `useSearchParams`, and `MemoryRouter` for tests.
 * Every path is absolute (`/area/page?query`) or a query of the current page (`?x=1`):
 * the spec's routes take parameters in the query, never in the path.
 */

export interface Location {
  pathname: string;
  search: string;
  hash: string;
  /** What the navigation that made this entry passed as `state`. */
  state: unknown;
  key: string;
}

export type To = string | { pathname?: string; search?: string };
export interface NavigateOptions {
  replace?: boolean;
  state?: unknown;
}
export interface NavigateFunction {
  (to: To, options?: NavigateOptions): void;
  (delta: number): void;
}

/** Where the router keeps its entries: the window's history (hash) or an array (tests). */
interface History {
  location: () => Location;
  push: (path: string, state: unknown) => void;
  replace: (path: string, state: unknown) => void;
  go: (delta: number) => void;
  listen: (listener: () => void) => () => void;
  /** What a link's href is for a path. */
  href: (path: string) => string;
}

let keys = 0;
const newKey = () => `${Date.now().toString(36)}${(keys++).toString(36)}`;

function parsePath(path: string): { pathname: string; search: string } {
  const q = path.indexOf('?');
  const pathname = q < 0 ? path : path.slice(0, q);
  const search = q < 0 ? '' : path.slice(q);
  return { pathname: pathname || '/', search: search === '?' ? '' : search };
}

/** What each entry of the window's history carries (react-router's shape: screens read `idx` to tell whether back stays in the app). */
interface EntryState {
  usr?: unknown;
  key?: string;
  /** How many entries of the app lie before this one. */
  idx?: number;
}

function createHashHistory(): History {
  const entry = () => window.history.state as EntryState | null;
  if (entry()?.idx == null) window.history.replaceState({ ...entry(), idx: 0 }, '');
  const read = (): Location => ({
    ...parsePath(window.location.hash.slice(1)),
    hash: '',
    state: entry()?.usr ?? null,
    key: entry()?.key ?? 'default',
  });
  let current = read();
  const listeners = new Set<() => void>();
  // Back, forward and a hash set directly (window.location.hash = ...) all land here.
  const changed = () => {
    const next = read();
    if (next.pathname === current.pathname && next.search === current.search && next.key === current.key) return;
    current = next;
    for (const l of listeners) l();
  };
  const write = (method: 'pushState' | 'replaceState', path: string, state: unknown) => {
    const idx = (entry()?.idx ?? 0) + (method === 'pushState' ? 1 : 0);
    window.history[method]({ usr: state, key: newKey(), idx } satisfies EntryState, '', `#${path}`);
    changed();
  };
  return {
    location: () => current,
    href: (path) => `#${path}`,
    push: (path, state) => write('pushState', path, state),
    replace: (path, state) => write('replaceState', path, state),
    go: (delta) => window.history.go(delta),
    listen: (listener) => {
      listeners.add(listener);
      if (listeners.size === 1) {
        window.addEventListener('popstate', changed);
        window.addEventListener('hashchange', changed);
      }
      return () => {
        listeners.delete(listener);
        if (!listeners.size) {
          window.removeEventListener('popstate', changed);
          window.removeEventListener('hashchange', changed);
        }
      };
    },
  };
}

function createMemoryHistory(initialEntries: readonly string[]): History {
  const entries = (initialEntries.length ? initialEntries : ['/']).map((p): Location => ({
    ...parsePath(p),
    hash: '',
    state: null,
    key: newKey(),
  }));
  let index = entries.length - 1;
  const listeners = new Set<() => void>();
  const notify = () => {
    for (const l of listeners) l();
  };
  return {
    location: () => entries[index]!,
    href: (path) => path,
    push: (path, state) => {
      entries.splice(index + 1, entries.length, { ...parsePath(path), hash: '', state, key: newKey() });
      index = entries.length - 1;
      notify();
    },
    replace: (path, state) => {
      entries[index] = { ...parsePath(path), hash: '', state, key: newKey() };
      notify();
    },
    go: (delta) => {
      index = Math.min(entries.length - 1, Math.max(0, index + delta));
      notify();
    },
    listen: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

interface RouterValue {
  location: Location;
  history: History;
}
const RouterContext = createContext<RouterValue | null>(null);
const OutletContext = createContext<ReactNode>(null);

function useRouter(): RouterValue {
  const router = useContext(RouterContext);
  if (!router) throw new Error('a router hook was used outside the router');
  return router;
}

function Router({ history, children }: { history: History; children: ReactNode }) {
  const [location, setLocation] = useState(history.location);
  // As a transition, like react-router: the page on screen stays until the next one can draw.
  useLayoutEffect(() => {
    // A navigation made before this effect ran (by a child's effect) is picked up here.
    setLocation(history.location());
    return history.listen(() => startTransition(() => setLocation(history.location())));
  }, [history]);
  const value = useMemo(() => ({ location, history }), [location, history]);
  return <RouterContext.Provider value={value}>{children}</RouterContext.Provider>;
}

/** The app's router: the location is the URL's hash. */
export function HashRouter({ children }: { children: ReactNode }) {
  const [history] = useState(createHashHistory);
  return <Router history={history}>{children}</Router>;
}

/** A router of its own entries, for tests. */
export function MemoryRouter({ initialEntries = ['/'], children }: { initialEntries?: readonly string[]; children: ReactNode }) {
  const [history] = useState(() => createMemoryHistory(initialEntries));
  return <Router history={history}>{children}</Router>;
}

export interface RouteProps {
  path?: string;
  index?: boolean;
  element?: ReactNode;
  children?: ReactNode;
}

/** Declares a route inside `Routes`; `Routes` reads its props, it draws nothing itself. */
export function Route(_props: RouteProps): ReactElement | null {
  return null;
}

const trimmed = (path: string) => (path.length > 1 ? path.replace(/\/+$/, '') : path).toLowerCase();

/** The element for `pathname` among the routes, a layout route wrapping its matched child. */
function match(routes: ReactNode, pathname: string): ReactNode | undefined {
  const wanted = trimmed(pathname);
  let fallback: ReactNode | undefined;
  for (const child of Children.toArray(routes)) {
    if (!isValidElement<RouteProps>(child) || child.type !== Route) continue;
    const { path, index, element, children } = child.props;
    if (children !== undefined && path === undefined && !index) {
      // A layout route: it matches when one of its children does, and draws it at its Outlet.
      const inner = match(children, pathname);
      if (inner !== undefined) return <OutletContext.Provider value={inner}>{element}</OutletContext.Provider>;
      continue;
    }
    if (index ? wanted === '/' : path === '*' ? false : path !== undefined && trimmed(path.startsWith('/') ? path : `/${path}`) === wanted)
      return element ?? null;
    if (path === '*') fallback = element ?? null;
  }
  return fallback;
}

/** Draws the first route matching the location (a static path, then the index, then `*`). */
export function Routes({ children }: { children: ReactNode }) {
  return match(children, useRouter().location.pathname) ?? null;
}

/** Where a layout route draws the matched child route. */
export function Outlet() {
  return useContext(OutletContext);
}

function resolve(to: To, from: Location): string {
  if (typeof to !== 'string') return `${to.pathname ?? from.pathname}${to.search ?? ''}`;
  if (to.startsWith('?')) return `${from.pathname}${to}`;
  return to.startsWith('/') ? to : `/${to}`;
}

/** Moves to a path (`{replace}` instead of a new history entry) or through history (`-1`: back). */
export function useNavigate(): NavigateFunction {
  const { history, location } = useRouter();
  return useMemo(
    () =>
      ((to: To | number, options: NavigateOptions = {}) => {
        if (typeof to === 'number') history.go(to);
        else if (options.replace) history.replace(resolve(to, history.location()), options.state ?? null);
        else history.push(resolve(to, history.location()), options.state ?? null);
      }) as NavigateFunction,
    // A new function on each location, as react-router's: effects that navigate see the current page.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [history, location],
  );
}

export function useLocation(): Location {
  return useRouter().location;
}

export type SearchParamsInit = string | URLSearchParams | Record<string, string | readonly string[]>;
type SetSearchParams = (next: SearchParamsInit | ((prev: URLSearchParams) => SearchParamsInit), options?: NavigateOptions) => void;

function searchOf(init: SearchParamsInit): URLSearchParams {
  if (typeof init === 'string' || init instanceof URLSearchParams) return new URLSearchParams(init);
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(init)) for (const x of typeof v === 'string' ? [v] : v) params.append(k, x);
  return params;
}

/** The query of the current page, and a setter that navigates to the same page with another query. */
export function useSearchParams(): [URLSearchParams, SetSearchParams] {
  const { location } = useRouter();
  const navigate = useNavigate();
  const params = useMemo(() => new URLSearchParams(location.search), [location.search]);
  const set: SetSearchParams = (next, options) => {
    const query = searchOf(typeof next === 'function' ? next(new URLSearchParams(params)) : next).toString();
    navigate(query ? `?${query}` : { search: '' }, options);
  };
  return [params, set];
}

/** Navigates once drawn (a redirect). */
export function Navigate({ to, replace, state }: { to: To; replace?: boolean; state?: unknown }) {
  const navigate = useNavigate();
  const target = typeof to === 'string' ? to : JSON.stringify(to);
  useEffect(() => {
    navigate(to, { replace: replace ?? false, state });
    // Once per target: the effect must not run again when the new location arrives.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [target]);
  return null;
}

export interface LinkProps extends Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> {
  to: To;
  replace?: boolean;
}

/** A link to an app path: a real `href` (open in a new tab works), a plain click navigates in place. */
export function Link({ to, replace, onClick, target, ...rest }: LinkProps) {
  const { location, history } = useRouter();
  const navigate = useNavigate();
  const path = resolve(to, location);
  const click = (e: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(e);
    if (e.defaultPrevented || e.button !== 0 || e.metaKey || e.altKey || e.ctrlKey || e.shiftKey || (target && target !== '_self')) return;
    e.preventDefault();
    navigate(path, { replace: replace ?? false });
  };
  return <a {...rest} target={target} href={history.href(path)} onClick={click} />;
}
