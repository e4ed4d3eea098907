/**
 * A REAL kill during `relsync migrate`: the child is SIGKILLed at points spread over its migrating time,
 * on a fresh warehouse and on one upgrading from 008 with data. The next `migrate` always completes and
 * the upgraded rows are all there. Before SQLite migrations ran in one transaction, a kill between two
 * statements of a migration left every later run failing (`table "companies" already exists`,
 * `duplicate column name: value_text`). The 30-kill measurement: `node bin/run-script.js
 * scripts/migrate-kills.ts`.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { migrations } from '../../migrations/index.ts';
import { openDatabase } from '../../src/load/db.ts';
import { forEachDialect, freshDatabaseUrl } from '../helpers/dialects.ts';
import { appliedCount, killMigrate, migrateAgain, seedBefore009 } from '../helpers/migrate-kill.ts';

const ROWS = 5_000;
/**
 * Where in the measured migrating time each kill lands. The first at once (as soon as the child says it is
 * migrating), so that one kill always lands while migrations are pending: a fresh SQLite warehouse migrates
 * in tens of ms, and the probe's time, measured on a loaded machine, once put all three later points past
 * the end of a faster run.
 */
const AT = [0, 0.5, 0.8];

forEachDialect('e2e: SIGKILL during migrate, then migrate again', (dialect) => {
  let cwd: string;
  beforeAll(() => {
    cwd = mkdtempSync(join(tmpdir(), 'relsync-migrate-kill-'));
  });
  afterAll(() => rmSync(cwd, { recursive: true, force: true }));

  for (const kind of ['fresh', 'upgrade'] as const) {
    it(`${kind}: every killed warehouse migrates on the next run`, async () => {
      const prepare = async () => {
        const t = await freshDatabaseUrl(dialect);
        if (kind === 'upgrade') await seedBefore009(t.url, ROWS);
        return t;
      };
      const probe = await prepare();
      const whole = await killMigrate(probe.url, Infinity, cwd);
      await probe.cleanup();
      let mid = 0;
      for (const at of AT) {
        const t = await prepare();
        try {
          const kill = await killMigrate(t.url, whole.elapsedMs * at, cwd);
          const applied = await appliedCount(t.url);
          if (!kill.finishedFirst && applied < Object.keys(migrations).length) mid++;
          const again = await migrateAgain(t.url, cwd);
          expect(again.code, `killed at ${kill.elapsedMs} ms: ${again.stderr}`).toBe(0);
          expect(await appliedCount(t.url)).toBe(Object.keys(migrations).length);
          if (kind === 'upgrade') {
            const db = await openDatabase(t.url);
            const r = await sql<{ n: number; t: number }>`select count(*) as n, count(value_text) as t from field_value_changes`.execute(db.kysely);
            await db.close();
            expect(r.rows[0] && { n: Number(r.rows[0].n), t: Number(r.rows[0].t) }).toEqual({ n: ROWS, t: ROWS });
          }
        } finally {
          await t.cleanup();
        }
      }
      // The kills landed while migrations were pending, not all after the work was done.
      expect(mid).toBeGreaterThan(0);
    }, 240_000);
  }
});
