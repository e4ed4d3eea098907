import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // Two cores: more forks only adds contention between PostgreSQL and the simulator.
    pool: 'forks',
    maxWorkers: 2,
    // Verbose in CI so the log shows every test with its [sqlite] / [postgres] tag.
    reporters: process.env.CI ? ['verbose'] : ['default'],
  },
});
