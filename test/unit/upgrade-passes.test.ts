import { describe, expect, it } from 'vitest';
import { migrations } from '../../migrations/index.ts';
import { sweepDue } from '../../src/runner/stream-order.ts';
import { CHECKPOINT_VERSION, emptyCheckpoint, parseCheckpoint } from '../../src/state/checkpoint.ts';
import { passesDue, UPGRADE_PASSES } from '../../src/state/upgrade-passes.ts';
import { ALL_STREAMS } from '../../src/streams/registry.ts';

describe('passes an upgrade makes due', () => {
  it('name released migrations and streams with a period to bring forward', () => {
    for (const p of UPGRADE_PASSES) {
      expect(Object.keys(migrations), p.before).toContain(p.before);
      for (const name of p.streams) {
        const s = ALL_STREAMS.find((x) => x.name === name);
        expect(s, name).toBeDefined();
        // Feeds have no pass, and mark-driven reads run every run anyway: marking them due would say nothing,
        // but for the tiered ones (ranked), whose due pass reads every marked set instead of a tier's share.
        expect(s!.read.kind === 'sweep' || (s!.read.kind === 'ids' && (!s!.read.consumes || s!.read.ranked !== undefined)), name).toBe(true);
      }
    }
  });

  it('apply to a warehouse that had not applied their migration, one line per stream', () => {
    expect(passesDue(['019-colours-from-stored-values'])).toEqual([]);
    const from83 = passesDue(['005-field-scopes', '006-sources', '009-one-value-shape', '019-colours-from-stored-values']);
    expect(from83.map((d) => d.stream).sort()).toEqual([
      'companies',
      'company_merges',
      'company_persons_full',
      'fields',
      'files',
      'notes',
      'person_companies_full',
      'person_merges',
      'persons',
      'webhooks',
    ]);
    expect(from83.find((d) => d.stream === 'fields')?.reason).toMatch(/^005-field-scopes: field_scopes/);
  });
});

describe('checkpoint documents carry a version and older ones are migrated', () => {
  const v1 = { v: 1, sweep: null, lastSweepCompletedAt: '2026-11-22T01:00:00.000Z', highWater: { at: '2026-11-22T00:59:00.000Z', id: 12 }, pendingIds: [7] };

  it('reads a version 1 document (83e7db4) with its marks kept and nothing due', () => {
    const { checkpoint, reset } = parseCheckpoint(JSON.stringify(v1));
    expect(reset).toBeNull();
    expect(checkpoint).toEqual({
      ...v1,
      v: CHECKPOINT_VERSION,
      lastSweepPages: null,
      lastSweepRuns: null,
      due: null,
      firstPassAt: null,
      dataAt: null,
      feedCheckedAt: null,
      heldPass: null,
    });
  });

  it('starts afresh, saying why, on a version it does not know', () => {
    const { checkpoint, reset } = parseCheckpoint(JSON.stringify({ ...v1, v: CHECKPOINT_VERSION + 1 }));
    expect(checkpoint).toEqual(emptyCheckpoint());
    expect(reset).toBe(`checkpoint version ${CHECKPOINT_VERSION + 1} is not ${CHECKPOINT_VERSION}`);
  });

  it('a pass made due is due whatever its period', () => {
    const now = new Date('2026-11-22T01:05:00.000Z');
    const swept = parseCheckpoint(JSON.stringify(v1)).checkpoint;
    expect(sweepDue(swept, 86_400_000, now)).toBe(false);
    expect(sweepDue({ ...swept, due: { reason: '009-one-value-shape: …', at: now.toISOString() } }, 86_400_000, now)).toBe(true);
  });
});
