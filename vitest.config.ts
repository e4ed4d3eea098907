import { defineConfig } from 'vitest/config';
import { LongFirstSequencer } from './test/helpers/sequencer.ts';

const SOAK = ['test/e2e/soak.test.ts'];

/**
 * One project per test layer (and the soak apart, see below), so a contributor runs the layer they need:
 * `npm run test:fast` (units, seconds), `npm run test:integration`, `npm run test:e2e`; `npm test` runs all.
 * `RELSYNC_TEST_DIALECTS=sqlite` / `RELSYNC_TEST_CONTRACT=reference` narrow the database and contract axes.
 */
export default defineConfig({
  test: {
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // One fork more than the two cores: many files spend much of their time waiting (child processes
    // starting, retries backing off, kills and timeouts they provoke), and a third fork keeps both cores busy
    // meanwhile. Same tree, same loaded machine: 488 s with 3, 540 s with 2 (`vitest run`, wall).
    pool: 'forks',
    // The command line the tests spawn, bundled once (test/helpers/cli-bundle.ts); the PostgreSQL test database
    // set not to wait for its WAL flush while the run lasts (test/setup/pg-test-database.setup.ts).
    globalSetup: ['test/setup/cli-bundle.setup.ts', 'test/setup/pg-test-database.setup.ts'],
    maxWorkers: 3,
    // Verbose in CI so the log shows every test with its [sqlite] / [postgres] tag.
    reporters: process.env.CI ? ['verbose'] : ['default'],
    // The longest files start first (test/helpers/sequencer.ts), so none is left running alone at the end.
    sequence: { sequencer: LongFirstSequencer },
    projects: [
      // Units are pure (no database, no server, no process-wide state a file leaves behind), so one fork
      // runs many files without re-importing src for each: `npx vitest run --project unit` took 26.9 s of CPU
      // isolated and 11.8 s without (user+sys, /usr/bin/time), every test passing either way.
      // The workspace packages' own tests (packages/simulator/test) run in the layer of the same name.
      { extends: true, test: { name: 'unit', include: ['test/unit/**/*.test.ts', 'packages/*/test/unit/**/*.test.ts'], isolate: false } },
      // Integration files share a fork the same way: each opens its own databases, simulators and ports and
      // closes them in afterAll, and none mocks modules or leaves process-wide settings behind.
      { extends: true, test: { name: 'integration', include: ['test/integration/**/*.test.ts', 'packages/*/test/integration/**/*.test.ts'], isolate: false } },
      // End-to-end files too: none mocks modules or changes the process (the one process-wide setting a sync
      // makes, V8's heap growth bound, changes only when the collector runs). Isolated, each of the 37 files
      // re-imported src and its packages in a fresh fork, 1-2 s of CPU a file: the e2e files' forks and their
      // children used 384 s of CPU isolated, 312 s shared (per file, /proc user+sys), all 342 tests passing.
      { extends: true, test: { name: 'e2e', include: ['test/e2e/**/*.test.ts'], exclude: [...SOAK], isolate: false } },
      // Except the soak, which measures the whole process (heap, RSS, open handles) and so runs in a fork of its own.
      { extends: true, test: { name: 'e2e-isolated', include: [...SOAK] } },
    ],
  },
});
