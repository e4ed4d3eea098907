/** Which streams write each warehouse table: kept with the table registry (load/registry/table-writers.ts). */
export { TABLE_WRITERS } from '../load/registry/table-writers.ts';
