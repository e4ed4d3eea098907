/**
 * The webhook bench's watch on the warehouse (bench-hooks.ts): every delivered change is polled for on the
 * tables an analyst reads (companies, persons, list_entries, field_values; never relsync's bookkeeping)
 * from the moment it is sent, all the time, so its staleness is delivery to seen within
 * one poll; and the censored percentiles (an unseen change counts at its age at the end, never dropped).
 */
import { sql } from 'kysely';
import type { Db } from '../src/load/db.ts';
import type { HookChange, HookKind } from './bench-hooks-changes.ts';

export const SECOND = 1000;
const POLL_MS = 250;

export interface Tracked {
  change: HookChange;
  sentAt: number | null;
  seenAt: number | null;
}

export const pct = (xs: number[], p: number) =>
  xs.length === 0 ? NaN : [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))]!;
export const secs = (ms: number) => (Number.isNaN(ms) ? '-' : `${(ms / SECOND).toFixed(1)} s`);

export class Watch {
  private readonly sent: Tracked[] = [];
  private timer: NodeJS.Timeout | null = null;
  private polling: Promise<void> = Promise.resolve();
  private failure: unknown = null;

  constructor(
    private readonly db: Db,
    private readonly alive: () => void,
  ) {}

  start(): void {
    this.timer = setInterval(() => {
      this.polling = this.polling.then(() => this.poll()).catch((err: unknown) => void (this.failure ??= err));
    }, POLL_MS);
  }

  /** Start watching a change: call right before its delivery is sent. */
  track(t: Tracked): void {
    t.sentAt = Date.now();
    this.sent.push(t);
  }

  private async poll(): Promise<void> {
    const pending = this.sent.filter((t) => t.seenAt === null);
    if (pending.length === 0) return;
    const now = Date.now();
    const seen = await visible(
      this.db,
      pending.map((t) => t.change),
    );
    for (const t of pending) if (seen.has(t.change)) t.seenAt = now;
  }

  /** Until every one of `xs` is seen, or `timeoutMs` has passed. */
  async until(xs: Tracked[], timeoutMs: number): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    while (xs.some((t) => t.seenAt === null) && Date.now() < deadline) {
      if (this.failure) throw this.failure;
      this.alive();
      await new Promise((r) => setTimeout(r, POLL_MS));
    }
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    await this.polling;
  }
}

/** Delivery to seen for each change; an unseen one counts at its age at `end` (censored). */
export function staleness(xs: Tracked[], end: number): number[] {
  return xs.map((t) => (t.seenAt ?? end) - (t.sentAt ?? end));
}

/** One row of the table; returns its p95. */
export function row(what: string, xs: Tracked[], end: number): number {
  const st = staleness(xs, end);
  const unseen = xs.filter((t) => t.seenAt === null).length;
  console.log(
    `  ${what.padEnd(28)} n ${String(xs.length).padStart(4)}  p50 ${secs(pct(st, 50)).padStart(7)}  p95 ${secs(pct(st, 95)).padStart(7)}  max ${secs(Math.max(0, ...st)).padStart(7)}  unseen ${unseen}`,
  );
  return pct(st, 95);
}

/** The changes of `pending` the warehouse shows now, read from the analyst's tables. */
export async function visible(db: Db, pending: readonly HookChange[]): Promise<Set<HookChange>> {
  const k = db.kysely;
  const ids = (kinds: HookKind[]) => [...new Set(pending.filter((c) => kinds.includes(c.kind)).map((c) => c.id))];
  const out = new Set<HookChange>();
  const companyIds = ids(['company_rename', 'company_create', 'company_delete']);
  const personIds = ids(['person_rename', 'person_create', 'person_delete']);
  const entryIds = ids(['entry_add', 'entry_remove']);
  const companies = companyIds.length
    ? new Map((await k.selectFrom('companies').select(['id', 'name', '_deleted_at']).where('id', 'in', companyIds).execute()).map((r) => [Number(r.id), r]))
    : new Map();
  const persons = personIds.length
    ? new Map((await k.selectFrom('persons').select(['id', 'first_name', '_deleted_at']).where('id', 'in', personIds).execute()).map((r) => [Number(r.id), r]))
    : new Map();
  const entries = entryIds.length
    ? new Map((await k.selectFrom('list_entries').select(['id', '_deleted_at']).where('id', 'in', entryIds).execute()).map((r) => [Number(r.id), r]))
    : new Map();
  const values = new Set<string>();
  const fieldEntities = ids(['company_field']);
  const fieldEntries = ids(['entry_field']);
  if (fieldEntities.length > 0 || fieldEntries.length > 0) {
    const rows = await sql<{ field_id: string; entity_id: number; list_entry_id: number; value_number: number | null }>`
      select field_id, entity_id, list_entry_id, value_number from field_values
      where (entity_type = 'company' and list_entry_id = 0 and entity_id in (${sql.join(fieldEntities.length ? fieldEntities : [-1])}))
         or list_entry_id in (${sql.join(fieldEntries.length ? fieldEntries : [-1])})`.execute(k);
    for (const r of rows.rows) values.add(`${r.field_id}:${Number(r.list_entry_id) || Number(r.entity_id)}:${Number(r.value_number)}`);
  }
  for (const c of pending) {
    const co = companies.get(c.id);
    const pe = persons.get(c.id);
    const en = entries.get(c.id);
    const seen =
      c.kind === 'company_rename'
        ? co?.name === c.value
        : c.kind === 'company_create'
          ? co !== undefined && co._deleted_at === null
          : c.kind === 'company_delete'
            ? co?._deleted_at != null
            : c.kind === 'person_rename'
              ? pe?.first_name === c.value
              : c.kind === 'person_create'
                ? pe !== undefined && pe._deleted_at === null
                : c.kind === 'person_delete'
                  ? pe?._deleted_at != null
                  : c.kind === 'entry_add'
                    ? en !== undefined && en._deleted_at === null
                    : c.kind === 'entry_remove'
                      ? en === undefined || en._deleted_at != null
                      : values.has(`${c.field}:${c.id}:${c.value}`);
    if (seen) out.add(c);
  }
  return out;
}

/** The analyst's rows of these changes' records, as one string to compare before and after. */
export async function rowsOf(db: Db, cs: HookChange[]): Promise<string> {
  const ids = cs.map((c) => c.id);
  const k = db.kysely;
  const rows = [
    await k.selectFrom('companies').select(['id', 'name', '_deleted_at']).where('id', 'in', ids).orderBy('id').execute(),
    await k.selectFrom('persons').select(['id', 'first_name', '_deleted_at']).where('id', 'in', ids).orderBy('id').execute(),
    await k.selectFrom('list_entries').select(['id', '_deleted_at']).where('id', 'in', ids).orderBy('id').execute(),
  ];
  return JSON.stringify(rows);
}
