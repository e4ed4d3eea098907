import { expect, it } from 'vitest';
import type { Db } from '../../src/load/db.ts';
import { applyBatch } from '../../src/load/write/apply-batch.ts';
import { emptyBatch, type RowBatch } from '../../src/load/schema/row-batch.ts';
import { commitPage, type PageCommit } from '../../src/runner/commit-page.ts';
import { readCheckpoint } from '../../src/state/checkpoint.ts';
import { addAssociation } from '../../src/transform/entities.ts';
import { forEachDialect, useMigratedDb } from '../helpers/dialects.ts';
import { readerEnv } from '../helpers/memory-source.ts';

/**
 * A record hot by a standing signal (a list entry, a deal's membership) loses it when the service deletes the
 * record; the page that removes the row marks the record it named for a lookup by id, in the page's transaction
 * (runner/leaving-marks.ts): a list entry a completed sweep soft-deletes, a deal member a replace leaves out.
 */
const T0 = '2026-01-01T00:00:00.000Z';
const T1 = '2026-01-02T00:00:00.000Z';
const T2 = '2026-01-02T01:00:00.000Z';

async function seed(db: Db): Promise<void> {
  const b: RowBatch = {
    upserts: {
      persons: [1, 2, 3, 4].map((id) => ({ id, first_name: `p${id}` })),
      companies: [{ id: 10, name: 'c10' }],
      opportunities: [{ id: 50, name: 'deal' }],
      list_entries: [
        { id: 100, list_id: 5, entity_type: 'person', entity_id: 1 },
        { id: 101, list_id: 5, entity_type: 'company', entity_id: 10 },
        { id: 102, list_id: 5, entity_type: 'person', entity_id: 4 },
        { id: 103, list_id: 6, entity_type: 'opportunity', entity_id: 50 },
        { id: 104, list_id: 6, entity_type: 'person', entity_id: 2 },
      ],
    },
    replace: [],
  };
  addAssociation(b, 'opportunity_persons', 'opportunity_id', 50, 'person_id', [2, 3]);
  addAssociation(b, 'opportunity_companies', 'opportunity_id', 50, 'company_id', [10]);
  await applyBatch(db.kysely, db.dialect, b, T0);
  // Person 4 is gone already: a mark for it would be asked for in vain.
  await db.kysely.updateTable('persons').set({ _deleted_at: T0 }).where('id', '=', 4).execute();
}

async function commit(db: Db, c: Partial<PageCommit>, at = T1): Promise<void> {
  const env = {
    ...readerEnv(
      () => null as never,
      () => at,
    ),
    db,
  };
  const { checkpoint } = await readCheckpoint(db.kysely, 'test_stream');
  await commitPage(env, 'test_stream', '', { rows: emptyBatch(), marks: [], invalid: [], checkpoint, ...c });
}

async function marks(db: Db): Promise<string[]> {
  const rows = await db.kysely.selectFrom('sync_dirty').select(['kind', 'id']).orderBy('kind').orderBy('id').execute();
  return rows.map((r) => `${r.kind}:${Number(r.id)}`);
}

forEachDialect('marks for the records a removed list entry or deal member named (runner/leaving-marks.ts)', (dialect) => {
  const db = useMigratedDb(dialect, { extraTables: ['sync_state', 'sync_dirty'] });

  it('a completed sweep that soft-deletes list entries marks the live company and person they named, in its commit', async () => {
    await seed(db());
    // The sweep of list 5 began at T1 and wrote none of its entries: all three are gone.
    await commit(db(), { softDelete: { table: 'list_entries', scope: { list_id: 5 }, startedAt: T1 } }, T2);
    const gone = await db().kysely.selectFrom('list_entries').select('id').where('_deleted_at', 'is not', null).orderBy('id').execute();
    expect(gone.map((r) => Number(r.id))).toEqual([100, 101, 102]);
    expect(await marks(db())).toEqual(['company:10', 'person:1']);
  });

  it('a deal read that leaves a member out marks that person or company; a deal read unchanged marks nothing', async () => {
    await seed(db());
    const same = addAssociation(emptyBatch(), 'opportunity_persons', 'opportunity_id', 50, 'person_id', [2, 3]);
    await commit(db(), { rows: addAssociation(same, 'opportunity_companies', 'opportunity_id', 50, 'company_id', [10]) });
    expect(await marks(db())).toEqual([]);

    const left = addAssociation(emptyBatch(), 'opportunity_persons', 'opportunity_id', 50, 'person_id', [3, 1]);
    await commit(db(), { rows: addAssociation(left, 'opportunity_companies', 'opportunity_id', 50, 'company_id', []) });
    expect(await marks(db())).toEqual(['company:10', 'person:2']);
  });

  it("a record's own read of its deals (the set replaced per person) marks no one: that read was the lookup", async () => {
    await seed(db());
    await commit(db(), { rows: addAssociation(emptyBatch(), 'opportunity_persons', 'person_id', 3, 'opportunity_id', []) });
    const left = await db().kysely.selectFrom('opportunity_persons').select('person_id').execute();
    expect(left.map((r) => Number(r.person_id))).toEqual([2]);
    expect(await marks(db())).toEqual([]);
  });

  it('a list entry a read by id finds gone marks its person too', async () => {
    await seed(db());
    await commit(db(), { gone: { table: 'list_entries', ids: [104], since: T1 } }, T2);
    expect(await marks(db())).toEqual(['person:2']);
  });
});
