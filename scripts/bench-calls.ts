/**
 * `npm run bench -- --part calls [--scale medium] [--contract reference,seed]`: full-sync calls against a
 * lower bound computed from the simulator's store (the data the service holds), per endpoint:
 *   - a paged collection: ceil(records / 100) pages (100 is the largest page `/v2` serves), at least 1;
 *     list entries are paged per list; the change log as one collection under both contracts (the seed's
 *     field filter forces batches of fields, which the bound does not grant);
 *   - a per-record sub-read (transcript fragments, team members, list fields and saved views): 1 per owner;
 *   - company↔person single reads (no bulk source carries the sets under either contract): every record of
 *     the smaller side, one `GET /organizations/{id}` or `GET /persons/{id}` each. A client cannot tell an
 *     empty set from one it has not read without reading it, so a bound that skipped the records with no
 *     links would grant knowledge no client has (an earlier version did, and overstated relsync's excess);
 *   - opportunity single reads: under the seed one per opportunity (its search carries no arrays); under
 *     the reference only those with more than 100 persons or companies (`/v2` cuts sets at 100);
 *   - `/v2/notes`, the only source of an AI-notetaker note's `transcriptId` (docs/contract.md §7.7): the cheaper of
 *     listing every root note (ceil(root notes / 100); the listing excludes replies) and one single read
 *     per AI-notetaker root note (the older listing's `type` 3 says which they are), at least 1;
 *   - any other endpoint relsync called: 1 (a collection costs at least one call).
 */
import { startSimulator, type ContractName, type Scale, type SimStore } from '@relsync/simulator';
import { benchConfig, freshWarehouse, report, syncOnce } from './bench-support.ts';

/** Issue 11: full-sync calls at most this factor of the lower bound. */
export const CALLS_TARGET_RATIO = 1.1;
const PAGE = 100;

const pages = (n: number) => Math.max(1, Math.ceil(n / PAGE));

/** The least calls each endpoint needs for this store under this contract. */
export function lowerBound(store: SimStore, contract: ContractName): Record<string, number> {
  const count = <T>(xs: Iterable<T>, keep: (x: T) => boolean) => [...xs].filter(keep).length;
  const byList = new Map<number, number>();
  for (const e of store.listEntries.values()) byList.set(e.listId, (byList.get(e.listId) ?? 0) + 1);
  const byKind = new Map<string, number>();
  for (const i of store.interactions.values()) byKind.set(i.kind, (byKind.get(i.kind) ?? 0) + 1);
  const opps = [...store.opportunities.values()];
  const roots = [...store.notes.values()].filter((n) => n.parentId === null);
  return {
    'GET /v2/companies': pages(store.companies.size),
    'GET /v2/persons': pages(store.persons.size),
    'GET /v2/opportunities': pages(store.opportunities.size),
    'GET /v2/lists/{id}/list-entries': [...store.lists.keys()].reduce((n, id) => n + pages(byList.get(id) ?? 0), 0),
    'GET /v2/lists/{id}/fields': store.lists.size,
    'GET /v2/lists/{id}/saved-views': store.lists.size,
    'GET /v2/teams/{id}/members': store.teams.size,
    'GET /v2/transcripts/{id}/fragments': store.transcripts.size,
    'GET /v2/emails': pages(byKind.get('email') ?? 0),
    'GET /v2/meetings': pages(byKind.get('meeting') ?? 0),
    'GET /v2/calls': pages(byKind.get('call') ?? 0),
    'GET /v2/chat-messages': pages(byKind.get('chat-message') ?? 0),
    'GET /v2/notes': Math.max(
      1,
      Math.min(
        pages(roots.length),
        count(roots, (n) => n.type === 'ai-notetaker'),
      ),
    ),
    ...(contract === 'seed'
      ? { 'GET /v2/field-value-changes?filter=field.id': pages(store.fieldValueChanges.length) }
      : { 'GET /v2/field-value-changes': pages(store.fieldValueChanges.length) }),
    [store.companies.size <= store.persons.size ? 'GET /organizations/{id}' : 'GET /persons/{id}']: Math.min(store.companies.size, store.persons.size),
    'GET /opportunities/{id}': contract === 'seed' ? opps.length : count(opps, (o) => o.personIds.length > PAGE || o.companyIds.length > PAGE),
  };
}

export async function runCallsPart(scale: Scale, contracts: readonly ContractName[]): Promise<void> {
  for (const contract of contracts) {
    const sim = await startSimulator({ scale, seed: 1, rateLimitPerMin: 1_000_000, monthlyLimit: null, contract });
    const wh = freshWarehouse('sqlite', `calls-${contract}`);
    try {
      const bound = lowerBound(sim.store, contract);
      const full = await syncOnce(benchConfig(sim, wh.databaseUrl), sim.apiKey, 'full');
      // Endpoints relsync called that the table above does not price: one call each.
      const total =
        Object.keys(full.byEndpoint).reduce((n, e) => n + (bound[e] ?? 1), 0) +
        Object.entries(bound)
          .filter(([e]) => !(e in full.byEndpoint))
          .reduce((n, [, b]) => n + b, 0);
      const over = Object.entries(full.byEndpoint)
        .map(([e, n]) => [e, n - (bound[e] ?? 1)] as const)
        .filter(([, d]) => d !== 0)
        .sort((a, b) => b[1] - a[1]);
      report(
        `full-sync calls, ${contract}, ${scale}`,
        `${full.calls} vs lower bound ${total} = ×${(full.calls / total).toFixed(3)}`,
        `≤ ×${CALLS_TARGET_RATIO}`,
        full.calls <= total * CALLS_TARGET_RATIO,
      );
      console.log(`  calls over (+) or under (-) the bound by endpoint: ${over.map(([e, d]) => `${e} ${d > 0 ? '+' : ''}${d}`).join(', ') || 'none'}`);
      console.log(`  ${full.rows} rows in ${full.seconds.toFixed(0)} s`);
    } finally {
      await wh.dispose();
      await sim.close();
    }
  }
}
