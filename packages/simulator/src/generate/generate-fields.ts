/** Field definitions (enriched, relationship-intelligence, association, global, list) and dropdown options. */
import type { Rng } from '../prng.ts';
import { ID_BASE, type SimStore } from '../store/store.ts';
import type { EnrichmentSource, EntityType, FieldType, SimField, ValueType } from '../store/store-types.ts';
import { INDUSTRIES, STAGES, TAGS, genTime, iso } from './generate-names.ts';

/** Value types whose changes the service can track (v1 rules; never for enriched fields). */
export const TRACKABLE: ReadonlySet<ValueType> = new Set<ValueType>([
  'person',
  'person-multi',
  'company',
  'company-multi',
  'number',
  'number-multi',
  'location',
  'location-multi',
  'datetime',
  'ranked-dropdown',
]);

type Def = [name: string, valueType: ValueType, track?: boolean];

const RI_FIELDS: Array<[string, string, ValueType]> = [
  ['first-email', 'First Email', 'interaction'],
  ['last-email', 'Last Email', 'interaction'],
  ['first-event', 'First Event', 'interaction'],
  ['last-event', 'Last Event', 'interaction'],
  ['next-event', 'Next Event', 'interaction'],
  ['first-chat-message', 'First Chat Message', 'interaction'],
  ['last-chat-message', 'Last Chat Message', 'interaction'],
  ['last-contact', 'Last Contact', 'interaction'],
  ['source-of-introduction', 'Source of Introduction', 'person'],
];

const ENRICHED: Record<'company' | 'person', Array<[string, string, ValueType, EnrichmentSource]>> = {
  company: [
    ['affinity-data-description', 'Description', 'text', 'affinity-data'],
    ['affinity-data-location', 'Location', 'location', 'affinity-data'],
    ['affinity-data-industry', 'Industry', 'filterable-text-multi', 'affinity-data'],
    ['affinity-data-company-type', 'Company Type', 'filterable-text', 'affinity-data'],
    ['affinity-data-number-of-employees', 'Number of Employees', 'number', 'affinity-data'],
    ['affinity-data-year-founded', 'Year Founded', 'number', 'affinity-data'],
    ['dealroom-total-funding', 'Total Funding Amount (USD)', 'number', 'dealroom'],
    ['dealroom-investors', 'Investors', 'filterable-text-multi', 'dealroom'],
  ],
  person: [
    ['affinity-data-job-title', 'Job Titles', 'filterable-text', 'affinity-data'],
    ['affinity-data-location', 'Location', 'location', 'affinity-data'],
    ['affinity-data-linkedin-url', 'LinkedIn URL', 'text', 'affinity-data'],
  ],
};

const GLOBAL: Record<'company' | 'person', Def[]> = {
  company: [
    ['Sector', 'dropdown'],
    ['Focus Areas', 'dropdown-multi'],
    ['Priority', 'ranked-dropdown', true],
    ['Headcount', 'number', true],
    ['Funding Rounds (USD)', 'number-multi', true],
    ['Last Funding Date', 'datetime', true],
    ['Headquarters', 'location', true],
    ['Offices', 'location-multi', true],
    ['Relationship Owner', 'person', true],
    ['Key Contacts', 'person-multi', true],
    ['Parent Company', 'company', true],
    ['Competitors', 'company-multi'],
    ['Summary', 'text'],
    ['Engagement Score', 'formula-number'],
    ['Latest Note', 'note'],
    ['Next Reminder', 'reminder'],
    ['On Lists', 'list-multi'],
  ],
  person: [
    ['Role', 'dropdown'],
    ['Seniority', 'ranked-dropdown', true],
    ['Birthday', 'datetime'],
    ['Phone', 'text'],
    ['Employer', 'company', true],
    ['Introduced By', 'person'],
    ['Expertise', 'dropdown-multi'],
    ['Check Size', 'number', true],
    ['Home Base', 'location'],
  ],
};

