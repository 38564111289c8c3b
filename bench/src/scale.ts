/**
 * The everyday mix at rising rates: one instance without a proxy, then through HAProxy to
 * 1, 2 and 3 instances (issue 32; src/proof/scale-bench.ts). The last part of `npm run
 * bench`, alone. Needs PostgreSQL, Redis and HAProxy (apt-get install haproxy).
 *
 *   npm run bench:scale
 *   BENCH_SCALE_CONFIGS=direct,1 BENCH_SCALE_STEP_SECONDS=5 npm run bench:scale
 */
import { benchScale, scaleOptions } from './proof/scale-bench.ts';

process.env.DATABASE_URL ||= 'postgres://postgres@127.0.0.1:5432/postgres';
const rows = await benchScale(scaleOptions(process.env), (line) => console.log(line));
console.log(rows.map((r) => `| ${r.name} | ${r.api} | ${r.floor} | ${Number.isNaN(r.ratio) ? '' : r.ratio.toFixed(2)} |`).join('\n'));
