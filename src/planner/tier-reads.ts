/**
 * Which company↔person sets a run reads whole, in which order (planner/tiers.ts says what hot means).
 *
 * Hot first: sets never read whole, listed records first, then records on deals, then recent activity;
 * then the hot sets read longest ago; then the cold ones (never read first, then oldest). With caps (an
 * incremental run under the budget), each tier reads its share of a pass per run, oldest first: a rolling
 * refresh that visits every set of the tier within its (stretched) period, never a day of all of them at
 * once. A hot set never read is read at once whatever its share, and counts against it: on a first sync
 * the hot tier is complete on day one, and the cold tail follows as the budget allows (at once when there is
 * no monthly budget).
 * Under caps any live record of the side may be taken, marked or not: the entity sweep's marks say a set
 * is unknown, but a tier's refresh is due by read time alone.
 *
 * The order is recomputed from the warehouse when a read starts, and each read set's time is written with
 * its rows (sync_read_whole): an interrupted read resumes where it stopped, in the same order.
 */
import { sql, type Kysely, type RawBuilder } from 'kysely';
import { DEFAULT_ID_CHUNK } from '../defaults.ts';
import type { Database } from '../load/schema/database.ts';
import { readsDue, withNeverReadTail } from './pass-share.ts';
import { collectIds } from './id-chunks.ts';
import { LINKS_OF_SIDE, TABLE_OF_SIDE, TIER_SLACK, anySignal, hotCutoff, hotSignals, talkedSince, type TierSide } from './tiers.ts';

/** Each tier's (stretched) period and the schedule's interval: a run reads its share of each tier's pass. */
export interface TierCaps {
  hotPeriodMs: number;
  coldPeriodMs: number;
  runIntervalMs: number;
  /** No monthly budget: nothing holds the cold tail back, so its never-read sets are read at once too. */
  neverReadAtOnce?: boolean;
}

export interface TierReadInput {
  now: Date;
  hotWindowMs: number;
  /** Null: read every marked set (a `sync --full`, a backfill), still hot first. */
  caps: TierCaps | null;
}

type Where = RawBuilder<unknown>;

/**
 * The records a read may take: `live`, every live record of the side (a tier's rolling refresh goes by
 * read time alone, so a set is re-read within its period however late the entity sweep marks it);
 * `marked`, the ones a sweep or a targeted read marked (`sync --full`, a due pass: the design before
 * tiers); `markedOrNew`, those and every set never read (no monthly budget: nothing is held back).
 */
type Eligible = 'live' | 'marked' | 'markedOrNew';

function fromEligible(side: TierSide, eligible: Eligible): RawBuilder<unknown> {
  const marked = sql`t.id in (select id from sync_dirty where kind = ${LINKS_OF_SIDE[side]})`;
  const only = eligible === 'live' ? sql`` : eligible === 'marked' ? sql`and ${marked}` : sql`and (${marked} or rw.read_at is null)`;
  return sql`${sql.table(TABLE_OF_SIDE[side])} t
    left join sync_read_whole rw on rw.kind = ${LINKS_OF_SIDE[side]} and rw.id = t.id
    where t._deleted_at is null ${only}`;
}

/** Every eligible id matching `where`, ascending, fetched a bounded chunk at a time. */
function allIds(db: Kysely<Database>, side: TierSide, where: Where, eligible: Eligible): Promise<Float64Array> {
  const chunk = async (after: number, limit: number) => {
    const r = await sql<{
      id: number | string;
    }>`select t.id from ${fromEligible(side, eligible)} and ${where} and t.id > ${after} order by t.id limit ${limit}`.execute(db);
    return r.rows.map((x) => Number(x.id));
  };
  return collectIds(chunk, Number.MIN_SAFE_INTEGER, DEFAULT_ID_CHUNK);
}

/** At most `limit` eligible ids matching `where`, never-read first, then read longest ago. */
async function oldestIds(db: Kysely<Database>, side: TierSide, where: Where, limit: number): Promise<Float64Array> {
  if (limit <= 0) return new Float64Array(0);
  const r = await sql<{ id: number | string }>`select t.id from ${fromEligible(side, 'live')} and ${where}
    order by case when rw.read_at is null then 0 else 1 end, rw.read_at, t.id limit ${limit}`.execute(db);
  return Float64Array.from(r.rows.map((x) => Number(x.id)));
}

/** Live records of `side` matching `where` (counted up to `atMost` when given). */
async function countIds(db: Kysely<Database>, side: TierSide, where: Where, atMost?: number): Promise<number> {
  const from = sql`${fromEligible(side, 'live')} and ${where}`;
  const q = atMost === undefined ? sql`select count(*) as n from ${from}` : sql`select count(*) as n from (select 1 from ${from} limit ${atMost}) x`;
  const r = await sql<{ n: number | string }>`${q}`.execute(db);
  return Number(r.rows[0]?.n ?? 0);
}

/** Calls of a tier's pass the run at `now` may spend (its share, with the tier's slack), bounded for SQL. */
function share(records: number, periodMs: number, caps: TierCaps, now: Date, slack: number): number {
  const n = readsDue(records, periodMs, caps.runIntervalMs, now.getTime(), slack);
  return Number.isFinite(n) ? n : records;
}

