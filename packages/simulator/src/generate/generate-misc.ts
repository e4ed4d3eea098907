/** Saved views, webhooks, teams and a few completed merges. */
import type { Rng } from '../prng.ts';
import { ID_BASE, type SimStore } from '../store/store.ts';
import type { ScaleCounts } from '../store/store-types.ts';
import { GEN_END_MS, genTime, iso } from './generate-names.ts';
import { userId } from './generate-core.ts';
import { mergeEntities } from '../store/store-merge.ts';

export function generateMisc(store: SimStore, rng: Rng, counts: ScaleCounts, userCount: number): void {
  for (const list of [...store.lists.values()].sort((a, b) => a.id - b.id)) {
    const fields = store.applicableFields(list.type, list.id);
    const views: Array<['sheet' | 'board' | 'dashboard', string]> = [
      ['sheet', 'All rows'],
      ['sheet', 'Recent'],
      ['board', 'Board'],
    ];
    for (const [type, name] of views) {
      store.addSavedView({
        id: store.allocId('savedView'),
        listId: list.id,
        name,
        type,
        createdAt: iso(genTime(rng, Date.parse(list.createdAt))),
        fieldKeys: rng
          .sample(fields, Math.min(fields.length, 5))
          .sort((a, b) => a.ordinal - b.ordinal)
          .map((f) => f.key),
        createdSince: name === 'Recent' ? iso(Date.UTC(2023, 0, 1)) : null,
      });
    }
  }
  const hooks: Array<[string, string[], 'active' | 'disabled']> = [
    ['https://hooks.example.com/affinity', [], 'active'],
    ['https://hooks.example.com/crm-sync', ['organization.created', 'organization.updated', 'list_entry.created'], 'active'],
    ['https://old.example.com/hook', ['person.created'], 'disabled'],
  ];
  for (const [url, subscriptions, status] of hooks) {
    const created = genTime(rng);
    store.addWebhook({
      id: store.allocId('webhook'),
      url,
      subscriptions,
      status,
      creatorId: userId(rng, userCount),
      createdAt: iso(created),
      updatedAt: status === 'disabled' ? iso(genTime(rng, created)) : null,
    });
  }
  const users = [...store.users.keys()];
  const teamNames = ['Investments', 'Platform', 'Operations'];
  teamNames.forEach((name, i) => {
    const members = users.filter((_, j) => j % teamNames.length === i || j === 0);
    const lists = [...store.lists.keys()].filter((_, j) => j % 2 === i % 2);
    store.addTeam({ id: store.allocId('team'), name, memberIds: members, accessibleListIds: lists });
  });
  // A few completed merges: the newest generated records are merged into older ones.
  const mergeAt = () => iso(genTime(rng, GEN_END_MS - 60 * 86_400_000, GEN_END_MS));
  if (counts.companies >= 10) {
    for (let k = 0; k < 2; k++) {
      const dup = ID_BASE.company + counts.companies - k;
      const primary = ID_BASE.company + 3 + k;
      mergeEntities(store, 'company', primary, dup, mergeAt());
    }
  }
  if (counts.persons - userCount >= 10) {
    mergeEntities(store, 'person', ID_BASE.person + userCount + 1, ID_BASE.person + counts.persons, mergeAt());
  }
}
