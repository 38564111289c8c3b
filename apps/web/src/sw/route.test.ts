import { describe, expect, it } from 'vitest';
import { NETWORK_PATHS, swRoute } from './route.ts';

const O = 'https://cab.example';
const get = (path: string, o: Partial<{ method: string; mode: string; cache: string }> = {}) =>
  swRoute({ method: 'GET', mode: 'cors', cache: 'default', ...o, url: `${O}${path}` }, O);

describe('swRoute', () => {
  it('starts pages from the network (the kept shell is only a fallback): no stale build', () => {
    expect(get('/', { mode: 'navigate' })).toBe('page');
    expect(get('/index.html?x=1', { mode: 'navigate' })).toBe('page');
  });
  it('serves hashed files from the cache first', () => {
    expect(get('/assets/index-abc123.js')).toBe('asset');
    expect(get('/assets/AccountingPage-x.css')).toBe('asset');
  });
  it('never touches API calls, writes, other origins or the worker itself', () => {
    for (const p of [
      '/cab-ledger-ws/v1/transactions',
      '/cab-auth-ws/x',
      '/server/info',
      '/finance-x/y',
      '/files/a.png',
      '/static/b',
      '/docs',
      '/v2/x',
      '/sw.js',
    ])
      expect(get(p)).toBe('network');
    expect(get('/assets/a.js', { method: 'POST' })).toBe('network');
    expect(swRoute({ method: 'GET', mode: 'cors', cache: 'default', url: 'https://cdn.example/assets/a.js' }, O)).toBe('network');
  });
  it("passes the stale-build check's no-store fetch of index.html to the network", () => {
    expect(get('/', { cache: 'no-store' })).toBe('network');
    expect(get('/assets/a.js', { cache: 'reload' })).toBe('network');
  });
  it('answers a reload (a fresh page asked for) network first, the kept shell offline', () => {
    expect(get('/', { mode: 'navigate', cache: 'no-cache' })).toBe('page');
  });
  it('keeps other files of the app as a fallback', () => {
    expect(get('/manifest.webmanifest')).toBe('file');
    expect(get('/icons/icon-192.png')).toBe('file');
  });
  it('routes statically to the network exactly the paths the fetch event leaves to it', () => {
    // A URL pattern's '*' as a path: the pattern with its star made into a sample, and the prefix alone.
    for (const pattern of NETWORK_PATHS) {
      expect(get(pattern.replace('*', 'x/y'))).toBe('network');
      expect(get(pattern.replace('*', 'x/y'), { mode: 'navigate' })).toBe('network');
    }
    // Nothing of the app itself is in them: the shell, its files and a page.
    const matches = (p: string) => NETWORK_PATHS.some((n) => (n.endsWith('*') ? p.startsWith(n.slice(0, -1)) : p === n));
    for (const p of ['/', '/index.html', '/assets/index-abc.js', '/manifest.webmanifest', '/icons/icon-192.png', '/cab', '/serverless'])
      expect(matches(p)).toBe(false);
    for (const p of ['/cab-track-ws/v1/events', '/server', '/dev/host/a', '/docs']) expect(matches(p)).toBe(true);
  });
});
