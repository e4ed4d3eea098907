import { openDatabase } from '../src/load/db.ts';
import { silentLogger } from '../src/log.ts';
import { executeSync } from '../src/runner/execute.ts';
import { startSimulator, GEN_END_MS } from '@relsync/simulator';
import { PacedClock } from './bench-clock.ts';
import { benchConfig, freshWarehouse } from './bench-support.ts';
import { truthReasons } from './bench-month-truth.ts';
import { hotRecords } from './bench-month-changes.ts';

const clock = GEN_END_MS;
const sim = await startSimulator({ scale: 'small', seed: 1, rateLimitPerMin: 1_000_000, monthlyLimit: null, contract: 'reference' });
const paced = new PacedClock(sim.stats, clock);
sim.store.clock = () => paced.now();
const wh = freshWarehouse('sqlite', 'probe');
const config = benchConfig(sim, wh.databaseUrl, { schedule: '0 * * * *', monthlyBudget: 100000 });
const db = await openDatabase(config.databaseUrl);
for (let h = 0; h < 3; h++) {
  paced.set(clock + h * 3600000);
  const { summary } = await executeSync({ config, log: silentLogger(), apiKey: sim.apiKey, mode: 'incremental', command: 'p', tty: false, now: () => new Date(paced.now()) });
  console.log('run', h, summary.callsTotal);
}
const why = truthReasons(sim.store, 'person', clock, config.tiers.hotWindow);
const hotP = new Set(await hotRecords(db, 'person', clock, config.tiers.hotWindow));
const hotC = new Set(await hotRecords(db, 'company', clock, config.tiers.hotWindow));
const rows = await db.kysely.selectFrom('company_persons').select(['company_id', 'person_id']).execute();
const have = new Map<number, Set<number>>();
for (const r of rows) have.set(Number(r.person_id), (have.get(Number(r.person_id)) ?? new Set()).add(Number(r.company_id)));
let bad = 0;
const stats = { missingHotCompany: 0, missingColdCompany: 0, extra: 0, personHot: 0, noRow: 0 };
for (const [id, reasons] of why) {
  const p = sim.store.persons.get(id)!;
  const got = have.get(id) ?? new Set();
  const missing = p.companyIds.filter((c) => !got.has(c));
  const extra = [...got].filter((c) => !p.companyIds.includes(c));
  if (missing.length === 0 && extra.length === 0) continue;
  bad++;
  for (const c of missing) hotC.has(c) ? stats.missingHotCompany++ : stats.missingColdCompany++;
  stats.extra += extra.length;
  if (hotP.has(id)) stats.personHot++;
  if (bad <= 5) console.log(id, [...reasons], 'type', p.type, 'missing', missing.map((c) => `${c}${hotC.has(c) ? 'H' : 'C'}`), 'extra', extra, 'hot?', hotP.has(id));
}
const rw = await db.kysely.selectFrom('sync_read_whole').selectAll().limit(3).execute();
console.log('bad', bad, 'of', why.size, stats, rw);
await db.close(); await wh.dispose(); await sim.close();
process.exit(0);
