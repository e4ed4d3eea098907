/**
 * `relsync migrate` as a child process, SIGKILLed at a chosen moment after it starts migrating; used by
 * test/e2e/migrate-kill.test.ts and `scripts/migrate-kills.ts` (the 30-kill measurement).
 */
import { spawn } from 'node:child_process';
import { setTimeout as sleep } from 'node:timers/promises';
import { sql } from 'kysely';
import { openDatabase } from '../../src/load/db.ts';
import { migratorFor } from '../../src/load/migrate.ts';
import { BIN, runCli, type CliResult } from './cli.ts';

/** A warehouse as migration 008 left it, with `rows` change-log rows for 009 to rewrite. */
export async function seedBefore009(url: string, rows: number): Promise<void> {
  const db = await openDatabase(url);
  try {
    const { error } = await migratorFor(db).migrateTo('008-duplicate-suggestions');
    if (error) throw error;
    const json = db.dialect.name === 'postgres' ? sql`cast('"v' || i || '"' as jsonb)` : sql`'"v' || i || '"'`;
    await sql`
      with recursive n(i) as (select 1 union all select i + 1 from n where i < ${rows})
      insert into field_value_changes (id, field_id, entity_type, entity_id, action_type, changed_at, value_type, value_json, _synced_at)
      select i, 'field-1', 'company', i, 'add', '2024-04-01T07:00:00.000Z', 'text', ${json}, '2024-04-01T07:00:00.000Z' from n`.execute(db.kysely);
  } finally {
    await db.close();
  }
}

/** Migrations recorded as applied (0 when the bookkeeping table is not there yet). */
export async function appliedCount(url: string): Promise<number> {
  const db = await openDatabase(url);
  try {
    const r = await sql<{ n: number }>`select count(*) as n from kysely_migration`.execute(db.kysely).catch(() => null);
    return Number(r?.rows[0]?.n ?? 0);
  } finally {
    await db.close();
  }
}

export interface MigrateKill {
  /** The child finished before the kill (the moment was past the end of its work). */
  finishedFirst: boolean;
  /** ms from "migrating" on stdout to the kill, or to the exit when it finished first. */
  elapsedMs: number;
}

/** Start `relsync migrate`; `delayMs` after it prints "migrating", SIGKILL it (Infinity: let it finish). */
export async function killMigrate(url: string, delayMs: number, cwd: string): Promise<MigrateKill> {
  const child = spawn(process.execPath, [BIN, 'migrate'], {
    cwd,
    env: { ...process.env, DATABASE_URL: url, LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const exited = new Promise<void>((resolve) => child.on('exit', () => resolve()));
  let finished = false;
  void exited.then(() => (finished = true));
  const started = await new Promise<number>((resolve, reject) => {
    let out = '';
    child.stdout.on('data', (d: Buffer) => {
      out += d.toString();
      if (out.includes('migrating ')) resolve(Date.now());
    });
    void exited.then(() => reject(new Error(`relsync migrate exited before migrating: ${out}`)));
  });
  await (Number.isFinite(delayMs) ? Promise.race([sleep(delayMs), exited]) : exited);
  const finishedFirst = finished;
  const elapsedMs = Date.now() - started;
  if (!finished) child.kill('SIGKILL');
  await exited;
  return { finishedFirst, elapsedMs };
}

/** `relsync migrate` run to the end, the way an operator runs it after the kill. */
export function migrateAgain(url: string, cwd: string): Promise<CliResult> {
  return runCli(['migrate'], { cwd, env: { DATABASE_URL: url } });
}
