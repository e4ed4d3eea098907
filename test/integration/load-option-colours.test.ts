/**
 * Dropdown option colours through the loader, on both dialects: a `/v2` value's colour name is an update
 * of the option's row (never a new row, never another column), and the v1 `/fields` replace of a field's
 * options keeps that name while the v1 colour code stays the same (row-batch.ts KeepColumns, RowBatch.updates).
 */
import { expect, it } from 'vitest';
import { applyBatch } from '../../src/load/write/apply-batch.ts';
import { emptyBatch, type RowBatch } from '../../src/load/schema/row-batch.ts';
import { v1FieldSchema } from '../../src/extract/schemas/index.ts';
import { addOptionColours, v1FieldRows } from '../../src/transform/index.ts';
import { forEachDialect, useMigratedDb } from '../helpers/dialects.ts';

const T1 = '2024-04-01T07:00:00.000Z';
const T2 = '2024-04-02T07:00:00.000Z';

/** v1 `GET /fields` item of a ranked dropdown with these options (docs/contract.md §6.5). */
function v1Field(options: Array<{ id: number; text: string; color?: number | null }>): RowBatch {
  return v1FieldRows(
    v1FieldSchema.parse({
      id: 12,
      name: 'Stage',
      list_id: 3,
      enrichment_source: 'none',
      value_type: 7,
      allows_multiple: false,
      dropdown_options: options.map((o, i) => ({ rank: i, ...o })),
    }),
  );
}

function colours(rows: Array<{ id: number; color: string }>): RowBatch {
  return addOptionColours(
    emptyBatch(),
    rows.map((r) => ({ field_id: 'field-12', ...r })),
  );
}

forEachDialect('load: dropdown option colours', (dialect) => {
  const db = useMigratedDb(dialect);

  const apply = (b: RowBatch, at: string) =>
    db()
      .kysely.transaction()
      .execute((trx) => applyBatch(trx, db().dialect, b, at));

  async function options() {
    return db().kysely.selectFrom('dropdown_options').select(['id', 'text', 'rank', 'color', 'color_code', '_synced_at']).orderBy('id').execute();
  }

  it('a value sets only the colour name of an option the warehouse holds; an unknown option gets no row', async () => {
    const k = db().kysely;
    await k.transaction().execute((trx) => applyBatch(trx, db().dialect, v1Field([{ id: 1, text: 'New', color: 3 }]), T1));
    const r = await k.transaction().execute((trx) =>
      applyBatch(
        trx,
        db().dialect,
        colours([
          { id: 1, color: 'gray' },
          { id: 99, color: 'red' },
        ]),
        T2,
      ),
    );
    expect(r.rows).toBe(1);
    // Text, rank, code and the time the option was written stay as they were.
    expect(await options()).toEqual([{ id: 1, text: 'New', rank: 0, color: 'gray', color_code: 3, _synced_at: T1 }]);
    // The same name again changes nothing.
    expect((await k.transaction().execute((trx) => applyBatch(trx, db().dialect, colours([{ id: 1, color: 'gray' }]), T2))).rows).toBe(0);
  });

  it('the later of two values naming one option in a batch wins', async () => {
    const k = db().kysely;
    await k.transaction().execute((trx) => applyBatch(trx, db().dialect, v1Field([{ id: 1, text: 'New', color: 3 }]), T1));
    await k.transaction().execute((trx) =>
      applyBatch(
        trx,
        db().dialect,
        colours([
          { id: 1, color: 'gray' },
          { id: 1, color: 'green' },
        ]),
        T2,
      ),
    );
    expect((await options()).map((o) => o.color)).toEqual(['green']);
  });

  it("a fill (the change log's history) names only an option with no colour yet; a later value still sets it", async () => {
    await apply(
      v1Field([
        { id: 1, text: 'New', color: 3 },
        { id: 2, text: 'Won', color: 4 },
      ]),
      T1,
    );
    await apply(colours([{ id: 1, color: 'gray' }]), T1);
    const fill = (rows: Array<{ id: number; color: string }>) =>
      addOptionColours(
        emptyBatch(),
        rows.map((r) => ({ field_id: 'field-12', ...r })),
        true,
      );
    const r = await apply(
      fill([
        { id: 1, color: 'red' },
        { id: 2, color: 'green' },
        { id: 99, color: 'blue' },
      ]),
      T2,
    );
    expect(r.rows).toBe(1);
    expect((await options()).map((o) => [o.id, o.color])).toEqual([
      [1, 'gray'],
      [2, 'green'],
    ]);
    await apply(colours([{ id: 2, color: 'purple' }]), T2);
    expect((await options()).map((o) => [o.id, o.color])).toEqual([
      [1, 'gray'],
      [2, 'purple'],
    ]);
  });

  it('a re-read of the field keeps the name while the code is the same, drops it when the code changed, and removes dropped options', async () => {
    await apply(
      v1Field([
        { id: 1, text: 'New', color: 3 },
        { id: 2, text: 'Won', color: 4 },
        { id: 3, text: 'Lost', color: 5 },
        { id: 4, text: 'Parked' },
      ]),
      T1,
    );
    await apply(
      colours([
        { id: 1, color: 'gray' },
        { id: 2, color: 'green' },
        { id: 4, color: 'blue' },
      ]),
      T1,
    );
    await apply(
      v1Field([
        { id: 1, text: 'Fresh', color: 3 }, // same code: the name stays (the text follows the read)
        { id: 2, text: 'Won', color: 6 }, // another code: the name no longer holds
        { id: 4, text: 'Parked' }, // no colour member: says nothing, the name stays
        { id: 5, text: 'Added', color: 1 }, // new: no name yet
      ]),
      T2,
    );
    expect((await options()).map(({ id, text, color, color_code }) => ({ id, text, color, color_code }))).toEqual([
      { id: 1, text: 'Fresh', color: 'gray', color_code: 3 },
      { id: 2, text: 'Won', color: null, color_code: 6 },
      { id: 4, text: 'Parked', color: 'blue', color_code: null },
      { id: 5, text: 'Added', color: null, color_code: 1 },
    ]);
  });
});
