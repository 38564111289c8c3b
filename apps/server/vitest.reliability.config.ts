import { defineConfig } from 'vitest/config';

/** The reliability suite (`npm run test:reliability`): long runs kept out of `npm test`. */
export default defineConfig({
  test: {
    include: ['reliability/**/*.test.ts'],
    globalSetup: ['test/global-setup.ts'],
    testTimeout: 1_800_000,
    hookTimeout: 120_000,
    maxWorkers: 1,
    env: { NODE_ENV: 'test' },
  },
});
