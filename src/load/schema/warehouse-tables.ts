/**
 * The warehouse tables' TypeScript types, derived from the registry (registry/warehouse.ts); nothing
 * here is written by hand. Kept apart from the infra tables (infra-tables.ts) so the two evolve
 * independently.
 */
import type { InsertRow, LoaderColumn, SelectRow } from './registry/columns.ts';
import type { WarehouseDecls } from './registry/warehouse.ts';

export type WarehouseTableName = keyof WarehouseDecls;

/** The Kysely table interfaces: what a SELECT reads back, per table. */
export type WarehouseTables = { [T in WarehouseTableName]: SelectRow<WarehouseDecls[T]['columns']> };

export type EntityTableName = { [T in WarehouseTableName]: WarehouseDecls[T]['kind'] extends 'entity' ? T : never }[WarehouseTableName];
export type ChildTableName = Exclude<WarehouseTableName, EntityTableName>;

/** A row of `T` as a transform hands it to the loader (see InsertRow). */
export type RowOf<T extends WarehouseTableName> = InsertRow<WarehouseDecls[T]['columns']>;

/** The columns a transform may name on `T` (every column but the loader's own). */
export type ColumnOf<T extends WarehouseTableName> = Exclude<keyof WarehouseDecls[T]['columns'] & string, LoaderColumn>;

export type EntityType = 'company' | 'person' | 'opportunity';
