/**
 * Issue 10 item 2 (change log, files, update feeds): relsync finds the source the service really serves,
 * remembers refusals in sync_sources, and never probes a refused source again on the next run. Against
 * both contract profiles; `field_value_changes` and `files` are compared with the oracle built from the
 * store's plain data (test/e2e/support).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { updateFieldValue, type ContractName } from '@relsync/simulator';
import type { SyncResult } from '../../src/runner/run-sync.ts';
import { listSources } from '../../src/state/sources.ts';
import { formatStatus } from '../../src/cli/format/status-text.ts';
import { readStatus } from '../../src/state/status.ts';
import { streamModeWords } from '../../src/cli/format/stream-words.ts';
import { runCli } from '../helpers/cli.ts';
import { forEachDialect } from '../helpers/dialects.ts';
import { startSyncFixture, type SyncFixture } from '../helpers/sync-fixture.ts';
import { compareWarehouseToStore } from '../helpers/warehouse-compare.ts';

const ORG_WIDE = 'GET /v2/field-value-changes';
const BY_FIELD = 'GET /v2/field-value-changes?filter=field.id';
const REMINDERS_FEED = 'GET /v2/reminders';

/** Problems of these tables only (association tables are another capability's, tested elsewhere). */
async function problemsOf(f: SyncFixture, tables: readonly string[]): Promise<string[]> {
  const r = await compareWarehouseToStore(f.db, f.sim);
  return r.problems.filter((p) => tables.some((t) => p.startsWith(`${t}:`)));
}

const CONTRACTS: readonly ContractName[] = ['reference', 'seed'];

