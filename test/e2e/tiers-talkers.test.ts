/**
 * Relevance tiers, companies the side read: the service makes a person of an email from a new address, at
 * the company whose domain the address has. relsync reads that person's own set once (it talked within the
 * hot window and its set was never read whole), so a cold company it talked for is hot by that interaction
 * within the next runs, not a cold period later when the company's own set comes round.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { sql } from 'kysely';
import { emailFromNewAddress } from '@relsync/simulator';
import { anySignal, hotSignals } from '../../src/planner/tiers.ts';
import type { SyncResult } from '../../src/runner/run-sync.ts';
import { forEachDialect } from '../helpers/dialects.ts';
import { startTiersFixture, type SyncFixture } from '../helpers/sync-fixture.ts';

const HOUR = 3_600_000;

forEachDialect('relevance tiers: an email from a new address makes its cold company hot', (dialect) => {
  let f: SyncFixture;
  const t0 = Date.now();
  let company: number;
  let sender: number;
  let teamMember: number;
  const runs: SyncResult[] = [];
  const at = (hours: number) => () => new Date(t0 + hours * HOUR);

  /** Whether `id` is a hot company at `now` by the tiers' own signals. */
  const hot = async (id: number, now: Date) => {
    const signals = await hotSignals(f.db.kysely, 'company', now, f.config.tiers.hotWindow);
    const r = await sql<{ id: number }>`select t.id from companies t where t.id = ${id} and ${anySignal(sql.ref('t.id'), signals)}`.execute(f.db.kysely);
    return r.rows.length > 0;
  };

  beforeAll(async () => {
    f = await startTiersFixture(dialect, at(0));
    const s = f.sim.store;
    // The generated activity is years older than this clock: a company on no list and no deal is cold.
    const listedOrDeal = new Set<number>();
    for (const e of s.listEntries.values()) if (e.entityType === 'company') listedOrDeal.add(e.entityId);
    for (const o of s.opportunities.values()) for (const c of o.companyIds) listedOrDeal.add(c);
    const cold = [...s.companies.values()].filter((c) => !listedOrDeal.has(c.id) && c.domains.length > 0).sort((a, b) => a.id - b.id);
    company = cold[0]!.id;
    expect(await hot(company, at(1)())).toBe(false);
    teamMember = [...s.persons.values()].find((p) => p.type === 'internal')!.id;
    sender = emailFromNewAddress(s, { address: `new.sender@${cold[0]!.domains[0]!}`, firstName: 'New', lastName: 'Sender', toPersonId: teamMember }).person.id;
    for (const h of [1, 2, 3]) runs.push(await f.runIncremental({ now: at(h) }));
  }, 900_000);
  afterAll(async () => {
    await f?.close();
  });

  it('the runs succeeded', () => {
    for (const r of runs) expect(r.summary.status).toBe('succeeded');
  });

  it('the sets of the email’s two persons were read whole, once each: the sender’s gives its company', async () => {
    const read = await f.db.kysely.selectFrom('sync_read_whole').select('id').where('kind', '=', 'person_links').execute();
    expect(read.map((r) => Number(r.id)).sort((a, b) => a - b)).toEqual([sender, teamMember].sort((a, b) => a - b));
    const pairs = await f.db.kysely.selectFrom('company_persons').select('company_id').where('person_id', '=', sender).execute();
    expect(pairs.map((r) => Number(r.company_id))).toEqual([company]);
    const calls = runs.map((r) => r.summary.streams.person_companies_full?.calls ?? 0);
    expect(calls.reduce((a, b) => a + b, 0)).toBe(2);
    expect(calls.at(-1)).toBe(0);
  });

  it('the company it talked for is hot, and its set was read', async () => {
    expect(await hot(company, at(3)())).toBe(true);
    const read = await f.db.kysely
      .selectFrom('sync_read_whole')
      .select('read_at')
      .where('kind', '=', 'company_links')
      .where('id', '=', company)
      .executeTakeFirst();
    expect(read).toBeDefined();
  });
});
