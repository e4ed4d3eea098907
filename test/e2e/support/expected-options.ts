/**
 * Expected `dropdown_options`, from the simulator's store. The options and their v1 colour integers come
 * from field metadata (v1 `GET /fields`, docs/contract.md §6.5); the colour NAME only from `/v2` values that name
 * the option (§7.6), so it is expected exactly where a value the warehouse holds names the option, as
 * that value's wire form gives it (wire-values.ts, from the store's plain data). An option no current
 * value names holds the name an earlier read gave it, or null (never read, or its code changed since).
 */
import { DROPDOWN_COLORS, type SimStore } from '@relsync/simulator';
import { listedByV1 } from './expected-core.ts';
import { Satisfies, type TableExpectation } from './expect-types.ts';
import { fieldValuesExpectation } from './expected-values.ts';
import type { ExpRow } from './norm.ts';

const DROPDOWN_TYPES = new Set(['dropdown', 'dropdown-multi', 'ranked-dropdown']);

export function dropdownOptionsExpectation(store: SimStore): TableExpectation {
  // `${field_id}|${option id}` → the colour name the current values give.
  const named = new Map<string, string>();
  for (const r of fieldValuesExpectation(store).rows) {
    if (!DROPDOWN_TYPES.has(r.value_type as string)) continue;
    const wire = r.value_json as { dropdownOptionId?: unknown; color?: unknown } | null;
    if (typeof wire?.dropdownOptionId === 'number' && typeof wire.color === 'string') named.set(`${String(r.field_id)}|${wire.dropdownOptionId}`, wire.color);
  }
  const rows: ExpRow[] = [...store.fields.values()].filter(listedByV1).flatMap((f) =>
    store.options(f).map((o) => {
      const name = named.get(`${f.id}|${o.id}`);
      // The name `/v2` renders for this option (as wire-values.ts does), for the rows no value names now.
      const its = DROPDOWN_COLORS[o.color] ?? 'gray';
      return {
        field_id: f.id,
        id: o.id,
        text: o.text,
        rank: o.rank,
        color_code: o.color,
        color: name ?? new Satisfies(`null or "${its}" (named by an earlier value)`, (a) => a === null || a === its),
      };
    }),
  );
  return {
    table: 'dropdown_options',
    key: ['field_id', 'id'],
    columns: ['text', 'rank', 'color', 'color_code'],
    rows,
    owner: { live: () => true, parent: (r) => ({ table: 'fields', key: String(r.field_id) }) },
  };
}
