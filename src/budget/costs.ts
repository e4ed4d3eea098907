import { parseCheckpoint } from '../state/checkpoint.ts';
import { HINT_RUN_COMMAND } from '../state/runs.ts';
import { DEFAULT_HINT_PRICING_DAYS } from '../defaults.ts';
import type { StreamCost } from './month-plan.ts';
import type { PlanContext } from '../planner/context.ts';

/** How many recent runs the cost history looks at. */
const DEFAULT_HISTORY_RUNS = 50;

/** What the planner needs to know of a stream to price it (kept apart from stream definitions: the planner sits below them). */
export interface PricedStream {
  name: string;
  /** Read every run (feeds, change-marked re-reads) rather than once per period. */
  everyRun: boolean;
  periodMs: number;
  /** The between-sweeps feed of a periodic sweep: priced from the incremental runs in which it did not sweep. */
  between?: boolean;
  /**
   * A single-read stream of the records whose association sets a read lacked (it consumes `*_links`
   * marks): every sweep of its group marks a whole page of records (the company↔person single reads: one
   * per company on each entity sweep), so beside a few reads every run it costs a pass once per the
   * group's period, `periodMs`.
   */
  linkReads?: boolean;
  /** Periodic work of the hot tier (stretched last; month-plan.ts). */
  tier?: 'hot';
  /** Held to its own share of the month when the month does not fit (month-plan.ts `ownShare`). */
  ownShare?: boolean;
  /**
   * Reads only the records change signals marked in `sync_dirty` (the `*_changed` re-reads, the link
   * reads' every-run floor): with nothing marked it reads nothing. Before any incremental run it is
   * priced at none, not the one-call fallback: right after a full sync the fallback priced six such
   * streams at 720 calls a month each (4,320 of a 9,360-call every-run month, against 5,040 once one
   * incremental run had run; issue 17).
   */
  marksOnly?: boolean;
  /**
   * A pass reads only the records that may have changed (new ones, a changed count) and the others once
   * `periodMs` after their last read, which it remembers under `kind` (transcript fragments,
   * planner/fragment-ids.ts): per the stream's own period it costs the median of its incremental passes
   * (none before any), and per this period one call for each record read so far. Priced from its last
   * pass it cost a whole read every period until the first pass after the first sync.
   */
  unchanged?: { kind: string; periodMs: number };
}

/** What a periodic price carries of its stream besides the calls: its tier and whether it keeps a share of its own. */
function periodicTraits(s: PricedStream): Pick<StreamCost, 'tier' | 'ownShare'> {
  return { ...(s.tier ? { tier: s.tier } : {}), ...(s.ownShare ? { ownShare: true } : {}) };
}

interface StreamRunJson {
  mode?: string;
  calls?: number;
  status?: string;
}

interface SeenRun {
  mode: string;
  s: StreamRunJson;
}

/** The calls of the latest run that swept the stream to its end (warehouses from before checkpoints kept a pass's pages). */
function lastSweepRunCalls(seen: readonly SeenRun[]): number | null {
  const run = seen.find((x) => x.s.mode === 'sweep' && x.s.status === 'succeeded');
  return run ? (run.s.calls ?? 0) : null;
}

/**
 * Pages of each stream's latest complete pass, summed over its partitions (checkpoint `lastSweepPages`):
 * a pass read over several runs at its per-run share, or partitions swept in different runs, still count
 * whole. Pricing a pass by the calls of the run that finished it under-priced it, and with it the
 * runner's per-run share, which then spread the next pass thinner still.
 */
async function passPages(ctx: PlanContext, names: readonly string[]): Promise<Map<string, number>> {
  const out = new Map<string, number>();
  if (names.length === 0) return out;
  const rows = await ctx.db.kysely.selectFrom('sync_state').select(['stream', 'checkpoint_json']).where('stream', 'in', names).execute();
  for (const r of rows) {
    const pages = parseCheckpoint(r.checkpoint_json).checkpoint.lastSweepPages;
    if (pages !== null) out.set(r.stream, (out.get(r.stream) ?? 0) + pages);
  }
  return out;
}

