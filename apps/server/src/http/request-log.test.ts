import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { createLogger } from '../platform/log.ts';
import { registerErrorHandling } from './errors.ts';
import { registerRequestLog } from './request-log.ts';

describe('the request log of a failure', () => {
  it('writes one error line with the error, and the client gets {code, message} without it', async () => {
    const lines: Array<Record<string, unknown>> = [];
    const app = Fastify({
      loggerInstance: createLogger('info', { write: (l) => void lines.push(JSON.parse(l) as Record<string, unknown>) }),
    });
    registerErrorHandling(app);
    const inFlight = registerRequestLog(app);
    app.get('/cab-test-ws/boom', async () => {
      expect(inFlight.describe()).toEqual(['GET /cab-test-ws/boom']);
      throw new Error('database on fire');
    });
    await app.ready();
    const res = await app.inject({ method: 'GET', url: '/cab-test-ws/boom?x=1' });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ code: 1099, message: '服务器开小差了，请稍后重试' });
    const logged = lines.filter((l) => l.msg === 'request failed' || l.msg === 'request');
    expect(logged).toHaveLength(1);
    expect(logged[0]).toMatchObject({
      level: 50,
      method: 'GET',
      url: '/cab-test-ws/boom',
      status: 500,
      err: { message: 'database on fire' },
    });
    expect(inFlight.describe()).toEqual([]);
    await app.close();
  });
});
