/**
 * Issue 11, part 1: a run with nothing changed costs only the change log and the update feeds (metadata
 * is read when due, `sweeps.metadata`), and a change-log entry naming a field the warehouse does not know
 * re-reads the field definitions in the same run.
 */
import { afterEach, expect, it } from 'vitest';
import { iterFieldValues, updateFieldValue, type SimField } from '@relsync/simulator';
import { forEachDialect } from '../helpers/dialects.ts';
import { startSyncFixture, type SyncFixture } from '../helpers/sync-fixture.ts';

const IDLE_TARGET = 8;
const DEFINITION_STREAMS = ['lists', 'lists_v1', 'fields', 'fields_v1'];

forEachDialect('idle incremental run', (dialect) => {
  let f: SyncFixture | undefined;
  afterEach(async () => {
    await f?.close();
    f = undefined;
  });

  it(`spends at most ${IDLE_TARGET} calls after a full sync, and re-reads metadata once it is due`, async () => {
    f = await startSyncFixture({ dialect, scale: 'tiny', contract: 'reference' });
    expect((await f.runFull()).summary.status).toBe('succeeded');
    const idle = (await f.runIncremental()).summary;
    expect(idle.status).toBe('succeeded');
    expect(idle.callsTotal, JSON.stringify(idle.calls)).toBeLessThanOrEqual(IDLE_TARGET);
    for (const s of DEFINITION_STREAMS) expect(idle.streams[s]?.calls ?? 0, s).toBe(0);
    // With the interval elapsed, the definitions are read again.
    const due = (await f.runIncremental({ config: { sweeps: { metadata: '1ms' } } })).summary;
    expect(due.streams.fields?.calls ?? 0).toBeGreaterThan(0);
    expect(due.streams.lists?.calls ?? 0).toBeGreaterThan(0);
  });

  it('re-reads field definitions in the same run when the change log names an unknown field', async () => {
    f = await startSyncFixture({ dialect, scale: 'tiny', contract: 'reference' });
    expect((await f.runFull()).summary.status).toBe('succeeded');
    const store = f.sim.store;
    const company = [...iterFieldValues(store)].find((v) => v.entityType === 'company' && v.listEntryId === null);
    expect(company).toBeDefined();
    const ordinal = Math.max(...[...store.fields.values()].map((x) => x.ordinal)) + 1;
    const field: SimField = {
      key: 'field-990001',
      id: 'field-990001',
      v1Id: 990001,
      name: 'Added after the full sync',
      type: 'global',
      entityType: 'company',
      listId: null,
      valueType: 'number',
      allowsMultiple: false,
      trackChanges: true,
      enrichmentSource: null,
      association: false,
      ordinal,
      createdAt: store.now(),
    };
    store.addField(field);
    updateFieldValue(store, field.key, company!.entityId, null, { type: 'number', data: 42 });

    const run = (await f.runIncremental()).summary;
    expect(run.status).toBe('succeeded');
    expect(run.streams.fields?.calls ?? 0).toBeGreaterThan(0);
    const row = await f.db.kysely.selectFrom('fields').select(['id', 'value_type']).where('id', '=', field.id).executeTakeFirst();
    expect(row).toEqual({ id: field.id, value_type: 'number' });
    const change = await f.db.kysely.selectFrom('field_value_changes').select(['entity_id']).where('field_id', '=', field.id).execute();
    expect(change.map((c) => Number(c.entity_id))).toEqual([company!.entityId]);
    // The next run knows the field: back to the floor.
    const idle = (await f.runIncremental()).summary;
    expect(idle.streams.fields?.calls ?? 0).toBe(0);
  });
});
