/**
 * Issue 33 item 12: `/v2` fields (`fields`, spread over partitions) and v1 `/fields` (`fields_v1`, one call)
 * describe the same custom field and sweep on their own schedules. v1's value type is coarser (a formula
 * field is `number`, `/v2` says `formula-number`), so v1 only fills the value type and record `/v2` left
 * null, whichever sweep comes last; its own members (`track_changes`) it sets. Both dialects.
 */
import { expect, it } from 'vitest';
import { applyBatch } from '../../src/load/write/apply-batch.ts';
import type { RowBatch } from '../../src/load/schema/row-batch.ts';
import { v1FieldSchema, v2FieldMetadataSchema } from '../../src/extract/schemas/index.ts';
import { v1FieldRows, v2FieldRows } from '../../src/transform/index.ts';
import { forEachDialect, useMigratedDb } from '../helpers/dialects.ts';

const T1 = '2024-04-01T07:00:00.000Z';
const T2 = '2024-04-04T07:00:00.000Z';

const V2_RECORD = { id: 'field-31', name: 'Score', type: 'global', enrichmentSource: null, valueType: 'formula-number' };
const V1_RECORD = { id: 31, name: 'Score', list_id: null, enrichment_source: 'none', value_type: 3, allows_multiple: false, track_changes: true };

const v2 = (): RowBatch => v2FieldRows(v2FieldMetadataSchema.parse(V2_RECORD), { entityType: 'company' }, V2_RECORD);
const v1 = (): RowBatch => v1FieldRows(v1FieldSchema.parse(V1_RECORD), V1_RECORD);

const CASES: Array<{ what: string; sweeps: Array<() => RowBatch>; valueType: string; raw: object; trackChanges: boolean | null }> = [
  { what: '/v2, then a later v1 sweep: /v2 value type and record survive', sweeps: [v2, v1], valueType: 'formula-number', raw: V2_RECORD, trackChanges: true },
  { what: 'v1, then /v2: /v2 overwrites', sweeps: [v1, v2], valueType: 'formula-number', raw: V2_RECORD, trackChanges: true },
  { what: 'v1 alone fills the nulls', sweeps: [v1], valueType: 'number', raw: V1_RECORD, trackChanges: true },
  { what: '/v2, v1, v1 again: still /v2', sweeps: [v2, v1, v1], valueType: 'formula-number', raw: V2_RECORD, trackChanges: true },
  { what: '/v2 alone: no track_changes', sweeps: [v2], valueType: 'formula-number', raw: V2_RECORD, trackChanges: null },
];

forEachDialect('load: fields from /v2 and v1', (dialect) => {
  const db = useMigratedDb(dialect);

  it.each(CASES)('$what', async ({ sweeps, valueType, raw, trackChanges }) => {
    const k = db().kysely;
    for (const [i, sweep] of sweeps.entries()) await k.transaction().execute((trx) => applyBatch(trx, db().dialect, sweep(), i === 0 ? T1 : T2));
    const rows = await k.selectFrom('fields').select(['id', 'v1_id', 'name', 'value_type', 'track_changes', '_raw']).execute();
    expect(
      rows.map((r) => ({ ...r, track_changes: r.track_changes === null ? null : Boolean(r.track_changes), _raw: JSON.parse(r._raw ?? 'null') as unknown })),
    ).toEqual([{ id: 'field-31', v1_id: 31, name: 'Score', value_type: valueType, track_changes: trackChanges, _raw: raw }]);
  });
});
