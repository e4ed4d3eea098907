import { createRequire as relsyncCreateRequire } from 'node:module';
const require = relsyncCreateRequire(import.meta.url);
import {
  startSimulator
} from "./chunk-7CMLQ6WR.js";
import {
  PROGRESS_WORDS,
  printRunSummary
} from "./chunk-VXERQHPF.js";
import "./chunk-GZP5GT6K.js";
import {
  executeSync
} from "./chunk-KPKK5NZ3.js";
import "./chunk-3EUJRTOD.js";
import {
  REPORTED_TABLES
} from "./chunk-VHZNFHXY.js";
import "./chunk-3AGDFFSI.js";
import {
  openDatabase,
  sql,
  tableExists
} from "./chunk-C4J6S7LO.js";
import {
  commandContext
} from "./chunk-U6T6MHVZ.js";
import "./chunk-CRSUMNAO.js";

// src/cli/demo-command.ts
import { existsSync, rmSync } from "node:fs";
import { resolve } from "node:path";
var DEMO_QUERIES = [
  {
    title: "Pipeline by stage (live deals per Status value, deals without one included)",
    sql: `select coalesce(stage, '(no status)') as stage, count(*) as deals
from opportunity_overview
group by coalesce(stage, '(no status)')
order by deals desc, stage;`
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
order by kind, name nulls last, id;`
  },
  {
    title: "Most recent field changes (who changed what, when)",
    sql: `select changed_at, changer_name, field_name, action_type, entity_type, entity_id, value_text
from field_value_history
order by changed_at desc, change_id desc limit 10;`
  }
];
async function runDemoCommand(cmd, opts) {
  const file = resolve(opts.db);
  const { config, log } = commandContext(cmd, { databaseUrl: `sqlite:${file}`, logLevel: process.env.LOG_LEVEL ?? "warn" });
  for (const suffix of ["", "-wal", "-shm"]) {
    if (existsSync(file + suffix)) rmSync(file + suffix);
  }
  process.stdout.write(`starting the simulator (${opts.scale} scale) \u2026
`);
  const sim = await startSimulator({ scale: opts.scale, seed: 1 });
  const started = Date.now();
  try {
    process.stdout.write(`syncing ${sim.url} into ${file} \u2026
`);
    const { summary } = await executeSync({
      config: { ...config, baseUrl: sim.url, apiKey: sim.apiKey },
      log,
      apiKey: sim.apiKey,
      mode: "full",
      command: "demo",
      tty: Boolean(process.stderr.isTTY),
      words: PROGRESS_WORDS
    });
    printRunSummary(summary, process.stdout);
  } finally {
    await sim.close();
  }
  const db = await openDatabase(`sqlite:${file}`);
  try {
    process.stdout.write("\nrows per table:\n");
    for (const table of REPORTED_TABLES) {
      if (!await tableExists(db, table)) continue;
      const r = await sql`select count(*) as n from ${sql.table(table)}`.execute(db.kysely);
      process.stdout.write(`  ${table.padEnd(26)} ${String(r.rows[0]?.n ?? 0).padStart(7)}
`);
    }
  } finally {
    await db.close();
  }
  process.stdout.write(`
done in ${((Date.now() - started) / 1e3).toFixed(1)} s. Try these in \`sqlite3 ${opts.db}\`:
`);
  for (const q of DEMO_QUERIES) process.stdout.write(`
-- ${q.title}
${q.sql}
`);
}
export {
  DEMO_QUERIES,
  runDemoCommand
};