const LIST_FIELDS: Def[] = [
  ['Status', 'ranked-dropdown', true],
  ['Amount', 'number', true],
  ['Close Date', 'datetime', true],
  ['Owner', 'person', true],
  ['Comments', 'text'],
  ['Tags', 'dropdown-multi'],
  ['Source', 'dropdown'],
  ['Deal Team', 'person-multi', true],
  ['Co-investors', 'company-multi', true],
  ['Region', 'location'],
  ['Expected Value', 'formula-number'],
  ['Checkpoints', 'number-multi'],
];

export function generateFields(store: SimStore, rng: Rng): void {
  let ordinal = 0;
  let customN = ID_BASE.field;
  const created = () => iso(genTime(rng, Date.UTC(2019, 0, 1), Date.UTC(2020, 0, 1)));
  const add = (p: Omit<SimField, 'ordinal' | 'key'> & { key?: string }) => {
    const f: SimField = { ...p, key: p.key ?? p.id, ordinal: ++ordinal };
    store.addField(f);
    if (f.valueType === 'dropdown' || f.valueType === 'dropdown-multi' || f.valueType === 'ranked-dropdown') addOptions(store, rng, f);
    return f;
  };
  const custom = (def: Def, entityType: EntityType, listId: number | null) => {
    const n = ++customN;
    store.reserveId('field', n);
    const [name, valueType, track] = def;
    const tracked = Boolean(track) && TRACKABLE.has(valueType);
    add({
      id: `field-${n}`,
      v1Id: n,
      name,
      type: listId === null ? 'global' : 'list',
      entityType,
      listId,
      valueType,
      allowsMultiple: valueType.endsWith('-multi'),
      trackChanges: tracked,
      enrichmentSource: null,
      association: false,
      createdAt: created(),
    });
  };
  const system = (
    entityType: EntityType,
    id: string,
    name: string,
    type: FieldType,
    valueType: ValueType,
    src: EnrichmentSource,
    listId: number | null = null,
  ) =>
    add({
      key: `${entityType}/${listId ?? ''}/${id}`,
      id,
      v1Id: null,
      name,
      type,
      entityType,
      listId,
      valueType,
      allowsMultiple: valueType.endsWith('-multi'),
      trackChanges: false,
      enrichmentSource: src,
      association: id === 'persons' || id === 'companies',
      createdAt: null,
    });

  for (const et of ['company', 'person'] as const) {
    for (const [id, name, vt, src] of ENRICHED[et]) system(et, id, name, 'enriched', vt, src);
    for (const [id, name, vt] of RI_FIELDS) system(et, id, name, 'relationship-intelligence', vt, null);
    for (const def of GLOBAL[et]) custom(def, et, null);
  }
  // Association fields are list fields, present only where the OpenAPI examples put them (docs/contract.md
  // §7.2: the 2024-01-01 OpenAPI document's examples): `opportunity-list-2` has "id": "companies"
  // and "id": "persons" with "type": "list"; `person-list-2` has "id": "companies" with "type": "list";
  // `company-list-2` has neither. They are never company/person (global) fields. The seed profile hides
  // them all (the seed, docs/contract.md §S3: "`/v2` has no … association reads"; contract.ts v2AssociationFields).
  for (const list of [...store.lists.values()].sort((a, b) => a.id - b.id)) {
    if (list.type === 'opportunity') {
      system('opportunity', 'persons', 'People', 'list', 'person-multi', null, list.id);
      system('opportunity', 'companies', 'Organizations', 'list', 'company-multi', null, list.id);
    } else if (list.type === 'person') {
      system('person', 'companies', 'Organizations', 'list', 'company-multi', null, list.id);
    }
    for (const def of LIST_FIELDS) custom(def, list.type, list.id);
  }
}

function addOptions(store: SimStore, rng: Rng, f: { key: string; valueType: ValueType; name: string }): void {
  const texts = f.valueType === 'ranked-dropdown' ? STAGES : f.name === 'Tags' ? TAGS : INDUSTRIES.slice(0, rng.int(4, INDUSTRIES.length));
  store.dropdownOptions.set(
    f.key,
    texts.map((text, i) => ({ id: store.allocId('dropdownOption'), text, rank: i + 1, color: i % 8 })),
  );
}
