/**
 * docs/queries.md 13-15 (emails per month, what changed since yesterday, days in the current stage) and
 * the from → to of `field_value_history` for every value type (issue 35), run verbatim on both dialects
 * against the simulator's data: the tiny tenant with a Status history, then writes through the API of every
 * tracked single-valued type on one deal, then an incremental run. Answers come from the simulator's store
 * (test/helpers/docs-queries-store.ts), never from the warehouse; on PostgreSQL the month query also runs
 * in two session time zones.
 */
import { readFileSync } from 'node:fs';
import pg from 'pg';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { sql } from 'kysely';
import { simCall } from '@relsync/simulator/test-client';
import type { FieldValue, SimField, SimFieldValueChange, SimStore } from '@relsync/simulator';
import { forEachDialect } from '../helpers/dialects.ts';
import { startSyncFixture, type SyncFixture } from '../helpers/sync-fixture.ts';
import { changesWithin, daysInStage, emailsPerMonth, newestChange, statusHistory } from '../helpers/docs-queries-store.ts';

const doc = readFileSync(new URL('../../docs/queries.md', import.meta.url), 'utf8');
const queries = [...doc.matchAll(/```sql\n([\s\S]*?)```/g)].map((m) => m[1]!.trim().replace(/;$/, ''));
const [EMAILS_PER_MONTH, SINCE_YESTERDAY, DAYS_IN_STAGE] = [queries[12]!, queries[13]!, queries[14]!];
type Row = Record<string, unknown>;

/** Two values per type, written in turn, so each cell's second change has a "from" of the same type. */
function testValues(s: SimStore, f: SimField): [unknown, unknown] | null {
  switch (f.valueType) {
    case 'number':
      return [1_600_000, 73.76];
    case 'datetime':
      return ['2025-03-04T00:00:00Z', '2025-12-31T23:30:00Z'];
    case 'ranked-dropdown':
      return [{ dropdownOptionId: s.options(f)[0]!.id }, { dropdownOptionId: s.options(f)[1]!.id }];
    case 'person':
      return [{ id: [...s.persons.keys()][3]! }, { id: [...s.persons.keys()][4]! }];
    case 'company':
      return [{ id: [...s.companies.keys()][3]! }, { id: [...s.companies.keys()][4]! }];
    default:
      return null;
  }
}

/**
 * A store value as `value_display` shows it: text, a number without `.0`, an instant in UTC, a name;
 * undefined for a reference to a record the store no longer holds (the log names it only by id).
 */
function display(s: SimStore, f: SimField, v: FieldValue | null): string | null | undefined {
  const d = v?.data as unknown;
  if (d === null || d === undefined) return null;
  if (typeof d === 'number') return String(d);
  if (typeof d === 'string') return f.valueType === 'datetime' ? new Date(d).toISOString() : d;
  const o = d as { dropdownOptionId?: number; id?: number };
  if (o.dropdownOptionId !== undefined) return s.options(f).find((x) => x.id === o.dropdownOptionId)!.text;
  if (f.valueType === 'person') {
    const p = s.persons.get(o.id!);
    return p && `${p.firstName ?? ''} ${p.lastName ?? ''}`.trim();
  }
  return s.companies.get(o.id!)?.name;
}

/** The change before `c` in its cell, from the store's log. */
function previousIn(s: SimStore, c: SimFieldValueChange): SimFieldValueChange | undefined {
  const cell = (x: SimFieldValueChange) => `${x.fieldKey}/${x.entityId}/${x.listEntryId ?? 0}`;
  const before = s.fieldValueChanges.filter(
    (x) => cell(x) === cell(c) && (Date.parse(x.changedAt) < Date.parse(c.changedAt) || (x.changedAt === c.changedAt && x.id < c.id)),
  );
  return before.sort((a, b) => Date.parse(a.changedAt) - Date.parse(b.changedAt) || a.id - b.id).at(-1);
}

