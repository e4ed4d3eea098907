/**
 * Relevance tiers. A record is HOT when the warehouse shows someone cares about it: it is on a list, it is
 * on a deal (liveDeal), or within `tiers.hotWindow` it took part in an interaction (a
 * company: through one of its persons), a note named it, or it was created (first stored after its
 * collection's first complete sweep: newSinceOf). The change log, a webhook hint (`sync_hinted`) or a mark
 * for a re-read (`sync_dirty`) promote it for a day (DEFAULT_HOT_PROMOTION_MS), so it is read at once.
 * Everything else is COLD. Computed by the planner from warehouse tables alone, never from the API, by one
 * indexed subquery per signal: a new signal is one more entry in `signalsOf`, not a new code path.
 *
 * Tiers schedule the passes no change signal covers: a record's company↔person set is read whole by a
 * single read (one call per record), hot records every `sweeps.hot`, cold ones every `sweeps.cold`.
 */
import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { Database } from '../load/schema/database.ts';
import { readCheckpoint } from '../state/checkpoint.ts';
import { DEFAULT_COLD_SHARE_SLACK, DEFAULT_HOT_PROMOTION_MS, DEFAULT_HOT_SHARE_SLACK } from '../defaults.ts';

export type TierSide = 'company' | 'person';
export type Tier = 'hot' | 'cold';

/** Each tier's share slack (defaults.ts): the hot tier's bound is a p95 of its period, the cold tier's a max. */
export const TIER_SLACK: Readonly<Record<Tier, number>> = { hot: DEFAULT_HOT_SHARE_SLACK, cold: DEFAULT_COLD_SHARE_SLACK };

/** One reason a record is hot; `rank` orders a first sync's reads (listed first, then deals, then recent activity). */
export interface HotSignal {
  name: 'listed' | 'deal' | 'recent';
  rank: number;
  /** The ids of `side` this signal makes hot, as a subquery (plain SQL both dialects take). */
  ids: RawBuilder<unknown>;
}

/** The instants the hot signals count from (ISO times). */
export interface SignalWindows {
  /** The start of the hot window (`tiers.hotWindow`): interactions and notes since then make a record hot. */
  cutoff: string;
  /** A change-log entry, a webhook hint or a mark since then promotes its record (DEFAULT_HOT_PROMOTION_MS). */
  promotedSince: string;
  /**
   * Records first stored after it were created upstream within the window (null: none is known to be).
   * Strictly after: the first sweep's last page is stored at the instant the sweep completes (and a run on
   * a fixed clock stores every page at it), and none of its records is new.
   */
  newSince: string | null;
}

/**
 * The rows that keep a record hot by a standing signal (`listed`, `deal` in signalsOf): the column naming the
 * record, and its side (`entity_type`: the row says). The service takes them away when it deletes the record,
 * and the record's tier goes with them, so its deletion would wait for the cold sweep: a removed one marks
 * the record it named for a lookup by id instead (runner/leaving-marks.ts).
 */
export const STANDING_ROWS = {
  listed: { table: 'list_entries', column: 'entity_id', side: 'entity_type' },
  dealPerson: { table: 'opportunity_persons', column: 'person_id', side: 'person' },
  dealCompany: { table: 'opportunity_companies', column: 'company_id', side: 'company' },
} as const;

/**
 * The hot signals of one side. Standing ones keep a record hot while they hold: a list entry, a live deal, an
 * interaction or a note within the hot window, its creation within it. A change-log entry or a webhook
 * hint only promotes it, for DEFAULT_HOT_PROMOTION_MS: long enough for its sets to be read at once at the
 * hot tier's pace, after which it is back in the tier its standing signals give it.
 */
export function signalsOf(side: TierSide, w: SignalWindows): HotSignal[] {
  const { cutoff, promotedSince, newSince } = w;
  const talked = talkedSince(cutoff);
  const viaInteraction = side === 'person' ? talked : sql`select company_id from company_persons where person_id in (${talked})`;
  const { listed } = STANDING_ROWS;
  const deal = side === 'company' ? STANDING_ROWS.dealCompany : STANDING_ROWS.dealPerson;
  return [
    {
      name: 'listed',
      rank: 0,
      ids: sql`select ${sql.ref(listed.column)} from ${sql.table(listed.table)} where ${sql.ref(listed.side)} = ${side} and _deleted_at is null`,
    },
    {
      name: 'deal',
      rank: 1,
      ids: sql`select ${sql.ref(deal.column)} from ${sql.table(deal.table)} where ${liveDeal(sql.ref('opportunity_id'))}`,
    },
    {
      name: 'recent',
      rank: 2,
      ids: sql`${viaInteraction}
        union select na.entity_id from note_attachments na join notes n on n.id = na.note_id
          where na.entity_type = ${side} and n.created_at >= ${cutoff} and n._deleted_at is null
        union select entity_id from field_value_changes where entity_type = ${side} and changed_at >= ${promotedSince}
        union select id from sync_dirty where kind = ${side}
        union select id from sync_hinted where kind = ${side} and hinted_at >= ${promotedSince}${
          newSince === null
            ? sql``
            : sql`
        union select id from ${sql.table(TABLE_OF_SIDE[side])} where _first_seen_at > ${newSince}`
        }`,
    },
  ];
}

