/**
 * Every field has a type and its entity types after a sync, and every field defined on one entity type has that entity type:
 * `where type = 'enriched'` finds the simulator's enriched fields on both dialects (system ids such as
 * `affinity-data-description` used to keep both null). The answers are checked against the simulator's store.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { sql } from 'kysely';
import { forEachDialect } from '../helpers/dialects.ts';
import { startSyncFixture, type SyncFixture } from '../helpers/sync-fixture.ts';

forEachDialect('system fields get a type and an entity type', (dialect) => {
  let f: SyncFixture | undefined;
  beforeAll(async () => {
    f = await startSyncFixture({ dialect, scale: 'tiny' });
    expect((await f.runFull()).summary.status).toBe('succeeded');
  });
  afterAll(async () => {
    await f?.close();
  });

  it("where type = 'enriched' / 'relationship-intelligence' finds the simulator's fields of that type", async () => {
    for (const type of ['enriched', 'relationship-intelligence'] as const) {
      const got = await sql<{ id: string }>`select id from fields where type = ${type} and _deleted_at is null`.execute(f!.db.kysely);
      const want = new Set([...f!.sim.store.fields.values()].filter((x) => x.type === type).map((x) => x.id));
      expect(want.size).toBeGreaterThan(0);
      expect(new Set(got.rows.map((r) => r.id))).toEqual(want);
    }
  });

  it('every field has a type; a system id defined on one entity type has it as entity_type', async () => {
    const untyped = await sql<{ id: string }>`select id from fields where type is null`.execute(f!.db.kysely);
    expect(untyped.rows).toEqual([]);
    const byId = new Map<string, Set<string>>();
    for (const x of f!.sim.store.fields.values()) byId.set(x.id, (byId.get(x.id) ?? new Set()).add(x.entityType));
    const rows = await sql<{ id: string; entity_type: string | null }>`select id, entity_type from fields where v1_id is null`.execute(f!.db.kysely);
    expect(rows.rows.length).toBeGreaterThan(0);
    for (const r of rows.rows) {
      const types = [...(byId.get(r.id) ?? [])];
      expect([r.id, r.entity_type]).toEqual([r.id, types.length === 1 ? types[0] : null]);
    }
    expect(rows.rows.find((r) => r.id === 'affinity-data-description')?.entity_type).toBe('company');
  });

  it('every field has entity_types: each entity type it is defined on, alphabetical (location: company,person)', async () => {
    const byId = new Map<string, Set<string>>();
    for (const x of f!.sim.store.fields.values()) byId.set(x.id, (byId.get(x.id) ?? new Set()).add(x.entityType));
    const rows = await sql<{ id: string; entity_types: string | null }>`select id, entity_types from fields where _deleted_at is null`.execute(f!.db.kysely);
    expect(rows.rows.length).toBe(byId.size);
    for (const r of rows.rows) expect([r.id, r.entity_types]).toEqual([r.id, [...(byId.get(r.id) ?? [])].sort().join(',')]);
    expect(rows.rows.find((r) => r.id === 'affinity-data-location')?.entity_types).toBe('company,person');
  });
});