/** How many records each `unchanged` stream has read and remembers (sync_read_whole). */
async function rememberedCounts(ctx: PlanContext, streams: readonly PricedStream[]): Promise<Map<string, number>> {
  const kinds = streams.flatMap((s) => (s.unchanged ? [s.unchanged.kind] : []));
  if (kinds.length === 0) return new Map();
  const rows = await ctx.db.kysely
    .selectFrom('sync_read_whole')
    .select((eb) => ['kind', eb.fn.countAll<number | string>().as('n')])
    .where('kind', 'in', kinds)
    .groupBy('kind')
    .execute();
  return new Map(rows.map((r) => [r.kind, Number(r.n)]));
}

function median(xs: readonly number[]): number {
  const sorted = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? (sorted[mid] ?? 0) : ((sorted[mid - 1] ?? 0) + (sorted[mid] ?? 0)) / 2;
}

type RunRow = { id?: string; mode: string; streams_json: string | null };

function parseRuns(rows: readonly RunRow[]): Array<{ mode: string; streams: Record<string, StreamRunJson> }> {
  return rows.map((r) => ({ mode: r.mode, streams: r.streams_json ? (JSON.parse(r.streams_json) as Record<string, StreamRunJson>) : {} }));
}

/**
 * The latest run that read everything from scratch: a `sync --full`, else the warehouse's first run. A
 * link-read stream's pass is priced from it (what it read when every sweep of its group had marked).
 */
async function wholeRun(ctx: PlanContext): Promise<Record<string, StreamRunJson>> {
  const q = ctx.db.kysely.selectFrom('sync_runs').select(['mode', 'streams_json']).where('status', 'in', ['succeeded', 'partial']);
  const row =
    (await q.where('mode', '=', 'full').orderBy('started_at', 'desc').limit(1).executeTakeFirst()) ??
    (await q.orderBy('started_at', 'asc').limit(1).executeTakeFirst());
  return row ? (parseRuns([row])[0]?.streams ?? {}) : {};
}

/**
 * The runs to price every-run work from, without the warehouse's first run once later ones exist: an
 * incremental first sync reads every feed and change log from the start (list entries, the change log,
 * fragments), and averaged into a day of hourly runs it priced a month of them at 35% over what they spent
 * (BENCHMARKS "A simulated month"). Its passes still price the periodic work (checkpoints, wholeRun).
 */
async function withoutFirstRun(ctx: PlanContext, runs: readonly RunRow[]): Promise<RunRow[]> {
  if (runs.length < 2) return [...runs];
  const first = await ctx.db.kysely
    .selectFrom('sync_runs')
    .select('id')
    .where('status', 'in', ['succeeded', 'partial'])
    .orderBy('started_at', 'asc')
    .limit(1)
    .executeTakeFirst();
  return runs.filter((r) => r.id !== first?.id);
}

/**
 * Price each stream from the warehouse's own state: a periodic stream costs the pages of its latest
 * complete pass (passPages; else the calls of the last run that swept it), an every-run stream the mean
 * of its calls over recent incremental runs (one call when it has not run incrementally yet; none for a
 * stream that reads only marks). A link-read stream costs the median of its incremental runs every run
 * (none before any; the median leaves out the runs in which a sweep marked a whole page) plus, once per its group's period, what it read in the latest whole run. A
 * stream never run is priced at `fallback` calls (before the first sync, `relsync plan` counts instead),
 * one the latest run skipped (not its capability's chosen source, or denied) at none.
 */
