/**
 * One warehouse, one Affinity account (issue 36): the first sync records the account its key reads (whoami),
 * `status` shows it, and every log line of the run carries it; a later sync with a key of another account
 * is refused with exit 2 and one line naming both accounts, before it writes anything.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { INFRA_TABLE_NAMES } from '../../src/load/schema/infra-tables.ts';
import { REPORTED_TABLES } from '../../src/load/schema/table-specs.ts';
import type { RunningSimulator } from '@relsync/simulator';
import type { Status } from '../../src/state/status.ts';
import { openDatabase } from '../../src/load/db.ts';
import { runCli } from '../helpers/cli.ts';
import { forEachDialect, freshDatabaseUrl, type TestDatabase } from '../helpers/dialects.ts';
import { startE2eSimulator } from '../helpers/sync-fixture.ts';

const OTHER = { apiKey: 'other-account-key', tenant: { id: 2, name: 'Other Ventures', subdomain: 'other' } };

/** Every table's rows, in a stable order: what "nothing written" is checked against. */
async function contents(url: string): Promise<Record<string, string>> {
  const db = await openDatabase(url);
  try {
    const out: Record<string, string> = {};
    for (const table of [...new Set([...REPORTED_TABLES, ...INFRA_TABLE_NAMES])]) {
      const rows = await sql<Record<string, unknown>>`select * from ${sql.table(table)}`.execute(db.kysely);
      out[table] = JSON.stringify(rows.rows.map((r) => JSON.stringify(r)).sort());
    }
    return out;
  } finally {
    await db.close();
  }
}

forEachDialect('e2e: one warehouse, one account', (dialect) => {
  let sim: RunningSimulator;
  let wh: TestDatabase;
  let cwd: string;
  const env = (key: string) => ({ AFFINITY_BASE_URL: sim.url, AFFINITY_API_KEY: key, DATABASE_URL: wh.url, LOG_LEVEL: 'info' });

  beforeAll(async () => {
    sim = await startE2eSimulator({ scale: 'tiny', sim: { accounts: [OTHER] } });
    wh = await freshDatabaseUrl(dialect);
    cwd = mkdtempSync(join(tmpdir(), 'relsync-tenant-'));
  });
  afterAll(async () => {
    await sim?.close();
    await wh?.cleanup();
    if (cwd) rmSync(cwd, { recursive: true, force: true });
  });

  it('records the account of the first sync, shows it in status, and logs it on every line', async () => {
    const first = await runCli(['sync'], { cwd, env: env(sim.apiKey) });
    expect(first.code, first.stderr).toBe(0);
    const lines = first.stderr.trim().split('\n');
    expect(lines.length).toBeGreaterThan(5);
    for (const line of lines) expect((JSON.parse(line) as { tenant?: string }).tenant, line).toBe(String(sim.store.tenant.id));

    const status = await runCli(['status', '--json'], { cwd, env: { DATABASE_URL: wh.url } });
    expect(status.code, status.stderr).toBe(0);
    expect((JSON.parse(status.stdout) as Status).account).toMatchObject({ id: String(sim.store.tenant.id), name: sim.store.tenant.name });
    const text = await runCli(['status'], { cwd, env: { DATABASE_URL: wh.url } });
    expect(text.stdout).toContain(`Affinity account: ${sim.store.tenant.id} (${sim.store.tenant.name})`);
  });

  it('refuses a key of another account with exit 2 and one line naming both, writing nothing', async () => {
    const before = await contents(wh.url);
    const refused = await runCli(['sync', '--full'], { cwd, env: { ...env(OTHER.apiKey), LOG_LEVEL: 'warn' } });
    expect(refused.code).toBe(2);
    expect(refused.stderr.trim().split('\n')).toEqual([
      expect.stringMatching(
        new RegExp(
          `^relsync: This warehouse holds Affinity account ${sim.store.tenant.id} \\(${sim.store.tenant.name}\\), but AFFINITY_API_KEY reads account 2 \\(Other Ventures\\): nothing was written`,
        ),
      ),
    ]);
    expect(await contents(wh.url)).toEqual(before);
    // The account's own key still syncs.
    const again = await runCli(['sync'], { cwd, env: { ...env(sim.apiKey), LOG_LEVEL: 'warn' } });
    expect(again.code, again.stderr).toBe(0);
  });
});
