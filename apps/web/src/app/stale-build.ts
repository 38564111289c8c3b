/** Checks at most this often, so failures cannot make the page reload in a loop. */
const MIN_RELOAD_INTERVAL_MS = 30_000;
const KEY = 'cab.staleBuildReloadAt';

export interface StaleBuildEnv {
  addEventListener(type: 'vite:preloadError', listener: () => void): void;
  /** The entry script of the running build, e.g. /assets/index-abc123.js. */
  currentEntry(): string | undefined;
  /** index.html as the server has it now (never from a cache). */
  fetchIndex(): Promise<string>;
  reload(): void;
  storage: Pick<Storage, 'getItem' | 'setItem'>;
  now(): number;
}

/** The entry script named by an index.html. */
export function entryOf(html: string): string | undefined {
  return /<script[^>]+type="module"[^>]+src="([^"]+)"/.exec(html)?.[1];
}

/**
 * A deploy replaces the hashed files of the previous build, so a page opened before
 * it gets 404 when it loads a screen it has not loaded yet. When loading code fails,
 * this asks the server for index.html: if it names another entry than the running
 * one, a new build is out and the page reloads into it (once). A failure with the
 * same build (a network drop, the server restarting) does not reload: the screen
 * shows its failed-to-load state with a retry instead.
 */
export function reloadOnNewBuild(env: StaleBuildEnv): void {
  let checking = false;
  env.addEventListener('vite:preloadError', () => {
    if (checking) return;
    if (env.now() - Number(env.storage.getItem(KEY) ?? 0) < MIN_RELOAD_INTERVAL_MS) return;
    checking = true;
    env
      .fetchIndex()
      .then((html) => {
        const served = entryOf(html);
        if (!served || served === env.currentEntry()) return;
        env.storage.setItem(KEY, String(env.now()));
        env.reload();
      })
      .catch(() => undefined) // unreachable: nothing new to load
      .finally(() => (checking = false));
  });
}
