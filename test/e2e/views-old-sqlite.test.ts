/**
 * Issue 17: a warehouse file must stay readable by the SQLite an analyst has, not only by the 3.5x that
 * better-sqlite3 bundles. One view an older SQLite cannot parse makes every statement on the file fail,
 * `.tables` included. A simulator sync under each contract is opened in SQLite 3.36 (sql.js 1.6.2), the
 * system `sqlite3` shell and python3's module (Debian 12: 3.40.1), and every view and every documented
 * query (docs/queries.md, docs/warehouse.md's, the ones `relsync demo` prints) runs in each.
 */
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { DEMO_QUERIES } from '../../src/cli/demo-command.ts';
import { parseDatabaseUrl } from '../../src/load/db.ts';
import { wantedViews } from '../../src/load/views/refresh.ts';
import { hasCommand, openOldSqlite, pythonSqliteRun, systemSqliteFailures, systemSqliteVersion } from '../helpers/old-sqlite.ts';
import { testContracts } from '../helpers/dialects.ts';
import { startSyncFixture, type SyncFixture } from '../helpers/sync-fixture.ts';

const sqlBlocks = (file: string) =>
  [...readFileSync(new URL(`../../${file}`, import.meta.url), 'utf8').matchAll(/```sql\n([\s\S]*?)```/g)].map((m) => m[1]!.trim().replace(/;$/, ''));
const DOCUMENTED: ReadonlyArray<[string, string]> = [
  ...sqlBlocks('docs/queries.md').map((q, i): [string, string] => [`docs/queries.md #${i + 1}`, q]),
  ...sqlBlocks('docs/warehouse.md').map((q, i): [string, string] => [`docs/warehouse.md #${i + 1}`, q]),
  ...DEMO_QUERIES.map((q): [string, string] => [`demo: ${q.title}`, q.sql.trim().replace(/;$/, '')]),
];
/** Where CI runs (`.ci/run` installs the shell); a developer machine without it skips that reader only. */
const requireSystemReaders = process.env.CI === 'true';

describe.each(testContracts())('views readable by older SQLite, %s contract', (contract) => {
  let f: SyncFixture | undefined;
  let path = '';
  let queries: Array<[string, string]> = [];
  beforeAll(async () => {
    f = await startSyncFixture({ dialect: 'sqlite', scale: 'tiny', contract });
    expect((await f.runFull()).summary.status).toBe('succeeded');
    path = parseDatabaseUrl(f.dbUrl).path!;
    const views = (await wantedViews(f.db)).map((v) => v.name);
    queries = [...views.map((v): [string, string] => [v, `select * from "${v}"`]), ...DOCUMENTED];
    // sql.js reads the file's bytes, not its write-ahead log: move everything into the file first.
    await sql`pragma wal_checkpoint(TRUNCATE)`.execute(f.db.kysely);
  }, 120_000);
  afterAll(async () => {
    await f?.close();
  });

  it('finds the views and the documented queries it is about to run', () => {
    const names = queries.map(([n]) => n);
    for (const v of ['company_overview', 'person_overview', 'opportunity_overview', 'field_value_history', 'list_entry_stage_history', 'current_companies'])
      expect(names).toContain(v);
    expect(names.filter((n) => n.startsWith('list_')).length).toBeGreaterThan(0);
    expect(DOCUMENTED.filter(([n]) => n.startsWith('docs/queries.md')).length).toBeGreaterThanOrEqual(6);
    expect(DOCUMENTED.filter(([n]) => n.startsWith('docs/warehouse.md')).length).toBeGreaterThanOrEqual(2);
    expect(DOCUMENTED.filter(([n]) => n.startsWith('demo')).length).toBeGreaterThanOrEqual(3);
  });

  it('SQLite 3.36 (sql.js) lists the tables and runs every view and documented query', async () => {
    const old = await openOldSqlite(path);
    try {
      expect(old.version).toBe('3.36.0');
      const failures: string[] = [];
      // The first statement on the file parses the whole schema: the `.tables` of the issue.
      expect(old.all("select count(*) from sqlite_master where type = 'table'")[0]![0]).toBeGreaterThan(10);
      for (const [name, q] of queries) {
        try {
          old.all(q);
        } catch (err) {
          failures.push(`${name}: ${err instanceof Error ? err.message : String(err)}`);
        }
      }
      console.log(`SQLite ${old.version} (sql.js), ${contract}: ran ${queries.length}: ${queries.map(([n]) => n).join(', ')}`);
      expect(failures).toEqual([]);
      // A list view's multi-valued column keeps its values' order without `order by` inside the aggregate.
      const tags = old.all('select tags_text from list_1001_deal_pipeline where tags_text is not null order by list_entry_id limit 1');
      expect(String(tags[0]?.[0]).split('; ').length).toBeGreaterThan(1);
    } finally {
      old.close();
    }
  });

  it('the system sqlite3 shell and python3 run every view and documented query', () => {
    const shell = systemSqliteVersion();
    if (shell === null) expect(requireSystemReaders, 'CI must have the sqlite3 shell (.ci/run installs it)').toBe(false);
    else {
      const failures = systemSqliteFailures(path, ['.tables', ...queries.map(([, q]) => q)]);
      console.log(`SQLite ${shell} (sqlite3 shell), ${contract}: ran .tables and ${queries.length}`);
      expect([...failures.entries()]).toEqual([]);
    }
    if (!hasCommand('python3')) {
      expect(requireSystemReaders, 'CI must have python3 (.ci/run installs it)').toBe(false);
      return;
    }
    const py = pythonSqliteRun(
      path,
      queries.map(([, q]) => q),
    );
    console.log(`SQLite ${py.version} (python3), ${contract}: ran ${queries.length}`);
    expect([...py.failures.entries()]).toEqual([]);
  });
});
