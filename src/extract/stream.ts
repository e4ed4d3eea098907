import type { z } from 'zod';
import type { Config } from '../config/schema.ts';
import type { Db } from '../load/db.ts';
import type { Row, RowBatch } from '../load/batch.ts';
import type { PageRequest } from './pager.ts';
import type { DirtyKind, DirtyMark } from '../state/dirty.ts';

/** A position in a time-ordered feed: the change log's changedAt + id, or an updatedAt. */
export interface HighWater {
  at: string;
  id: number | null;
}

/** One slice of a stream with its own checkpoint: a list's entries, a transcript's fragments. */
export interface Partition {
  /** '' for an unpartitioned stream; otherwise a stable key such as the list id. */
  key: string;
  /** Values the request and transform need (list id, list type, ...). */
  params: Record<string, string | number>;
}

export const WHOLE: Partition = { key: '', params: {} };

export interface StreamContext {
  db: Db;
  config: Config;
}

/**
 * Sweep groups decide how often a stream without a change signal is fully re-read:
 * `entities` nightly, `other` weekly by default (config `sweeps`). `metadata` is re-read every run
 * because it is a handful of calls and everything else depends on it.
 */
export type SweepGroup = 'metadata' | 'entities' | 'other';

/**
 * One declarative definition per collection. The runner owns the loop: it reads the checkpoint,
 * asks `request` for the page request, pages with a Pager, calls `transform`, and commits rows and
 * checkpoint in one transaction. A stream never loops, retries or checkpoints itself.
 */
export interface StreamDef<T = unknown> {
  name: string;
  description: string;
  group: SweepGroup;
  /** Streams whose rows this one reads to find its partitions; they run first. */
  dependsOn?: readonly string[];
  /** The stream needs at least this API version (e.g. `/v2/teams` from 2026-09-17). */
  minApiVersion?: string;
  /** Off unless config turns it on (relationship strengths cost one call per person). */
  enabled?: (config: Config) => boolean;
  /** Partitions, read from the warehouse (e.g. one per list); default: one whole partition. */
  partitions?: (ctx: StreamContext) => Promise<Partition[]>;
  request: (p: Partition, ctx: StreamContext) => PageRequest;
  /**
   * Instead of paging a collection, read a set of ids in batches (single-record reads with
   * batchSize 1, `/v2` `ids` lookups with 100). Ids are read in ascending order and the checkpoint
   * is the last id done, so a resume neither repeats nor skips a batch. Used for records whose
   * association arrays were truncated, and for targeted re-reads of what changed.
   */
  byIds?: {
    ids: (ctx: StreamContext, p: Partition) => Promise<number[]>;
    batchSize: number;
    request: (ids: readonly number[], p: Partition) => PageRequest;
    /** The ids come from these dirty marks; a batch read removes them in its transaction. */
    consumes?: DirtyKind;
  };
  /**
   * Incremental reads from a stored position instead of a sweep (the change log by changedAt, notes
   * and interactions by updatedAt). Only the position is persisted, never a page URL.
   */
  highWater?: {
    request: (hw: HighWater | null, p: Partition, ctx: StreamContext) => PageRequest;
    position: (record: T) => HighWater | null;
    /** Results arrive in ascending position, so the mark may advance page by page. */
    ordered: boolean;
    /** Never swept: the feed is append-only and reading it from the start IS the full read. */
    only?: boolean;
    /** With no mark yet, start following from now instead of reading the whole feed (a sweep holds the history). */
    startAtNow?: boolean;
  };
  /** Dirty marks the records set for targeted re-reads, written in the page's transaction. */
  marks?: (records: readonly T[], p: Partition) => DirtyMark[];
  /** Incremental mode: sweep this partition now even if not due (the planner found it cheaper). */
  sweepWhen?: (ctx: StreamContext, p: Partition) => Promise<boolean>;
  /** A completed sweep covers the dirty marks of this kind set before it began (per list if byList). */
  clearsDirty?: { kind: DirtyKind; byList?: boolean };
  schema: z.ZodType<T>;
  /** Pure: validated records (and their raw JSON for `_raw`) to rows. */
  transform: (records: readonly T[], raws: readonly unknown[], p: Partition) => RowBatch;
  /**
   * After a completed full sweep, rows of this table (within `scope`) not seen in the sweep get
   * `_deleted_at`. Omit for streams that replace whole sets or whose table is filled by several streams.
   */
  softDelete?: { table: string; scope?: (p: Partition) => Row };
}

/** Type-erasing helper so a registry can hold streams of different record types. */
export function defineStream<T>(def: StreamDef<T>): StreamDef<unknown> {
  return def as unknown as StreamDef<unknown>;
}
