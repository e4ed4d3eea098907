import type { z } from 'zod';
import type { Config } from '../config/schema.ts';
import type { InvalidRecord, PageRequest } from '../extract/pager.ts';
import type { Row, RowBatch } from '../load/schema/row-batch.ts';
import type { EntityTableName } from '../load/schema/warehouse-tables.ts';
import type { Db } from '../load/db.ts';
import type { IdChunks } from '../planner/id-chunks.ts';
import type { TierCaps } from '../planner/tier-reads.ts';
import type { HighWater } from '../state/checkpoint.ts';
import type { DirtyKind, DirtyMark } from '../state/dirty.ts';
import type { ReadWholeKind } from '../state/read-whole.ts';

/** What a stream's warehouse-reading hooks (partitions, ids, "sweep now?") get. */
export interface StreamContext {
  db: Db;
  config: Config;
  /** The run's clock (a simulated month runs on a shared clock); absent: the wall clock. */
  now?: () => Date;
  /** `sync --full`: reads that skip what is known unchanged read everything instead. */
  full?: boolean;
  /** Incremental runs under the budget: each relevance tier's share of a pass per run (planner/tier-reads.ts). */
  tierCaps?: TierCaps;
  /** A webhook hint run: set reads take only the marks its hints made from this instant (planner/context.ts). */
  hintedSince?: string;
}

/** Parameters of an unpartitioned stream. */
export type NoParams = Record<never, never>;

/** One slice of a stream with its own checkpoint: a list's entries, a tracked field's changes. */
export interface Partition<P = NoParams> {
  /** '' for an unpartitioned stream; otherwise a stable key such as the list id. */
  key: string;
  /** Typed values the request and the transform need (the list id and type, the field's v1 id, ...). */
  params: P;
}

export const WHOLE: Partition = { key: '', params: {} };

/** What the transform (and `marks`) learn about the page in hand besides its records. */
export interface PageContext<P = NoParams> {
  partition: Partition<P>;
  /** `ids` reads: the ids this batch asked for (whose members, whose fragments); empty otherwise. */
  ids: readonly number[];
  /** `feed` reads: no mark existed, so this is the feed's first read (the change log only records it). */
  initialRead: boolean;
}

/**
 * Sweep groups decide how often a stream without a change signal is fully re-read: `entities` nightly,
 * `other` weekly, `metadata` every 6 hours by default (config `sweeps`). `tiered`: the companies and persons
 * sweeps, which with relevance tiers on come every cold period (`sweeps.cold`) while the hot tier's records
 * are re-read by id every hot period (planner/hot-refresh.ts); with tiers off, like `entities`. Metadata is
 * also re-read at once when a run's rows name a list, field or option id the warehouse lacks
 * (runner/run-sync.ts). Targeted re-reads of marked records (`ids` reads that consume dirty marks) run
 * every run whatever their group.
 */
export type SweepGroup = 'metadata' | 'entities' | 'tiered' | 'other';

/*
 * Callbacks below use method syntax on purpose: TypeScript checks method parameters bivariantly, so a
 * `StreamDef<V2Company, ListParams>` is assignable to the registry's `StreamDef<unknown, unknown>` while
 * each definition stays fully typed where it is written (no cast, no erased record type).
 */

/** Where a stream's partitions come from (default: one whole partition). */
interface Partitioned<P> {
  partitions?(ctx: StreamContext): Promise<Partition<P>[]>;
}

/** Follow a time-ordered feed from a stored position; only the position is persisted, never a page URL. */
export interface FeedSpec<T, P> {
  request(hw: HighWater | null, p: Partition<P>): PageRequest;
  position(record: T): HighWater | null;
  /** Results arrive in ascending position, so the high-water mark may advance page by page. */
  ordered: boolean;
  /** With no mark yet, start following from now instead of reading the whole feed (a sweep holds the history). */
  startAtNow?: boolean;
}

/** Page through a whole collection; a completed sweep soft-deletes what it did not see. */
export interface SweepRead<T, P> extends Partitioned<P> {
  kind: 'sweep';
  request(p: Partition<P>): PageRequest;
  /** Incremental mode: sweep this partition now even if not due (the planner found it cheaper). */
  sweepWhen?(ctx: StreamContext, p: Partition<P>): Promise<boolean>;
  /** Between sweeps, follow this feed from the high-water mark the last sweep left (interactions by updatedAt). */
  between?: FeedSpec<T, P>;
  /** Rows of this table (within `scope`) not written by a completed sweep get `_deleted_at`. */
  softDelete?: { table: EntityTableName; scope?(p: Partition<P>): Row };
  /** A completed sweep covers the dirty marks of this kind set before it began (of one list, if `listOf`). */
  clearsDirty?: { kind: DirtyKind; listOf?(p: Partition<P>): number };
}

/**
 * Read a set of ids in ascending batches (single-record reads with batchSize 1, `/v2` `ids` lookups with
 * 100); the checkpoint is the last id done, so a resume neither repeats nor skips a batch. `ids` decides
 * once per read what to read; the reader fetches the set chunk by chunk when the read starts (id-chunks.ts).
 */
