import { V2_IDS_BATCH } from '../extract/limits.ts';
import type { DirtyMark } from '../state/dirty.ts';

/**
 * What the marks of one hint run cost in calls, the unit of its cap (docs/webhooks.md): a company or person
 * marked for itself is looked up by id, 100 a call (`GET /v2/companies?ids=`); every other mark is one
 * single read (a link set, a list entry, an opportunity's associations), as is each deletion's confirming
 * read; a company, person or opportunity said deleted is also looked up by id (`/v2/…?ids=`, 100 a call,
 * confirm-deletes.ts) when its single read finds it gone, and the cap counts that lookup before the read
 * tells; a merge reads the merge listing once. A key counted once costs nothing more (a replay, or two
 * deliveries naming one record). Pure: the caller has already dropped the `ifMissing` marks of records the
 * warehouse holds (they cost nothing).
 */
export class HintCallTally {
  private readonly keys = new Set<string>();
  private readonly counts: Counts = { company: 0, person: 0, singles: 0, lookups: { company: 0, person: 0, opportunity: 0 }, merge: false };

  /** Calls of everything counted so far. */
  get calls(): number {
    return callsOf(this.counts);
  }

  /** The calls after adding these, without adding them. */
  callsWith(add: HintCost): number {
    return callsOf(this.tally(add, copy(this.counts), new Set()));
  }

  add(add: HintCost): void {
    const fresh = new Set<string>();
    Object.assign(this.counts, this.tally(add, copy(this.counts), fresh));
    for (const k of fresh) this.keys.add(k);
  }

  /** `counts` plus the keys of `add` not counted before (collected in `fresh`). */
  private tally(add: HintCost, counts: Counts, fresh: Set<string>): Counts {
    /** Whether `key` is new (and counts it under `kind`). */
    const count = (key: string, kind: 'company' | 'person' | 'singles'): boolean => {
      if (this.keys.has(key) || fresh.has(key)) return false;
      fresh.add(key);
      counts[kind] += 1;
      return true;
    };
    for (const m of add.marks) count(`${m.kind}:${m.id}`, m.kind === 'company' || m.kind === 'person' ? m.kind : 'singles');
    for (const d of add.confirms) {
      const isNew = count(`gone:${d.kind}:${d.id}`, 'singles');
      if (isNew && (d.kind === 'company' || d.kind === 'person' || d.kind === 'opportunity')) counts.lookups[d.kind] += 1;
    }
    if (add.merge) counts.merge = true;
    return counts;
  }
}

interface Counts {
  company: number;
  person: number;
  singles: number;
  /** Deletions whose 404 is confirmed by the `/v2` lookup by ids, per kind. */
  lookups: { company: number; person: number; opportunity: number };
  merge: boolean;
}

const copy = (c: Counts): Counts => ({ ...c, lookups: { ...c.lookups } });
const batches = (n: number) => Math.ceil(n / V2_IDS_BATCH);

function callsOf(c: Counts): number {
  const lookups = batches(c.lookups.company) + batches(c.lookups.person) + batches(c.lookups.opportunity);
  return c.singles + (c.merge ? 1 : 0) + batches(c.company) + batches(c.person) + lookups;
}

/** One delivery's reads: the marks it sets (those to be read), the deletions it asks to confirm, a merge. */
export interface HintCost {
  marks: readonly Pick<DirtyMark, 'kind' | 'id'>[];
  confirms: ReadonlyArray<{ kind: string; id: number }>;
  merge: boolean;
}
