import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  plugins: [react()],
  test: {
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['src/test-setup.ts'],
    // Vitest's default on two cores is one worker; both cores run files.
    maxWorkers: 2,
    // Files share their worker's document and libraries instead of a new process and
    // jsdom each (four times faster); src/test-setup.ts gives every file fresh modules of
    // ours, real timers, an empty page and empty storage, and drops the last file's idle work.
    isolate: false,
    // A page test takes well under a second alone; on a loaded two-core machine (a build or a
    // server suite beside it) one took over 5 s, the default. Slowness is measured in bench/.
    testTimeout: 15_000,
  },
});
