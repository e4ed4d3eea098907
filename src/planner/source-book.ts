import type { Db } from '../load/db.ts';
import {
  forgetSource,
  listSources,
  recordRefusal,
  recordSourceUsed,
  recordUnavailable,
  UNAVAILABLE,
  type CapabilitySource,
  type Refusal,
} from '../state/sources.ts';

/**
 * What the book reads of a stream definition: its name and its place in a capability (`SourceSlot`,
 * streams/define.ts). The planner sits below the definitions, so it names only these fields.
 */
export interface SourceMember {
  name: string;
  source?: { capability: string; rank: number; sweeps?: string } | undefined;
}

/** What a capability falls to when every source is refused or ineligible. */
export const NO_SOURCE = 'none';

/** How a run trusts what earlier runs remembered, and when it may write down what this run learns. */
export interface BookOptions {
  /** `sync --full`: every remembered refusal is probed again. */
  reprobeAll?: boolean;
  /** This run's API origin: a refusal remembered from another origin is probed again. */
  origin?: string;
  /**
   * Whether the service has answered a request of this run successfully. Until it has, a refusal holds for
   * this run only and is written to sync_sources at `flush`, if by then it has: a run in which everything
   * fails proves nothing about any one source.
   */
  serviceOk?: () => boolean;
}

/**
 * The run's view of which source carries each capability: the refusals remembered in sync_sources (younger
 * than `reprobeMs`, of the same origin, and not a `--full` run; others are probed once more) plus those met
 * during this run. Sources are the selected streams that declare a `source` slot; the lowest rank that is
 * eligible and not refused wins.
 */
export class SourceBook<S extends SourceMember = SourceMember> {
  private readonly refusedNow = new Map<string, Refusal>();
  private readonly announced = new Set<string>();
  /** Writes held back until the service has answered successfully (see `serviceOk`). */
  private readonly pending: Array<() => Promise<void>> = [];

  private constructor(
    private readonly streams: readonly S[],
    private readonly remembered: Map<string, CapabilitySource>,
    private readonly reprobeMs: number,
    private readonly now: () => Date,
    private readonly opts: BookOptions,
  ) {}

  static async load<S extends SourceMember>(db: Db, streams: readonly S[], reprobeMs: number, now: () => Date, opts: BookOptions = {}): Promise<SourceBook<S>> {
    const rows = await listSources(db.kysely);
    return new SourceBook<S>(streams, new Map(rows.map((r) => [r.capability, r])), reprobeMs, now, opts);
  }

  /** Whether a refusal remembered from an earlier run still holds in this one. */
  private holds(old: Refusal): boolean {
    if (this.opts.reprobeAll) return false;
    if (old.origin !== undefined && this.opts.origin !== undefined && old.origin !== this.opts.origin) return false;
    return this.now().getTime() - Date.parse(old.at) < this.reprobeMs;
  }

  /** The refusal that still holds for this source, if any (this run's, or a remembered one not yet due for a re-probe). */
  refusal(capability: string, source: string): Refusal | null {
    const now = this.refusedNow.get(`${capability}/${source}`);
    if (now) return now;
    const old = this.remembered.get(capability)?.refused[source];
    return old && this.holds(old) ? old : null;
  }

  /** The source this run uses for the capability: a stream name, or NO_SOURCE. */
  choose(capability: string, eligible: (def: S) => boolean): string {
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
  async refuse(db: Db, capability: string, source: string, refusal: Refusal, eligible: (def: S) => boolean): Promise<string> {
    const withOrigin: Refusal = { ...refusal, ...(this.opts.origin !== undefined ? { origin: this.opts.origin } : {}) };
    this.refusedNow.set(`${capability}/${source}`, withOrigin);
    const next = this.choose(capability, eligible);
    await this.write(() => recordRefusal(db.kysely, capability, source, withOrigin, next));
    return next;
  }

  private async write(w: () => Promise<void>): Promise<void> {
    if (this.opts.serviceOk?.() === false) this.pending.push(w);
    else await w();
  }

  /** An optional stream the tenant does not have, remembered and not yet due for a re-probe; null otherwise. */
  unavailable(stream: string): Refusal | null {
    const row = this.remembered.get(stream);
    const old = row?.source === UNAVAILABLE ? row.refused[stream] : undefined;
    return old && this.holds(old) ? old : null;
  }

  /** Remember that this tenant does not have the optional stream's endpoint. */
  async markUnavailable(db: Db, stream: string, refusal: Refusal): Promise<void> {
    const withOrigin: Refusal = { ...refusal, ...(this.opts.origin !== undefined ? { origin: this.opts.origin } : {}) };
    await this.write(() => recordUnavailable(db.kysely, stream, withOrigin));
  }

  /** The optional stream answered: forget that it was unavailable. */
  async available(db: Db, stream: string): Promise<void> {
    if (this.remembered.get(stream)?.source === UNAVAILABLE) await forgetSource(db.kysely, stream);
  }

  /** End of run: write the refusals held back until the service had answered, if it has; otherwise forget them. */
  async flush(): Promise<void> {
    const held = this.pending.splice(0);
    if (this.opts.serviceOk?.() === false) return;
    for (const w of held) await w();
  }

  async used(db: Db, capability: string, source: string): Promise<void> {
    const row = this.remembered.get(capability);
    // Skip the write when nothing changed: the same source, no refusal of it on record.
    if (row && row.source === source && !row.refused[source]) return;
    await recordSourceUsed(db.kysely, capability, source, this.now().toISOString());
  }
}
