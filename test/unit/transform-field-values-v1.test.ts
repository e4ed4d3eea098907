import { describe, expect, it } from 'vitest';
import { v1FieldId, v1ValueTypeName } from '../../src/transform/index.ts';

describe('v1 value types', () => {
  it.each([
    [0, false, 'person'],
    [0, true, 'person-multi'],
    [1, false, 'company'],
    [1, true, 'company-multi'],
    [2, false, 'dropdown'],
    [2, true, 'dropdown-multi'],
    [3, false, 'number'],
    [3, true, 'number-multi'],
    [4, false, 'datetime'],
    [4, true, 'datetime'],
    [5, false, 'location'],
    [5, true, 'location-multi'],
    [6, false, 'text'],
    [6, true, 'text'],
    [7, false, 'ranked-dropdown'],
    [7, true, 'ranked-dropdown'],
    [10, false, 'filterable-text'],
    [10, true, 'filterable-text-multi'],
    [42, false, 'v1-42'],
  ] as const)('value_type %i, allows_multiple %s → %s', (vt, multi, expected) => {
    expect(v1ValueTypeName(vt, multi)).toBe(expected);
  });

  it('field ids', () => {
    expect(v1FieldId(751)).toBe('field-751');
    expect(v1FieldId('affinity-data-location')).toBe('affinity-data-location');
  });
});
