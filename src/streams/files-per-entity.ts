import { V1_SEARCH_PAGE } from '../extract/limits.ts';
import { v1EntityFileSchema, type V1EntityFile } from '../extract/schemas/index.ts';
import { liveEntityIds, type EntityTable } from '../planner/entity-ids.ts';
import { v1EntityFileRows } from '../transform/index.ts';
import { perRecord } from './common.ts';
import { defineStream, type Partition } from './define.ts';

interface EntityScope {
  table: EntityTable;
  /** The older listing's scope parameter (the seed, docs/contract.md §S7: "files of one person, company or opportunity"). */
  param: 'person_id' | 'organization_id' | 'opportunity_id';
}

const SCOPES: Partition<EntityScope>[] = [
  { key: 'persons', params: { table: 'persons', param: 'person_id' } },
  { key: 'companies', params: { table: 'companies', param: 'organization_id' } },
  { key: 'opportunities', params: { table: 'opportunities', param: 'opportunity_id' } },
];

/**
 * Files through the older per-entity listing: one call (or more, 500 a page) per person, company and
 * opportunity, which is why it is off unless `filesPerEntity` is set. The `files` capability uses it
 * only when `/v2/files` is refused or the API version lacks it. No soft deletes: a file whose entity
 * is gone is not listed anywhere, which is not proof it was deleted.
 */
export const filesPerEntityStream = defineStream<V1EntityFile, EntityScope>({
  name: 'files_per_entity',
  description: 'files, one older listing per person, company and opportunity (GET /entity-files?person_id=…); opt-in',
  group: 'other',
  source: { capability: 'files', rank: 1 },
  enabled: (config) => config.filesPerEntity,
  needs: ['persons', 'companies', 'opportunities'],
  schema: v1EntityFileSchema,
  read: {
    kind: 'ids',
    partitions: async () => SCOPES,
    ids: (ctx, p) => liveEntityIds(ctx, p.params.table),
    batchSize: 1,
    request: (ids, p) => ({
      path: '/entity-files',
      query: { [p.params.param]: ids[0] ?? 0, page_size: V1_SEARCH_PAGE },
      paginator: 'v1-token',
      recordsKey: 'entity_files',
      endpoint: `GET /entity-files?${p.params.param}`,
    }),
  },
  transform: perRecord((f, raw) => v1EntityFileRows(f, raw)),
});
