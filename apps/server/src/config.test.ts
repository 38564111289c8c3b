import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.ts';

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