export interface IdsRead<P> extends Partitioned<P> {
  kind: 'ids';
  ids(ctx: StreamContext, p: Partition<P>): IdChunks | Promise<IdChunks>;
  batchSize: number;
  request(ids: readonly number[], p: Partition<P>): PageRequest;
  /** The ids come from these dirty marks; a batch read removes them in its transaction. */
  consumes?: DirtyKind;
  /**
   * The sweep whose passes leave those marks: the reads' pass is priced at its period and tier, so an override
   * of that sweep (`sweeps.overrides`) moves the reads' price with it (budget/run-budget.ts).
   */
  markedBy?: string;
  /**
   * Each id read is stamped under this kind in `sync_read_whole`, in its batch's transaction: `ids` may
   * then leave out what was read recently and is known unchanged (planner/fragment-ids.ts).
   */
  remembers?: ReadWholeKind;
  /**
   * The table whose records these ids are: one whose read answers the service's record-level 404 again a run
   * later, with the evidence the failure policy asks for (`goneOnEvidence`), is gone upstream and
   * soft-deleted there (runner/read-ids.ts).
   */
  goneFrom?: EntityTableName;
  /**
   * The cheap source that confirms a record is gone before it is deleted: a `/v2` lookup by `ids` (100 a
   * call) whose answer lists the records it has. Without one, nothing but the read's own 404 confirms it.
   */
  confirmGone?(ids: readonly number[]): PageRequest;
  /**
   * A batch lookup's silence is never taken for a deletion, but it is a reason to ask: the ids it left out
   * are marked with this kind, for a single read whose 404 (a run apart) is (streams/persons-unseen.ts).
   */
  unseen?: DirtyKind;
  /**
   * Instead of `ids`' ascending order: the ids in the order to read them (hot first, planner/tier-reads.ts),
   * recomputed when a read starts or resumes. Only for a read that consumes marks and remembers what it
   * read, so the recomputed order leaves out, or puts last, what an interrupted read already covered.
   * Null: read `ids` instead (tiers turned off).
   */
  ranked?(ctx: StreamContext, p: Partition<P>): Promise<Float64Array | null>;
}

/** Never swept: the feed is append-only (or only a delta) and following it IS the read. */
export interface FeedRead<T, P> extends Partitioned<P>, FeedSpec<T, P> {
  kind: 'feed';
}

/**
 * What the streams of one capability are ranked in: several sources of the same data, the cheapest
 * first. The runner runs the lowest-rank eligible source the service has not refused (sync_sources).
 */
export type Capability = 'change_log' | 'files' | 'reminders_updates' | 'notes_updates';

/** A stream's place in a capability. `sweeps`: when refused with no source left, that stream is swept every `sweeps.feedless` instead. */
export interface SourceSlot {
  capability: Capability;
  rank: number;
  sweeps?: string;
}

export type ReadStrategy<T, P> = SweepRead<T, P> | IdsRead<P> | FeedRead<T, P>;

/**
 * One definition per collection. The runner owns the loop: it asks `read` for requests, pages them,
 * validates with `schema`, calls `transform`, and commits rows and checkpoint in one transaction.
 * A stream never loops, retries or checkpoints itself.
 */
export interface StreamDef<T = unknown, P = NoParams> {
  name: string;
  description: string;
  group: SweepGroup;
  /** Streams whose rows this one reads (partitions, ids): a selection that lacks them runs them first. */
  needs?: readonly string[];
  /** Streams that must finish first in the same run, though nothing of theirs is read (ordering only). */
  after?: readonly string[];
  /** The stream needs at least this API version (e.g. `/v2/teams` from 2026-09-17). */
  minApiVersion?: string;
  /** One of several sources of a capability: only the chosen one runs (planner/source-book.ts). */
  source?: SourceSlot;
  /**
   * A beta or version-gated endpoint a tenant may simply not have, and that no other stream reads: when the
   * service answers its first request with 404 (or 400/403/422) the stream is recorded as unavailable on
   * this tenant (a warning, not an error; probed again after `reprobeRefusedAfter`), and the run still succeeds.
   */
  optional?: boolean;
  /** Off unless config turns it on (relationship strengths cost one call per person). */
  enabled?(config: Config): boolean;
  schema: z.ZodType<T>;
  read: ReadStrategy<T, P>;
  /** Pure: validated records (and their raw JSON for `_raw`) to rows, and what to re-read. */
  transform(records: readonly T[], raws: readonly unknown[], page: PageContext<P>): PageRows;
}

/** What a page turns into, committed in one transaction with the checkpoint. */
export interface PageRows {
  rows: RowBatch;
  /** Records the change log named that need a targeted re-read (sync_dirty). */
  marks?: DirtyMark[];
  /** Records the transform could not turn into rows: quarantined with the page, like records that failed validation. */
  quarantined?: InvalidRecord[];
}

/** A registry entry: any stream, whatever its record and parameter types. */
export type AnyStream = StreamDef<unknown, unknown>;

/** Identity with inference: write a stream with its own types, then list it in the registry. */
export function defineStream<T, P = NoParams>(def: StreamDef<T, P>): StreamDef<T, P> {
  return def;
}

/** Streams that must run before this one: what it reads plus what it is ordered after. */
export function upstreamOf(def: AnyStream): readonly string[] {
  return [...(def.needs ?? []), ...(def.after ?? [])];
}

/** The lower-rank sources of the same capability: a fallback runs after the source it replaces. */
export function lowerRanksOf(def: AnyStream, all: readonly AnyStream[]): string[] {
  const slot = def.source;
  if (!slot) return [];
  return all.filter((s) => s.source?.capability === slot.capability && s.source.rank < slot.rank).map((s) => s.name);
}
