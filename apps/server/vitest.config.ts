import { defineConfig } from 'vitest/config';
import LongestFirst from './test/sequencer.ts';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    globalSetup: ['test/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Two cores: two files at a time keeps each PGlite instance responsive.
    maxWorkers: 2,
    // Files share their worker's loaded modules (the server, zod, PGlite) instead of loading
    // them again each: every file builds its own app on its own database (test/harness.ts),
    // and nothing of a test lives in module state.
    isolate: false,
    env: { NODE_ENV: 'test' },
    sequence: { sequencer: LongestFirst },
  },
});
