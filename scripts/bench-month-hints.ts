/**
 * `npm run bench -- --part month --webhooks [--drop 0.1] [--scale small] [--days 3] [--rate 5]`: the month
 * bench's changes (bench-month-changes.ts) with webhook hints (issue 19). Two warehouses follow the same
 * tenant on a shared simulated clock: one with hints, one without (hourly runs only). Each change happens
 * at a random instant of its hour; its delivery (the event the service documents for that write,
 * docs/contract.md §10) reaches the hints warehouse unless dropped (`--drop`), and a hint run follows
 * `webhookDelaySeconds` after the first pending one, as `relsync schedule` does. Staleness: simulated
 * time from the change until the warehouse shows it. Relevance tiers are on in both (the default); a change
 * is hot or cold as the hints warehouse's tiers had its company that day, and a dropped delivery's change
 * must be caught by its tier's passes (the safety net) within the tier's bound.
 */
import { openDatabase, type Db } from '../src/load/db.ts';
import { silentLogger } from '../src/log.ts';
import { executeSync } from '../src/runner/execute.ts';
import { startSimulator, GEN_END_MS, mulberry32, type Scale } from '@relsync/simulator';
import type { Config } from '../src/config/schema.ts';
import { storeDelivery } from '../src/webhooks/deliveries.ts';
import { runHintRun } from '../src/webhooks/hint-run.ts';
import { foldReads } from './bench-month-shown.ts';
import { CHANGE_KINDS, DAILY_PER_1000, changeWriter, hotCompanies, shown, withoutSuperseded, type Change, type ChangeKind } from './bench-month-changes.ts';
import { benchConfig, freshWarehouse, report } from './bench-support.ts';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const BUDGET = 100_000;
/** A month at medium takes hours: the tables so far are printed this often (simulated days). */
const REPORT_EVERY_DAYS = 3;

type Tracked = Change & { delivered: boolean };
interface Side {
  label: 'hints' | 'no hints';
  config: Config;
  db: Db;
  calls: number;
  pending: Tracked[];
  seen: Array<Tracked & { staleness: number }>;
  /** Changes a later change made impossible to see before any run showed them (bench-month-changes.ts). */
  superseded: number;
  /** When this side's runs last requested each link set, from the simulator's request log (bench-month-shown.ts). */
  readAt: Map<string, number>;
}

/** The event and body the service sends for the bench's write (the older record shape, ids only used). */
function deliveryOf(c: Change, personIds: readonly number[], listId: number | null): string {
  const at = Math.floor(c.at / 1000);
  const [type, body] =
    c.kind === 'delete'
      ? ['organization.deleted', { id: c.company }]
      : c.kind === 'list'
        ? ['list_entry.created', { id: c.entry, list_id: listId, entity_id: c.company, entity_type: 1 }]
        : c.kind === 'list_remove'
          ? ['list_entry.deleted', { id: c.entry, list_id: listId, entity_id: c.company, entity_type: 1 }]
          : c.kind === 'field'
            ? ['field_value.updated', { field_id: c.field, entity_id: c.company, list_entry_id: null }]
            : ['organization.updated', { id: c.company, name: c.name ?? null, person_ids: personIds }];
  return JSON.stringify({ type, body, sent_at: at });
}

const pct = (xs: number[], p: number) => (xs.length === 0 ? NaN : [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))]!);
const m = (ms: number) => (Number.isNaN(ms) ? '-' : ms < HOUR ? `${(ms / MINUTE).toFixed(1)}m` : `${(ms / HOUR).toFixed(1)}h`);

async function observe(s: Side, now: number): Promise<void> {
  const got = await shown(s.db, s.pending, s.readAt);
  for (const c of s.pending) if (got.has(c)) s.seen.push({ ...c, staleness: now - c.at });
  s.pending = s.pending.filter((c) => !got.has(c));
}

/** The rows of the table: each kind, its delivery arrived; dropped, per tier (the safety net's bounds differ). */
const GROUPS: Array<[string, (c: Tracked) => boolean]> = CHANGE_KINDS.flatMap((k): Array<[string, (c: Tracked) => boolean]> => [
  [`${k} (arrived)`, (c) => c.kind === k && c.delivered],
  [`${k} (dropped, hot)`, (c) => c.kind === k && !c.delivered && c.tier === 'hot'],
  [`${k} (dropped, cold)`, (c) => c.kind === k && !c.delivered && c.tier === 'cold'],
]);

