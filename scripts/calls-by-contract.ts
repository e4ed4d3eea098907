/**
 * `npx tsx scripts/calls-by-contract.ts [--scale small] [--streams a,b]`: what `sync --full` costs against each simulator
 * contract profile (reference, seed), by endpoint, and whether every association table equals the store's
 * pairs. Exits 1 when a table differs.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { sql } from 'kysely';
import { configSchema } from '../src/config/schema.ts';
import { openDatabase } from '../src/load/db.ts';
import { silentLogger } from '../src/log.ts';
import { executeSync } from '../src/runner/execute.ts';
import { CONTRACT_NAMES, startSimulator, type Scale, type SimStore } from '@relsync/simulator';

const { values } = parseArgs({ options: { scale: { type: 'string', default: 'small' }, streams: { type: 'string' } } });

/** Each association table's pairs, from the store's plain records (no rendering). */
function storePairs(store: SimStore): Record<string, Set<string>> {
  const opps = [...store.opportunities.values()];
  return {
    company_persons: new Set([...store.companies.values()].flatMap((c) => c.personIds.map((p) => `${c.id}:${p}`))),
    opportunity_persons: new Set(opps.flatMap((o) => o.personIds.map((p) => `${o.id}:${p}`))),
    opportunity_companies: new Set(opps.flatMap((o) => o.companyIds.map((c) => `${o.id}:${c}`))),
  };
}

const COLUMNS: Record<string, [string, string]> = {
  company_persons: ['company_id', 'person_id'],
  opportunity_persons: ['opportunity_id', 'person_id'],
  opportunity_companies: ['opportunity_id', 'company_id'],
};

let failed = false;
for (const contract of CONTRACT_NAMES) {
  const dir = mkdtempSync(join(tmpdir(), 'relsync-contracts-'));
  const sim = await startSimulator({ scale: values.scale as Scale, seed: 1, rateLimitPerMin: 1_000_000, monthlyLimit: null, contract });
  try {
    const config = configSchema.parse({ baseUrl: sim.url, apiKey: sim.apiKey, databaseUrl: `sqlite:${join(dir, 'w.db')}`, logLevel: 'silent' });
    const { summary } = await executeSync({
      config,
      log: silentLogger(),
      apiKey: sim.apiKey,
      mode: 'full',
      command: 'calls-by-contract',
      tty: false,
      ...(values.streams ? { streams: values.streams.split(',') } : {}),
    });
    console.log(`\n[${contract}] sync --full: ${summary.status}, ${summary.callsTotal} calls`);
    for (const [endpoint, n] of Object.entries(summary.calls).sort((a, b) => b[1] - a[1])) console.log(`  ${String(n).padStart(6)}  ${endpoint}`);
    const db = await openDatabase(config.databaseUrl);
    try {
      for (const [table, want] of Object.entries(storePairs(sim.store))) {
        const [a, b] = COLUMNS[table]!;
        const rows = await sql<{ a: number; b: number }>`select ${sql.ref(a)} as a, ${sql.ref(b)} as b from ${sql.table(table)}`.execute(db.kysely);
        const got = new Set(rows.rows.map((r) => `${Number(r.a)}:${Number(r.b)}`));
        const missing = [...want].filter((k) => !got.has(k)).length;
        const extra = [...got].filter((k) => !want.has(k)).length;
        console.log(`  ${table}: ${got.size} rows, store ${want.size}: ${missing === 0 && extra === 0 ? 'equal' : `${missing} missing, ${extra} extra`}`);
        if (missing || extra) failed = true;
      }
    } finally {
      await db.close();
    }
  } finally {
    await sim.close();
    rmSync(dir, { recursive: true, force: true });
  }
}
if (failed) process.exitCode = 1;
