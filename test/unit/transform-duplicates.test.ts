import { describe, expect, it } from 'vitest';
import { companySuggestionRows, personSuggestionRows } from '../../src/transform/index.ts';

describe('duplicate suggestion rows', () => {
  it.each([
    ['ascending ids stay', [{ id: 3 }, { id: 9 }], 'medium', [3, 9, 'medium']],
    ['a pair named the other way round is the same row', [{ id: 9 }, { id: 3 }], 'medium', [3, 9, 'medium']],
    ['no confidence is null, never a guess', [{ id: 1 }, { id: 2 }], undefined, [1, 2, null]],
    ['a third record stays in _raw only', [{ id: 5 }, { id: 4 }, { id: 1 }], 'low', [4, 5, 'low']],
  ] as const)('%s', (_name, companies, confidence, [first, second, conf]) => {
    const record = { companies: companies.map((c) => ({ ...c })), ...(confidence ? { confidence } : {}) };
    const rows = companySuggestionRows(record, record).upserts.duplicate_suggestions ?? [];
    expect(rows).toEqual([{ entity_type: 'company', first_id: first, second_id: second, confidence: conf, _raw: JSON.stringify(record) }]);
  });

  it('person suggestions key on the persons member', () => {
    const record = { persons: [{ id: 12 }, { id: 11 }], confidence: 'low' };
    expect(personSuggestionRows(record).upserts.duplicate_suggestions).toEqual([
      { entity_type: 'person', first_id: 11, second_id: 12, confidence: 'low', _raw: JSON.stringify(record) },
    ]);
  });
});