function table(s: Side, changes: number, now: number): void {
  console.log(
    `  ${s.label}: ${s.calls} calls after day 1 (${(s.calls / Math.max(1, changes)).toFixed(2)} a change); ${s.superseded} changes superseded before shown (not counted)`,
  );
  console.log(`    ${'change (delivery)'.padEnd(30)} ${'n'.padStart(5)} ${'p50'.padStart(8)} ${'p95'.padStart(8)} ${'max'.padStart(8)} unseen`);
  for (const [name, f] of GROUPS) {
    const xs = s.seen.filter(f).map((c) => c.staleness);
    const unseen = s.pending.filter(f);
    if (xs.length + unseen.length === 0) continue;
    // An unseen change counts in the max with its age so far.
    const max = Math.max(0, ...xs, ...unseen.map((c) => now - c.at));
    console.log(
      `    ${name.padEnd(30)} ${String(xs.length + unseen.length).padStart(5)} ${m(pct(xs, 50)).padStart(8)} ${m(pct(xs, 95)).padStart(8)} ${m(max).padStart(8)} ${unseen.length}`,
    );
  }
}

const WATCHED: Array<[string, ChangeKind[]]> = [
  ['association changes', ['link_add', 'link_remove']],
  ['renames', ['rename']],
  ['deletes', ['delete']],
  ['list membership', ['list', 'list_remove']],
];

/** Dropped deliveries fall to the safety net: the tiers' bounds (hot p95 within a day, cold within 30 days). */
function safetyNet(hinted: Side, now: number): void {
  const dropped = (tier: 'hot' | 'cold') => (c: Tracked) => !c.delivered && c.tier === tier && c.kind !== 'field';
  const hotP95 = pct(
    hinted.seen.filter(dropped('hot')).map((c) => c.staleness),
    95,
  );
  report('dropped deliveries, hot tier: p95 staleness (links, renames, deletes, lists)', m(hotP95), '<= 24h', !(hotP95 > DAY));
  const coldMax = Math.max(0, ...hinted.seen.filter(dropped('cold')).map((c) => c.staleness), ...hinted.pending.filter(dropped('cold')).map((c) => now - c.at));
  report('dropped deliveries, cold tier: max staleness so far', m(coldMax), '<= 30 days', coldMax <= 30 * DAY);
}

function summarize(sides: Side[], changes: number, now: number, o: { scale: Scale; days: number; rate: number; drop: number }): void {
  const [hinted, plain] = sides as [Side, Side];
  console.log(`webhook hints at ${o.scale}, ${o.days} days, change rate ×${o.rate}, ${o.drop * 100}% of deliveries dropped (staleness: simulated time)`);
  for (const s of sides) table(s, changes, now);
  const arrived = (kinds: ChangeKind[]) => hinted.seen.filter((c) => c.delivered && kinds.includes(c.kind)).map((c) => c.staleness);
  for (const [what, kinds] of WATCHED) {
    const p95 = pct(arrived(kinds), 95);
    report(`hints p95, ${what} whose delivery arrived`, m(p95), '<= 2m', p95 <= 2 * MINUTE);
  }
  safetyNet(hinted, now);
  const per = (hinted.calls - plain.calls) / Math.max(1, changes);
  report('calls a change added by hints (days 2..end)', per.toFixed(2), '~1', per <= 2);
  const month = (s: Side) => Math.round((s.calls * 30) / Math.max(1, o.days - 1));
  report('month calls with hints vs without (scaled to 30 days)', `${month(hinted)} vs ${month(plain)}`, `<= ${BUDGET}`, month(hinted) <= BUDGET);
}

