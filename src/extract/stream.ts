import type { z } from 'zod';
import type { Config } from '../config/schema.ts';
import type { Db } from '../load/db.ts';
import type { Row, RowBatch } from '../load/batch.ts';
import type { PageRequest } from './pager.ts';

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
  };
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
