import { describe, expect, it } from 'vitest';
import { batchFieldIds, batchKey, encodedFilterLength, fieldBatchFilter } from '../../src/planner/field-batches.ts';

const ids = (n: number) => Array.from({ length: n }, (_, i) => `field-${1000 + i}`);
const MARK = '2026-01-02T03:04:05Z';

describe('change-log filter batches', () => {
  it('joins one field.id branch per field with |, the mark on every branch', () => {
    expect(fieldBatchFilter(['field-1', 'field-2'], undefined)).toBe('field.id=field-1|field.id=field-2');
    expect(fieldBatchFilter(['field-1', 'field-2'], MARK)).toBe(`field.id=field-1&changedAt>=${MARK}|field.id=field-2&changedAt>=${MARK}`);
  });

  it('keeps every batch within the URL bound, with a mark, and uses as few batches as fit', () => {
    const all = ids(200);
    for (const max of [300, 1800, 4000]) {
      const batches = batchFieldIds(all, max);
      expect(batches.flat()).toEqual(all); // nothing dropped, order kept
      for (const b of batches) expect(encodedFilterLength(fieldBatchFilter(b, MARK))).toBeLessThanOrEqual(max);
      // Greedy: each batch but the last could not take the next id.
      for (let i = 0; i < batches.length - 1; i++) {
        const next = batches[i + 1]![0]!;
        expect(encodedFilterLength(fieldBatchFilter([...batches[i]!, next], MARK))).toBeGreaterThan(max);
      }
    }
    expect(batchFieldIds(all, 4000).length).toBeLessThan(batchFieldIds(all, 300).length);
  });

  it('fits everything in one call when short, and gives an over-long id a batch of its own', () => {
    expect(batchFieldIds(ids(3), 1800)).toEqual([ids(3)]);
    const long = `field-${'x'.repeat(500)}`;
    expect(batchFieldIds(['field-1', long, 'field-2'], 200)).toEqual([['field-1'], [long], ['field-2']]);
    expect(batchFieldIds([], 1800)).toEqual([]);
  });

  it('names a batch by its fields: the same set, the same key; another set, another key', () => {
    expect(batchKey(['field-1', 'field-2'])).toBe(batchKey(['field-1', 'field-2']));
    expect(batchKey(['field-1', 'field-2'])).not.toBe(batchKey(['field-1', 'field-3']));
    expect(batchKey(['field-1', 'field-2'])).toMatch(/^field-1\.\.field-2#2-[0-9a-f]{10}$/);
  });
});