export async function runMonthHintsPart(scale: Scale, days: number, rate: number, drop: number): Promise<void> {
  let clock = GEN_END_MS;
  const sim = await startSimulator({ scale, seed: 1, rateLimitPerMin: 1_000_000, monthlyLimit: null, contract: 'reference' });
  sim.store.clock = () => clock;
  sim.stats.log = [];
  const whs = [freshWarehouse('sqlite', 'month-hints'), freshWarehouse('sqlite', 'month-nohints')];
  const sides: Side[] = [];
  const log = silentLogger();
  try {
    for (const [i, label] of (['hints', 'no hints'] as const).entries()) {
      const config = benchConfig(sim, whs[i]!.databaseUrl, { schedule: '0 * * * *', monthlyBudget: BUDGET });
      sides.push({ label, config, db: await openDatabase(config.databaseUrl), calls: 0, pending: [], seen: [], superseded: 0, readAt: new Map() });
    }
    const [hinted] = sides as [Side, Side];
    // The sets each side's run requested, from the simulator's log: a link removal is seen only after one.
    const drain = (s: Side) => foldReads(s.readAt, sim.stats.log?.splice(0) ?? []);
    const cron = async (s: Side) => {
      const { summary } = await executeSync({
        config: s.config,
        log,
        apiKey: sim.apiKey,
        mode: 'incremental',
        command: 'bench',
        tty: false,
        now: () => new Date(clock),
      });
      drain(s);
      return summary.callsTotal;
    };
    for (const s of sides) await cron(s);
    const rand = mulberry32(19);
    const writer = changeWriter(sim.store, rand);
    const listId = [...sim.store.lists.values()].find((l) => l.type === 'company')?.id ?? null;
    const owed = Object.fromEntries(CHANGE_KINDS.map((k) => [k, 0])) as Record<ChangeKind, number>;
    const perHour = (k: ChangeKind) => (rate * DAILY_PER_1000[k] * sim.store.companies.size) / 1000 / 24;
    let changes = 0;
    let armedAt: number | null = null;
    const hintRun = async (at: number, hour: number) => {
      clock = at;
      const r = await runHintRun({ config: hinted.config, log, apiKey: sim.apiKey, db: hinted.db, now: () => new Date(clock) });
      drain(hinted);
      if (hour > 24) hinted.calls += r.summary?.callsTotal ?? 0;
      armedAt = null;
      await observe(hinted, clock);
    };
    let hot = new Set<number>();
    const started = Date.now();
    for (let hour = 1; hour <= days * 24; hour++) {
      // A change's tier is the one the hints warehouse gives its company that day (as the month bench does).
      if ((hour - 1) % 24 === 0) hot = new Set(await hotCompanies(hinted.db, clock, hinted.config.tiers.hotWindow));
      const start = clock;
      const due: Array<[ChangeKind, number]> = [];
      for (const kind of CHANGE_KINDS) for (owed[kind] += perHour(kind); owed[kind] >= 1; owed[kind] -= 1) due.push([kind, start + Math.floor(rand() * HOUR)]);
      due.sort((a, b) => a[1] - b[1]);
      const all = [...sim.store.companies.keys()];
      for (const [kind, at] of due) {
        if (armedAt !== null && armedAt <= at) await hintRun(armedAt, hour);
        clock = at;
        const id = all[Math.floor(rand() * all.length)]!;
        const c = writer.apply(kind, id, clock, hot.has(id) ? 'hot' : 'cold');
        if (!c) continue;
        changes += hour > 24 ? 1 : 0;
        const delivered = rand() >= drop;
        for (const s of sides) {
          const left = withoutSuperseded(s.pending, c);
          s.pending = [...left.pending, { ...c, delivered }];
          s.superseded += left.dropped;
        }
        if (!delivered) continue;
        await storeDelivery(hinted.db.kysely, deliveryOf(c, sim.store.companies.get(c.company)?.personIds ?? [], listId), new Date(clock));
        armedAt ??= clock + hinted.config.webhookDelaySeconds * 1000;
      }
      if (armedAt !== null && armedAt <= start + HOUR) await hintRun(armedAt, hour);
      clock = start + HOUR;
      for (const s of sides) {
        const calls = await cron(s);
        if (hour > 24) s.calls += calls;
        await observe(s, clock);
      }
      if (hour % (REPORT_EVERY_DAYS * 24) === 0 && hour < days * 24) summarize(sides, changes, clock, { scale, days: hour / 24, rate, drop });
      if (hour % 24 === 0)
        console.log(
          `  day ${hour / 24}: ${sides.map((s) => `${s.label} ${s.calls} calls, ${s.pending.length} unseen`).join('; ')} (${((Date.now() - started) / 1000).toFixed(0)} s)`,
        );
    }
    summarize(sides, changes, clock, { scale, days, rate, drop });
  } finally {
    for (const s of sides) await s.db.close();
    for (const w of whs) await w.dispose();
    await sim.close();
  }
}
