import type { Db } from '../load/db.ts';
import type { Logger } from '../log.ts';
import { anyUnknown, unknownRefsSince } from '../planner/unknown-refs.ts';
import type { StreamRunStats } from '../state/runs.ts';
import type { AnyStream } from '../streams/define.ts';

/** Metadata streams an unknown id sends back to: the definitions of lists, fields and dropdown options. */
const DEFINITIONS = /^(lists|fields)(_v1)?$/;

/**
 * Metadata is read when due (`sweeps.metadata`), not every run. When this run's rows name a list, field or
 * option id the warehouse does not hold (a field created since the last read, say), the definition streams
 * are read again at once, in this run. Only rows this run wrote are checked, and only when some other
 * stream read records, so an idle run pays neither a call nor a scan.
 */
export async function metadataToReread(
  db: Db,
  selected: readonly AnyStream[],
  stats: Readonly<Record<string, StreamRunStats>>,
  runStartedAt: string,
  log: Logger,
): Promise<AnyStream[]> {
  const defs = selected.filter((s) => s.group === 'metadata' && DEFINITIONS.test(s.name));
  if (defs.length === 0) return [];
  const wrote = selected.some((s) => !DEFINITIONS.test(s.name) && (stats[s.name]?.records ?? 0) > 0);
  if (!wrote) return [];
  const unknown = await unknownRefsSince({ db }, runStartedAt);
  if (!anyUnknown(unknown)) return [];
  log.info(
    { unknownFields: unknown.fields, unknownLists: unknown.lists, unknownOptions: unknown.options, streams: defs.map((d) => d.name) },
    'rows name ids the warehouse does not know: metadata re-read now',
  );
  return defs;
}
