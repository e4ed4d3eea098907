import { emptyBatch } from '../load/schema/row-batch.ts';
import type { AnyStream, PageRows } from '../streams/define.ts';
import { transformFailure } from '../streams/common.ts';
import type { Fetched } from './reader.ts';

/**
 * A page's transform behind the last guard: per-record transforms quarantine their own failures
 * (streams/common.ts); a whole-page transform (one owner's set: a team's members, a transcript's
 * fragments) that throws quarantines every record of its page instead, and the owner keeps the set it
 * had. Either way the read goes on: no exception from a transform fails a partition. A page without
 * records has nothing to quarantine, so its exception is a defect of the stream and is raised.
 */
export function guardedTransform(def: AnyStream, f: Fetched<unknown>): PageRows & { quarantined: NonNullable<PageRows['quarantined']> } {
  try {
    const out = def.transform(f.records, f.raws, f.page);
    return { ...out, quarantined: [...f.invalid, ...(out.quarantined ?? [])] };
  } catch (err) {
    if (f.records.length === 0) throw err;
    const error = transformFailure(err);
    return { rows: emptyBatch(), quarantined: [...f.invalid, ...f.records.map((r, i) => ({ raw: f.raws[i] ?? r, error }))] };
  }
}
