/**
 * Pipeline benchmark: the real server on loopback HTTP, signed calls as the web app
 * makes them. Measures throughput and latency of a read (user info: signature, nonce,
 * token lookup, one row) and a write (nickname update). Bounded in count and time.
 *
 *   npm run bench                      # embedded PGlite in a temp dir
 *   DATABASE_URL=postgres://... npm run bench
 *   BENCH_REQUESTS=5000 BENCH_CONCURRENCY=16 npm run bench
 */
import { AUTH_PATHS } from '@cab/contracts';
import { signedFetch } from '../../apps/server/test/process.ts';
import { measure } from './measure.ts';
import { signInWithBook, startBenchServer } from './server.ts';

const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 2000);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 8);

const server = await startBenchServer({ useRedis: true });
try {
  const { token } = await signInWithBook(server, 'daily');
  console.log(
    `CAB pipeline bench: ${server.kind}, ${server.redis ? 'redis' : 'in-process'} nonces, ${REQUESTS} requests x ${CONCURRENCY} concurrent`,
  );
  await measure('GET user info', REQUESTS, CONCURRENCY, () => signedFetch(server.base, 'GET', AUTH_PATHS.userInfo, undefined, token));
  await measure('PATCH nickname', REQUESTS, CONCURRENCY, (i) =>
    signedFetch(server.base, 'PATCH', AUTH_PATHS.updateUser, { nickname: `bench-${i}` }, token),
  );
} finally {
  await server.close();
}
