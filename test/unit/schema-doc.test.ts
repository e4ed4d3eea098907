import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { renderSchemaDoc } from '../../scripts/schema-doc.ts';
import { INFRA_DECLS } from '../../src/load/schema/registry/infra.ts';
import { WAREHOUSE } from '../../src/load/schema/registry/warehouse.ts';
import { WAREHOUSE_TABLE_NAMES } from '../../src/load/schema/table-specs.ts';
import { ALL_STREAMS } from '../../src/streams/registry.ts';
import { TABLE_WRITERS } from '../../src/load/schema/registry/table-writers.ts';

const doc = renderSchemaDoc();

/** The rows of one table's column table in the rendered text: `column → [type, null, key, meaning]`. */
function columnRows(table: string): Map<string, string[]> {
  const section = doc.split(/\n### /).find((s) => s.startsWith(`${table} `) || s.startsWith(`${table}\n`)) ?? '';
  const rows = new Map<string, string[]>();
  for (const line of section.split('\n')) {
    const m = /^\| `([^`]+)` \| (.*) \|$/.exec(line);
    if (m?.[1] && m[2])
      rows.set(
        m[1],
        m[2].split(' | ').map((c) => c.trim()),
      );
  }
  return rows;
}

describe('docs/schema.md', () => {
  it('is the committed file: run `npm run docs:schema` after changing a registry', () => {
    expect(readFileSync('docs/schema.md', 'utf8'), 'docs/schema.md is stale: run `npm run docs:schema`').toBe(doc);
  });

  it.each(WAREHOUSE_TABLE_NAMES.map((t) => [t]))('%s: every column with its type, nullability, key and a meaning', (table) => {
    const rows = columnRows(table);
    const decl = WAREHOUSE[table];
    const pk: readonly string[] = decl.pk;
    expect([...rows.keys()]).toEqual(Object.keys(decl.columns));
    for (const [column, d] of Object.entries(decl.columns)) {
      const [type, nullable, key, meaning] = rows.get(column) ?? [];
      expect(type, column).toBe(d.replace('?', ''));
      expect(nullable, column).toBe(d.endsWith('?') ? 'null' : 'not null');
      expect(key, column).toBe(pk.includes(column) ? 'PK' : '');
      expect(meaning, `${table}.${column} has no meaning`).not.toBe('');
    }
  });

  it("documents relsync's own tables, every column with a meaning", () => {
    for (const [table, decl] of Object.entries(INFRA_DECLS)) {
      const rows = columnRows(table);
      expect([...rows.keys()], table).toEqual(Object.keys(decl.columns));
      for (const [column, cells] of rows) expect(cells[3], `${table}.${column}`).not.toBe('');
    }
  });

  it('draws every warehouse table in the Mermaid diagram, and the owner edges of child tables', () => {
    const mermaid = /```mermaid\n([\s\S]*?)```/.exec(doc)?.[1] ?? '';
    expect(mermaid.startsWith('erDiagram\n')).toBe(true);
    for (const t of WAREHOUSE_TABLE_NAMES) expect(mermaid).toContain(`  ${t} {\n`);
    expect(mermaid).toContain('notes ||--o{ note_attachments : note_id');
    expect(mermaid).toContain('persons |o--o{ reminders : person_id');
  });

  it('names, per table, the streams that write it with their endpoints', () => {
    const section = doc.split('\n### ').find((s) => s.startsWith('note_attachments ')) ?? '';
    expect(section).toContain('Written by: `notes`: notes with replies and attachments, 500 per call (GET /notes); `notes_updates`:');
  });
});

describe('table writers (load/schema/registry/table-writers.ts)', () => {
  const names = new Set(ALL_STREAMS.map((s) => s.name));
  const written = new Set(Object.values(TABLE_WRITERS).flat());

  it('name only streams of the registry', () => {
    expect([...written].filter((s) => !names.has(s))).toEqual([]);
  });

  it('name every stream as a writer of some table', () => {
    expect([...names].filter((s) => !written.has(s))).toEqual([]);
  });

  it('list each sweep as a writer of the table it soft-deletes', () => {
    for (const s of ALL_STREAMS) {
      if (s.read.kind === 'sweep' && s.read.softDelete) expect(TABLE_WRITERS[s.read.softDelete.table], s.name).toContain(s.name);
    }
  });
});
