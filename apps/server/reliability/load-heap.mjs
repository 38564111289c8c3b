/**
 * Loaded into the server process under load (NODE_OPTIONS=--import) before tsx is, so it
 * is plain JavaScript. On SIGUSR2 it runs a full garbage collection and appends what
 * survived it (the live heap) to CAB_LOAD_HEAP_FILE. The load test asks once after its
 * warm-up and once after its run: resident memory alone rises and falls by tens of MB
 * with V8's collection cycle, while the live heap after a full collection only grows
 * when something keeps what it no longer needs. The server's own code is not changed.
 */
import fs from 'node:fs';
import v8 from 'node:v8';
import vm from 'node:vm';

const file = process.env.CAB_LOAD_HEAP_FILE;
if (file) {
  // The usual way to reach gc() without starting node with --expose-gc.
  v8.setFlagsFromString('--expose-gc');
  const gc = vm.runInNewContext('gc');
  process.on('SIGUSR2', () => {
    gc();
    const m = process.memoryUsage();
    const line = { at: Date.now(), heapUsed: m.heapUsed, external: m.external, arrayBuffers: m.arrayBuffers, rss: m.rss };
    fs.appendFileSync(file, `${JSON.stringify(line)}\n`);
  });
}
