import { describe, expect, it } from 'vitest';
import { configSchema } from '../../src/config/schema.ts';
import { emptyBatch, addReplace, addRows, type RowBatch } from '../../src/load/schema/row-batch.ts';
import { namedRecordMarks, referenceMarks } from '../../src/runner/reference-marks.ts';

function page(): RowBatch {
  const b = emptyBatch();
  addRows(b, 'list_entries', [
    { id: 1, list_id: 9, entity_type: 'company', entity_id: 10 },
    { id: 2, list_id: 9, entity_type: 'person', entity_id: 20 },
    { id: 3, list_id: 8, entity_type: 'opportunity', entity_id: 30 },
  ]);
  addReplace(b, { table: 'company_persons', scope: ['company_id'], owners: [{ company_id: 11 }], rows: [{ company_id: 11, person_id: 21 }] });
  addReplace(b, {
    table: 'interaction_participants',
    scope: ['kind', 'interaction_id'],
    owners: [{ kind: 'email', interaction_id: 5 }],
    rows: [
      { kind: 'email', interaction_id: 5, role: 'from', position: 0, person_id: 22 },
      { kind: 'email', interaction_id: 5, role: 'to', position: 0, person_id: null, email_address: 'x@example.com' },
      { kind: 'email', interaction_id: 5, role: 'to', position: 1, person_id: 20 },
    ],
  });
  addReplace(b, { table: 'note_attachments', scope: ['note_id'], owners: [{ note_id: 4 }], rows: [{ note_id: 4, entity_type: 'company', entity_id: 12 }] });
  addReplace(b, { table: 'opportunity_persons', scope: ['opportunity_id'], owners: [{ opportunity_id: 30 }], rows: [{ opportunity_id: 30, person_id: 23 }] });
  addReplace(b, {
    table: 'opportunity_companies',
    scope: ['opportunity_id'],
    owners: [{ opportunity_id: 30 }],
    rows: [{ opportunity_id: 30, company_id: 13 }],
  });
  addRows(b, 'companies', [{ id: 99, name: 'not a reference' }]);
  return b;
}

describe('namedRecordMarks (runner/reference-marks.ts)', () => {
  it('marks each company and person a page names, once, to be read only if the warehouse lacks it', () => {
    const marks = namedRecordMarks(page());
    const key = (m: { kind: string; id: number }) => `${m.kind}:${m.id}`;
    expect(marks.map(key).sort()).toEqual(['company:10', 'company:11', 'company:12', 'company:13', 'person:20', 'person:21', 'person:22', 'person:23']);
    expect(marks.every((m) => m.ifMissing === true)).toBe(true);
  });

  it('an opportunity entry, a participant with only an address and a page of records name nothing', () => {
    const b = emptyBatch();
    addRows(b, 'list_entries', [{ id: 3, list_id: 8, entity_type: 'opportunity', entity_id: 30 }]);
    addRows(b, 'persons', [{ id: 5, first_name: 'A' }]);
    expect(namedRecordMarks(b)).toEqual([]);
  });

  it('a first or full sync (no tier caps) and a warehouse without tiers mark nothing', async () => {
    const caps = { hotPeriodMs: 1, coldPeriodMs: 1, runIntervalMs: 1 };
    // Neither asks the warehouse (planner-hot-refresh.test.ts has the sweep-readiness cases on both dialects).
    expect(await referenceMarks({ db: null as never, config: configSchema.parse({}) }, page())).toEqual([]);
    expect(await referenceMarks({ db: null as never, config: configSchema.parse({ tiers: { enabled: false } }), tierCaps: caps }, page())).toEqual([]);
  });
});
