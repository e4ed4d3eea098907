/**
 * Generated field values, derived on demand from (seed, field, row) so no memory is spent on millions of
 * cells, plus the generated history of field value changes for change-tracked fields.
 */
import { Rng, hash32 } from '../prng.ts';
import { ID_BASE, type FieldValueSource, type SimStore } from '../store/store.ts';
import type { FieldValue, InteractionKind, ScaleCounts, SimField, SimFieldValueChange, ValueType } from '../store/store-types.ts';
import { CITIES, INDUSTRIES, STREETS, genDate, genTime, iso, sentence, GEN_END_MS, GEN_START_MS } from './generate-names.ts';
import { elements, getCell, isMulti } from '../store/store-values.ts';

interface Pools {
  seed: number;
  counts: ScaleCounts;
  userCount: number;
  noteIds: readonly number[];
  reminderIds: readonly number[];
  listIds: readonly number[];
  interactions: Record<InteractionKind, readonly number[]>;
}

const RI_KIND: Record<string, InteractionKind | 'any'> = {
  'first-email': 'email',
  'last-email': 'email',
  'first-event': 'meeting',
  'last-event': 'meeting',
  'next-event': 'meeting',
  'first-chat-message': 'chat-message',
  'last-chat-message': 'chat-message',
  'last-contact': 'any',
};

export function makeValueSource(store: SimStore, pools: Pools): FieldValueSource {
  return {
    baseline(field, rowKey) {
      const h = hash32(pools.seed, field.ordinal, rowKey);
      const fill = field.type === 'list' ? 0.6 : field.type === 'relationship-intelligence' ? 0.55 : 0.45;
      // Decide presence from the hash itself: most cells are probed, few need a value stream.
      if (h / 4294967296 >= fill) return null;
      return randomValue(store, pools, field, new Rng(h));
    },
    baselineTimes(field, rowKey) {
      const rng = new Rng(hash32(pools.seed, field.ordinal, rowKey, 7));
      const created = genTime(rng);
      return { createdAt: iso(created), updatedAt: iso(genTime(rng, created)) };
    },
  };
}

function pickFrom(rng: Rng, ids: readonly number[]): number | null {
  return ids.length === 0 ? null : (ids[rng.int(0, ids.length - 1)] as number);
}

function location(rng: Rng) {
  const [city, state, country, continent] = rng.pick(CITIES);
  return { streetAddress: rng.chance(0.5) ? `${rng.int(1, 999)} ${rng.pick(STREETS)}` : null, city, state, country, continent };
}

const FILTERABLE = ['Private', 'Public', 'Founder', 'Partner', 'Engineer', 'Analyst'];
const ANY_KIND: InteractionKind[] = ['email', 'meeting', 'call', 'chat-message'];

/** One element of the field's base type (no closures: this runs for every lazily derived cell). */
function randomElement(store: SimStore, pools: Pools, field: SimField, base: string, rng: Rng): unknown {
  const { counts, userCount } = pools;
  switch (base) {
    case 'text':
      return field.id === 'affinity-data-linkedin-url' ? `https://www.linkedin.com/in/sim-${rng.int(1, 1e6)}` : sentence(rng, rng.int(2, 8));
    case 'filterable-text':
      return field.valueType === 'filterable-text-multi' ? rng.pick(INDUSTRIES) : rng.pick(FILTERABLE);
    case 'number':
      return field.valueType === 'number-multi'
        ? rng.int(1, 50) * 100_000
        : field.id === 'affinity-data-year-founded'
          ? rng.int(1950, 2024)
          : rng.int(1, 1_000_000);
    case 'datetime':
      return genDate(rng);
    case 'location':
      return location(rng);
    case 'dropdown':
    case 'ranked-dropdown': {
      const options = store.options(field);
      return options.length ? { dropdownOptionId: rng.pick(options).id } : null;
    }
    case 'person':
      if (field.name.includes('Owner') || field.id === 'source-of-introduction' || field.name === 'Deal Team')
        return { id: ID_BASE.person + rng.int(1, userCount) };
      return counts.persons > 0 ? { id: ID_BASE.person + rng.int(1, counts.persons) } : null;
    case 'company':
      return counts.companies > 0 ? { id: ID_BASE.company + rng.int(1, counts.companies) } : null;
    case 'formula-number':
      return { calculatedValue: rng.int(0, 10_000) / 100 };
    case 'interaction': {
      const kind = RI_KIND[field.id] ?? 'any';
      const id = pickFrom(rng, pools.interactions[kind === 'any' ? rng.pick(ANY_KIND) : kind]);
      return id === null ? null : { id };
    }
    case 'note': {
      const id = pickFrom(rng, pools.noteIds);
      return id === null ? null : { id };
    }
    case 'reminder': {
      const id = pickFrom(rng, pools.reminderIds);
      return id === null ? null : { id };
    }
    case 'list': {
      const id = pickFrom(rng, pools.listIds);
      return id === null ? null : { id };
    }
    default:
      return null;
  }
}

const MULTI_MAX: Partial<Record<ValueType, number>> = { 'person-multi': 4, 'list-multi': 2 };

