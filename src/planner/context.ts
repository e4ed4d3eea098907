import type { Db } from '../load/db.ts';

/** The planner reads the warehouse (never the API) to decide what a run reads. */
export interface PlanContext {
  db: Db;
}
