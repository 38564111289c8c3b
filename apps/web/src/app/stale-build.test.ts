import { describe, expect, it } from 'vitest';
import { entryOf, reloadOnNewBuild } from './stale-build.ts';

const html = (entry: string) => `<!doctype html><html><head><script type="module" crossorigin src="${entry}"></script></head></html>`;

function fakeEnv(served: string | Error) {
  const listeners: Array<() => void> = [];
  const stored = new Map<string, string>();
  const env = {
    t: 1_000_000,
    reloads: 0,
    fetches: 0,
    served,
    addEventListener: (_: string, l: () => void) => void listeners.push(l),
    currentEntry: () => '/assets/index-old.js',
    fetchIndex: async () => {
      env.fetches++;
      if (env.served instanceof Error) throw env.served;
      return html(env.served);
    },
    reload: () => void env.reloads++,
    storage: { getItem: (k: string) => stored.get(k) ?? null, setItem: (k: string, v: string) => void stored.set(k, v) },
    now: () => env.t,
    failToLoad: async () => {
      for (const l of listeners) l();
      await new Promise((r) => setTimeout(r, 0));
    },
  };
  return env;
}

describe('a page running a replaced build', () => {
  it('reads the entry script from index.html', () => {
    expect(entryOf(html('/assets/index-abc.js'))).toBe('/assets/index-abc.js');
    expect(entryOf('<html></html>')).toBeUndefined();
  });

  it('reloads into the new build when loading code fails after a deploy', async () => {
    const env = fakeEnv('/assets/index-new.js');
    reloadOnNewBuild(env);
    await env.failToLoad();
    expect(env.reloads).toBe(1);
  });

  it('does not reload when the build is the same one (a network drop) or the server cannot be reached', async () => {
    const same = fakeEnv('/assets/index-old.js');
    reloadOnNewBuild(same);
    await same.failToLoad();
    expect(same.fetches).toBe(1);
    expect(same.reloads).toBe(0);
    const down = fakeEnv(new Error('connection refused'));
    reloadOnNewBuild(down);
    await down.failToLoad();
    expect(down.reloads).toBe(0);
  });

  it('reloads at most once in 30 s, so it cannot loop', async () => {
    const env = fakeEnv('/assets/index-new.js');
    reloadOnNewBuild(env);
    await env.failToLoad();
    env.t += 10_000;
    await env.failToLoad();
    expect(env.reloads).toBe(1);
    expect(env.fetches).toBe(1);
    env.t += 30_000;
    await env.failToLoad();
    expect(env.reloads).toBe(2);
  });
});