forEachDialect('e2e: sources of the change log, files and update feeds', (dialect) => {
  for (const contract of CONTRACTS) {
    describe(`contract ${contract}`, () => {
      let f: SyncFixture;
      let first: SyncResult;
      let second: SyncResult;
      let third: SyncResult;
      beforeAll(async () => {
        f = await startSyncFixture({ dialect, scale: 'tiny', contract });
        first = await f.runFull();
        second = await f.runIncremental();
        third = await f.runIncremental();
      }, 120_000);
      afterAll(async () => {
        await f?.close();
      });

      it('a full sync succeeds and leaves field_value_changes and files equal to the store', async () => {
        expect(first.summary.errors).toEqual([]);
        expect(first.summary.status).toBe('succeeded');
        expect(await problemsOf(f, ['field_value_changes', 'files'])).toEqual([]);
        expect(f.sim.store.fieldValueChanges.length).toBeGreaterThan(0);
        expect(f.sim.store.files.size).toBeGreaterThan(0);
      });

      it('the change log comes from the cheapest source the contract serves, and the choice is remembered', async () => {
        const sources = new Map((await listSources(f.db.kysely)).map((s) => [s.capability, s]));
        if (contract === 'reference') {
          expect(sources.get('change_log')?.source).toBe('field_value_changes');
          expect(first.summary.calls[BY_FIELD] ?? 0).toBe(0);
          const byField = first.summary.streams.field_value_changes_by_field!;
          expect([byField.mode, byField.source]).toEqual(['source-elsewhere', { capability: 'change_log', uses: 'field_value_changes' }]);
          expect(streamModeWords(byField)).toBe('skipped: change_log uses field_value_changes');
        } else {
          expect(sources.get('change_log')?.source).toBe('field_value_changes_by_field');
          expect(sources.get('change_log')?.refused.field_value_changes?.status).toBe(400);
          expect(first.summary.calls[ORG_WIDE]).toBe(1); // the one probe
          expect(first.summary.calls[BY_FIELD]).toBeGreaterThan(0);
          const orgWide = first.summary.streams.field_value_changes!;
          expect([orgWide.mode, orgWide.source]).toEqual([
            'source-refused',
            { capability: 'change_log', uses: 'field_value_changes_by_field', refusedStatus: 400 },
          ]);
          expect(streamModeWords(orgWide)).toBe('skipped: refused (400); change_log uses field_value_changes_by_field');
        }
        expect(first.summary.streams.field_value_changes_v1?.status).toBe('skipped');
        expect(sources.get('files')?.source).toBe('files');
      });

      it("relsync status shows each capability's source and the refusals", async () => {
        const st = await readStatus(f.db, { now: new Date(), schedule: '0 * * * *' });
        const text = formatStatus(st);
        const expected = contract === 'seed' ? 'field_value_changes_by_field' : 'field_value_changes';
        expect(text).toMatch(new RegExp(`^change_log\\s+${expected}\\s`, 'm'));
        expect(text).toMatch(/^reminders_updates\s+none\s.*reminders_updates$/m);
        expect(text).toMatch(/^ {2}reminders_updates refused .*: 400 on GET \/v2\/reminders: .+/m);
        if (contract === 'seed') expect(text).toMatch(/^ {2}field_value_changes refused .*: 400 on GET \/v2\/field-value-changes: .+/m);
        else expect(st.sources.find((c) => c.capability === 'change_log')?.refused).toEqual({});
      });

      it('later runs do not probe a refused source again', () => {
        for (const r of [second, third]) {
          expect(r.summary.status).toBe('succeeded');
          if (contract === 'seed') expect(r.summary.calls[ORG_WIDE] ?? 0).toBe(0);
        }
        // The reminders feed's filter is refused by both documents: probed once (the first run starts
        // the feed at "now" without a call), then reminders are swept every `sweeps.feedless` (6 h by
        // default), never on every run: the full sync's sweep is recent, so neither later run reads them.
        expect(second.summary.calls[REMINDERS_FEED]).toBe(1);
        expect(third.summary.calls[REMINDERS_FEED] ?? 0).toBe(0);
        expect(third.summary.streams.reminders_updates?.mode).toBe('no-source-left');
        expect(streamModeWords(third.summary.streams.reminders_updates!)).toBe('skipped: reminders_updates: no source left');
        for (const r of [second, third]) {
          expect(r.summary.streams.reminders?.mode).toBe('not due');
          expect(r.summary.calls['GET /reminders'] ?? 0).toBe(0);
        }
      });

      it('a stream whose feed is refused is swept again once sweeps.feedless has passed', async () => {
        const r = await f.runIncremental({ config: { sweeps: { feedless: '1ms' } } });
        expect(r.summary.status).toBe('succeeded');
        expect(r.summary.streams.reminders?.mode).toBe('sweep');
        expect(r.summary.streams.reminders?.calls ?? 0).toBeGreaterThan(0);
        expect(r.summary.calls[REMINDERS_FEED] ?? 0).toBe(0);
      });

      it('changes made between runs reach the warehouse through the chosen source', async () => {
        const field = [...f.sim.store.fields.values()].find(
          (x) => x.trackChanges && x.entityType === 'company' && x.listId === null && x.valueType === 'number',
        );
        expect(field).toBeDefined();
        const company = [...f.sim.store.companies.values()][0]!;
        updateFieldValue(f.sim.store, field!.key, company.id, null, { type: 'number', data: 424242 });
        const r = await f.runIncremental();
        expect(r.summary.status).toBe('succeeded');
        expect(await problemsOf(f, ['field_value_changes', 'files', 'reminders'])).toEqual([]);
      });
    });
  }

  describe('a permission denied on one stream', () => {
    let f: SyncFixture;
    let run: SyncResult;
    beforeAll(async () => {
      f = await startSyncFixture({ dialect, scale: 'tiny', contract: 'reference', sim: { deny: ['emails'] } });
      run = await f.runFull();
    }, 120_000);
    afterAll(async () => {
      await f?.close();
    });

    it('skips that stream with one line naming the permission; the run goes on and ends partial', async () => {
      expect(run.summary.status).toBe('partial');
      expect(run.summary.errors).toHaveLength(1);
      const e = run.summary.errors[0]!;
      expect(e.stream).toBe('emails');
      expect(e.message).toMatch(/^emails: permission denied \(403 on GET \/v2\/emails: .+\); ask an Affinity admin/);
      expect(e.message).not.toContain('\n');
      expect(
        Object.entries(run.summary.streams)
          .filter(([, s]) => s.status === 'failed')
          .map(([n]) => n),
      ).toEqual(['emails']);
    });

    it('every other table is complete', async () => {
      const r = await compareWarehouseToStore(f.db, f.sim);
      // Only emails are missing: from interactions and their participants. (The association tables are
      // another capability's and are tested with it.)
      const skip = ['interactions:', 'interaction_participants:', 'company_persons:', 'opportunity_persons:', 'opportunity_companies:'];
      const others = r.problems.filter((p) => !skip.some((s) => p.startsWith(s)));
      expect(others).toEqual([]);
      const interactions = r.problems.find((p) => p.startsWith('interactions:')) ?? '';
      const emails = [...f.sim.store.interactions.values()].filter((i) => i.kind === 'email').length;
      expect(interactions).toContain(`(${emails} missing, 0 extra, 0 differing, 0 other)`);
    });

    it('relsync sync prints the one line and exits 4 (partial)', async () => {
      const r = await runCli(['sync'], { env: { DATABASE_URL: f.dbUrl, AFFINITY_API_KEY: f.sim.apiKey, AFFINITY_BASE_URL: f.sim.url, LOG_LEVEL: 'silent' } });
      expect(r.code).toBe(4);
      const lines = r.stdout.split('\n').filter((l) => l.includes('permission denied'));
      expect(lines).toHaveLength(1);
      expect(lines[0]).toMatch(/^ {2}emails: permission denied \(403 on GET \/v2\/emails: .+\); ask an Affinity admin/);
    }, 60_000);
  });
});
