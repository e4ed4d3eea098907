/**
 * Passes an upgrade makes due. Released migrations are frozen, and some changes to what a stream writes
 * came with no migration at all, so this knowledge lives here, keyed by migration: a warehouse that had
 * not applied `before` was written by code that predates it, and the next run sweeps each stream named
 * (all its partitions) instead of waiting for the stream's period to come round.
 *
 * A change to what a stream writes that needs existing rows read again adds an entry here, keyed by the
 * migration it ships with (or, with none, by the next migration released after it). An entry is never
 * removed: a warehouse may skip any number of releases. Only sweeps and the ids reads that are not driven
 * by marks have a period to bring forward, or a relevance tier's share to lift (the tiered link reads,
 * run-stream.ts and read-ids.ts); test/unit/upgrade-passes.test.ts checks the names.
 */
export interface UpgradePass {
  /** The migration a warehouse had not applied when the old code wrote it. */
  before: string;
  streams: readonly string[];
  /** What the old rows lack, in words for `migrate`, the log and `status`. */
  why: string;
}

export const UPGRADE_PASSES: readonly UpgradePass[] = [
  {
    before: '005-field-scopes',
    streams: ['fields'],
    why: 'field_scopes starts with the one scope each field was last read in; reading the definitions adds the others',
  },
  {
    before: '009-one-value-shape',
    streams: ['notes'],
    why: 'note_attachments.attached/mentioned are null for notes stored before; reading the notes fills them',
  },
  {
    // Released without a migration before 009: /v2 shapes of files and webhooks, merged-away tombstones,
    // and company↔person links read from the entity sweeps (none were written before).
    before: '009-one-value-shape',
    streams: ['files', 'webhooks', 'company_merges', 'person_merges', 'companies', 'persons'],
    why: 'files and webhooks were stored in the older shape, merged-away records had no tombstone, and company_persons was not filled',
  },
  {
    // Relevance tiers re-read a share of the company↔person sets per run, oldest first, and 021 dates every
    // set by its record's last sweep: a warehouse whose company_persons was never filled reads them all once.
    before: '009-one-value-shape',
    streams: ['company_persons_full', 'person_companies_full'],
    why: "company_persons was not filled, so every set is read one by one, not a relevance tier's share",
  },
  // 011 (dropdown colour names) needs no pass: 019 names stored options from the values already stored.
  {
    // Until the listing is read, a transcript with no count has its fragments read every pass, as before.
    before: '032-transcript-fragments-count',
    streams: ['transcripts'],
    why: 'transcripts.fragments_count is null for transcripts stored before; reading the listing fills it',
  },
];

/** The passes a warehouse that has not applied `pending` needs, one line per stream (reasons joined). */
export function passesDue(pending: readonly string[]): Array<{ stream: string; reason: string }> {
  const byStream = new Map<string, string[]>();
  for (const p of UPGRADE_PASSES) {
    if (!pending.includes(p.before)) continue;
    for (const s of p.streams) byStream.set(s, [...(byStream.get(s) ?? []), `${p.before}: ${p.why}`]);
  }
  return [...byStream].map(([stream, reasons]) => ({ stream, reason: reasons.join('; ') }));
}
