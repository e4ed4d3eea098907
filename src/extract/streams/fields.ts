import { v1FieldSchema, v2FieldMetadataSchema } from '../schemas/index.ts';
import { v1FieldRows, v2FieldRows } from '../../transform/index.ts';
import { defineStream, type Partition } from '../stream.ts';
import { listPartitions, perRecord } from './common.ts';

const ENTITY_PARTITIONS: Partition[] = [
  { key: 'companies', params: { entityType: 'company', path: '/v2/companies/fields' } },
  { key: 'persons', params: { entityType: 'person', path: '/v2/persons/fields' } },
];

export const fieldsStream = defineStream({
  name: 'fields',
  description: 'field metadata: company, person and each list (GET /v2/*/fields)',
  group: 'metadata',
  dependsOn: ['lists'],
  partitions: async (ctx) => [
    ...ENTITY_PARTITIONS,
    ...(await listPartitions(ctx)).map((p) => ({ key: `list-${p.key}`, params: { ...p.params, path: `/v2/lists/${p.key}/fields` } })),
  ],
  request: (p) => ({ path: String(p.params.path), query: { limit: 100 }, paginator: 'v2' }),
  schema: v2FieldMetadataSchema,
  transform: perRecord((f, raw, p) =>
    v2FieldRows(f, {
      ...(p.params.listId !== undefined ? { listId: Number(p.params.listId), entityType: String(p.params.listType) } : {}),
      ...(p.params.entityType !== undefined ? { entityType: String(p.params.entityType) } : {}),
    }, raw)),
});

/** v1 `/fields`: track_changes, allows_multiple and every dropdown option, in one call. */
export const fieldsV1Stream = defineStream({
  name: 'fields_v1',
  description: 'change tracking and dropdown options (GET /fields, one call)',
  group: 'metadata',
  request: () => ({ path: '/fields', paginator: 'v1-array' }),
  schema: v1FieldSchema,
  transform: perRecord((f, raw) => v1FieldRows(f, raw)),
});
