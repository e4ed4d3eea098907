/**
 * What one run is given: the warehouse, the client, the streams and the mode. A file of its own because the
 * run (run-sync.ts) and the streams' shared setup (run-levels.ts) both read it, and neither imports the other's
 * caller.
 */
import type { Config } from '../config/schema.ts';
import type { AffinityClient } from '../extract/http/client.ts';
import type { Db } from '../load/db.ts';
import type { Logger } from '../log.ts';
import type { AnyStream } from '../streams/define.ts';
import type { StreamHooks } from './env.ts';
import type { StreamEvent, SyncMode } from './run-stream.ts';

export interface SyncOptions {
  db: Db;
  client: AffinityClient;
  config: Config;
  log: Logger;
  streams: readonly AnyStream[];
  mode: SyncMode;
  command?: string;
  hooks?: StreamHooks & { onStream?: (e: StreamEvent) => void };
  /** backfill --since: feed streams re-read from this instant. */
  since?: string;
  now?: () => Date;
  /** A webhook hint run: set reads take only the marks its hints made from this instant (planner/context.ts). */
  hintedSince?: string;
  /** A full run that carries an unfinished one on: partitions that one completed (swept since this instant) are not read again. */
  fullSince?: string;
}
