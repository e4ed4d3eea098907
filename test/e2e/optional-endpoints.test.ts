/**
 * Issue 20 item 1: a beta endpoint the tenant does not have (the duplicate suggestions, absent from the
 * reference) is recorded as unavailable with the service's words, said once as a warning, and the run
 * still succeeds (exit 0); later runs skip it without a call until `reprobeRefusedAfter`, and `status`
 * says "unavailable on this tenant". A stream the user needs and lost (a 403 on emails) still ends partial
 * (test/e2e/sources.test.ts).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SyncResult } from '../../src/runner/run-sync.ts';
import { listSources } from '../../src/state/sources.ts';
import { runCli, type CliResult } from '../helpers/cli.ts';
import { forEachDialect } from '../helpers/dialects.ts';
import { startSyncFixture, type SyncFixture } from '../helpers/sync-fixture.ts';
import { duplicatesExpectation } from './support/expected-duplicates.ts';

const COMPANY = 'GET /v2/duplicates/company-suggestions';
const PERSON = 'GET /v2/duplicates/person-suggestions';

forEachDialect('e2e: an optional endpoint this tenant does not have', (dialect) => {
  describe('the duplicate suggestions answer 404 "No route"', () => {
    let f: SyncFixture;
    let cli: CliResult;
    let status: CliResult;
    let next: SyncResult;
    beforeAll(async () => {
      f = await startSyncFixture({ dialect, scale: 'tiny', contract: 'reference', sim: { deny: ['duplicates'] } });
      const env = { AFFINITY_API_KEY: f.sim.apiKey, AFFINITY_BASE_URL: f.sim.url, DATABASE_URL: f.dbUrl, LOG_LEVEL: 'silent' };
      cli = await runCli(['sync', '--full'], { env, timeoutMs: 180_000 });
      status = await runCli(['status'], { env });
      next = await f.runIncremental();
    }, 300_000);
    afterAll(async () => {
      await f?.close();
    });

    it('sync --full exits 0 with one warning line naming both streams and the service words', () => {
      expect(cli.code, cli.stderr).toBe(0);
      expect(cli.stdout).toMatch(/^run succeeded:/m);
      const warnings = cli.stdout.split('\n').filter((l) => /warning/i.test(l));
      expect(warnings).toHaveLength(1);
      expect(warnings[0]).toMatch(/unavailable on this tenant/);
      expect(warnings[0]).toContain('company_duplicate_suggestions (404 on GET /v2/duplicates/company-suggestions: No route for GET');
      expect(warnings[0]).toContain('person_duplicate_suggestions (404 on GET /v2/duplicates/person-suggestions');
      expect(cli.stdout).not.toMatch(/error in/);
      expect(cli.stdout).toMatch(/^company_duplicate_suggestions\s+skipped\s+skipped: unavailable on this tenant/m);
    });

    it('sync_sources records each as unavailable, with the service words', async () => {
      const rows = new Map((await listSources(f.db.kysely)).map((s) => [s.capability, s]));
      for (const [stream, endpoint] of [
        ['company_duplicate_suggestions', COMPANY],
        ['person_duplicate_suggestions', PERSON],
      ] as const) {
        expect(rows.get(stream)?.source).toBe('unavailable');
        expect(rows.get(stream)?.refused[stream]).toMatchObject({ status: 404, endpoint, message: expect.stringMatching(/^No route for GET/) });
      }
    });

    it('relsync status says "unavailable on this tenant"', () => {
      expect(status.code, status.stderr).toBe(0);
      expect(status.stdout).toMatch(
        /^ {2}company_duplicate_suggestions: unavailable on this tenant since \S+ \(404 on GET \/v2\/duplicates\/company-suggestions: No route/m,
      );
      expect(status.stdout).toMatch(/^ {2}person_duplicate_suggestions: unavailable on this tenant/m);
    });

    it('the next run does not call them, succeeds, and warns no more', () => {
      expect(next.summary.status).toBe('succeeded');
      expect(next.summary.calls[COMPANY] ?? 0).toBe(0);
      expect(next.summary.calls[PERSON] ?? 0).toBe(0);
      expect(next.summary.streams.company_duplicate_suggestions).toMatchObject({ status: 'skipped', mode: 'unavailable' });
      expect(next.summary.warnings).toEqual([]);
      expect(next.summary.errors).toEqual([]);
    });

    it('after reprobeRefusedAfter the endpoint is probed again; once there, it is read and the record forgotten', async () => {
      f.sim.setDeny('');
      const r = await f.runIncremental({ config: { reprobeRefusedAfter: '1ms', sweeps: { other: '1ms' } } });
      expect(r.summary.status).toBe('succeeded');
      expect(r.summary.calls[COMPANY]).toBeGreaterThan(0);
      expect(r.summary.streams.company_duplicate_suggestions?.status).toBe('succeeded');
      const rows = (await listSources(f.db.kysely)).map((s) => s.capability);
      expect(rows).not.toContain('company_duplicate_suggestions');
      const stored = await f.db.kysely.selectFrom('duplicate_suggestions').select(['entity_type']).execute();
      expect(stored.length).toBe(duplicatesExpectation(f.sim.store).rows.length);
    }, 120_000);
  });
});
