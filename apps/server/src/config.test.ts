import { describe, expect, it } from 'vitest';
import { loadConfig, parseHostKeys, parseZoneSettings } from './config.ts';

describe('what the server keeps in memory, and how it talks to PostgreSQL (config.ts)', () => {
  it('keeps answers by default on PGlite and with Redis, nothing on PostgreSQL alone, and takes compute', () => {
    expect(loadConfig({}).answerCache).toBe('on');
    expect(loadConfig({ DATABASE_URL: 'postgres://db/cab' }).answerCache).toBe('off');
    expect(loadConfig({ DATABASE_URL: 'postgres://db/cab', REDIS_URL: 'redis://r' }).answerCache).toBe('on');
    expect(loadConfig({ DATABASE_URL: 'postgres://db/cab', CAB_ANSWER_CACHE: 'compute' }).answerCache).toBe('compute');
    expect(() => loadConfig({ CAB_ANSWER_CACHE: 'yes' })).toThrow('CAB_ANSWER_CACHE must be on, compute or off, not yes');
  });

  it('prepares statements unless told off, and refuses anything but on or off', () => {
    expect(loadConfig({}).pgPrepare).toBe(true);
    expect(loadConfig({ CAB_PG_PREPARE: 'off' }).pgPrepare).toBe(false);
    expect(() => loadConfig({ CAB_PG_PREPARE: 'no' })).toThrow('CAB_PG_PREPARE must be on or off, not no');
  });
});

describe('private zones (config.ts, docs/zones.md)', () => {
  const zone = { CAB_ZONE_ID: '12', CAB_ZONE_PUBLIC_URL: 'https://cab.example.com/', CAB_ZONE_SECRET: 's'.repeat(43) };

  it('opens 10 PostgreSQL connections unless told, and refuses a pool outside 1 to 200', () => {
    expect(loadConfig({}).pgPool).toBe(10);
    expect(loadConfig({ CAB_PG_POOL: '40' }).pgPool).toBe(40);
    for (const bad of ['0', '201', '2.5', 'ten'])
      expect(() => loadConfig({ CAB_PG_POOL: bad })).toThrow(`CAB_PG_POOL must be a whole number from 1 to 200, not ${bad}`);
  });

  it('is the public zone without the three settings, a private zone with all three', () => {
    expect(loadConfig({}).zones).toMatchObject({ self: undefined, env: 'prod', envHosts: {}, privateHosts: true, timeoutMs: 10_000 });
    expect(loadConfig(zone).zones.self).toEqual({ id: '12', publicUrl: 'https://cab.example.com', secret: 's'.repeat(43) });
    expect(parseZoneSettings({}, true).privateHosts).toBe(false);
  });

  it('refuses one or two of the three, a bad id, address or secret, an unknown environment or host list', () => {
    expect(() => loadConfig({ CAB_ZONE_ID: '12' })).toThrow('set together');
    expect(() => loadConfig({ ...zone, CAB_ZONE_SECRET: '' })).toThrow('set together');
    expect(() => loadConfig({ ...zone, CAB_ZONE_ID: '0' })).toThrow('CAB_ZONE_ID');
    expect(() => loadConfig({ ...zone, CAB_ZONE_ID: '99999999' })).toThrow('CAB_ZONE_ID');
    expect(() => loadConfig({ ...zone, CAB_ZONE_PUBLIC_URL: 'ftp://x' })).toThrow('CAB_ZONE_PUBLIC_URL');
    expect(() => loadConfig({ ...zone, CAB_ZONE_SECRET: 'short' })).toThrow('CAB_ZONE_SECRET');
    expect(() => loadConfig({ CAB_ENV: 'staging' })).toThrow('CAB_ENV must be one of test5, test6, uat, prod');
    expect(() => loadConfig({ CAB_ENV_HOSTS: 'dev=https://x.example.com' })).toThrow('CAB_ENV_HOSTS');
    expect(() => loadConfig({ CAB_ZONE_TIMEOUT_MS: '5' })).toThrow('CAB_ZONE_TIMEOUT_MS');
  });

  it('reads the environments and their hosts', () => {
    const z = loadConfig({ CAB_ENV: 'uat', CAB_ENV_HOSTS: 'test5=https://t5.example.com/, uat=https://uat.example.com' }).zones;
    expect(z.env).toBe('uat');
    expect(z.envHosts).toEqual({ test5: 'https://t5.example.com', uat: 'https://uat.example.com' });
  });
});

describe('partner host keys (config.ts, docs/host.md)', () => {
  it('reads a:<key>,b:<key>, makes random ones outside production, and none in production', () => {
    const k = 'k'.repeat(32);
    expect(parseHostKeys(`a:${k}`, true)).toEqual(new Map([['a', k]]));
    const dev = parseHostKeys(undefined, false);
    expect([...dev.keys()].sort()).toEqual(['a', 'b']);
    expect(dev.get('a')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(parseHostKeys(undefined, true).size).toBe(0);
    expect(() => parseHostKeys('c:' + k, false)).toThrow('CAB_HOST_KEYS');
    expect(() => parseHostKeys('a:short', false)).toThrow('CAB_HOST_KEYS');
  });
});
