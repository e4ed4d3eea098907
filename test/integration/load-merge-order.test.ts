import { expect, it } from 'vitest';
import { applyBatch } from '../../src/load/write/apply-batch.ts';
import type { MergeOp } from '../../src/load/schema/row-batch.ts';
import { upsertRows } from '../../src/load/write/upsert.ts';
import { softDeleteMissing } from '../../src/load/write/soft-delete.ts';
import { forEachDialect, useMigratedDb } from '../helpers/dialects.ts';

/**
 * Merges are order-independent (load/write/merge.ts): applied in the order they happened whatever the order
 * listed (the service lists them newest first), a chain resolves to its final survivor, and a merge
 * learned after the duplicate's soft delete still moves the duplicate's children.
 */
const T0 = '2024-04-01T07:00:00.000Z';
const T1 = '2024-04-02T07:00:00.000Z';
const SYNC = '2024-04-03T07:00:00.000Z';
const LATER = '2024-04-04T07:00:00.000Z';

const merge = (duplicateId: number, survivorId: number, mergedAt: string): MergeOp => ({ entityType: 'company', duplicateId, survivorId, mergedAt });
const batchOf = (merges: MergeOp[]) => ({ upserts: {}, replace: [], merges });

forEachDialect('load: merges in the order they happened', (dialect) => {
  const db = useMigratedDb(dialect);

  async function seed(): Promise<void> {
    const k = db().kysely;
    await upsertRows(
      k,
      db().dialect,
      'companies',
      [
        { id: 1, name: 'A' },
        { id: 2, name: 'B' },
        { id: 3, name: 'C' },
      ],
      T0,
    );
    await upsertRows(k, db().dialect, 'persons', [{ id: 11 }, { id: 12 }, { id: 13 }], T0);
    await upsertRows(
      k,
      db().dialect,
      'company_persons',
      [
        { company_id: 1, person_id: 11 },
        { company_id: 2, person_id: 12 },
        { company_id: 3, person_id: 13 },
      ],
      T0,
    );
    await upsertRows(
      k,
      db().dialect,
      'field_values',
      [
        {
          field_id: 'field-1',
          entity_type: 'company',
          entity_id: 1,
          list_entry_id: 0,
          value_index: 0,
          value_type: 'text',
          value_text: 'from A',
          value_json: '"from A"',
        },
      ],
      T0,
    );
  }

  /** The companies sweep (starting at SYNC) sees B and C, not A: merged upstream, the merge not yet read. */
  async function sweepWithoutA(): Promise<number> {
    const k = db().kysely;
    await upsertRows(
      k,
      db().dialect,
      'companies',
      [
        { id: 2, name: 'B' },
        { id: 3, name: 'C' },
      ],
      SYNC,
    );
    await upsertRows(k, db().dialect, 'persons', [{ id: 11 }, { id: 12 }, { id: 13 }], SYNC);
    return softDeleteMissing(k, 'companies', { sweepStartedAt: SYNC, now: SYNC });
  }

  async function state() {
    const k = db().kysely;
    const companies = await k.selectFrom('companies').select(['id', 'merged_into_id']).orderBy('id').execute();
    const links = await k.selectFrom('company_persons').select(['company_id', 'person_id']).orderBy('person_id').execute();
    const values = await k.selectFrom('field_values').select(['entity_id', 'value_text']).execute();
    return {
      merged: companies.map((c) => [Number(c.id), c.merged_into_id === null ? null : Number(c.merged_into_id)]),
      links: links.map((l) => [Number(l.company_id), Number(l.person_id)]),
      values: values.map((v) => [Number(v.entity_id), v.value_text]),
    };
  }

  const CHAIN_DONE = {
    merged: [
      [1, 3],
      [2, 3],
      [3, null],
    ],
    links: [
      [3, 11],
      [3, 12],
      [3, 13],
    ],
    values: [[3, 'from A']],
  };

  it('a chain A→B→C listed newest first in one page ends at C', async () => {
    await seed();
    await applyBatch(db().kysely, db().dialect, batchOf([merge(2, 3, T1), merge(1, 2, T0)]), SYNC);
    expect(await state()).toEqual(CHAIN_DONE);
  });

  it('a chain A→B→C listed newest first over two pages ends at C', async () => {
    await seed();
    await applyBatch(db().kysely, db().dialect, batchOf([merge(2, 3, T1)]), SYNC);
    await applyBatch(db().kysely, db().dialect, batchOf([merge(1, 2, T0)]), SYNC);
    expect(await state()).toEqual(CHAIN_DONE);
    // Applied again by the next merges pass: the same state.
    await applyBatch(db().kysely, db().dialect, batchOf([merge(2, 3, T1), merge(1, 2, T0)]), LATER);
    expect(await state()).toEqual(CHAIN_DONE);
  });

  it("a merge learned after the duplicate's soft delete still moves its people and values to the survivor", async () => {
    await seed();
    const k = db().kysely;
    expect(await sweepWithoutA()).toBe(1);
    expect((await state()).links).toEqual([
      [2, 12],
      [3, 13],
    ]);
    // The merges pass, later: A→B.
    await applyBatch(k, db().dialect, batchOf([merge(1, 2, T0)]), LATER);
    expect(await state()).toEqual({
      merged: [
        [1, 2],
        [2, null],
        [3, null],
      ],
      links: [
        [2, 11],
        [2, 12],
        [3, 13],
      ],
      values: [[2, 'from A']],
    });
    // Used once: nothing is kept for A any more.
    expect(await k.selectFrom('kept_child_rows').selectAll().execute()).toEqual([]);
  });

  it('a kept row whose other parent is gone since does not come back', async () => {
    await seed();
    const k = db().kysely;
    await sweepWithoutA();
    await upsertRows(k, db().dialect, 'persons', [{ id: 12 }, { id: 13 }], LATER);
    await softDeleteMissing(k, 'persons', { sweepStartedAt: LATER, now: LATER });
    await applyBatch(k, db().dialect, batchOf([merge(1, 2, T0)]), LATER);
    expect((await state()).links).toEqual([
      [2, 12],
      [3, 13],
    ]);
  });
});
