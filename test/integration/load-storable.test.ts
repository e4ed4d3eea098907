/**
 * Text PostgreSQL cannot hold (NUL, lone UTF-16 surrogates) reaches the warehouse as U+FFFD on BOTH
 * dialects, in text columns and inside JSON columns (`_raw`, `value_json`), through upserts and replace
 * sets alike; the page's write succeeds instead of failing on PostgreSQL (issue 12, item 2).
 */
import { expect, it } from 'vitest';
import { applyBatch } from '../../src/load/write/apply-batch.ts';
import { quarantineRecords } from '../../src/load/write/quarantine.ts';
import { upsertRows } from '../../src/load/write/upsert.ts';
import { forEachDialect, useMigratedDb } from '../helpers/dialects.ts';

const T1 = '2024-04-01T07:00:00.000Z';
const NUL = '\u0000';
const HIGH = '\uD83D'; // the first half of an emoji, alone
const LOW = '\uDE00';
const FFFD = '\uFFFD';
const EMOJI = '\uD83D\uDE00';

/** A string with every kind of unstorable code unit, plus things that must pass untouched. */
const HOSTILE = `a${NUL}b ${HIGH}x ${LOW}y ${EMOJI} \u202Eevil '); drop table notes; --`;
const STORED = `a${FFFD}b ${FFFD}x ${FFFD}y ${EMOJI} \u202Eevil '); drop table notes; --`;

forEachDialect('load: unstorable text is made storable', (dialect) => {
  const db = useMigratedDb(dialect, { extraTables: ['quarantine'] });

  it('text and JSON columns of an upsert hold U+FFFD where NUL and lone surrogates were', async () => {
    const k = db().kysely;
    const raw = JSON.stringify({ id: 1, content: HOSTILE, [`k${NUL}`]: [HOSTILE] });
    await upsertRows(k, db().dialect, 'notes', [{ id: 1, content_text: HOSTILE, content_html: `<p>${HOSTILE}</p>`, _raw: raw }], T1);
    const row = await k.selectFrom('notes').select(['content_text', 'content_html', '_raw']).where('id', '=', 1).executeTakeFirstOrThrow();
    expect(row.content_text).toBe(STORED);
    expect(row.content_html).toBe(`<p>${STORED}</p>`);
    expect(JSON.parse(String(row._raw))).toEqual({ id: 1, content: STORED, [`k${FFFD}`]: [STORED] });
  });

  it('replace sets (child rows) are sanitised the same way, and a hostile owner key still replaces its rows', async () => {
    const k = db().kysely;
    const value = (text: string) => ({
      field_id: `field-1${NUL}`,
      entity_type: 'company',
      entity_id: 7,
      list_entry_id: 0,
      value_index: 0,
      value_type: 'text',
      value_json: JSON.stringify(text),
      value_text: text,
    });
    const owner = { field_id: `field-1${NUL}`, entity_type: 'company', entity_id: 7, list_entry_id: 0 };
    const scope = ['field_id', 'entity_type', 'entity_id', 'list_entry_id'] as const;
    await applyBatch(k, db().dialect, { upserts: {}, replace: [{ table: 'field_values', scope, owners: [owner], rows: [value(HOSTILE)] }] }, T1);
    await applyBatch(k, db().dialect, { upserts: {}, replace: [{ table: 'field_values', scope, owners: [owner], rows: [value(`${HOSTILE}!`)] }] }, T1);
    const rows = await k.selectFrom('field_values').select(['field_id', 'value_text', 'value_json']).execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]!.field_id).toBe(`field-1${FFFD}`);
    expect(rows[0]!.value_text).toBe(`${STORED}!`);
    expect(JSON.parse(String(rows[0]!.value_json))).toEqual(`${STORED}!`);
  });

  it('a quarantined record carrying unstorable text is parked, not lost', async () => {
    const k = db().kysely;
    await quarantineRecords(k, db().dialect, 'notes', [{ raw: { id: 5, content: HOSTILE }, error: `bad ${NUL}` }], 'run-1', T1);
    const row = await k.selectFrom('quarantine').select(['payload', 'error']).executeTakeFirstOrThrow();
    expect(JSON.parse(String(row.payload))).toEqual({ id: 5, content: STORED });
    expect(row.error).toBe(`bad ${FFFD}`);
  });

  it('escaped text that merely looks like an escape is kept verbatim', async () => {
    const k = db().kysely;
    const literal = String.raw`C:\u0000 and \uD800 as six characters`;
    await upsertRows(k, db().dialect, 'notes', [{ id: 2, content_text: literal, _raw: JSON.stringify({ id: 2, content: literal }) }], T1);
    const row = await k.selectFrom('notes').select(['content_text', '_raw']).where('id', '=', 2).executeTakeFirstOrThrow();
    expect(row.content_text).toBe(literal);
    expect(JSON.parse(String(row._raw))).toEqual({ id: 2, content: literal });
  });
});