forEachDialect('docs/queries.md as-of questions and from → to on simulator data', (dialect) => {
  let f: SyncFixture | undefined;
  const q = async (text: string): Promise<Row[]> => (await sql.raw<Row>(text).execute(f!.db.kysely)).rows;
  let written: SimField[] = [];
  beforeAll(async () => {
    f = await startSyncFixture({ dialect, scale: 'tiny' });
    const s = f.sim.store;
    s.appendChanges(statusHistory(s, 1001, '2025-05-01T00:00:00.000Z'));
    expect((await f.runFull()).summary.status).toBe('succeeded');
    // A deal's list fields and a company's own: between them every tracked single-valued type but location.
    const entry = [...s.listEntries.values()].find((e) => e.listId === 1001)!;
    const company = [...s.companies.values()].find((c) => !c.isGlobal)!;
    const writable = (fields: SimField[] | undefined) => (fields ?? []).filter((x) => x.trackChanges && !x.association && testValues(s, x) !== null);
    const targets: Array<[string, SimField[]]> = [
      [`/v2/lists/1001/list-entries/${entry.id}/fields`, writable(s.fieldsByList.get(1001))],
      [`/v2/companies/${company.id}/fields`, writable(s.fieldsByEntity.get('company'))],
    ];
    written = targets.flatMap(([, fields]) => fields);
    for (const round of [0, 1])
      for (const [path, fields] of targets)
        for (const x of fields) {
          const r = await simCall(f.sim, `${path}/${x.id}`, { method: 'POST', body: { value: { type: x.valueType, data: testValues(s, x)![round] } } });
          expect(r.status, r.text).toBeLessThan(300);
        }
    expect((await f.runIncremental()).summary.status).toBe('succeeded');
  }, 120_000);
  afterAll(async () => {
    await f?.close();
  });

  it('field_value_history: the "from" of every single-valued change, of every type, is the value its cell held, as the store logged it', async () => {
    const s = f!.sim.store;
    // The simulator tracks no plain text field; text changes' "from" was right before issue 35 (load-views-answers.test.ts).
    expect(new Set(written.map((x) => x.valueType))).toEqual(new Set(['number', 'datetime', 'ranked-dropdown', 'person', 'company']));
    const rows = new Map((await q('select * from field_value_history')).map((r) => [Number(r.change_id), r]));
    const checked = new Map<string, number>();
    for (const c of s.fieldValueChanges) {
      const field = s.fields.get(c.fieldKey)!;
      const prev = previousIn(s, c);
      if (field.valueType.endsWith('-multi') || field.association || !prev || prev.actionType === 'delete') continue;
      const from = display(s, field, prev.value);
      if (from === undefined) continue;
      const r = rows.get(c.id)!;
      expect([c.id, r.previous_value_display], field.valueType).toEqual([c.id, from]);
      if (field.valueType === 'number') expect(Number(r.previous_value_number)).toBe(prev.value.data);
      if (field.valueType === 'datetime') expect(r.previous_value_date).toBe(new Date(String(prev.value.data)).toISOString());
      checked.set(field.valueType, (checked.get(field.valueType) ?? 0) + 1);
    }
    for (const t of ['number', 'datetime', 'ranked-dropdown', 'person', 'company']) expect(checked.get(t) ?? 0, t).toBeGreaterThan(0);
    // One rendering of a number on both dialects: no trailing `.0`.
    const moved = await q(
      'select previous_value_display, value_display from field_value_history where value_number = 73.76 and previous_value_number = 1600000',
    );
    const numbers = written.filter((x) => x.valueType === 'number').length;
    expect(moved.map((r) => [r.previous_value_display, r.value_display])).toEqual(Array.from({ length: numbers }, () => ['1600000', '73.76']));
  });

  it("13. emails per month: the store's emails by UTC month; on PostgreSQL the same in UTC and in America/Los_Angeles", async () => {
    const want = emailsPerMonth(f!.sim.store);
    expect(want.length).toBeGreaterThan(3);
    const got = (await q(EMAILS_PER_MONTH)).map((r) => [r.month, Number(r.emails)]);
    expect(got).toEqual(want);
    if (dialect !== 'postgres') return;
    const c = new pg.Client({
      connectionString: f!.dbUrl.replace(/\?schema=.*$/, ''),
      options: `-c search_path=${new URL(f!.dbUrl).searchParams.get('schema') ?? 'public'}`,
    });
    await c.connect();
    try {
      const inZone = async (zone: string) => {
        await c.query(`set time zone '${zone}'`);
        return (await c.query<{ month: string; emails: string }>(EMAILS_PER_MONTH)).rows.map((r) => [r.month, Number(r.emails)]);
      };
      expect(await inZone('America/Los_Angeles')).toEqual(want);
      expect(await inZone('UTC')).toEqual(want);
    } finally {
      await c.end();
    }
  });

  it("14. what changed since yesterday: the day's changes up to the newest, each from → to and who, as the store logged them", async () => {
    const s = f!.sim.store;
    const want = changesWithin(s, newestChange(s), 1)
      .sort((a, b) => Date.parse(a.changedAt) - Date.parse(b.changedAt) || a.id - b.id)
      .map((c) => {
        const field = s.fields.get(c.fieldKey)!;
        const prev = previousIn(s, c);
        const from = field.valueType.endsWith('-multi') || !prev || prev.actionType === 'delete' ? null : display(s, field, prev.value);
        return [c.entityId, field.name, from, display(s, field, c.value)];
      });
    expect(want.length).toBe(written.length * 2);
    const rows = await q(SINCE_YESTERDAY);
    expect(rows.map((r) => [Number(r.entity_id), r.field_name, r.from_value, r.to_value])).toEqual(want);
    expect(rows.every((r) => typeof r.entity_name === 'string' && r.entity_name !== '')).toBe(true);
  });

  it('15. days in the current stage: as of the newest change, one spell however often the stage was set again', async () => {
    const s = f!.sim.store;
    const want = daysInStage(s, 1001, newestChange(s));
    expect(want.length).toBeGreaterThan(3);
    const rows = (await q(DAYS_IN_STAGE)).filter((r) => Number(r.list_id) === 1001 && r.field_name === 'Status');
    expect(rows.map((r) => [Number(r.list_entry_id), r.stage, r.entered_at_utc, Number(r.days_in_stage)])).toEqual(want);
  });
});
