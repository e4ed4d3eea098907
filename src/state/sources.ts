import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../load/schema/database.ts';

type Conn = Kysely<Database> | Transaction<Database>;

/** What the service said when it refused a source: enough for `relsync status` and a person to act on. */
export interface Refusal {
  status: number | null;
  endpoint: string;
  message: string;
  at: string;
  /** The API origin that refused (AFFINITY_BASE_URL's): another origin is probed again. Absent in older rows. */
  origin?: string;
}

/** One capability's remembered decision: the source that carries it and the sources refused so far. */
export interface CapabilitySource {
  capability: string;
  source: string;
  refused: Record<string, Refusal>;
  decidedAt: string | null;
}

function parseRefused(text: string | null): Record<string, Refusal> {
  if (!text) return {};
  try {
    const v = JSON.parse(text) as unknown;
    return v && typeof v === 'object' ? (v as Record<string, Refusal>) : {};
  } catch {
    // A row no relsync wrote cleanly: forget its refusals, so the sources are probed again (one call each).
    return {};
  }
}

export async function listSources(db: Conn): Promise<CapabilitySource[]> {
  const rows = await db.selectFrom('sync_sources').selectAll().orderBy('capability').execute();
  return rows.map((r) => ({ capability: r.capability, source: r.source, refused: parseRefused(r.refused_json), decidedAt: r.decided_at }));
}

async function upsert(db: Conn, row: CapabilitySource): Promise<void> {
  const values = { source: row.source, refused_json: JSON.stringify(row.refused), decided_at: row.decidedAt };
  await db
    .insertInto('sync_sources')
    .values({ capability: row.capability, ...values })
    .onConflict((oc) => oc.column('capability').doUpdateSet(values))
    .execute();
}

async function current(db: Conn, capability: string): Promise<CapabilitySource | null> {
  const r = await db.selectFrom('sync_sources').selectAll().where('capability', '=', capability).executeTakeFirst();
  return r ? { capability, source: r.source, refused: parseRefused(r.refused_json), decidedAt: r.decided_at } : null;
}

/** The capability is carried by `source` (it ran to the end); a refusal of that source, if any, is forgotten. */
export async function recordSourceUsed(db: Conn, capability: string, source: string, at: string): Promise<void> {
  const row = await current(db, capability);
  const refused = { ...(row?.refused ?? {}) };
  delete refused[source];
  await upsert(db, { capability, source, refused, decidedAt: at });
}

/** The service refused `source`; `next` is the source the capability falls back to ('none' when none is left). */
export async function recordRefusal(db: Conn, capability: string, source: string, refusal: Refusal, next: string): Promise<void> {
  const row = await current(db, capability);
  await upsert(db, { capability, source: next, refused: { ...(row?.refused ?? {}), [source]: refusal }, decidedAt: refusal.at });
}

/** The `source` of an optional stream's row when the tenant does not have its endpoint (its capability is the stream). */
export const UNAVAILABLE = 'unavailable';

/** An optional stream's endpoint is not there on this tenant: one row, keyed by the stream, with the service's words. */
export async function recordUnavailable(db: Conn, stream: string, refusal: Refusal): Promise<void> {
  await upsert(db, { capability: stream, source: UNAVAILABLE, refused: { [stream]: refusal }, decidedAt: refusal.at });
}

/** Forget what was remembered for a capability (an optional stream that answered again). */
export async function forgetSource(db: Conn, capability: string): Promise<void> {
  await db.deleteFrom('sync_sources').where('capability', '=', capability).execute();
}
