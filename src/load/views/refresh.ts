/**
 * Creates and refreshes the analyst views (docs/warehouse.md "Views"): after migrations, and after a run that read
 * lists or fields. Only views whose definition changed are dropped and re-created, in one transaction,
 * so a refresh with nothing new touches nothing and readers never see a view missing. Views relsync no
 * longer wants (a deleted list's) are dropped; views of other names are never touched.
 */
import { createHash } from 'node:crypto';
import { sql, type Transaction } from 'kysely';
import type { Database } from '../schema/database.ts';
import type { Db } from '../db.ts';
import { DEFAULT_VIEW_LOCK_TIMEOUT_MS } from '../../defaults.ts';
import { UserError, errorMessage } from '../../errors.ts';
import type { Logger } from '../../log.ts';
import { currentViews, overviewViews } from './entity-views.ts';
import { freshnessView } from './freshness-view.ts';
import { historyViews } from './history-views.ts';
import { quoteIdent } from '../dialects/sql-quote.ts';
import { listViews } from './list-views.ts';
import type { ViewDef } from './view-def.ts';

/** Names of views relsync owns: a view matching this and not wanted any more is dropped (`list_entry_values`: replaced by one per list). */
const OWNED =
  /^(current_[a-z_]+|list_[0-9]+_[a-z0-9_]+|field_value_history|list_entry_stage_history|list_entry_values|table_freshness|(company|person|opportunity)_overview)$/;

/** The views relsync wants for the warehouse as it is now. */
export async function wantedViews(db: Db): Promise<ViewDef[]> {
  const v = db.dialect.views;
  return [...currentViews(v), ...historyViews(v), ...overviewViews(v), freshnessView(v), ...(await listViews(db, v))];
}

function createStatement(view: ViewDef): string {
  return `CREATE VIEW ${quoteIdent(view.name)} AS ${view.sql}`;
}

/** A short fingerprint of a definition (a dialect that rewrites view text keeps it beside the view: `viewCatalog.mark`). */
function fingerprint(view: ViewDef): string {
  return `relsync ${createHash('sha256').update(createStatement(view)).digest('hex').slice(0, 16)}`;
}

/** The views are in use by another session for longer than the refresh waits; the next run retries. */
export class ViewsBusyError extends UserError {
  /** Why, without "not refreshed" (the run summary's warning line says that itself). */
  readonly reason: string;
  constructor(cause: unknown, waitedMs: number) {
    const reason = `another session has been reading one of them for more than ${waitedMs} ms`;
    super(`The analyst views were not refreshed: ${reason}.`, {
      hint: 'The tables are up to date. The next sync (or `relsync migrate`) refreshes the views once that session ends its transaction.',
      exitCode: 3,
      cause,
    });
    this.reason = reason;
  }
}

export interface RefreshOutcome {
  created: string[];
  dropped: string[];
  unchanged: number;
  /** Views left as they were, each with what is missing and what to grant (`viewCatalog.refusal`). */
  refused: Array<{ view: string; reason: string }>;
}

type ViewChanges = { existing: Map<string, string>; stale: ViewDef[]; gone: string[] };

/** Bring the views in line with the warehouse; throws when the database refuses (see refreshViewsSafely). */
export async function refreshViews(db: Db, opts: { lockTimeoutMs?: number } = {}): Promise<RefreshOutcome> {
  const wanted = await wantedViews(db);
  const catalog = db.dialect.viewCatalog;
  const existing = await catalog.existing(db.kysely);
  const identity = (view: ViewDef) => catalog.identity({ statement: createStatement(view), fingerprint: fingerprint(view) });
  const stale = wanted.filter((w) => existing.get(w.name) !== identity(w));
  const wantedNames = new Set(wanted.map((w) => w.name));
  const gone = [...existing.keys()].filter((n) => OWNED.test(n) && !wantedNames.has(n));
  if (stale.length === 0 && gone.length === 0) return { created: [], dropped: [], unchanged: wanted.length, refused: [] };
  const plan: ViewChanges = { existing, stale, gone };
  const waitMs = opts.lockTimeoutMs ?? DEFAULT_VIEW_LOCK_TIMEOUT_MS;
  const outcome = { unchanged: wanted.length - stale.length, refused: [] };
  try {
    await inOneTransaction(db, waitMs, (trx) => replaceViews(trx, db, plan));
    return { created: stale.map((s) => s.name), dropped: gone, ...outcome };
  } catch (err) {
    // Some views may not be replaced (owned by another role, an analyst's view depends on them): the
    // others still are, one at a time, and each refusal says what is missing.
    if (db.dialect.viewCatalog.refusal(err, '') === null) throw err;
    return { ...outcome, ...(await oneByOne(db, waitMs, plan)) };
  }
}

