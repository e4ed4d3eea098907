import type { InfraTables } from './infra-tables.ts';
import type { WarehouseTables } from './warehouse-tables.ts';

export type * from './infra-tables.ts';
export type * from './warehouse-tables.ts';

/** The one Database type for Kysely, both dialects: infra tables by hand, warehouse tables from the registry. */
export interface Database extends InfraTables, WarehouseTables {}
