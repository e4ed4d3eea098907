import { describe, expect, it } from 'vitest';
import { HintCallTally, type HintCost } from '../../src/webhooks/hint-cost.ts';

const reads = (marks: HintCost['marks'], confirms: HintCost['confirms'] = [], merge = false): HintCost => ({ marks, confirms, merge });

describe('HintCallTally: a hint run counts calls, not records marked', () => {
  it.each([
    ['one link set', [{ kind: 'company_links' as const, id: 1 }], 1],
    [
      'a record looked up by id and its set',
      [
        { kind: 'person' as const, id: 1 },
        { kind: 'person_links' as const, id: 1 },
      ],
      2,
    ],
    ['100 companies by id are one call, 101 are two', Array.from({ length: 101 }, (_, i) => ({ kind: 'company' as const, id: i + 1 })), 2],
    [
      'companies and persons by id are separate calls',
      [
        { kind: 'company' as const, id: 1 },
        { kind: 'person' as const, id: 1 },
      ],
      2,
    ],
    [
      'a list entry and an opportunity set: one single read each',
      [
        { kind: 'list_entry' as const, id: 4 },
        { kind: 'opportunity_links' as const, id: 4 },
      ],
      2,
    ],
  ])('%s', (_name, marks, calls) => {
    const t = new HintCallTally();
    t.add(reads(marks));
    expect(t.calls).toBe(calls);
  });

  it('a record named again costs nothing more; a deletion’s confirming read and a merge listing cost one each', () => {
    const t = new HintCallTally();
    t.add(reads([{ kind: 'company_links', id: 1 }]));
    expect(t.callsWith(reads([{ kind: 'company_links', id: 1 }]))).toBe(1);
    t.add(reads([], [{ kind: 'list_entry', id: 9 }], true));
    expect(t.calls).toBe(3);
    t.add(reads([], [{ kind: 'list_entry', id: 9 }], true));
    expect(t.calls).toBe(3);
  });

  it('a deleted company, person or opportunity adds its /v2 lookup by id, 100 of a kind a call', () => {
    const t = new HintCallTally();
    for (let i = 1; i <= 100; i += 1) t.add(reads([], [{ kind: 'company', id: i }]));
    expect(t.calls).toBe(100 + 1);
    t.add(reads([], [{ kind: 'company', id: 100 }]));
    expect(t.calls).toBe(101);
    expect(t.callsWith(reads([], [{ kind: 'company', id: 101 }]))).toBe(101 + 1 + 1);
    expect(t.callsWith(reads([], [{ kind: 'person', id: 1 }]))).toBe(101 + 1 + 1);
  });

  it('callsWith prices a delivery without adding it', () => {
    const t = new HintCallTally();
    for (let i = 1; i <= 99; i += 1) t.add(reads([{ kind: 'person', id: i }]));
    expect(t.calls).toBe(1);
    expect(
      t.callsWith(
        reads([
          { kind: 'person', id: 100 },
          { kind: 'person', id: 101 },
        ]),
      ),
    ).toBe(2);
    expect(
      t.callsWith(
        reads([
          { kind: 'person', id: 100 },
          { kind: 'person', id: 100 },
        ]),
      ),
    ).toBe(1);
    expect(t.calls).toBe(1);
  });
});
