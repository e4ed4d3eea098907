import { describe, expect, it } from 'vitest';
import { FaultInjector, parseFaults } from '../../src/http/faults.ts';
import { parseFilter } from '../../src/http/filter.ts';
import { decodeCursor, encodeCursor } from '../../src/http/paging.ts';
import type { Ctx } from '../../src/http/http-types.ts';

describe('parseFaults', () => {
  it('parses a full spec', () => {
    expect(parseFaults('5xx=0.05,reset=0.02,html=0.01,slow=0.01,malformed=0.005')).toEqual({
      '5xx': 0.05,
      reset: 0.02,
      html: 0.01,
      slow: 0.01,
      malformed: 0.005,
    });
    expect(parseFaults('')).toEqual({});
  });
  it('names the bad part', () => {
    expect(() => parseFaults('5xx=0.1,boom=0.2')).toThrow(/boom/);
    expect(() => parseFaults('5xx=2')).toThrow(/5xx=2/);
    expect(() => parseFaults('reset')).toThrow(/reset/);
    expect(() => parseFaults('5xx=0.6,reset=0.6')).toThrow(/more than 1/);
  });
  it('draws faults at roughly the configured rate, repeatably', () => {
    const a = new FaultInjector(parseFaults('5xx=0.1,reset=0.05'), 1);
    const b = new FaultInjector(parseFaults('5xx=0.1,reset=0.05'), 1);
    const drawsA = Array.from({ length: 20_000 }, () => a.draw());
    const drawsB = Array.from({ length: 20_000 }, () => b.draw());
    expect(drawsA).toEqual(drawsB);
    const rate = (k: string) => drawsA.filter((d) => d === k).length / drawsA.length;
    expect(rate('5xx')).toBeGreaterThan(0.09);
    expect(rate('5xx')).toBeLessThan(0.11);
    expect(rate('reset')).toBeGreaterThan(0.04);
    expect(rate('reset')).toBeLessThan(0.06);
  });
});

function ctxWith(query: string): Ctx {
  return { query: new URLSearchParams(query) } as unknown as Ctx;
}

describe('filter expressions', () => {
  it('parses and evaluates and/or terms with dates, ints and strings', () => {
    const f = parseFilter(ctxWith(`filter=${encodeURIComponent('changedAt>=2024-01-01T00:00:00Z&field.id=field-1|id=7')}`), {
      changedAt: 'date',
      'field.id': 'string',
      id: 'int',
    });
    expect(f).not.toBeNull();
    const rec = (changedAt: string, field: string, id: number) => (p: string) => (p === 'changedAt' ? changedAt : p === 'field.id' ? field : id);
    expect(f?.test(rec('2024-02-01T00:00:00Z', 'field-1', 1))).toBe(true);
    expect(f?.test(rec('2023-02-01T00:00:00Z', 'field-1', 1))).toBe(false);
    expect(f?.test(rec('2023-02-01T00:00:00Z', 'field-2', 7))).toBe(true);
    expect(f?.lowerBound('changedAt')).toBeNull();
  });
  it('rejects unknown properties and bad dates with a 400 naming filter', () => {
    expect(() => parseFilter(ctxWith('filter=bogus=1'), { id: 'int' })).toThrow(/bogus/);
    expect(() => parseFilter(ctxWith('filter=changedAt>yesterday'), { changedAt: 'date' })).toThrow(/yesterday/);
  });
});

describe('cursors', () => {
  it('round-trip, are bound to their path and expire', () => {
    const c = encodeCursor(42, '/v2/companies', new URLSearchParams('fieldTypes=enriched&fieldTypes=global'), 1_000);
    const d = decodeCursor(c, '/v2/companies', 2_000, 60_000);
    expect(d.pos).toBe(42);
    expect(d.query.getAll('fieldTypes')).toEqual(['enriched', 'global']);
    expect(() => decodeCursor(c, '/v2/persons', 2_000, 60_000)).toThrow(/not valid/);
    expect(() => decodeCursor(c, '/v2/companies', 100_000, 60_000)).toThrow(/expired/);
    expect(() => decodeCursor('garbage!', '/v2/companies', 2_000, 60_000)).toThrow(/not valid/);
  });
});