/** A random value of the field's type (write form: references by id). */
export function randomValue(store: SimStore, pools: Pools, field: SimField, rng: Rng): FieldValue | null {
  const t = field.valueType;
  if (!t.endsWith('-multi')) {
    const data = randomElement(store, pools, field, t, rng);
    return data === null || data === undefined ? null : { type: t, data };
  }
  const base = t.slice(0, -6);
  const out: unknown[] = [];
  const keys: string[] = [];
  for (let i = rng.int(1, MULTI_MAX[t] ?? 3); i > 0; i--) {
    const v = randomElement(store, pools, field, base, rng);
    if (v === null) continue;
    const k = typeof v === 'object' ? JSON.stringify(v) : String(v);
    if (keys.includes(k)) continue;
    keys.push(k);
    out.push(v);
  }
  return out.length ? { type: t, data: out } : null;
}

/** Generated change history: for a sample of tracked cells, earlier versions leading to the current value. */
export function generateHistory(store: SimStore, pools: Pools, rate: number): void {
  type Pending = Omit<SimFieldValueChange, 'id'> & { t: number; i: number };
  const out: Pending[] = [];
  const emit = (
    field: SimField,
    entityType: SimField['entityType'],
    entityId: number,
    listEntryId: number | null,
    actionType: Pending['actionType'],
    t: number,
    rng: Rng,
    value: FieldValue,
  ) => {
    const changerId = rng.chance(0.1) ? null : ID_BASE.person + rng.int(1, pools.userCount);
    out.push({ fieldKey: field.key, entityType, entityId, listEntryId, actionType, changedAt: iso(t), changerId, value, t, i: out.length });
  };
  const visit = (field: SimField, entityType: SimField['entityType'], entityId: number, listEntryId: number | null, rng: Rng) => {
    const current = getCell(store, field, listEntryId ?? entityId);
    if (!current) return;
    let t = genTime(rng, GEN_START_MS, GEN_END_MS - 90 * 86_400_000);
    if (isMulti(field)) {
      const now = elements(current);
      const nowKeys = now.map((e) => JSON.stringify(e));
      const gone = elements(randomValue(store, pools, field, rng)).find((e) => !nowKeys.includes(JSON.stringify(e)));
      if (gone !== undefined) {
        t += rng.int(60, 30 * 86_400) * 1000;
        emit(field, entityType, entityId, listEntryId, 'add', t, rng, { type: field.valueType, data: gone });
        t += rng.int(60, 30 * 86_400) * 1000;
        emit(field, entityType, entityId, listEntryId, 'delete', t, rng, { type: field.valueType, data: gone });
      }
      for (const e of now) {
        t += rng.int(60, 30 * 86_400) * 1000;
        emit(field, entityType, entityId, listEntryId, 'add', t, rng, { type: field.valueType, data: e });
      }
      return;
    }
    let first = true;
    for (let v = rng.int(0, 2); v > 0; v--) {
      const prior = randomValue(store, pools, field, rng);
      if (!prior) continue;
      t += rng.int(60, 30 * 86_400) * 1000;
      emit(field, entityType, entityId, listEntryId, first ? 'add' : 'update', t, rng, prior);
      first = false;
    }
    t += rng.int(60, 30 * 86_400) * 1000;
    emit(field, entityType, entityId, listEntryId, first ? 'add' : 'update', t, rng, current);
  };
  const logRate = Math.log(1 - rate);
  /** Visit a `rate` sample of the rows by geometric skips: cost is proportional to the sample, not the rows. */
  const sample = (field: SimField, rows: readonly number[], listRows: boolean) => {
    const rng = new Rng(hash32(pools.seed, 77, field.ordinal));
    for (let i = Math.floor(Math.log(1 - rng.next()) / logRate); i < rows.length; i += 1 + Math.floor(Math.log(1 - rng.next()) / logRate)) {
      const row = rows[i] as number;
      if (!listRows) visit(field, field.entityType, row, null, rng);
      else {
        const e = store.listEntries.get(row);
        if (e) visit(field, e.entityType, e.entityId, e.id, rng);
      }
    }
  };
  for (const [entityType, fields] of [...store.fieldsByEntity.entries()].sort((a, b) => (a[0] < b[0] ? -1 : 1))) {
    const ids = entityType === 'company' ? store.idx.companies : entityType === 'person' ? store.idx.persons : store.idx.opportunities;
    for (const f of fields) if (f.trackChanges) sample(f, ids.values(), false);
  }
  for (const [listId, fields] of [...store.fieldsByList.entries()].sort((a, b) => a[0] - b[0])) {
    const rows = store.entriesByList.get(listId)?.values() ?? [];
    for (const f of fields) if (f.trackChanges) sample(f, rows, true);
  }
  // Ascending by changedAt (stable for ties), so ids follow time order as the service's listing does.
  out.sort((a, b) => a.t - b.t || a.i - b.i);
  store.appendChanges(
    out.map((p) => ({
      fieldKey: p.fieldKey,
      entityType: p.entityType,
      entityId: p.entityId,
      listEntryId: p.listEntryId,
      actionType: p.actionType,
      changedAt: p.changedAt,
      changerId: p.changerId,
      value: p.value,
    })),
  );
}