/** The persons who took part in a live interaction since `cutoff` (an ISO time), as a subquery. */
export function talkedSince(cutoff: string): RawBuilder<unknown> {
  return sql`select ip.person_id from interaction_participants ip
    join interactions i on i.kind = ip.kind and i.id = ip.interaction_id
    where i.started_at >= ${cutoff} and i._deleted_at is null and ip.person_id is not null`;
}

/**
 * A deal counts for as long as it lives, worked on or not, as the simulator's truth counts every deal (issue
 * 34): with only the deals touched within the window hot, the month bench's recall of the truth's relevant
 * records at small was 58% of companies and 33% of persons, a deal among the reasons of most misses; every deal
 * took both to 95–100% for 28% more calls (BENCHMARKS.md). A deal the warehouse does not hold is unknown rather
 * than gone, and counts; one deleted upstream is no deal at all.
 */
function liveDeal(opportunityId: RawBuilder<unknown>): RawBuilder<unknown> {
  return sql`${opportunityId} not in (select id from opportunities where _deleted_at is not null)`;
}

/**
 * Since when a record first stored was new upstream: neither interface says when a company or person was
 * created, so relsync counts one first stored (`_first_seen_at`, migration 026) after the first complete
 * sweep of its collection, within the hot window. Before that first sweep every record is simply being
 * loaded (null); a warehouse whose first sweep predates the column holds only null there for older rows.
 */
export async function newSinceOf(db: Kysely<Database>, side: TierSide, cutoff: string): Promise<string | null> {
  // The collection's sweep stream is named after its table.
  const { checkpoint } = await readCheckpoint(db, TABLE_OF_SIDE[side]);
  if (checkpoint.lastSweepCompletedAt === null) return null;
  const first = checkpoint.firstPassAt;
  return first !== null && first > cutoff ? first : cutoff;
}

/**
 * The hot signals of one side now: the window's cutoff, the promotions' and the records new within the
 * window (newSinceOf). `graceMs` widens the dated signals (activity, notes, creation, promotions) by that
 * much, for the records that were hot that recently (hot-refresh.ts).
 */
export async function hotSignals(db: Kysely<Database>, side: TierSide, now: Date, hotWindowMs: number, graceMs = 0): Promise<HotSignal[]> {
  const cutoff = hotCutoff(now, hotWindowMs + graceMs);
  const promotedSince = hotCutoff(now, Math.min(hotWindowMs, DEFAULT_HOT_PROMOTION_MS) + graceMs);
  return signalsOf(side, { cutoff, promotedSince, newSince: await newSinceOf(db, side, cutoff) });
}

/** A predicate on `id`: some signal of `signals` holds (none given: false). */
export function anySignal(id: RawBuilder<unknown>, signals: readonly HotSignal[]): RawBuilder<unknown> {
  if (signals.length === 0) return sql`(1 = 0)`;
  return sql`(${sql.join(
    signals.map((s) => sql`${id} in (${s.ids})`),
    sql` or `,
  )})`;
}

/** The start of the hot window. */
export function hotCutoff(now: Date, hotWindowMs: number): string {
  return new Date(now.getTime() - hotWindowMs).toISOString();
}

export const TABLE_OF_SIDE = { company: 'companies', person: 'persons' } as const;
export const LINKS_OF_SIDE = { company: 'company_links', person: 'person_links' } as const;

export interface TierCount {
  records: number;
  /** Records whose set has never been read whole. */
  neverRead: number;
  /** The oldest whole read of a set in the tier (null when none was read, or the tier is empty). */
  oldestReadAt: string | null;
}

/** Live records of each tier, with the oldest whole read: the staleness bound that holds now. */
export async function tierCounts(db: Kysely<Database>, side: TierSide, now: Date, hotWindowMs: number): Promise<Record<Tier, TierCount>> {
  const signals = await hotSignals(db, side, now, hotWindowMs);
  const hot = anySignal(sql.ref('t.id'), signals);
  const out = {} as Record<Tier, TierCount>;
  for (const tier of ['hot', 'cold'] as const) {
    const r = await sql<{ n: number | string; read: number | string; oldest: string | null }>`
      select count(*) as n, count(rw.read_at) as ${sql.ref('read')}, min(rw.read_at) as oldest
      from ${sql.table(TABLE_OF_SIDE[side])} t
      left join sync_read_whole rw on rw.kind = ${LINKS_OF_SIDE[side]} and rw.id = t.id
      where t._deleted_at is null and ${tier === 'hot' ? hot : sql`not ${hot}`}`.execute(db);
    const row = r.rows[0];
    const records = Number(row?.n ?? 0);
    const read = Number(row?.read ?? 0);
    out[tier] = { records, neverRead: records - read, oldestReadAt: records > read || row?.oldest == null ? null : String(row.oldest) };
  }
  return out;
}
