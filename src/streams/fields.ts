import { v2FieldMetadataSchema, type V2FieldMetadata } from '../extract/schemas/index.ts';
import { listPartitions } from '../planner/partitions.ts';
import { v2FieldRows } from '../transform/index.ts';
import { perRecord } from './common.ts';
import { defineStream, type Partition } from './define.ts';

/** Company and person fields, then each list's own. */
export type FieldsParams = { path: string; entityType: string; listId?: number };

const ENTITY_PARTITIONS: Partition<FieldsParams>[] = [
  { key: 'companies', params: { entityType: 'company', path: '/v2/companies/fields' } },
  { key: 'persons', params: { entityType: 'person', path: '/v2/persons/fields' } },
];

export const fieldsStream = defineStream<V2FieldMetadata, FieldsParams>({
  name: 'fields',
  description: 'field metadata: company, person and each list (GET /v2/*/fields)',
  group: 'metadata',
  needs: ['lists'],
  schema: v2FieldMetadataSchema,
  read: {
    kind: 'sweep',
    partitions: async (ctx) => [
      ...ENTITY_PARTITIONS,
      ...(await listPartitions(ctx)).map((p) => ({
        key: `list-${p.key}`,
        params: { path: `/v2/lists/${p.key}/fields`, entityType: p.params.listType, listId: p.params.listId },
      })),
    ],
    request: (p) => ({ path: p.params.path, query: { limit: 100 }, paginator: 'v2' }),
  },
  transform: perRecord((f, raw, page) => {
    const { entityType, listId } = page.partition.params;
    return v2FieldRows(f, { entityType, ...(listId !== undefined ? { listId } : {}) }, raw);
  }),
});
