import { describe, expect, it } from 'vitest';
import { CHILD_ROWS } from '../../src/load/write/child-rows.ts';
import { WAREHOUSE_TABLES } from '../../src/load/schema/table-specs.ts';

describe('CHILD_ROWS registry', () => {
  it('names every child table of the warehouse under at least one parent', () => {
    const children = Object.values(WAREHOUSE_TABLES)
      .filter((t) => t.kind === 'child')
      .map((t) => t.name)
      .sort();
    const linked = [...new Set(Object.values(CHILD_ROWS).flatMap((links) => links.map((l) => l.table)))].sort();
    expect(linked).toEqual(children);
  });

  it('links entity parents by their whole key to columns the child table has', () => {
    for (const [parent, links] of Object.entries(CHILD_ROWS)) {
      const p = WAREHOUSE_TABLES[parent as keyof typeof WAREHOUSE_TABLES];
      expect(p.kind, parent).toBe('entity');
      for (const link of links) {
        const c = WAREHOUSE_TABLES[link.table];
        expect(Object.keys(link.columns).sort(), `${parent} → ${link.table}`).toEqual([...p.pk].sort());
        for (const col of [...Object.values(link.columns), ...Object.keys(link.where ?? {})]) {
          expect(c.columns[col], `${link.table}.${col}`).toBeDefined();
        }
        // A detached column is set to null, so it must not be part of the child's key.
        if (link.action === 'detach') for (const col of Object.values(link.columns)) expect(c.pk, `${link.table}.${col}`).not.toContain(col);
      }
    }
  });
});