export async function streamCosts(ctx: PlanContext, streams: readonly PricedStream[], fallback = 1): Promise<{ costs: StreamCost[]; unknown: string[] }> {
  // Hint runs come between the scheduled ones, as often as deliveries do: averaged in, their few calls
  // priced every-run work as if a month had as many runs (hintRunCost prices them apart).
  const runs = await ctx.db.kysely
    .selectFrom('sync_runs')
    .select(['id', 'mode', 'streams_json'])
    .where('status', 'in', ['succeeded', 'partial'])
    .where('command', '!=', HINT_RUN_COMMAND)
    .orderBy('started_at', 'desc')
    .limit(DEFAULT_HISTORY_RUNS)
    .execute();
  const parsed = parseRuns(runs);
  const later = parseRuns(await withoutFirstRun(ctx, runs));
  const whole = streams.some((s) => s.linkReads) ? await wholeRun(ctx) : {};
  const remembered = await rememberedCounts(ctx, streams);
  const pages = await passPages(
    ctx,
    streams.filter((s) => !s.everyRun).map((s) => s.name),
  );
  const unknown: string[] = [];
  const costs = streams.flatMap((s): StreamCost[] => {
    const seenIn = (rs: typeof parsed) => rs.map((r) => ({ mode: r.mode, s: r.streams[s.name] })).filter((x): x is SeenRun => x.s !== undefined);
    const seen = seenIn(parsed);
    const incremental = seenIn(later).filter((x) => x.mode === 'incremental' && x.s.calls !== undefined);
    if (s.linkReads) {
      const floor = incremental.length === 0 ? 0 : median(incremental.map((x) => x.s.calls ?? 0));
      return [
        { name: s.name, kind: 'every-run', calls: floor, periodMs: 0 },
        { name: s.name, kind: 'periodic', calls: whole[s.name]?.calls ?? 0, periodMs: s.periodMs, ...periodicTraits(s) },
      ];
    }
    if (s.unchanged) {
      const passes = incremental.filter((x) => x.s.mode === 'sweep').map((x) => x.s.calls ?? 0);
      return [
        { name: s.name, kind: 'periodic', calls: passes.length === 0 ? 0 : median(passes), periodMs: s.periodMs },
        { name: s.name, kind: 'periodic', calls: remembered.get(s.unchanged.kind) ?? 0, periodMs: s.unchanged.periodMs },
      ];
    }
    if (s.everyRun) {
      // Calls of incremental runs (a skipped source costs 0); a between-sweeps feed only from runs in which it did not sweep.
      const between = incremental.filter((x) => !(s.between && x.s.mode === 'sweep'));
      // Before any incremental run, a stream the latest run skipped (another source of its capability was
      // chosen, or it is denied) will not run either: it costs nothing, not the fallback.
      const unpriced = seen[0]?.s.status === 'skipped' || s.marksOnly ? 0 : fallback;
      const calls = between.length === 0 ? unpriced : between.reduce((n, x) => n + (x.s.calls ?? 0), 0) / between.length;
      return [{ name: s.name, kind: 'every-run', calls, periodMs: 0 }];
    }
    const pass = pages.get(s.name) ?? lastSweepRunCalls(seen);
    const skipped = pass === null && seen[0]?.s.status === 'skipped';
    if (pass === null && !skipped) unknown.push(s.name);
    return [{ name: s.name, kind: 'periodic', calls: pass ?? (skipped ? 0 : fallback), periodMs: s.periodMs, ...periodicTraits(s) }];
  });
  return { costs, unknown };
}

/** The monthly limit the service's headers last reported (`x-ratelimit-limit-org`), from the latest run that saw one. */
export async function lastHeaderLimit(ctx: PlanContext): Promise<number | null> {
  const rows = await ctx.db.kysely
    .selectFrom('sync_runs')
    .select(['rate_budget_json'])
    .where('rate_budget_json', 'is not', null)
    .orderBy('started_at', 'desc')
    .limit(10)
    .execute();
  for (const r of rows) {
    const b = JSON.parse(r.rate_budget_json ?? 'null') as { orgLimit?: number | null } | null;
    if (typeof b?.orgLimit === 'number') return b.orgLimit;
  }
  return null;
}

const DAY_MS = 86_400_000;

/**
 * What webhook hint runs spend a month, from those of the last DEFAULT_HINT_PRICING_DAYS: their calls over
 * the time they span (at least a day, so a first delivery is not a month of them), scaled to 30 days. Hint
 * runs re-read what deliveries named, between the scheduled runs, from the same monthly allowance.
 */
export async function hintRunCost(ctx: PlanContext, now: Date): Promise<number> {
  const since = new Date(now.getTime() - DEFAULT_HINT_PRICING_DAYS * DAY_MS).toISOString();
  const r = await ctx.db.kysely
    .selectFrom('sync_runs')
    .select((eb) => [eb.fn.sum<number | string>('calls_total').as('calls'), eb.fn.min('started_at').as('first')])
    .where('command', '=', HINT_RUN_COMMAND)
    .where('started_at', '>=', since)
    .executeTakeFirst();
  const calls = Number(r?.calls ?? 0);
  if (calls === 0 || r?.first == null) return 0;
  const spanMs = Math.min(DEFAULT_HINT_PRICING_DAYS * DAY_MS, Math.max(DAY_MS, now.getTime() - new Date(r.first as string | Date).getTime()));
  return (calls * 30 * DAY_MS) / spanMs;
}
