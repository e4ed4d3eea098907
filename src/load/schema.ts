import type { InfraTables } from './schema-infra.ts';
import type { WarehouseTables } from './schema-warehouse.ts';

export type * from './schema-infra.ts';
export type * from './schema-warehouse.ts';

/** The one Database type for Kysely, both dialects: infra tables by hand, warehouse tables from the registry. */
export interface Database extends InfraTables, WarehouseTables {}
