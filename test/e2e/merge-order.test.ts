/**
 * Merges are order-independent (issue 32; docs/warehouse.md "Merges"). The service lists merges most recent
 * first, so a chain A→B→C arrives as B→C, then A→B; and the merges pass (every `sweeps.metadata`) may run
 * after a companies sweep that already soft-deleted the duplicates as plain deletes, removing their people.
 * Whatever the order, the warehouse ends where a fresh full sync of the same tenant ends.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { SyncResult } from '../../src/runner/run-sync.ts';
import { simCall } from '@relsync/simulator/test-client';
import type { ScaleCounts } from '@relsync/simulator';
import { forEachContract } from '../helpers/dialects.ts';
import { startSyncFixture, type SyncFixture } from '../helpers/sync-fixture.ts';
import { dumpWarehouse, readTable } from '../helpers/warehouse-compare.ts';
import { dumpDifferences, type Dump } from '../helpers/warehouse-diff.ts';
import type { ExpRow } from './support/norm.ts';

/**
 * What a merge re-keys is the columns that name the duplicate (a list entry's `entity_id`, a value's
 * `ref_id`), not what the rows were read with, until their next read (docs/warehouse.md "Merges"): a row's
 * `_raw`, and a reference value's rendering (`value_json`, `value_text`: the duplicate's name).
 */
function readWith(table: string, column: string, inc: ExpRow, fresh: ExpRow): boolean {
  if (column === '_raw') return true;
  return table === 'field_values' && (column === 'value_json' || column === 'value_text') && inc.ref_id !== null && inc.ref_id === fresh.ref_id;
}

const SCALE: ScaleCounts = { companies: 24, persons: 40, lists: 3, opportunities: 12 };

async function mergeCompanies(f: SyncFixture, duplicate: number, primary: number): Promise<void> {
  const r = await simCall(f.sim, '/v2/company-merges', { method: 'POST', body: { primaryCompanyId: primary, duplicateCompanyId: duplicate } });
  if (r.status >= 300) throw new Error(`merge ${duplicate} into ${primary} -> ${r.status} ${r.text.slice(0, 200)}`);
}

/** Companies with people of their own, none shared with another picked company, so a union shows. */
function pickCompanies(f: SyncFixture, n: number): number[] {
  const picked: number[] = [];
  const people = new Set<number>();
  for (const c of [...f.sim.store.companies.values()].sort((a, b) => a.id - b.id)) {
    if (c.isGlobal || c.personIds.length === 0 || c.personIds.some((p) => people.has(p))) continue;
    picked.push(c.id);
    for (const p of c.personIds) people.add(p);
    if (picked.length === n) break;
  }
  expect(picked).toHaveLength(n);
  return picked;
}

forEachContract('e2e: merges listed newest first, and learned after the soft delete', (contract, dialect) => {
  let f: SyncFixture;
  let ids: number[];
  let swept: SyncResult;
  let merged: SyncResult;
  let incDump: Dump;
  let freshDump: Dump;

  beforeAll(async () => {
    f = await startSyncFixture({ dialect, scale: SCALE, contract, sim: { createLagMs: 0 } });
    expect((await f.runFull()).summary.status).toBe('succeeded');
    ids = pickCompanies(f, 8);
    const [a, b, c, d, e, x, y, z] = ids as [number, number, number, number, number, number, number, number];
    // A chain A→B→C and a single D→E, then a companies sweep before the merges pass: the duplicates are
    // soft-deleted as plain deletes first.
    await mergeCompanies(f, a, b);
    await mergeCompanies(f, b, c);
    await mergeCompanies(f, d, e);
    swept = await f.runIncremental({ config: { sweeps: { cold: '1ms' } } });
    // A second chain X→Y→Z the merges pass learns directly (listed Y→Z first).
    await mergeCompanies(f, x, y);
    await mergeCompanies(f, y, z);
    merged = await f.runIncremental({ config: { sweeps: { metadata: '1ms' } } });
    incDump = await dumpWarehouse(f.db);
    const g = await startSyncFixture({ dialect, simulator: f.sim });
    try {
      expect((await g.runFull()).summary.status).toBe('succeeded');
      freshDump = await dumpWarehouse(g.db);
    } finally {
      await g.close();
    }
  }, 120_000);
  afterAll(async () => {
    await f?.close();
  });

  it('the companies sweep ran before the merges pass, and the merges pass after it', () => {
    expect(swept.summary.status).toBe('succeeded');
    expect(swept.summary.streams.companies?.mode).toBe('sweep');
    expect(swept.summary.streams.company_merges?.mode).toBe('not due');
    expect(merged.summary.status).toBe('succeeded');
    expect(merged.summary.streams.company_merges?.mode).toBe('sweep');
  });

  it('every duplicate points at its final survivor', async () => {
    const [a, b, c, d, e, x, y, z] = ids;
    const companies = new Map((await readTable(f.db, 'companies')).map((r) => [r.id, r]));
    for (const [dup, survivor] of [
      [a, c],
      [b, c],
      [d, e],
      [x, z],
      [y, z],
    ]) {
      expect(companies.get(dup), `company ${dup}`).toMatchObject({ merged_into_id: survivor });
      expect(companies.get(dup)?._deleted_at, `company ${dup}`).not.toBeNull();
    }
    const links = await readTable(f.db, 'company_persons');
    for (const [survivor] of [[c], [e], [z]]) {
      const want = f.sim.store.companies
        .get(survivor!)!
        .personIds.slice()
        .sort((p, q) => p - q);
      const got = links.filter((l) => l.company_id === survivor).map((l) => l.person_id as number);
      expect(
        got.sort((p, q) => p - q),
        `people of survivor ${survivor}`,
      ).toEqual(want);
    }
  });

  it('leaves exactly what a fresh full sync leaves (plus the soft-deleted rows), the change log aside', () => {
    const { field_value_changes: _log, ...rest } = freshDump;
    const diffs = dumpDifferences(incDump, rest, readWith);
    expect(diffs, `warehouse differs from a fresh full sync:\n${diffs.join('\n')}`).toEqual([]);
  });
});
