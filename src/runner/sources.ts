import type { Db } from '../load/db.ts';
import { listSources, recordRefusal, recordSourceUsed, type CapabilitySource, type Refusal } from '../state/sources.ts';
import type { AnyStream, Capability } from '../streams/define.ts';

/** What a capability falls to when every source is refused or ineligible. */
export const NO_SOURCE = 'none';

/**
 * The run's view of which source carries each capability: the refusals remembered in sync_sources (younger
 * than `reprobeMs`; older ones are probed once more) plus those met during this run. Sources are the
 * selected streams that declare a `source` slot; the lowest rank that is eligible and not refused wins.
 */
export class SourceBook {
  private readonly refusedNow = new Map<string, Refusal>();
  private readonly announced = new Set<string>();

  private constructor(
    private readonly streams: readonly AnyStream[],
    private readonly remembered: Map<string, CapabilitySource>,
    private readonly reprobeMs: number,
    private readonly now: () => Date,
  ) {}

  static async load(db: Db, streams: readonly AnyStream[], reprobeMs: number, now: () => Date): Promise<SourceBook> {
    const rows = await listSources(db.kysely);
    return new SourceBook(streams, new Map(rows.map((r) => [r.capability, r])), reprobeMs, now);
  }

  /** The refusal that still holds for this source, if any (this run's, or a remembered one not yet due for a re-probe). */
  refusal(capability: Capability, source: string): Refusal | null {
    const now = this.refusedNow.get(`${capability}/${source}`);
    if (now) return now;
    const old = this.remembered.get(capability)?.refused[source];
    if (!old) return null;
    return this.now().getTime() - Date.parse(old.at) < this.reprobeMs ? old : null;
  }

  /** The source this run uses for the capability: a stream name, or NO_SOURCE. */
  choose(capability: Capability, eligible: (def: AnyStream) => boolean): string {
    const members = this.streams.filter((s) => s.source?.capability === capability).sort((a, b) => (a.source?.rank ?? 0) - (b.source?.rank ?? 0));
    return members.find((s) => eligible(s) && !this.refusal(capability, s.name))?.name ?? NO_SOURCE;
  }

  /** Streams swept on `sweeps.feedless` because the feed that would spare their sweeps is refused: name → the refused feed. */
  sweptWithoutFeed(name: string): string | null {
    const feed = this.streams.find((s) => s.source?.sweeps === name && s.source && this.refusal(s.source.capability, s.name));
    return feed?.name ?? null;
  }

  /** True the first time it is asked for a key in this run: a "no source" line is said once per run. */
  firstTime(key: string): boolean {
    if (this.announced.has(key)) return false;
    this.announced.add(key);
    return true;
  }

  /** Remember the refusal (for this run and in sync_sources) and return the source the capability falls back to. */
  async refuse(db: Db, capability: Capability, source: string, refusal: Refusal, eligible: (def: AnyStream) => boolean): Promise<string> {
    this.refusedNow.set(`${capability}/${source}`, refusal);
    const next = this.choose(capability, eligible);
    await recordRefusal(db.kysely, capability, source, refusal, next);
    return next;
  }

  async used(db: Db, capability: Capability, source: string): Promise<void> {
    const row = this.remembered.get(capability);
    // Skip the write when nothing changed: the same source, no refusal of it on record.
    if (row && row.source === source && !row.refused[source]) return;
    await recordSourceUsed(db.kysely, capability, source, this.now().toISOString());
  }
}
