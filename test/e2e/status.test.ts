import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, expect, it } from 'vitest';
import { forEachDialect } from '../helpers/dialects.ts';
import { startSyncFixture, type SyncFixture } from '../helpers/sync-fixture.ts';
import { runCli } from '../helpers/cli.ts';
import { streamNames } from '../../src/streams/registry.ts';
import type { Status } from '../../src/state/status.ts';

forEachDialect('relsync status', (dialect) => {
  let f: SyncFixture | undefined;
  afterEach(async () => {
    await f?.close();
    f = undefined;
  });

  it('reports every stream, row counts, the last run, the budget and the next scheduled run', async () => {
    f = await startSyncFixture({ dialect, scale: 'tiny' });
    const run = await f.runFull({ streams: ['lists', 'companies', 'field_value_changes'] });
    expect(run.summary.status).toBe('succeeded');
    // A full sync follows the change log from its mark like any run: it is not called "incremental".
    expect(run.summary.streams.field_value_changes?.mode).toBe('feed');
    expect(run.summary.streams.companies?.mode).toBe('sweep');
    const env = { DATABASE_URL: f.dbUrl, RELSYNC_SCHEDULE: '*/15 * * * *' };

    const json = await runCli(['status', '--json'], { env });
    expect(json.code).toBe(0);
    const s = JSON.parse(json.stdout) as Status;
    expect(s.streams.map((x) => x.stream).sort()).toEqual(streamNames().sort());
    const companies = s.streams.find((x) => x.stream === 'companies')!;
    expect(companies.mode).toBe('swept');
    expect(companies.lastRun).toMatchObject({ status: 'succeeded', pages: 1 });
    expect(companies.lagSeconds).toBeGreaterThanOrEqual(0);
    expect(s.streams.find((x) => x.stream === 'field_value_changes')!.mode).toBe('incremental');
    expect(s.streams.find((x) => x.stream === 'persons')!.mode).toBe('never run');
    expect(s.rowCounts.companies).toBe(f.sim.store.companies.size);
    expect(s.lastRuns[0]).toMatchObject({ status: 'succeeded', calls: run.summary.callsTotal });
    expect(s.rateBudget).toMatchObject({ userLimit: expect.any(Number) });
    // The next quarter hour, in the future.
    expect(Date.parse(s.nextScheduledRun!)).toBeGreaterThan(Date.now());
    expect(new Date(s.nextScheduledRun!).getUTCMinutes() % 15).toBe(0);
    // The month's projection (the plan model) beside the budget the headers reported, less the reserve.
    const p = s.monthProjection!;
    expect(p.plannedPerMonth).toBe(p.everyRunPerMonth + p.periodicPerMonth);
    expect(p.everyRunPerMonth).toBeGreaterThan(0);
    // The fixture's simulator reports no monthly cap: no budget is known, so none is invented.
    expect(p.monthlyBudget).toBeNull();
    expect(p.fits).toBe(true);
    expect(p.unpriced).toContain('persons');

    const text = await runCli(['status'], { env });
    expect(text.code).toBe(0);
    expect(text.stdout).toMatch(/^companies\s+swept\s/m);
    expect(text.stdout).toMatch(/^persons\s+never run\s/m);
    expect(text.stdout).toMatch(/^stream\s+checkpoint\s+last completed\s+ago\s+last full sweep\s+last run\s+pages read\s+rows written \(all its tables\)$/m);
    expect(text.stdout).toMatch(/^companies\s+swept\s.*succeeded: full sweep\s/m);
    expect(text.stdout).toMatch(/^field_value_changes\s+following changes\s.*succeeded: read changes since the last mark\s/m);
    expect(text.stdout).not.toMatch(/incremental/);
    expect(text.stdout).toContain('next scheduled run: ');
    expect(text.stdout).toMatch(/rate budget \(seen .*\): remaining \d+ of \d+ this minute/);
    expect(text.stdout).toMatch(/^month projected \(relsync plan\): [\d,]+ calls \(every run [\d,]+, periodic [\d,]+\); no monthly budget known/m);
    const budgeted = await runCli(['status', '--json'], { env: { ...env, RELSYNC_MONTHLY_BUDGET: '1' } });
    expect((JSON.parse(budgeted.stdout) as Status).monthProjection).toMatchObject({ monthlyBudget: 1, fits: false });
  });
});

it('plan before the first sync needs the API key to count with (test/e2e/plan-first-sync.test.ts), exit 2; status shows no projection', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'relsync-plan-'));
  try {
    const env = { DATABASE_URL: `sqlite:${join(dir, 'w.db')}`, AFFINITY_API_KEY: undefined };
    expect((await runCli(['migrate'], { env })).code).toBe(0);
    const r = await runCli(['plan'], { env });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('AFFINITY_API_KEY is not set');
    const s = JSON.parse((await runCli(['status', '--json'], { env })).stdout) as Status;
    expect(s.monthProjection).toBeNull();
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

it('status on a warehouse with no relsync tables says to run migrate, exit 2', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'relsync-status-'));
  try {
    const file = join(dir, 'empty.db');
    writeFileSync(file, '');
    const r = await runCli(['status'], { env: { DATABASE_URL: `sqlite:${file}` } });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('relsync migrate');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

it('status on a SQLite path that does not exist says so in one line, exit 2, and creates no file or directory', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'relsync-status-'));
  try {
    const file = join(dir, 'missing', 'nowhere.db');
    const r = await runCli(['status'], { env: { DATABASE_URL: `sqlite:${file}` } });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(`No warehouse at ${file}: the file does not exist.`);
    expect(r.stderr).not.toMatch(/\n\s+at /);
    expect(existsSync(file)).toBe(false);
    expect(existsSync(join(dir, 'missing'))).toBe(false);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
