import { sql } from 'kysely';
import { columnTypes, type AnyDb } from './helpers.ts';

/*
 * When a deletion happened upstream and when relsync learned of it are two facts (issue 17). A merged-away
 * record carries the service's merge time in `_deleted_at` (possibly weeks before the sync that found it),
 * so "deleted since the last sync" could not be asked of `_deleted_at`. Every entity table gets
 * `_deleted_seen_at`: the run clock of the sync that found the record deleted or merged away (null while
 * it is live); `_deleted_at` keeps when it happened upstream where the service says (merges), else when
 * it was found (a completed sweep no longer returned it).
 * Backfill of rows already deleted: a sweep's soft delete stamped `_deleted_at` with the run clock, so it is
 * also when it was seen; a merge found later than it happened was written no earlier than the row's last
 * `_synced_at`, so the later of the two is the nearest known "seen".
 * The tables are named here, not read from the registry: a migration is frozen once released.
 * Also: a `note` value now carries the note's text in `value_text` (as a `reminder` value carries its
 * content), so list views show text, not a JSON blob. Values stored before get it here, from their own
 * `value_json` (the note's `content.html` as plain text, the rule of transform/field-values.ts, copied so
 * this file stays as released), in `field_values` and `field_value_changes` alike.
 * Frozen once released: later changes go in a new migration.
 */
const ENTITY_TABLES = [
  'companies',
  'persons',
  'opportunities',
  'lists',
  'list_entries',
  'fields',
  'field_value_changes',
  'notes',
  'reminders',
  'interactions',
  'transcripts',
  'files',
  'users',
  'teams',
  'saved_views',
  'webhooks',
  'merges',
  'duplicate_suggestions',
  'relationship_strengths',
] as const;

const ENTITIES: Readonly<Record<string, string>> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };

/** Plain text from note HTML: tags dropped, block ends become newlines, common entities decoded. */
function htmlToText(html: string): string {
  return html
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
}

function noteText(json: unknown): string | null {
  const v = typeof json === 'string' ? (JSON.parse(json) as unknown) : json;
  const content = typeof v === 'object' && v !== null ? (v as { content?: unknown }).content : undefined;
  const html = typeof content === 'object' && content !== null ? (content as { html?: unknown }).html : undefined;
  return typeof html === 'string' ? htmlToText(html) : null;
}

const VALUE_KEY = ['field_id', 'entity_type', 'entity_id', 'list_entry_id', 'value_index'] as const;

async function noteValueTexts(db: AnyDb): Promise<void> {
  const values = await db
    .selectFrom('field_values')
    .select([...VALUE_KEY, 'value_json'])
    .where('value_type', '=', 'note')
    .where('value_text', 'is', null)
    .execute();
  for (const r of values) {
    const text = noteText(r.value_json);
    if (text === null) continue;
    let q = db.updateTable('field_values').set({ value_text: text });
    for (const k of VALUE_KEY) q = q.where(k, '=', r[k]);
    await q.execute();
  }
  const changes = await db
    .selectFrom('field_value_changes')
    .select(['id', 'value_json'])
    .where('value_type', '=', 'note')
    .where('value_text', 'is', null)
    .execute();
  for (const r of changes) {
    const text = noteText(r.value_json);
    if (text !== null) await db.updateTable('field_value_changes').set({ value_text: text }).where('id', '=', r.id).execute();
  }
}

export async function up(db: AnyDb): Promise<void> {
  const t = columnTypes(db);
  for (const table of ENTITY_TABLES) {
    await db.schema.alterTable(table).addColumn('_deleted_seen_at', t.ts).execute();
    await sql`update ${sql.table(table)} set _deleted_seen_at = case when _synced_at > _deleted_at then _synced_at else _deleted_at end
      where _deleted_at is not null`.execute(db);
  }
  await noteValueTexts(db);
}

export async function down(db: AnyDb): Promise<void> {
  for (const table of ENTITY_TABLES) await db.schema.alterTable(table).dropColumn('_deleted_seen_at').execute();
}
