import { existsSync, rmSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Command } from 'commander';
import { sql } from 'kysely';
import { startSimulator, type Scale } from '@relsync/simulator';
import { openDatabase, tableExists } from '../load/db.ts';
import { REPORTED_TABLES } from '../load/schema/table-specs.ts';
import { executeSync } from '../runner/execute.ts';
import { PROGRESS_WORDS } from './format/progress-words.ts';
import { printRunSummary } from './summary.ts';
import { commandContext } from './context.ts';

/**
 * The queries `demo` suggests. Each answers its title on both dialects: live records only, deals reached
 * through `opportunity_companies` (not through the company's people), a person's name never NULL, deals
 * with no status counted, and ties broken so the order is the same everywhere.
 */
export const DEMO_QUERIES: ReadonlyArray<{ title: string; sql: string }> = [
  {
    title: 'Pipeline by stage (live deals per Status value, deals without one included)',
    sql: `select coalesce(stage, '(no status)') as stage, count(*) as deals
from opportunity_overview
group by coalesce(stage, '(no status)')
order by deals desc, stage;`,
  },
  {
    title: "A company's people and deals (the company with the most deals)",
    sql: `with c as (select company_id from company_overview order by deals desc, people desc, company_id limit 1)
select 'person' as kind, p.id, coalesce(nullif(trim(coalesce(p.first_name, '') || ' ' || coalesce(p.last_name, '')), ''), p.primary_email) as name
from company_persons cp join persons p on p.id = cp.person_id and p._deleted_at is null
where cp.company_id = (select company_id from c)
union all
select 'deal', o.id, o.name
from opportunity_companies oc join opportunities o on o.id = oc.opportunity_id and o._deleted_at is null
where oc.company_id = (select company_id from c)
order by kind, name nulls last, id;`,
  },
  {
    title: 'Most recent field changes (who changed what, when)',
    sql: `select changed_at, changer_name, field_name, action_type, entity_type, entity_id, value_text
from field_value_history
order by changed_at desc, change_id desc limit 10;`,
  },
];

export async function runDemoCommand(cmd: Command, opts: { db: string; scale: string }): Promise<void> {
  const file = resolve(opts.db);
  const { config, log } = commandContext(cmd, { databaseUrl: `sqlite:${file}`, logLevel: process.env.LOG_LEVEL ?? 'warn' });
  for (const suffix of ['', '-wal', '-shm']) {
    if (existsSync(file + suffix)) rmSync(file + suffix);
  }
  process.stdout.write(`starting the simulator (${opts.scale} scale) …\n`);
  const sim = await startSimulator({ scale: opts.scale as Scale, seed: 1 });
  const started = Date.now();
  try {
    process.stdout.write(`syncing ${sim.url} into ${file} …\n`);
    const { summary } = await executeSync({
      config: { ...config, baseUrl: sim.url, apiKey: sim.apiKey },
      log,
      apiKey: sim.apiKey,
      mode: 'full',
      command: 'demo',
      tty: Boolean(process.stderr.isTTY),
      words: PROGRESS_WORDS,
    });
    printRunSummary(summary, process.stdout);
  } finally {
    await sim.close();
  }
  const db = await openDatabase(`sqlite:${file}`);
  try {
    process.stdout.write('\nrows per table:\n');
    for (const table of REPORTED_TABLES) {
      if (!(await tableExists(db, table))) continue;
      const r = await sql<{ n: number }>`select count(*) as n from ${sql.table(table)}`.execute(db.kysely);
      process.stdout.write(`  ${table.padEnd(26)} ${String(r.rows[0]?.n ?? 0).padStart(7)}\n`);
    }
  } finally {
    await db.close();
  }
  process.stdout.write(`\ndone in ${((Date.now() - started) / 1000).toFixed(1)} s. Try these in \`sqlite3 ${opts.db}\`:\n`);
  for (const q of DEMO_QUERIES) process.stdout.write(`\n-- ${q.title}\n${q.sql}\n`);
}
