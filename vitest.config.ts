import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

// Tests that run a server, a database and a browser on a busy 2-core machine get one more try when they fail: a
// second failure fails the run, and the reporter marks a test that passed on its second try '(retry x1)', so a flaky
// one stays visible in the log.
const retry = 1;

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['test/unit/**/*.test.ts'],
          environment: 'node',
          // Some unit tests read every source file (words, date schemas, messages): seconds on a busy 2-core machine.
          testTimeout: 30_000,
          sequence: { groupOrder: 0 },
        },
      },
      {
        test: {
          name: 'api',
          include: ['test/api/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['test/helpers/globalSetup.ts'],
          // Every answer the tests receive is checked against the served OpenAPI document (test/helpers/contract.ts).
          setupFiles: ['test/helpers/contractSetup.ts'],
          // Generous: demo loaders make real images, and CI's 2 cores also run the browser tests' build.
          testTimeout: 90_000,
          hookTimeout: 60_000,
          maxWorkers: 2,
          retry,
          sequence: { groupOrder: 2 },
        },
      },
      {
        plugins: [react()],
        test: {
          name: 'console',
          include: ['test/console/**/*.test.tsx'],
          setupFiles: ['test/helpers/consoleSetup.ts'],
          environment: 'jsdom',
          testTimeout: 20_000,
          retry,
          sequence: { groupOrder: 1 },
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['test/e2e/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['test/helpers/globalSetup.ts'],
          testTimeout: 120_000,
          hookTimeout: 120_000,
          fileParallelism: false,
          retry,
          sequence: { groupOrder: 3 },
        },
      },
    ],
  },
});
