import { describe, expect, it } from 'vitest';
import { configSchema } from '../../src/config/schema.ts';
import { UserError } from '../../src/errors.ts';
import { sweepInterval } from '../../src/budget/sweep-period.ts';
import { checkSweepOverrides } from '../../src/runner/stream-order.ts';
import { ALL_STREAMS } from '../../src/streams/registry.ts';

const withOverrides = (overrides: Record<string, string>) => configSchema.parse({ sweeps: { overrides } });

describe('sweeps.overrides', () => {
  it('accepts a swept stream and uses its period', () => {
    const c = withOverrides({ companies: '72h' });
    expect(() => checkSweepOverrides(c, ALL_STREAMS)).not.toThrow();
    expect(sweepInterval(c, 'companies', 'entities')).toBe(72 * 3_600_000);
  });

  it.each([['company_persons_full'], ['notes_updates'], ['no_such_stream']])('refuses %s, which has no sweep to stretch, naming it', (name) => {
    const c = withOverrides({ companies: '72h', [name]: '48h' });
    let err: unknown;
    try {
      checkSweepOverrides(c, ALL_STREAMS);
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(UserError);
    expect((err as UserError).message).toContain(name);
    expect((err as UserError).message).not.toContain('companies,');
    expect((err as UserError).hint).toContain('persons');
  });
});

describe('sweep periods by group', () => {
  const hours = (n: number) => n * 3_600_000;
  it('with relevance tiers the companies and persons sweeps begin every half cold period (a deletion within 0.9 of it), the other entity sweeps every day', () => {
    const c = configSchema.parse({});
    const of = (name: string) => ALL_STREAMS.find((s) => s.name === name)!;
    expect(sweepInterval(c, 'companies', of('companies').group)).toBe(c.sweeps.cold / 2);
    expect(sweepInterval(c, 'persons', of('persons').group)).toBe(c.sweeps.cold / 2);
    expect(sweepInterval(c, 'list_entries', of('list_entries').group)).toBe(hours(24));
    expect(sweepInterval(c, 'opportunities', of('opportunities').group)).toBe(hours(24));
  });

  it('without tiers they are entity sweeps again, and an override still wins', () => {
    const off = configSchema.parse({ tiers: { enabled: false } });
    expect(sweepInterval(off, 'companies', 'tiered')).toBe(off.sweeps.entities);
    expect(sweepInterval(withOverrides({ persons: '72h' }), 'persons', 'tiered')).toBe(hours(72));
  });
});
