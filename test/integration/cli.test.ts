import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase, tableExists } from '../../src/load/db.ts';
import { migrations } from '../../migrations/index.ts';
import { STACK_FRAME, runCli } from '../helpers/cli.ts';
import { forEachDialect, freshDatabaseUrl, type TestDatabase } from '../helpers/dialects.ts';
import { scratchDir } from '../helpers/scratch-dir.ts';

const COMMANDS = ['sync', 'backfill', 'schedule', 'status', 'migrate', 'simulate', 'demo'];

describe('relsync command line', () => {
  it('--help lists every command', async () => {
    const r = await runCli(['--help']);
    expect(r.code).toBe(0);
    for (const c of COMMANDS) expect(r.stdout).toMatch(new RegExp(`^\\s+${c}\\b`, 'm'));
  });

  it('the sources through tsx are the command line the build ships: the same help, and they migrate', async () => {
    const [real, bundled] = await Promise.all([runCli(['--help'], { fromSource: true }), runCli(['--help'])]);
    expect(real.code).toBe(0);
    expect(real.stdout).toBe(bundled.stdout);
    const cwd = scratchDir('relsync-cli');
    const r = await runCli(['migrate'], { fromSource: true, cwd, env: { DATABASE_URL: `sqlite:${join(cwd, 'w.db')}` } });
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/migration\(s\) applied/);
  });

  it('each command has its own --help', async () => {
    const r = await runCli(['backfill', '--help']);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('--streams');
    expect(r.stdout).toContain('--since');
  });

  it('a bad config value gives one line naming the variable and the fix, exit 2', async () => {
    const cwd = scratchDir('relsync-cli');
    const r = await runCli(['migrate'], { cwd, env: { DATABASE_URL: 'mysql://nope' } });
    expect(r.code).toBe(2);
    const lines = r.stderr.trim().split('\n');
    expect(lines[0]).toMatch(/^relsync: Invalid configuration: DATABASE_URL .*sqlite:.*postgres:\/\//);
    expect(r.stderr).not.toMatch(STACK_FRAME); // no stack trace
  });

  it('sync without AFFINITY_API_KEY says how to get one and points to demo and simulate', async () => {
    const cwd = scratchDir('relsync-cli');
    const r = await runCli(['sync'], { cwd, env: { AFFINITY_API_KEY: undefined, DATABASE_URL: `sqlite:${join(cwd, 'x.db')}` } });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('AFFINITY_API_KEY');
    expect(r.stderr).toContain('relsync demo');
    expect(r.stderr).toContain('relsync simulate');
  });

  it('an unreachable API stops the run with one message naming AFFINITY_BASE_URL', async () => {
    const cwd = scratchDir('relsync-cli');
    const r = await runCli(['sync'], {
      cwd,
      env: { AFFINITY_API_KEY: 'k', AFFINITY_BASE_URL: 'http://127.0.0.1:9', DATABASE_URL: `sqlite:${join(cwd, 'x.db')}` },
    });
    expect(r.code).toBe(1);
    expect(r.stderr.match(/cannot reach the API/g)).toHaveLength(1);
    expect(r.stderr).toContain('Check AFFINITY_BASE_URL');
    expect(r.stderr).not.toMatch(STACK_FRAME);
  });

  it('an unknown command is a usage error, exit 2', async () => {
    const r = await runCli(['frobnicate']);
    expect(r.code).toBe(2);
  });
});

forEachDialect('relsync migrate', (dialect) => {
  let t: TestDatabase | undefined;
  afterEach(async () => {
    await t?.cleanup();
  });

  it('prints each migration and leaves sync_runs and sync_state in place', async () => {
    t = await freshDatabaseUrl(dialect);
    const r = await runCli(['migrate'], { env: { DATABASE_URL: t.url } });
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    for (const name of Object.keys(migrations)) expect(r.stdout).toContain(`${name}: applied`);
    const again = await runCli(['migrate'], { env: { DATABASE_URL: t.url } });
    expect(again.stdout).toContain('database is up to date');
    const db = await openDatabase(t.url);
    try {
      expect(await tableExists(db, 'sync_runs')).toBe(true);
      expect(await tableExists(db, 'sync_state')).toBe(true);
    } finally {
      await db.close();
    }
  });
});
