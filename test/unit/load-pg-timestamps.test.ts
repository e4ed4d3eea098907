import { describe, expect, it } from 'vitest';
import { pgTimestampParam, pgTimestampText } from '../../src/load/dialects/pg/pg-timestamps.ts';

describe("PostgreSQL's timestamp text", () => {
  it.each([
    ['2024-05-01 10:20:30+00', '2024-05-01T10:20:30.000Z'],
    ['2024-05-01 10:20:30.5+00', '2024-05-01T10:20:30.500Z'],
    ['2024-04-30 20:00:00.123456-04', '2024-05-01T00:00:00.123Z'],
    ['2024-05-01 05:30:00+05:30', '2024-05-01T00:00:00.000Z'],
    ['0024-04-30 19:03:58-04:56:02', '0024-05-01T00:00:00.000Z'],
    ['0099-12-31 23:59:59.999+00', '0099-12-31T23:59:59.999Z'],
    ['0001-02-29 12:00:00+00 BC', '0000-02-29T12:00:00.000Z'],
    ['0002-12-31 00:00:00+00 BC', '-000001-12-31T00:00:00.000Z'],
    ['9999-12-31 23:59:59.999+00', '9999-12-31T23:59:59.999Z'],
    ['2024-05-01 10:20:30', '2024-05-01T10:20:30.000Z'],
    ['infinity', 'infinity'],
  ])('reads %s as %s', (text, iso) => {
    expect(pgTimestampText(text)).toBe(iso);
  });

  it('binds year 0000 as 1 BC and every other year as written', () => {
    expect(pgTimestampParam('0000-02-29T12:00:00.000Z')).toBe('0001-02-29T12:00:00.000Z BC');
    expect(pgTimestampParam('0024-05-01T00:00:00.000Z')).toBe('0024-05-01T00:00:00.000Z');
    expect(pgTimestampParam('2024-05-01T00:00:00.000Z')).toBe('2024-05-01T00:00:00.000Z');
  });
});
