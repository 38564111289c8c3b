/** Runs `count` calls, `concurrency` at a time, and prints throughput and latency percentiles. */
const MAX_SECONDS = 180;

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
}

export async function measure(
  name: string,
  count: number,
  concurrency: number,
  call: (i: number) => Promise<Response>,
  /** Records per call, for a records-per-second figure (batches). */
  perCall = 1,
): Promise<void> {
  const latencies: number[] = [];
  let next = 0;
  let failures = 0;
  const stopAt = Date.now() + MAX_SECONDS * 1000;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < count && Date.now() < stopAt) {
        const i = next++;
        const t0 = performance.now();
        const res = await call(i);
        await res.arrayBuffer();
        latencies.push(performance.now() - t0);
        if (!res.ok) failures++;
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  const rate = latencies.length / seconds;
  console.log(
    `${name.padEnd(22)} ${String(latencies.length).padStart(5)} req in ${seconds.toFixed(2)} s = ${rate.toFixed(1)} req/s` +
      (perCall > 1 ? ` (${(rate * perCall).toFixed(0)} records/s)` : '') +
      `; p50 ${percentile(latencies, 50).toFixed(2)} ms, p95 ${percentile(latencies, 95).toFixed(2)} ms, p99 ${percentile(latencies, 99).toFixed(2)} ms; failures ${failures}`,
  );
}
