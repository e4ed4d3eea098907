import { describe, expect, it } from 'vitest';
import { generateStore, SCALES } from '../../src/generate/generate.ts';
import { storeFingerprint } from '../../src/store/fingerprint.ts';
import { VALUE_TYPES, type SimField } from '../../src/store/store-types.ts';
import { getCell, iterFieldValues } from '../../src/store/store-values.ts';
import { TRACKABLE } from '../../src/generate/generate-fields.ts';
import { relevantCompanyIds } from '../../src/generate/generate-core.ts';

describe('simulator generator', () => {
  it('is deterministic: the same seed gives the same store, another seed a different one', () => {
    const a = storeFingerprint(generateStore(7, 'tiny'));
    const b = storeFingerprint(generateStore(7, 'tiny'));
    const c = storeFingerprint(generateStore(8, 'tiny'));
    expect(a).toBe(b);
    expect(c).not.toBe(a);
  });

  it('is deterministic at small scale too (lazy values included)', () => {
    expect(storeFingerprint(generateStore(3, 'small'))).toBe(storeFingerprint(generateStore(3, 'small')));
  });

  it('generates the scale counts (minus merged duplicates) and custom counts', () => {
    const s = generateStore(1, 'small');
    expect(s.companies.size + s.mergedInto.company.size).toBe(SCALES.small.companies);
    expect(s.persons.size + s.mergedInto.person.size).toBe(SCALES.small.persons);
    expect(s.lists.size).toBe(SCALES.small.lists);
    expect(s.opportunities.size).toBe(SCALES.small.opportunities);
    const custom = generateStore(1, { companies: 12, persons: 40, lists: 2, opportunities: 5 });
    expect(custom.lists.size).toBe(2);
    expect(custom.opportunities.size).toBe(5);
  });

  it('has companies and opportunities with more than 100 persons at small scale', () => {
    const s = generateStore(1, 'small');
    expect([...s.companies.values()].filter((c) => c.personIds.length > 100).length).toBeGreaterThanOrEqual(2);
    expect([...s.opportunities.values()].filter((o) => o.personIds.length > 100).length).toBeGreaterThanOrEqual(2);
  });

  it('keeps both sides of every association in step', () => {
    const s = generateStore(2, 'small');
    for (const c of s.companies.values()) for (const p of c.personIds) expect(s.persons.get(p)?.companyIds).toContain(c.id);
    for (const o of s.opportunities.values()) {
      for (const p of o.personIds) expect(s.persons.get(p)?.opportunityIds).toContain(o.id);
      expect(s.entriesOf('opportunity', o.id)).toHaveLength(1);
    }
  });

  it('defines fields of every value type, tracked only where the service can track', () => {
    const s = generateStore(1, 'tiny');
    const fields = [...s.fields.values()];
    const types = new Set(fields.map((f) => f.valueType));
    for (const t of VALUE_TYPES) expect(types, t).toContain(t);
    for (const kind of ['enriched', 'global', 'list', 'relationship-intelligence'] as const) {
      expect(
        fields.some((f) => f.type === kind),
        kind,
      ).toBe(true);
    }
    const tracked = fields.filter((f) => f.trackChanges);
    expect(tracked.length).toBeGreaterThan(3);
    for (const f of tracked) {
      expect(TRACKABLE.has(f.valueType)).toBe(true);
      expect(f.type).not.toBe('enriched');
    }
  });

  it('derives values for every field type and logs a history whose last change matches the value', () => {
    const s = generateStore(1, 'small');
    const seen = new Set<string>();
    for (const v of iterFieldValues(s)) seen.add(v.value.type);
    for (const t of VALUE_TYPES) expect(seen, t).toContain(t);
    expect(s.fieldValueChanges.length).toBeGreaterThan(100);
    const last = new Map<string, (typeof s.fieldValueChanges)[number]>();
    for (const c of s.fieldValueChanges) if (!c.value.type.endsWith('-multi')) last.set(`${c.fieldKey}|${c.listEntryId ?? c.entityId}`, c);
    let checked = 0;
    for (const [key, c] of last) {
      const f = s.fields.get(c.fieldKey) as SimField;
      const row = Number(key.split('|')[1]);
      if (f.listId === null ? !s.companies.has(row) && !s.persons.has(row) : !s.listEntries.has(row)) continue;
      expect(getCell(s, f, row)).toEqual(c.value);
      checked++;
    }
    expect(checked).toBeGreaterThan(20);
    const times = s.fieldValueChanges.map((c) => Date.parse(c.changedAt));
    expect([...times].sort((a, b) => a - b)).toEqual(times);
  });

  it('generates notes with replies, reminders of both types, all interaction kinds, transcripts, files, views, merges', () => {
    const s = generateStore(1, 'small');
    expect([...s.notes.values()].some((n) => n.parentId !== null)).toBe(true);
    expect(new Set([...s.reminders.values()].map((r) => r.type))).toEqual(new Set(['one-time', 'recurring']));
    expect(new Set([...s.interactions.values()].map((i) => i.kind))).toEqual(new Set(['email', 'meeting', 'call', 'chat-message']));
    expect([...s.transcripts.values()].every((t) => t.fragments.length > 0)).toBe(true);
    expect(s.files.size).toBeGreaterThan(0);
    expect(s.savedViews.size).toBeGreaterThan(0);
    expect(s.mergedInto.company.size).toBe(2);
    for (const [dup] of s.mergedInto.company) expect(s.companies.has(dup)).toBe(false);
    for (const d of [...s.notes.values()].map((n) => n.createdAt)) expect(d).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
  });

  it('generates medium scale quickly (large is measured by scripts/bench-simulator.ts)', () => {
    const t = performance.now();
    const s = generateStore(1, 'medium');
    const ms = performance.now() - t;
    expect(s.companies.size).toBeGreaterThan(19_000);
    expect(s.listEntries.size).toBeGreaterThan(10_000);
    expect(ms).toBeLessThan(20_000);
  }, 60_000);

  it('gives medium the shape of a real tenant: lists, deals and company notes touch only its relevant companies (6%)', () => {
    const counts = SCALES.medium;
    const s = generateStore(1, 'medium');
    const relevant = relevantCompanyIds(counts);
    expect(relevant.size).toBe(counts.relevantCompanies);
    const touched = new Set<number>();
    for (const e of s.listEntries.values()) if (e.entityType === 'company') touched.add(e.entityId);
    for (const o of s.opportunities.values()) for (const c of o.companyIds) touched.add(c);
    for (const n of s.notes.values()) for (const c of n.companyIds) touched.add(c);
    expect([...touched].filter((c) => !relevant.has(c))).toEqual([]);
    // The relevant companies are spread over the id range, not the first ids.
    expect(Math.max(...relevant) - Math.min(...relevant)).toBeGreaterThan(counts.companies * 0.9);
    expect(touched.size).toBeLessThan(counts.companies * 0.07);
  }, 60_000);

  it('keeps every company relevant at tiny and small (their data is pinned by tests)', () => {
    expect(SCALES.tiny.relevantCompanies).toBeUndefined();
    expect(SCALES.small.relevantCompanies).toBeUndefined();
    expect(relevantCompanyIds(SCALES.small).size).toBe(SCALES.small.companies);
  });
});
