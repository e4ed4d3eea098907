/**
 * A transcript's fragments are read again only when there is reason to (planner/fragment-ids.ts): a pass a
 * period after the full sync reads none of the unchanged transcripts, and reads the one whose listing now
 * counts one more fragment; a pass once every read is older than the cold period reads them all, and so does `sync --full`.
 */
import { afterEach, expect, it } from 'vitest';
import { forEachDialect } from '../helpers/dialects.ts';
import { startSyncFixture, type SyncFixture } from '../helpers/sync-fixture.ts';

const STREAMS = ['transcripts', 'transcript_fragments'];
const DAY = 86_400_000;

forEachDialect('transcript fragments: read what changed', (dialect) => {
  let f: SyncFixture | undefined;
  afterEach(async () => {
    await f?.close();
    f = undefined;
  });

  it('a pass a period later reads only the transcript whose fragment count changed', async () => {
    f = await startSyncFixture({ dialect, scale: 'tiny', contract: 'reference' });
    const t0 = Date.now();
    const full = (await f.runFull({ streams: STREAMS, now: () => new Date(t0) })).summary;
    expect(full.status).toBe('succeeded');
    const transcripts = [...f.sim.store.transcripts.values()].sort((a, b) => a.id - b.id);
    expect(transcripts.length).toBeGreaterThan(1);
    expect(full.streams.transcript_fragments?.calls ?? 0).toBeGreaterThanOrEqual(transcripts.length);

    const changed = transcripts[0]!;
    changed.fragments.push({
      speakerPersonId: null,
      speakerName: 'Added Speaker',
      content: 'A fragment added after the first read.',
      startMs: 0,
      endMs: 1_000,
    });
    const later = (await f.runIncremental({ streams: STREAMS, now: () => new Date(t0 + 8 * DAY) })).summary;
    expect(later.status).toBe('succeeded');
    expect(later.streams.transcripts?.calls ?? 0).toBeGreaterThan(0);
    expect(later.streams.transcript_fragments?.calls).toBe(1);
    const held = await f.db.kysely.selectFrom('transcript_fragments').select('content').where('transcript_id', '=', changed.id).orderBy('idx').execute();
    expect(held.map((r) => r.content)).toContain('A fragment added after the first read.');
    const row = await f.db.kysely.selectFrom('transcripts').select('fragments_count').where('id', '=', changed.id).executeTakeFirstOrThrow();
    expect(Number(row.fragments_count)).toBe(changed.fragments.length);

    // The cold period's safety net: a pass once every read is older than it reads every transcript again.
    const cold = (await f.runIncremental({ streams: STREAMS, now: () => new Date(t0 + 40 * DAY) })).summary;
    expect(cold.streams.transcript_fragments?.calls).toBe(transcripts.length);
    // `sync --full` reads every transcript's fragments, however recently read.
    const again = (await f.runFull({ streams: STREAMS, now: () => new Date(t0 + 41 * DAY) })).summary;
    expect(again.streams.transcript_fragments?.calls).toBe(transcripts.length);
  });
});
