/**
 * Incoming field values (v2 `{type, data}` bodies, v1 `value` elements) validated against the field and
 * normalised to the store's write form (references by id). Date values keep only the date and are stored
 * at midnight Pacific, as the service has done since 2026-01-01.
 */
import { HttpError } from '../http/http-types.ts';
import type { SimStore } from '../store/store.ts';
import type { FieldValue, SimField, ValueType } from '../store/store-types.ts';

const READ_ONLY: ReadonlySet<ValueType> = new Set(['formula-number', 'interaction', 'note', 'reminder', 'list-multi']);

export function writable(f: SimField): boolean {
  return !f.association && f.type !== 'relationship-intelligence' && !READ_ONLY.has(f.valueType);
}

/** Midnight in Los Angeles of the given date, as a UTC instant (US DST rules since 2007). */
export function midnightPacific(input: string): string | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(input);
  if (!m || Number.isNaN(Date.parse(input))) return null;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const nthSunday = (month: number, n: number) => {
    const first = new Date(Date.UTC(y, month, 1)).getUTCDay();
    return 1 + ((7 - first) % 7) + (n - 1) * 7;
  };
  const day = Date.UTC(y, mo - 1, d);
  const dstStart = Date.UTC(y, 2, nthSunday(2, 2));
  const dstEnd = Date.UTC(y, 10, nthSunday(10, 1));
  const offsetH = day >= dstStart && day < dstEnd ? 7 : 8;
  return new Date(day + offsetH * 3_600_000).toISOString();
}

function bad(message: string, iface: 'v1' | 'v2'): HttpError {
  return iface === 'v2' ? new HttpError(400, 'validation', message, 'value') : new HttpError(422, 'unprocessable-entity', message);
}

function refId(x: unknown): number | null {
  if (typeof x === 'number' && Number.isSafeInteger(x)) return x;
  if (x && typeof x === 'object' && typeof (x as { id?: unknown }).id === 'number') return (x as { id: number }).id;
  return null;
}

/** One element of a value, normalised (shared by both interfaces). */
export function normaliseElement(store: SimStore, f: SimField, el: unknown, iface: 'v1' | 'v2'): unknown {
  const base = f.valueType.replace(/-multi$/, '');
  switch (base) {
    case 'person':
    case 'company': {
      const id = refId(el);
      const exists = id !== null && (base === 'person' ? store.persons.has(id) : store.companies.has(id));
      if (!exists) throw bad(`${base} ${String(id ?? JSON.stringify(el))} does not exist`, iface);
      return { id };
    }
    case 'dropdown':
    case 'ranked-dropdown': {
      const opts = store.options(f);
      let o;
      if (typeof el === 'string') o = opts.find((x) => x.text === el);
      else if (typeof el === 'number') o = opts.find((x) => x.id === el);
      else if (el && typeof el === 'object') {
        const id = (el as { dropdownOptionId?: unknown; id?: unknown }).dropdownOptionId ?? (el as { id?: unknown }).id;
        o = opts.find((x) => x.id === id);
      }
      if (!o) throw bad(`not a dropdown option of field ${f.id}: ${JSON.stringify(el)}`, iface);
      return { dropdownOptionId: o.id };
    }
    case 'number':
      if (typeof el !== 'number' || !Number.isFinite(el)) throw bad(`field ${f.id} takes numbers`, iface);
      return el;
    case 'datetime': {
      const v = typeof el === 'string' ? midnightPacific(el) : null;
      if (!v) throw bad(`field ${f.id} takes ISO 8601 dates`, iface);
      return v;
    }
    case 'location': {
      if (!el || typeof el !== 'object') throw bad(`field ${f.id} takes a location object`, iface);
      const o = el as Record<string, unknown>;
      const s = (a: string, b: string) => (typeof o[a] === 'string' ? o[a] : typeof o[b] === 'string' ? o[b] : null);
      return {
        streetAddress: s('streetAddress', 'street_address'),
        city: s('city', 'city'),
        state: s('state', 'state'),
        country: s('country', 'country'),
        continent: s('continent', 'continent'),
      };
    }
    default:
      if (typeof el !== 'string') throw bad(`field ${f.id} takes text`, iface);
      return el;
  }
}

/** A v2 `{type, data}` value for the field (null / empty data = clear). */
export function normaliseV2Value(store: SimStore, f: SimField, input: unknown): FieldValue | null {
  if (!writable(f)) throw new HttpError(400, 'validation', `Field ${f.id} cannot be written`, 'fieldId');
  if (input === null || input === undefined) return null;
  if (typeof input !== 'object') throw bad('value must be an object {type, data}', 'v2');
  const { type, data } = input as { type?: unknown; data?: unknown };
  if (type !== f.valueType) throw bad(`value.type must be "${f.valueType}" for field ${f.id}`, 'v2');
  if (data === null || data === undefined) return null;
  if (f.valueType.endsWith('-multi')) {
    if (!Array.isArray(data)) throw bad(`value.data must be an array for ${f.valueType}`, 'v2');
    if (data.length === 0) return null;
    const seen = new Set<string>();
    const out = data
      .map((e) => normaliseElement(store, f, e, 'v2'))
      .filter((e) => {
        const k = JSON.stringify(e);
        if (seen.has(k)) return false;
        seen.add(k);
        return true;
      });
    return { type: f.valueType, data: out };
  }
  return { type: f.valueType, data: normaliseElement(store, f, data, 'v2') };
}
