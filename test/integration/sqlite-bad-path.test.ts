/**
 * A SQLite path under a directory that refuses new entries (/proc) is one error at once. Before, Node's
 * recursive mkdir looped on it forever: 100% CPU, SIGTERM ignored (the loop never yields). SQLite only:
 * a PostgreSQL URL has no path to create.
 */
import { describe, expect, it } from 'vitest';
import { runCli } from '../helpers/cli.ts';

describe('DATABASE_URL=sqlite: under a directory that cannot be created [sqlite]', () => {
  it('migrate and sync fail at once, naming the file and the fix', async () => {
    for (const args of [['migrate'], ['sync']]) {
      // The loop never ended: a process still running after the timeout is SIGKILLed (code null), which
      // fails the exit code below. No wall-time bound: a loaded machine is slow to start node, not wrong.
      const r = await runCli(args, { env: { DATABASE_URL: 'sqlite:/proc/nope/x.db', AFFINITY_API_KEY: 'k-test' }, timeoutMs: 45_000 });
      expect(r.code, `${args[0]}: ${r.stderr}`).toBe(2);
      expect(r.stderr).toMatch(/^relsync: Cannot open SQLite database \/proc\/nope\/x\.db: ENOENT/);
    }
  }, 120_000);
});
