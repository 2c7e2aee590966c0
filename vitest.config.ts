import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // Two at a time on a two-core machine. `npm test` runs the function tests (one file at a time: they
    // share the Auth emulator) apart from the unit and deploy tests, at a higher priority.
    maxWorkers: 2,
    projects: [
      {
        test: {
          name: 'unit',
          include: ['tests/unit/**/*.test.ts', 'src/features/*/tests/unit/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'functions',
          include: ['tests/functions/**/*.test.ts', 'src/features/*/tests/functions/**/*.test.ts'],
          environment: 'node',
          // One real local Blobs server on a fresh temp dir for the whole run.
          globalSetup: ['tests/helpers/functions-global-setup.ts'],
          setupFiles: ['tests/helpers/functions-setup.ts'],
          // Test files share the Auth emulator's accounts: one file at a time keeps them independent.
          // Each file has a Blobs site of its own (functions-setup.ts).
          fileParallelism: false,
          // Limits, not waits: a passing test never sits them out, so they are set for a machine four
          // times slower than CI's (the storms of 50 requests took 20 s beside three browser shards).
          testTimeout: 120_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'deploy',
          include: ['tests/deploy/**/*.test.ts'],
          environment: 'node',
          // A whole production build or bundle walk takes 40 to 45 s beside the function tests: a limit
          // four times that, as the other limits are (one took 60 s and failed on a busy machine).
          testTimeout: 240_000,
          hookTimeout: 240_000,
        },
      },
    ],
  },
});
