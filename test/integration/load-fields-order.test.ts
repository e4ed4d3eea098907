/**
 * Issue 12, item 11: the `fields` stream reads company, person and every list's fields as concurrent
 * partitions, and system field ids (`affinity-data-location`, `first-email`, the `persons` / `companies`
 * association fields) come back from several of them. Whatever order the partitions land in, the
 * warehouse must end the same: the pages are applied here in two opposite orders into two warehouses.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Partition } from '../../src/streams/define.ts';
import { fieldsStream, type FieldsParams } from '../../src/streams/fields.ts';
import { v2FieldMetadataSchema } from '../../src/extract/schemas/index.ts';
import { applyBatch } from '../../src/load/write/apply-batch.ts';
import type { Db } from '../../src/load/db.ts';
import { fieldMeta, generateStore, type SimStore } from '@relsync/simulator';
import { forEachDialect, freshMigratedDb } from '../helpers/dialects.ts';
import { dumpWarehouse } from '../helpers/warehouse-compare.ts';

const T1 = '2024-04-01T07:00:00.000Z';

/** The fields stream's partitions with the records each returns, as the simulator serves them. */
function partitionPages(store: SimStore): Array<{ p: Partition<FieldsParams>; raws: unknown[] }> {
  const out: Array<{ p: Partition<FieldsParams>; raws: unknown[] }> = [];
  for (const [key, entityType] of [
    ['companies', 'company'],
    ['persons', 'person'],
  ] as const) {
    out.push({ p: { key, params: { entityType, path: `/v2/${key}/fields` } }, raws: (store.fieldsByEntity.get(entityType) ?? []).map(fieldMeta) });
  }
  for (const l of [...store.lists.values()].sort((a, b) => a.id - b.id)) {
    out.push({
      p: { key: `list-${l.id}`, params: { listId: l.id, entityType: l.type, path: `/v2/lists/${l.id}/fields` } },
      raws: store.applicableFields(l.type, l.id).map(fieldMeta),
    });
  }
  return out;
}

async function load(db: Db, pages: Array<{ p: Partition<FieldsParams>; raws: unknown[] }>): Promise<void> {
  for (const { p, raws } of pages) {
    const records = raws.map((r) => v2FieldMetadataSchema.parse(r));
    await applyBatch(db.kysely, db.dialect, fieldsStream.transform(records, raws, { partition: p, ids: [], initialRead: false }).rows, T1);
  }
}

forEachDialect('load: fields do not depend on read order', (dialect) => {
  const store = generateStore(7, 'tiny');
  let a: Awaited<ReturnType<typeof freshMigratedDb>>;
  let b: Awaited<ReturnType<typeof freshMigratedDb>>;
  beforeAll(async () => {
    [a, b] = await Promise.all([freshMigratedDb(dialect), freshMigratedDb(dialect)]);
    const pages = partitionPages(store);
    await load(a.db, pages);
    await load(b.db, [...pages].reverse());
  });
  afterAll(async () => {
    await a?.cleanup();
    await b?.cleanup();
  });

  it('two opposite read orders give the same fields and field_scopes rows', async () => {
    const [da, db] = [await dumpWarehouse(a.db), await dumpWarehouse(b.db)];
    expect(da.fields!.length).toBeGreaterThan(0);
    expect(da.fields).toEqual(db.fields);
    expect(da.field_scopes).toEqual(db.field_scopes);
  });

  it('field_scopes lists every definition once: entity type, list (0 = none), type, the definition as read', async () => {
    const got = (await dumpWarehouse(a.db)).field_scopes!.map((r) => [r.field_id, r.entity_type, r.list_id, r.type, r.definition_json]);
    const want = [...store.fields.values()].map((f) => [f.id, f.entityType, f.listId ?? 0, f.type, fieldMeta(f)]);
    const order = (x: unknown[]) => JSON.stringify(x.slice(0, 3));
    expect(got.sort((x, y) => order(x).localeCompare(order(y)))).toEqual(want.sort((x, y) => order(x).localeCompare(order(y))));
  });

  it('a system id shared by several scopes keeps only scope-free members in fields; a custom field keeps its scope', async () => {
    const fields = (await dumpWarehouse(a.db)).fields!;
    const location = fields.find((r) => r.id === 'affinity-data-location')!;
    expect(location).toMatchObject({
      name: 'Location',
      value_type: 'location',
      enrichment_source: 'affinity-data',
      type: null,
      entity_type: null,
      list_id: null,
      _raw: null,
    });
    const custom = [...store.fields.values()].find((f) => f.type === 'list' && f.v1Id !== null)!;
    expect(fields.find((r) => r.id === custom.id)).toMatchObject({
      type: 'list',
      entity_type: custom.entityType,
      list_id: custom.listId,
      _raw: fieldMeta(custom),
    });
  });
});
