import type { Db } from '../load/db.ts';

/** The planner reads the warehouse (never the API) to decide what a run reads. */
export interface PlanContext {
  db: Db;
  /**
   * A webhook hint run (webhooks/hint-run.ts): set reads take only the marks its hints made from this
   * instant on (`sync_hinted`), never the backlog a relevance tier is working through at its own pace.
   */
  hintedSince?: string;
}
