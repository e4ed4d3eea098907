import { existsSync, rmSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Command } from 'commander';
import { sql } from 'kysely';
import { startSimulator, type Scale } from '../simulator/index.ts';
import { openDatabase, tableExists } from '../load/db.ts';
import { REPORTED_TABLES } from '../load/tables.ts';
import { executeSync } from '../runner/execute.ts';
import { printRunSummary } from './summary.ts';
import { commandContext } from './context.ts';

export const DEMO_QUERIES: ReadonlyArray<{ title: string; sql: string }> = [
  {
    title: 'Pipeline by stage (opportunities per Status value)',
    sql: `select fv.value_text as stage, count(*) as deals
from opportunities o
join field_values fv on fv.entity_type = 'opportunity' and fv.entity_id = o.id and fv.value_type = 'ranked-dropdown'
where o._deleted_at is null
group by fv.value_text order by deals desc;`,
  },
  {
    title: "A company's people and deals",
    sql: `select c.name as company, p.first_name || ' ' || coalesce(p.last_name, '') as person, o.name as deal
from companies c
join company_persons cp on cp.company_id = c.id
join persons p on p.id = cp.person_id
left join opportunity_persons op on op.person_id = p.id
left join opportunities o on o.id = op.opportunity_id
where c.id = (select company_id from company_persons group by company_id order by count(*) desc limit 1)
limit 20;`,
  },
  {
    title: 'Most recent field changes (who changed what, when)',
    sql: `select ch.changed_at, f.name as field, ch.action_type, ch.entity_id, ch.value_json
from field_value_changes ch join fields f on f.id = ch.field_id
order by ch.changed_at desc limit 10;`,
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
