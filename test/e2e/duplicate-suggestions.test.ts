/**
 * The stream added by following docs/CONVENTIONS.md "Adding a stream": duplicate suggestions land one row
 * per pair, equal to the store's, and a pair no longer suggested is soft-deleted by the next sweep.
 */
import { afterEach, expect, it } from 'vitest';
import { simCall } from '@relsync/simulator/test-client';
import { forEachDialect } from '../helpers/dialects.ts';
import { startSyncFixture, type SyncFixture } from '../helpers/sync-fixture.ts';
import { duplicatesExpectation } from './support/expected-duplicates.ts';

const STREAMS = ['company_duplicate_suggestions', 'person_duplicate_suggestions'];

forEachDialect('duplicate suggestions', (dialect) => {
  let f: SyncFixture | undefined;
  afterEach(async () => {
    await f?.close();
    f = undefined;
  });

  it('loads the suggested pairs and soft-deletes a pair that is gone', async () => {
    f = await startSyncFixture({ dialect, scale: 'tiny', sim: { createLagMs: 0 } });
    // Two persons created one after the other with the same name: the service suggests them as a pair.
    const ids: number[] = [];
    for (let i = 0; i < 2; i += 1) {
      const r = await simCall(f.sim, '/persons', { method: 'POST', body: { first_name: 'Dana', last_name: 'Twin', emails: [] } });
      expect(r.status).toBe(200);
      ids.push((r.json as { id: number }).id);
    }
    const r1 = await f.runFull({ streams: STREAMS });
    expect(r1.summary.status).toBe('succeeded');
    const rows = async () =>
      (
        await f!.db.kysely
          .selectFrom('duplicate_suggestions')
          .select(['entity_type', 'first_id', 'second_id', 'confidence', '_deleted_at'])
          .orderBy('entity_type')
          .orderBy('first_id')
          .execute()
      ).map((r) => ({ ...r, first_id: Number(r.first_id), second_id: Number(r.second_id) }));
    const expected = duplicatesExpectation(f.sim.store).rows;
    expect(expected).toContainEqual({ entity_type: 'person', first_id: ids[0], second_id: ids[1], confidence: 'low' });
    expect((await rows()).map(({ _deleted_at, ...r }) => (expect(_deleted_at).toBeNull(), r))).toEqual(expected);

    expect((await simCall(f.sim, `/persons/${ids[1]}`, { method: 'DELETE' })).status).toBe(200);
    await f.runFull({ streams: STREAMS });
    const gone = (await rows()).find((r) => r.first_id === ids[0]);
    expect(gone?._deleted_at).not.toBeNull();
  });
});
