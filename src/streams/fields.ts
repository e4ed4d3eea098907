import { V2_PAGE } from '../extract/limits.ts';
import { v2FieldMetadataSchema, type V2FieldMetadata } from '../extract/schemas/index.ts';
import { listPartitions } from '../planner/partitions.ts';
import type { Row } from '../load/schema/row-batch.ts';
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
    request: (p) => ({ path: p.params.path, query: { limit: V2_PAGE }, paginator: 'v2' }),
    // A field deleted upstream is missing from its completed partition: a list's own fields from that
    // list's, an entity type's global fields from that type's. A global field a list also shows is
    // written by that list's partition too (entity_type set, list_id null), so it is never taken for
    // gone by a list; fields without a numeric id (enrichment) carry no entity type and are never marked.
    softDelete: {
      table: 'fields',
      scope: (p): Row => (p.params.listId !== undefined ? { list_id: p.params.listId } : { entity_type: p.params.entityType, list_id: null }),
    },
  },
  transform: perRecord((f, raw, page) => {
    const { entityType, listId } = page.partition.params;
    return v2FieldRows(f, { entityType, ...(listId !== undefined ? { listId } : {}) }, raw);
  }),
});