/** The DDL in one transaction, its lock wait bounded where readers can block it; a lock timeout is ViewsBusyError. */
async function inOneTransaction(db: Db, waitMs: number, fn: (trx: Transaction<Database>) => Promise<void>): Promise<void> {
  const catalog = db.dialect.viewCatalog;
  const boundWait = catalog.boundWait(waitMs);
  await db.kysely
    .transaction()
    .execute(async (trx) => {
      if (boundWait !== null) await sql.raw(boundWait).execute(trx);
      await fn(trx);
    })
    .catch((err: unknown) => {
      throw catalog.lockTimedOut(err) ? new ViewsBusyError(err, waitMs) : err;
    });
}

async function oneByOne(db: Db, waitMs: number, plan: ViewChanges): Promise<Pick<RefreshOutcome, 'created' | 'dropped' | 'refused'>> {
  const out: Pick<RefreshOutcome, 'created' | 'dropped' | 'refused'> = { created: [], dropped: [], refused: [] };
  const attempt = async (name: string, step: ViewChanges, done: string[]) => {
    try {
      await inOneTransaction(db, waitMs, (trx) => replaceViews(trx, db, step));
      done.push(name);
    } catch (err) {
      if (err instanceof ViewsBusyError) throw err;
      out.refused.push({ view: name, reason: db.dialect.viewCatalog.refusal(err, name) ?? errorMessage(err) });
    }
  };
  for (const name of plan.gone) await attempt(name, { existing: plan.existing, stale: [], gone: [name] }, out.dropped);
  for (const view of plan.stale) await attempt(view.name, { existing: plan.existing, stale: [view], gone: [] }, out.created);
  return out;
}

async function replaceViews(trx: Transaction<Database>, db: Db, plan: ViewChanges): Promise<void> {
  const { existing, stale, gone } = plan;
  for (const name of [...gone, ...stale.map((s) => s.name)]) {
    if (existing.has(name)) await sql.raw(`DROP VIEW IF EXISTS ${quoteIdent(name)}`).execute(trx);
  }
  const catalog = db.dialect.viewCatalog;
  for (const view of stale) {
    await sql.raw(createStatement(view)).execute(trx);
    const mark = catalog.mark(view.name, fingerprint(view));
    if (mark !== null) await sql.raw(mark).execute(trx);
  }
}

/**
 * The runner's hook: a view that cannot be refreshed (another tool's view depends on it, a permission)
 * is logged, never fails the sync whose data is already committed. Returns what was not refreshed, one
 * line each, for the run's summary to say as a warning (a run that left views stale must not read as clean).
 */
export async function refreshViewsSafely(db: Db, log: Logger): Promise<string[]> {
  try {
    const out = await refreshViews(db);
    if (out.created.length > 0 || out.dropped.length > 0) log.info({ created: out.created.length, dropped: out.dropped.length }, 'analyst views refreshed');
    for (const r of out.refused) log.warn({ view: r.view, err: r.reason }, 'analyst view not refreshed; the tables are up to date');
    return out.refused.map((r) => r.reason);
  } catch (err) {
    if (err instanceof ViewsBusyError) {
      log.warn({ err: errorMessage(err) }, 'analyst views in use by another session; refresh skipped, the next run retries');
      return [err.reason];
    }
    log.warn({ err: errorMessage(err) }, 'could not refresh the analyst views; the tables are up to date, run `relsync migrate` to retry');
    return [errorMessage(err)];
  }
}
