/**
 * The association planner (src/planner/associations.ts) over the `*_links` marks (src/state/dirty.ts):
 * a settled mark removes only an older mark, gone records are never read, company↔person reads the side
 * with fewer unknown sets and nothing when one side is wholly known, opportunities read their marks only.
 */
import { expect, it } from 'vitest';
import { companyPersonReads, companyPersonSide, opportunityLinkReads } from '../../src/planner/associations.ts';
import { collectIds, type IdChunks } from '../../src/planner/id-chunks.ts';
import { markDirty, type DirtyMark } from '../../src/state/dirty.ts';
import { forEachDialect, useMigratedDb } from '../helpers/dialects.ts';

const T0 = '2026-01-01T00:00:00.000Z';
const T1 = '2026-01-02T00:00:00.000Z';

forEachDialect('planner: association single reads', (dialect) => {
  const db = useMigratedDb(dialect, { extraTables: ['sync_dirty'] });
  const ctx = () => ({ db: db() });

  async function entities(table: 'companies' | 'persons' | 'opportunities', ids: number[], deleted: number[] = []) {
    await db()
      .kysely.insertInto(table)
      .values(
        ids.map((id) => ({ id, ...(table === 'persons' ? {} : { name: `n${id}` }), _synced_at: T0, _deleted_at: deleted.includes(id) ? T0 : null })) as never,
      )
      .execute();
  }
  async function mark(marks: DirtyMark[], at = T0) {
    await db()
      .kysely.transaction()
      .execute((trx) => markDirty(trx, db().dialect, marks, at));
  }
  // Drained two at a time, so the windows of every source and their union are exercised.
  const all = async (source: IdChunks | Promise<IdChunks>) => {
    const s = await source;
    const out: number[] = [];
    for (let more = await s(0, 2); more.length > 0; more = await s(more[more.length - 1]!, 2)) out.push(...more);
    expect(Array.from(await collectIds(s, 0, 2))).toEqual(out);
    return out;
  };
  const kinds = async () => (await db().kysely.selectFrom('sync_dirty').select(['kind', 'id']).orderBy('id').execute()).map((r) => `${r.kind}:${Number(r.id)}`);

  it('a settled mark removes an older mark of its kind only, and never creates one', async () => {
    await mark([
      { kind: 'opportunity_links', id: 1 },
      { kind: 'company_links', id: 2 },
    ]);
    await mark(
      [
        { kind: 'opportunity_links', id: 1, settled: true },
        { kind: 'opportunity_links', id: 3, settled: true },
      ],
      T1,
    );
    expect(await kinds()).toEqual(['company_links:2']);
    // A mark set after the settling read (a newer lack) stays.
    await mark([{ kind: 'company_links', id: 2 }], T1);
    await mark([{ kind: 'company_links', id: 2, settled: true }], T0);
    expect(await kinds()).toEqual(['company_links:2']);
  });

  it('opportunities: marked live ones only, never a soft-deleted one, never a set for its size alone (its single read consumed its mark)', async () => {
    await entities('opportunities', [10, 11, 12, 13], [12]);
    await mark([
      { kind: 'opportunity_links', id: 11 },
      { kind: 'opportunity_links', id: 12 },
    ]);
    await db()
      .kysely.insertInto('opportunity_persons')
      .values(Array.from({ length: 100 }, (_, i) => ({ opportunity_id: 13, person_id: i + 1, _synced_at: T0 })) as never)
      .execute();
    await db()
      .kysely.insertInto('opportunity_persons')
      .values([{ opportunity_id: 10, person_id: 1, _synced_at: T0 }] as never)
      .execute();
    expect(await all(opportunityLinkReads(ctx()))).toEqual([11]);
  });

  it('company↔person: no reads while one side is wholly known; otherwise the side with fewer unknown sets', async () => {
    await entities('companies', [1, 2, 3]);
    await entities('persons', [101, 102, 103, 104, 105], [105]);
    await mark([1, 2, 3].map((id) => ({ kind: 'company_links', id })));
    expect(await companyPersonSide(ctx())).toBeNull();
    expect(await all(companyPersonReads(ctx(), 'company'))).toEqual([]);

    await mark([101, 102, 105].map((id) => ({ kind: 'person_links', id })));
    // 3 unknown companies vs 2 unknown live persons (105 is gone): persons are read.
    expect(await companyPersonSide(ctx())).toBe('person');
    expect(await all(companyPersonReads(ctx(), 'person'))).toEqual([101, 102]);
    expect(await all(companyPersonReads(ctx(), 'company'))).toEqual([]);

    await mark([103, 104].map((id) => ({ kind: 'person_links', id })));
    expect(await companyPersonSide(ctx())).toBe('company');
    expect(await all(companyPersonReads(ctx(), 'company'))).toEqual([1, 2, 3]);
    expect(await all(companyPersonReads(ctx(), 'person'))).toEqual([]);
  });
});