/**
 * Sets read whole long enough ago to re-read: older than the part of the period the share does not need.
 * A share reads a tier through in period ÷ slack, so a set is taken from age period × (1 − 1 ÷ slack) on:
 * the tier's refresh still spends its whole share (every set is read at about period ÷ slack), but the sets
 * a `sync --full` has just read are not read again at once (an idle run after it reads none), and that
 * cohort's first re-read still ends within the period.
 */
function readBefore(now: Date, periodMs: number, slack: number): RawBuilder<unknown> {
  const ageMs = Number.isFinite(periodMs) ? periodMs * (1 - 1 / slack) : 0;
  return sql`rw.read_at is not null and rw.read_at <= ${new Date(now.getTime() - ageMs).toISOString()}`;
}

function markedOrNew(side: TierSide): RawBuilder<unknown> {
  return sql`t.id in (select id from sync_dirty where kind = ${LINKS_OF_SIDE[side]}) or rw.read_at is null`;
}

/** `ids` without those any of `taken` holds, in their order. */
function without(ids: Float64Array, taken: readonly Float64Array[]): Float64Array {
  const seen = new Set<number>();
  for (const t of taken) for (const id of t) seen.add(id);
  return ids.filter((id) => !seen.has(id));
}

/** The ids a link read asks for this run, in the order it reads them (module comment). */
export async function tieredLinkReads(db: Kysely<Database>, side: TierSide, input: TierReadInput): Promise<Float64Array> {
  const signals = await hotSignals(db, side, input.now, input.hotWindowMs);
  const id = sql.ref('t.id');
  const parts: Float64Array[] = [];
  const caps = input.caps;
  // No caps, or no monthly budget: every eligible set at once, hot first; else never-read hot sets at once
  // and each tier's share.
  const whole: Eligible | null = !caps ? 'marked' : caps.neverReadAtOnce ? 'markedOrNew' : null;
  for (const [i, s] of signals.entries()) {
    const earlier = anySignal(id, signals.slice(0, i));
    parts.push(await allIds(db, side, sql`${id} in (${s.ids}) and not ${earlier} and ${whole ? sql`1 = 1` : sql`rw.read_at is null`}`, whole ?? 'live'));
  }
  const hot = anySignal(id, signals);
  const cold = sql`not ${hot}`;
  // The rest, whatever tier: every eligible set the hot parts did not take. Not `not hot`: the parts are
  // separate queries while other streams write, so a record that turned hot between them (listed after
  // the listed part ran) was in neither, and a full sync left its set unread (seen on PostgreSQL, where
  // commits interleave more: 1–2 companies of 498).
  if (whole) parts.push(without(await allIds(db, side, sql`1 = 1`, whole), parts));
  if (caps) {
    // Under no budget these take what the sets read at once left: marked or new sets are read already.
    const hotRead = sql`${hot} and ${readBefore(input.now, caps.hotPeriodMs, TIER_SLACK.hot)}${whole ? sql` and not (${markedOrNew(side)})` : sql``}`;
    // Under a budget the hot sets read at once (never read: just promoted, or new) count against the hot
    // share, which is all the plan prices for the tier (budget/tier-costs.ts): read on top of it, the
    // records a day's change log promotes overspent the month (medium month bench: 2.9% over by day 6).
    const atOnce = whole ? 0 : parts.reduce((n, p) => n + p.length, 0);
    const hotShare = Math.max(0, share(await countIds(db, side, hot), caps.hotPeriodMs, caps, input.now, TIER_SLACK.hot) - atOnce);
    parts.push(await oldestIds(db, side, hotRead, hotShare));
    const coldBefore = readBefore(input.now, caps.coldPeriodMs, TIER_SLACK.cold);
    const coldRead = sql`${cold} and ${whole ? sql`${coldBefore} and not (${markedOrNew(side)})` : sql`(rw.read_at is null or ${coldBefore})`}`;
    // A share below one read a run reads in some runs only; a cold tail never read (a first sync's) still
    // moves every run (asked for only when this run's share is none).
    const coldShare = share(await countIds(db, side, cold), caps.coldPeriodMs, caps, input.now, TIER_SLACK.cold);
    const tail = coldShare === 0 && !whole && (await countIds(db, side, sql`${cold} and rw.read_at is null`, 1)) > 0;
    parts.push(await oldestIds(db, side, coldRead, withNeverReadTail(coldShare, tail, caps.coldPeriodMs)));
  }
  const out = new Float64Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

/**
 * The persons whose own set a company-side run reads once (associations.ts): those who took part in an
 * interaction within the hot window and whose set was never read whole, ascending. A person the service
 * made from an email is linked to the company of its address's domain, often a cold one, whose set the
 * company side reads a cold period later: read from the person side, the pair makes that company hot
 * ('recent') at once. Each is read once: the company side's refresh keeps its pairs after that.
 */
export function talkerReads(db: Kysely<Database>, now: Date, hotWindowMs: number): Promise<Float64Array> {
  return allIds(db, 'person', sql`rw.read_at is null and ${sql.ref('t.id')} in (${talkedSince(hotCutoff(now, hotWindowMs))})`, 'live');
}
