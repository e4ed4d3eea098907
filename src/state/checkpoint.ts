import { z } from 'zod';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../load/schema/database.ts';

/**
 * A stream's checkpoint: a typed, versioned document written in the same transaction as the rows it
 * covers. `sweep` is an in-progress full sweep (resume token + when it began, which soft-delete uses);
 * `highWater` is the change-log / updated-time mark for incremental reads. `due` is a full pass an upgrade
 * asked for (state/upgrade.ts): the next run sweeps the partition whatever its period, and the completed
 * sweep clears it.
 *
 * Older documents are migrated on read, one version at a time (CHECKPOINT_UPGRADES), as the warehouse's
 * migrations move its tables: a warehouse written by an earlier relsync keeps its marks and cursors.
 */
export const CHECKPOINT_VERSION = 2;

const sweepSchema = z.object({
  startedAt: z.string(),
  token: z.string().nullable(),
  pages: z.number().int().nonnegative(),
  records: z.number().int().nonnegative(),
  /** Free-form parameters the resume must match (e.g. the `--since` of a backfill). */
  params: z.record(z.string(), z.string()).default({}),
  /** How many runs have read this sweep so far, this one included (a pass the budget spreads over runs); absent: 1. */
  runs: z.number().int().positive().optional(),
  /** Records of this pass that failed validation (quarantined); absent: 0. A pass of mostly these did not see its collection. */
  invalid: z.number().int().nonnegative().optional(),
});

const highWaterSchema = z.object({
  at: z.string(),
  id: z.number().int().nullable(),
});

export const checkpointSchema = z.object({
  v: z.literal(CHECKPOINT_VERSION),
  sweep: sweepSchema.nullable(),
  lastSweepCompletedAt: z.string().nullable(),
  /** Pages (calls) the last completed sweep took, over however many runs it was read: what `relsync plan` prices a pass at. */
  lastSweepPages: z.number().int().nonnegative().nullable().default(null),
  /** Runs the last completed sweep was read over (the budget spreads a pass); null: not known (older documents). */
  lastSweepRuns: z.number().int().positive().nullable().default(null),
  highWater: highWaterSchema.nullable(),
  /** Ids seen in a change log that were not yet readable (creation lag); retried next run, never dropped. */
  pendingIds: z.array(z.number().int()).default([]),
  /** A full pass an upgrade made due (which migration, and why), cleared when that pass completes. */
  due: z.object({ reason: z.string(), at: z.string() }).nullable().default(null),
  /**
   * When the first complete sweep finished (the run clock of its end); null before it, and in documents
   * written before relsync kept it. A record first stored after it was new upstream (planner/tiers.ts).
   */
  firstPassAt: z.string().nullable().default(null),
  /**
   * Data as of: the newest upstream time (a change's changedAt, a record's updatedAt or createdAt) among
   * the records the feed applied; null until it applied one (and in documents written before relsync kept it).
   */
  dataAt: z.string().nullable().default(null),
  /** Checked at: the run clock when the feed was last read to its end; null until then. */
  feedCheckedAt: z.string().nullable().default(null),
  /**
   * A completed pass that would have deleted most of its table (runner/failure-policy.ts, `sweepDeletes`):
   * what it saw and when it began. Nothing was deleted; the next pass, read whole, deletes if it agrees.
   */
  heldPass: z.object({ records: z.number().int().nonnegative(), live: z.number().int().nonnegative(), at: z.string() }).nullable().default(null),
});

export type Checkpoint = z.infer<typeof checkpointSchema>;
export type SweepProgress = z.infer<typeof sweepSchema>;
/** A position in a time-ordered feed: the change log's changedAt + id, or an updatedAt. */
export type HighWater = z.infer<typeof highWaterSchema>;

export function emptyCheckpoint(): Checkpoint {
  return {
    v: CHECKPOINT_VERSION,
    sweep: null,
    lastSweepCompletedAt: null,
    lastSweepPages: null,
    lastSweepRuns: null,
    highWater: null,
    pendingIds: [],
    due: null,
    firstPassAt: null,
    dataAt: null,
    feedCheckedAt: null,
    heldPass: null,
  };
}

type Doc = Record<string, unknown>;

/**
 * From version n to n + 1, keyed by n. Each step is frozen once released, like a migration: a document of
 * any earlier version reaches the current one through every step after it.
 */
