/**
 * At-least-once with idempotent upserts (docs/sync.md, "Every page one transaction, one writer at a time"): a run that dies right after page k of a
 * stream commits, followed by a normal full run, leaves exactly the warehouse an uninterrupted run
 * leaves (nothing lost, nothing duplicated), and the second run resumes the crashed stream from its
 * checkpoint instead of page 1.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PageEvent } from '../../src/runner/env.ts';
import type { SyncResult } from '../../src/runner/run-sync.ts';
import { parseCheckpoint } from '../../src/state/checkpoint.ts';
import type { RunningSimulator, ScaleCounts, ContractName } from '@relsync/simulator';
import { forEachContract } from '../helpers/dialects.ts';
import { CrashError, startE2eSimulator, startSyncFixture, type SyncFixture } from '../helpers/sync-fixture.ts';
import { dumpWarehouse, expectWarehouseMatchesStore } from '../helpers/warehouse-compare.ts';
import type { ExpRow } from './support/norm.ts';

/**
 * Just past what the crash points below need: several pages of companies, persons and opportunity entries
 * (a crash after the first leaves pages on each side), two transcripts (a fragments page each), over 12
 * opportunities for the seed's single reads. This file syncs the tenant 36 times, so the tenant is small and
 * its pages short (PAGE records, the simulator's `maxPageSize`): each company is one more single read per sync.
 */
const SCALE: ScaleCounts = { companies: 25, persons: 40, lists: 4, opportunities: 25 };
const PAGE = 10;

interface CrashCase {
  stream: string;
  /** The partition to crash in: a list id for list_entries ('' = the stream's only partition). */
  partition: (sim: RunningSimulator) => string;
  page: number;
}

const oppList = (sim: RunningSimulator) => String([...sim.store.lists.values()].find((l) => l.type === 'opportunity')!.id);
const whole = () => '';

const CASES: Record<ContractName, CrashCase[]> = {
  reference: [
    { stream: 'companies', partition: whole, page: 1 },
    { stream: 'list_entries', partition: oppList, page: 1 },
    { stream: 'persons', partition: whole, page: 1 },
    { stream: 'transcript_fragments', partition: whole, page: 1 },
  ],
  // Each seed run spends one single read per company and per opportunity, so fewer crash points: the
  // sweep that leaves `company_links` marks, and the single reads that consume `opportunity_links` ones.
  seed: [
    { stream: 'companies', partition: whole, page: 1 },
    { stream: 'opportunity_associations_full', partition: whole, page: 12 },
  ],
};

/** Pages committed per stream/partition, with the sweep page number of the first one. */
function pageLog() {
  const pages = new Map<string, number[]>();
  return {
    hook: (e: PageEvent) => {
      pages.set(`${e.stream}|${e.partition}`, [...(pages.get(`${e.stream}|${e.partition}`) ?? []), e.page]);
    },
    of: (stream: string, partition: string) => pages.get(`${stream}|${partition}`) ?? [],
  };
}

forEachContract('e2e: crash after page k, then resume', (contract, dialect) => {
  let sim: RunningSimulator;
  let baseline: Record<string, ExpRow[]>;
  const baselinePages = pageLog();
  beforeAll(async () => {
    sim = await startE2eSimulator({ scale: SCALE, contract, sim: { maxPageSize: PAGE } });
    const f = await startSyncFixture({ dialect, simulator: sim });
    try {
      const r = await f.runFull({ hooks: { onPageCommitted: baselinePages.hook } });
      expect(r.summary.status).toBe('succeeded');
      await expectWarehouseMatchesStore(f.db, sim);
      baseline = await dumpWarehouse(f.db);
    } finally {
      await f.close();
    }
  }, 120_000);
  afterAll(async () => {
    await sim?.close();
  });

  /** Crash after `page` of the partition, then run again; returns both runs' facts. */
  async function crashAndResume(c: CrashCase) {
    const partition = c.partition(sim);
    const f: SyncFixture = await startSyncFixture({ dialect, simulator: sim });
    try {
      let crashed = false;
      const crash = (e: PageEvent) => {
        if (!crashed && e.stream === c.stream && e.partition === partition && e.page === c.page) {
          crashed = true;
          throw new CrashError(`crash after ${c.stream} page ${c.page}`);
        }
      };
      await expect(f.runFull({ hooks: { onPageCommitted: crash } })).rejects.toThrow(CrashError);
      expect(crashed).toBe(true);
      const row = await f.db.kysely
        .selectFrom('sync_state')
        .select(['checkpoint_json'])
        .where('stream', '=', c.stream)
        .where('partition', '=', partition)
        .executeTakeFirstOrThrow();
      const crashedAt = parseCheckpoint(row.checkpoint_json).checkpoint;
      const runsAfterCrash = await f.db.kysely.selectFrom('sync_runs').select(['status']).execute();
      const resumedPages = pageLog();
      const resumed: SyncResult = await f.runFull({ hooks: { onPageCommitted: resumedPages.hook } });
      const dump = await dumpWarehouse(f.db);
      return { partition, crashedAt, runsAfterCrash, resumed, resumedPages, dump };
    } finally {
      await f.close();
    }
  }

  for (const c of CASES[contract]) {
    describe(`${c.stream} crashes after page ${c.page}`, () => {
      let r: Awaited<ReturnType<typeof crashAndResume>>;
      beforeAll(async () => {
        r = await crashAndResume(c);
      }, 120_000);

      it('the crashed run is recorded failed, its checkpoint mid-sweep at page k', () => {
        expect(r.runsAfterCrash.map((x) => x.status)).toEqual(['failed']);
        expect(r.crashedAt.sweep).not.toBeNull();
        expect(r.crashedAt.sweep!.pages).toBe(c.page);
      });

      it('the resumed run equals an uninterrupted run exactly (nothing lost, nothing duplicated)', () => {
        expect(r.resumed.summary.status).toBe('succeeded');
        for (const table of Object.keys(baseline)) {
          expect(r.dump[table]?.length, `${table} row count`).toBe(baseline[table]?.length);
          expect(r.dump[table], table).toEqual(baseline[table]);
        }
      });

      it('the resumed run continued the crashed partition at page k+1, with fewer calls than from scratch', () => {
        const full = baselinePages.of(c.stream, r.partition);
        const again = r.resumedPages.of(c.stream, r.partition);
        expect(full.length).toBeGreaterThan(c.page);
        expect(again[0], 'first page the resumed run committed').toBe(c.page + 1);
        expect(again.length).toBe(full.length - c.page);
        // One call per page: the run's own count for the stream says the same (other lists' partitions,
        // finished before the crash, are swept afresh by a full run, so only whole-stream cases compare).
        if (r.partition === '') expect(r.resumed.summary.streams[c.stream]!.pages).toBe(full.length - c.page);
      });
    });
  }

  // After the LAST page the checkpoint records that every page was read (SWEEP_PAGES_DONE), so a crash
  // before the sweep is marked complete resumes straight to completion: no page is read again.
  describe('companies crashes after its LAST page', () => {
    it('the resumed run re-reads no companies page', async () => {
      const last = baselinePages.of('companies', '').length;
      const r = await crashAndResume({ stream: 'companies', partition: whole, page: last });
      expect(r.dump.companies).toEqual(baseline.companies);
      expect(r.resumedPages.of('companies', '')).toEqual([]);
    }, 120_000);
  });
});
