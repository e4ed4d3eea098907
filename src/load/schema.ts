import type { InfraTables } from './schema-infra.ts';
import type { WarehouseTables } from './schema-warehouse.ts';

export type * from './schema-infra.ts';
export type * from './schema-warehouse.ts';

/** The one Database type registry for Kysely, both dialects. */
export interface Database extends InfraTables, WarehouseTables {}