export const CHECKPOINT_UPGRADES: Readonly<Record<number, (doc: Doc) => Doc>> = {
  // v2 adds `due` (nothing due) and makes `lastSweepPages` explicit (unknown until the next complete sweep).
  1: (doc) => ({ ...doc, v: 2, lastSweepPages: doc.lastSweepPages ?? null, due: null }),
};

/** The document at CHECKPOINT_VERSION, or why it cannot be brought there. */
export function upgradeCheckpointDoc(raw: unknown): { doc: unknown; reset: string | null } {
  if (raw === null || typeof raw !== 'object' || Array.isArray(raw)) return { doc: raw, reset: null };
  let doc = raw as Doc;
  const from = doc.v;
  while (typeof doc.v === 'number' && Number.isInteger(doc.v) && doc.v < CHECKPOINT_VERSION) {
    const step = CHECKPOINT_UPGRADES[doc.v];
    if (!step) return { doc, reset: `checkpoint version ${doc.v} has no upgrade to ${CHECKPOINT_VERSION}` };
    doc = step(doc);
  }
  if (doc.v !== CHECKPOINT_VERSION) return { doc, reset: `checkpoint version ${String(from)} is not ${CHECKPOINT_VERSION}` };
  return { doc, reset: null };
}

type Conn = Kysely<Database> | Transaction<Database>;

/** Parse a stored document; an unknown version or a corrupt document starts the stream afresh (a full sweep is always safe). */
export function parseCheckpoint(json: string | null | undefined): { checkpoint: Checkpoint; reset: string | null } {
  if (!json) return { checkpoint: emptyCheckpoint(), reset: null };
  let raw: unknown;
  try {
    raw = JSON.parse(json);
  } catch {
    return { checkpoint: emptyCheckpoint(), reset: 'checkpoint is not valid JSON' };
  }
  const upgraded = upgradeCheckpointDoc(raw);
  if (upgraded.reset) return { checkpoint: emptyCheckpoint(), reset: upgraded.reset };
  const parsed = checkpointSchema.safeParse(upgraded.doc);
  if (!parsed.success) return { checkpoint: emptyCheckpoint(), reset: 'checkpoint does not match its schema' };
  return { checkpoint: parsed.data, reset: null };
}

export async function readCheckpoint(trx: Conn, stream: string, partition = ''): Promise<{ checkpoint: Checkpoint; reset: string | null }> {
  const row = await trx.selectFrom('sync_state').select(['checkpoint_json']).where('stream', '=', stream).where('partition', '=', partition).executeTakeFirst();
  return parseCheckpoint(row?.checkpoint_json);
}

export async function writeCheckpoint(
  trx: Conn,
  stream: string,
  partition: string,
  checkpoint: Checkpoint,
  now: string,
  marks: { success?: boolean } = {},
): Promise<void> {
  const doc = JSON.stringify(checkpointSchema.parse(checkpoint));
  const lastSweep = checkpoint.lastSweepCompletedAt;
  await trx
    .insertInto('sync_state')
    .values({
      stream,
      partition,
      version: CHECKPOINT_VERSION,
      checkpoint_json: doc,
      last_success_at: marks.success ? now : null,
      last_sweep_at: lastSweep,
      updated_at: now,
    })
    .onConflict((oc) =>
      oc.columns(['stream', 'partition']).doUpdateSet((eb) => ({
        version: eb.ref('excluded.version'),
        checkpoint_json: eb.ref('excluded.checkpoint_json'),
        last_sweep_at: eb.ref('excluded.last_sweep_at'),
        updated_at: eb.ref('excluded.updated_at'),
        ...(marks.success ? { last_success_at: eb.ref('excluded.last_success_at') } : {}),
      })),
    )
    .execute();
}

export async function listCheckpoints(
  trx: Conn,
): Promise<Array<{ stream: string; partition: string; checkpoint: Checkpoint; lastSuccessAt: string | null; updatedAt: string }>> {
  const rows = await trx.selectFrom('sync_state').selectAll().orderBy('stream').orderBy('partition').execute();
  return rows.map((r) => ({
    stream: r.stream,
    partition: r.partition,
    checkpoint: parseCheckpoint(r.checkpoint_json).checkpoint,
    lastSuccessAt: r.last_success_at,
    updatedAt: r.updated_at,
  }));
}

/** Forget a stream's checkpoints (all partitions): its next run is a full sweep. */
export async function clearCheckpoints(trx: Conn, stream: string): Promise<void> {
  await trx.deleteFrom('sync_state').where('stream', '=', stream).execute();
}
