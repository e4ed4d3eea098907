import {
  addRows,
  addUpdates,
  emptyBatch,
  type ChildTableName,
  type ColumnOf,
  type OwnerOf,
  type ReplaceSetOf,
  type RowBatch,
  type RowOf,
  type WarehouseTableName,
} from '../load/schema/row-batch.ts';

/**
 * Small helpers every transform shares. Transforms are pure: same input, same batch; no clock,
 * no I/O, no randomness.
 */

export type EntityType = 'company' | 'person' | 'opportunity';

/** JSON text for a JSON column; `undefined` becomes `null` (JSON.stringify would return undefined). */
export function toJson(v: unknown): string {
  return JSON.stringify(v === undefined ? null : v);
}

/** `_raw`: the record exactly as received; falls back to the validated record (loose schemas keep every member). */
export function rawJson(raw: unknown, record: unknown): string {
  return toJson(raw === undefined ? record : raw);
}

/** A JSON array column from an optional array member (null when absent). */
export function jsonArrayOrNull(v: readonly unknown[] | null | undefined): string | null {
  return v === null || v === undefined ? null : toJson(v);
}

/**
 * Drop `undefined` members: a column absent from an upsert row keeps its stored value (see
 * docs/warehouse.md), so "this source does not say" is written `undefined` and never reaches the batch.
 */
function withoutUndefined<R extends object>(row: R): R {
  if (!Object.values(row).includes(undefined)) return row;
  // Only members are dropped, and only optional ones can hold undefined, so the copy is still an R.
  return Object.fromEntries(Object.entries(row).filter(([, v]) => v !== undefined)) as R;
}

/** A batch with one upserted row (members left `undefined` are dropped). */
export function single<T extends WarehouseTableName>(table: T, row: RowOf<T>): RowBatch {
  return addRows(emptyBatch(), table, [withoutUndefined(row)]);
}

/** Add upserted rows to a batch (members left `undefined` are dropped). */
export function addUpsert<T extends WarehouseTableName>(b: RowBatch, table: T, ...rows: Array<RowOf<T>>): RowBatch {
  return addRows(b, table, rows.map(withoutUndefined));
}

/** Set columns on rows the table already holds (members left `undefined` are dropped: the source does not say). */
export function addUpdate<T extends WarehouseTableName>(b: RowBatch, table: T, ...rows: Array<RowOf<T>>): RowBatch {
  return addUpdates(b, table, rows.map(withoutUndefined));
}

export function replaceSet<T extends ChildTableName>(
  table: T,
  scope: ReadonlyArray<ColumnOf<T>>,
  owners: Array<OwnerOf<T>>,
  rows: Array<RowOf<T>>,
): ReplaceSetOf<T> {
  return { table, scope, owners, rows };
}

/** Distinct ids in first-seen order (the API can repeat an id; child keys must be unique). */
export function uniqueIds(ids: Iterable<number>): number[] {
  return [...new Set(ids)];
}

/** "First Last", falling back to the email address; null when there is nothing to show. */
export function fullName(first: string | null | undefined, last: string | null | undefined, email?: string | null): string | null {
  const name = [first, last]
    .filter((p): p is string => typeof p === 'string' && p.trim() !== '')
    .join(' ')
    .trim();
  if (name !== '') return name;
  return email ?? null;
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };

/** Plain text from note HTML: tags dropped, block ends become newlines, common entities decoded. */
export function htmlToText(html: string | null | undefined): string | null {
  if (html === null || html === undefined) return null;
  const text = html
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(/<\/(p|div|li|h[1-6]|tr)>/gi, '\n')
    .replace(/<[^>]*>/g, '')
    .replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, ent: string) => {
      if (!ent.startsWith('#')) return ENTITIES[ent.toLowerCase()] ?? whole;
      const code = ent[1] === 'x' || ent[1] === 'X' ? parseInt(ent.slice(2), 16) : parseInt(ent.slice(1), 10);
      return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
    })
    .replace(/[ \t]+\n/g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
  return text;
}

/** v1 integer entity/list type → /v2 name (0 person, 1 organization, 8 opportunity). */
export function v1EntityTypeName(t: number | null | undefined): EntityType | null {
  if (t === 0) return 'person';
  if (t === 1) return 'company';
  if (t === 8) return 'opportunity';
  return null;
}

/** v1 interaction `type` → interaction kind (0 meeting, 1 call, 2 chat message, 3 email). */
export function v1InteractionKind(t: number | null | undefined): string | null {
  switch (t) {
    case 0:
      return 'meeting';
    case 1:
      return 'call';
    case 2:
      return 'chat-message';
    case 3:
      return 'email';
    default:
      return null;
  }
}
