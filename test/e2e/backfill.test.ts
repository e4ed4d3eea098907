import { afterEach, describe, expect, it } from 'vitest';
import { listCheckpoints } from '../../src/state/checkpoint.ts';
import { parseSince } from '../../src/cli/backfill-command.ts';
import { UserError } from '../../src/errors.ts';
import { forEachDialect } from '../helpers/dialects.ts';
import { CrashError, startSyncFixture, type SyncFixture } from '../helpers/sync-fixture.ts';
import { runCli } from '../helpers/cli.ts';

const STREAMS = ['lists', 'companies', 'persons', 'field_value_changes'];

forEachDialect('backfill', (dialect) => {
  let f: SyncFixture | undefined;
  afterEach(async () => {
    await f?.close();
    f = undefined;
  });

  it('re-sweeps only the named streams and leaves the other checkpoints untouched', async () => {
    f = await startSyncFixture({ dialect, scale: 'tiny' });
    await f.runFull({ streams: STREAMS });
    const before = new Map((await listCheckpoints(f.db.kysely)).map((c) => [`${c.stream}/${c.partition}`, c]));
    const r = await f.run({ mode: 'backfill', streams: ['companies'] });
    expect(r.summary.status).toBe('succeeded');
    expect(Object.keys(r.summary.streams)).toEqual(['companies']);
    expect(r.summary.streams.companies!.pages).toBeGreaterThan(0);
    const after = new Map((await listCheckpoints(f.db.kysely)).map((c) => [`${c.stream}/${c.partition}`, c]));
    for (const [key, cp] of before) {
      if (key.startsWith('companies/')) {
        expect(after.get(key)!.checkpoint.lastSweepCompletedAt! > cp.checkpoint.lastSweepCompletedAt!).toBe(true);
      } else {
        expect(after.get(key)).toEqual(cp);
      }
    }
  });

  it('an interrupted backfill resumes where it stopped instead of starting over', async () => {
    f = await startSyncFixture({ dialect, scale: 'small' });
    await f.runFull({ streams: ['companies'] });
    let pages = 0;
    await expect(
      f.run({
        mode: 'backfill',
        streams: ['companies'],
        hooks: {
          onPageCommitted: () => {
            if (++pages === 2) throw new CrashError();
          },
        },
      }),
    ).rejects.toBeInstanceOf(CrashError);
    const resumed = await f.run({ mode: 'backfill', streams: ['companies'] });
    const total = Math.ceil(f.sim.store.companies.size / 100);
    expect(resumed.summary.streams.companies!.pages).toBe(total - 2);
    // A new backfill (the previous one completed) sweeps the whole collection again.
    const again = await f.run({ mode: 'backfill', streams: ['companies'] });
    expect(again.summary.streams.companies!.pages).toBe(total);
  });

  it('--since re-reads the change log from that date', async () => {
    f = await startSyncFixture({ dialect, scale: 'tiny' });
    await f.runFull({ streams: ['field_value_changes'] });
    const changes = f.sim.store.fieldValueChanges;
    const cut = changes[Math.floor(changes.length / 2)]!.changedAt;
    const expected = changes.filter((c) => Date.parse(c.changedAt) > Date.parse(cut)).length;
    const r = await f.run({ mode: 'backfill', streams: ['field_value_changes'], since: cut });
    expect(r.summary.streams.field_value_changes!.records).toBeGreaterThanOrEqual(expected);
    expect(r.summary.streams.field_value_changes!.records).toBeLessThan(changes.length);
  });
});

describe('backfill --since validation', () => {
  it.each(['yesterday', '2026-13-45', '3026-01-01'])('rejects %s with a clear message', (v) => {
    expect(() => parseSince(v)).toThrow(UserError);
  });
  it('accepts dates and datetimes, normalised to UTC', () => {
    expect(parseSince('2026-01-31')).toBe('2026-01-31T00:00:00.000Z');
    expect(parseSince('2026-01-31T12:00:00+02:00')).toBe('2026-01-31T10:00:00.000Z');
  });
  it('the command names the flag and exits 2', async () => {
    const r = await runCli(['backfill', '--streams', 'companies', '--since', 'soon'], { env: { AFFINITY_API_KEY: 'k' } });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('--since "soon" is not a date');
  });
  it('an unknown stream is named with the known ones', async () => {
    const r = await runCli(['backfill', '--streams', 'compnies'], { env: { AFFINITY_API_KEY: 'k', AFFINITY_BASE_URL: 'http://127.0.0.1:9' } });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('Unknown stream: compnies');
    expect(r.stderr).toContain('companies');
  });
});
