/**
 * A record soft-deleted by a completed sweep loses its child rows in the same call: values,
 * associations, attachments; rows of another live parent that merely name it (interaction participants)
 * forget the id. The tombstone itself keeps `_raw` (issue 12, item 10).
 */
import { expect, it } from 'vitest';
import { softDeleteMissing } from '../../src/load/write/soft-delete.ts';
import { upsertRows } from '../../src/load/write/upsert.ts';
import { forEachDialect, useMigratedDb } from '../helpers/dialects.ts';

const T1 = '2024-04-01T07:00:00.000Z';
const T2 = '2024-04-02T07:00:00.000Z';
const T3 = '2024-04-03T07:00:00.000Z';

const fv = (entity_type: string, entity_id: number, list_entry_id = 0, field_id = 'field-1') => ({
  field_id,
  entity_type,
  entity_id,
  list_entry_id,
  value_index: 0,
  value_type: 'number',
  value_number: entity_id,
});

forEachDialect('load: soft deletes take their child rows along', (dialect) => {
  const db = useMigratedDb(dialect);

  it('a deleted person: values, associations and attachments go, participants forget it, _raw stays', async () => {
    const k = db().kysely;
    await upsertRows(
      k,
      db().dialect,
      'persons',
      [
        { id: 10, first_name: 'Gone', _raw: '{"id":10}' },
        { id: 11, _raw: '{"id":11}' },
      ],
      T1,
    );
    await upsertRows(k, db().dialect, 'field_values', [fv('person', 10), fv('person', 10, 70, 'field-2'), fv('person', 11), fv('company', 10)], T1);
    await upsertRows(
      k,
      db().dialect,
      'company_persons',
      [
        { company_id: 1, person_id: 10 },
        { company_id: 1, person_id: 11 },
      ],
      T1,
    );
    await upsertRows(
      k,
      db().dialect,
      'opportunity_persons',
      [
        { opportunity_id: 100, person_id: 10 },
        { opportunity_id: 100, person_id: 11 },
      ],
      T1,
    );
    await upsertRows(
      k,
      db().dialect,
      'note_attachments',
      [
        { note_id: 5, entity_type: 'person', entity_id: 10 },
        { note_id: 5, entity_type: 'company', entity_id: 10 },
      ],
      T1,
    );
    await upsertRows(
      k,
      db().dialect,
      'interaction_participants',
      [
        { kind: 'email', interaction_id: 9, role: 'to', position: 0, person_id: 10, email_address: 'gone@x.co' },
        { kind: 'email', interaction_id: 9, role: 'to', position: 1, person_id: 11, email_address: 'kept@x.co' },
      ],
      T1,
    );
    await upsertRows(k, db().dialect, 'persons', [{ id: 11, _raw: '{"id":11}' }], T2); // the sweep that began at T2 saw only 11

    expect(await softDeleteMissing(k, 'persons', { sweepStartedAt: T2, now: T3 })).toBe(1);

    const person = await k.selectFrom('persons').select(['first_name', '_raw', '_deleted_at']).where('id', '=', 10).executeTakeFirstOrThrow();
    expect({ ...person, _raw: JSON.parse(String(person._raw)) }).toEqual({ first_name: 'Gone', _raw: { id: 10 }, _deleted_at: T3 });
    const values = await k.selectFrom('field_values').select(['entity_type', 'entity_id', 'list_entry_id']).orderBy('entity_type').execute();
    expect(values).toEqual([
      { entity_type: 'company', entity_id: 10, list_entry_id: 0 },
      { entity_type: 'person', entity_id: 11, list_entry_id: 0 },
    ]);
    expect(await k.selectFrom('company_persons').select('person_id').execute()).toEqual([{ person_id: 11 }]);
    expect(await k.selectFrom('opportunity_persons').select('person_id').execute()).toEqual([{ person_id: 11 }]);
    expect(await k.selectFrom('note_attachments').select(['entity_type', 'entity_id']).execute()).toEqual([{ entity_type: 'company', entity_id: 10 }]);
    const parts = await k.selectFrom('interaction_participants').select(['position', 'person_id', 'email_address']).orderBy('position').execute();
    expect(parts).toEqual([
      { position: 0, person_id: null, email_address: 'gone@x.co' },
      { position: 1, person_id: 11, email_address: 'kept@x.co' },
    ]);
  });

  it('a deleted company and opportunity lose their values and association rows', async () => {
    const k = db().kysely;
    await upsertRows(k, db().dialect, 'companies', [{ id: 1 }, { id: 2 }], T1);
    await upsertRows(k, db().dialect, 'opportunities', [{ id: 100 }, { id: 101 }], T1);
    await upsertRows(k, db().dialect, 'field_values', [fv('company', 1), fv('company', 2), fv('opportunity', 100, 700), fv('opportunity', 101, 701)], T1);
    await upsertRows(
      k,
      db().dialect,
      'company_persons',
      [
        { company_id: 1, person_id: 10 },
        { company_id: 2, person_id: 10 },
      ],
      T1,
    );
    await upsertRows(
      k,
      db().dialect,
      'opportunity_companies',
      [
        { opportunity_id: 100, company_id: 2 },
        { opportunity_id: 101, company_id: 1 },
      ],
      T1,
    );
    await upsertRows(
      k,
      db().dialect,
      'opportunity_persons',
      [
        { opportunity_id: 100, person_id: 10 },
        { opportunity_id: 101, person_id: 10 },
      ],
      T1,
    );
    await upsertRows(k, db().dialect, 'companies', [{ id: 2 }], T2);
    await upsertRows(k, db().dialect, 'opportunities', [{ id: 101 }], T2);

    expect(await softDeleteMissing(k, 'companies', { sweepStartedAt: T2, now: T3 })).toBe(1);
    expect(await softDeleteMissing(k, 'opportunities', { sweepStartedAt: T2, now: T3 })).toBe(1);

    const values = await k.selectFrom('field_values').select(['entity_type', 'entity_id']).orderBy('entity_type').execute();
    expect(values).toEqual([
      { entity_type: 'company', entity_id: 2 },
      { entity_type: 'opportunity', entity_id: 101 },
    ]);
    expect(await k.selectFrom('company_persons').select('company_id').execute()).toEqual([{ company_id: 2 }]);
    expect(await k.selectFrom('opportunity_companies').selectAll().execute()).toEqual([]);
    expect(await k.selectFrom('opportunity_persons').select('opportunity_id').execute()).toEqual([{ opportunity_id: 101 }]);
  });

  it('a list entry, an interaction (keyed by kind and id), a note, a transcript and a team lose their children', async () => {
    const k = db().kysely;
    const entry = (id: number) => ({ id, list_id: 5, entity_type: 'company', entity_id: id });
    await upsertRows(k, db().dialect, 'list_entries', [entry(70), entry(71)], T1);
    await upsertRows(k, db().dialect, 'field_values', [fv('company', 70, 70), fv('company', 71, 71)], T1);
    await upsertRows(
      k,
      db().dialect,
      'interactions',
      [
        { kind: 'email', id: 9 },
        { kind: 'meeting', id: 9 },
      ],
      T1,
    );
    const part = (kind: string) => ({ kind, interaction_id: 9, role: 'to', position: 0, email_address: `${kind}@x.co` });
    await upsertRows(k, db().dialect, 'interaction_participants', [part('email'), part('meeting')], T1);
    await upsertRows(k, db().dialect, 'notes', [{ id: 5 }], T1);
    await upsertRows(k, db().dialect, 'note_attachments', [{ note_id: 5, entity_type: 'company', entity_id: 1 }], T1);
    await upsertRows(k, db().dialect, 'transcripts', [{ id: 3 }], T1);
    await upsertRows(k, db().dialect, 'transcript_fragments', [{ transcript_id: 3, idx: 0, content: 'hi' }], T1);
    await upsertRows(k, db().dialect, 'teams', [{ id: 4 }], T1);
    await upsertRows(k, db().dialect, 'team_members', [{ team_id: 4, user_id: 1 }], T1);
    await upsertRows(k, db().dialect, 'list_entries', [entry(71)], T2);
    await upsertRows(k, db().dialect, 'interactions', [{ kind: 'meeting', id: 9 }], T2);

    expect(await softDeleteMissing(k, 'list_entries', { sweepStartedAt: T2, scope: { list_id: 5 }, now: T3 })).toBe(1);
    expect(await softDeleteMissing(k, 'interactions', { sweepStartedAt: T2, scope: { kind: 'email' }, now: T3 })).toBe(1);
    for (const table of ['notes', 'transcripts', 'teams']) expect(await softDeleteMissing(k, table, { sweepStartedAt: T2, now: T3 })).toBe(1);

    expect(await k.selectFrom('field_values').select('list_entry_id').execute()).toEqual([{ list_entry_id: 71 }]);
    expect(await k.selectFrom('interaction_participants').select('kind').execute()).toEqual([{ kind: 'meeting' }]);
    for (const table of ['note_attachments', 'transcript_fragments', 'team_members'] as const) {
      expect(await k.selectFrom(table).selectAll().execute(), table).toEqual([]);
    }
  });
});
