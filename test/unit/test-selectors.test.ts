import { describe, expect, it } from 'vitest';
import { testDialects } from '../helpers/dialects.ts';

describe('RELSYNC_TEST_DIALECTS (the quick loop on one database)', () => {
  it('runs both dialects when unset or empty, as CI does', () => {
    expect(testDialects(undefined)).toEqual(['sqlite', 'postgres']);
    expect(testDialects(' ')).toEqual(['sqlite', 'postgres']);
  });

  it('narrows to the named dialects, in the usual order', () => {
    expect(testDialects('sqlite')).toEqual(['sqlite']);
    expect(testDialects('postgres, sqlite')).toEqual(['sqlite', 'postgres']);
  });

  it('refuses a name it does not know, naming it and the valid ones', () => {
    expect(() => testDialects('sqlite,mysql')).toThrow(/unknown dialect mysql; use sqlite, postgres/);
  });
});
