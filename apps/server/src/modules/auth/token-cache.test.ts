import { describe, expect, it } from 'vitest';
import { MemoryBroadcast } from '../../platform/broadcast.ts';
import { TokenCache } from './token-cache.ts';

const token = { user_id: '1', family_id: '2', expires_at: new Date(0) };

describe('kept tokens', () => {
  it('do not keep a token read before a revocation that landed while it was being read', () => {
    const cache = new TokenCache(new MemoryBroadcast());
    const before = cache.current;
    cache.revoked(); // signing out lands between the read and the keeping
    cache.set('h', token, before);
    expect(cache.get('h')).toBeUndefined();
    cache.set('h', token, cache.current);
    expect(cache.get('h')).toEqual(token);
  });

  it('are emptied on every instance by a revocation on one', () => {
    const broadcast = new MemoryBroadcast();
    const [a, b] = [new TokenCache(broadcast), new TokenCache(broadcast)];
    b.set('h', token, b.current);
    const before = b.current;
    a.revoked();
    expect(b.get('h')).toBeUndefined();
    expect(b.current).not.toBe(before);
  });
});
