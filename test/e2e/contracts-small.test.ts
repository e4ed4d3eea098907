/**
 * Issue 10's acceptance at small scale (companies and opportunities with more than 100 persons): against
 * each contract profile, `sync --full` leaves every table equal to the store's plain data, and costs what
 * that contract allows (single reads only where no bulk source carries the data).
 */
import { afterEach, expect, it } from 'vitest';
import { forEachContract } from '../helpers/dialects.ts';
import { startSyncFixture, type SyncFixture } from '../helpers/sync-fixture.ts';
import { compareWarehouseToStore } from '../helpers/warehouse-compare.ts';

forEachContract('full sync at small scale', (contract, dialect) => {
  {
    let f: SyncFixture | undefined;
    afterEach(async () => {
      await f?.close();
      f = undefined;
    });

    it('leaves every table equal to the store, association tables and change history included', async () => {
      f = await startSyncFixture({ dialect, scale: 'small', contract });
      const big = [...f.sim.store.companies.values()].filter((c) => c.personIds.length > 100).length;
      expect(big, 'the data has companies with more than 100 persons').toBeGreaterThan(0);
      const r = await f.runFull();
      expect(r.summary.status).toBe('succeeded');
      const cmp = await compareWarehouseToStore(f.db, f.sim);
      expect(cmp.problems).toEqual([]);
      for (const t of ['company_persons', 'opportunity_persons', 'opportunity_companies', 'field_value_changes', 'files'] as const) {
        expect(cmp.counts[t]?.live, t).toBeGreaterThan(0);
      }
      // Opportunity single reads: only past the cap where the search carries the arrays, every opportunity where it does not.
      const singles = r.summary.calls['GET /opportunities/{id}'] ?? 0;
      if (contract === 'seed') expect(singles).toBe(f.sim.store.opportunities.size);
      else expect(singles).toBeLessThan(10);
    });
  }
});
