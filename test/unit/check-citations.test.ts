import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { findCitations, formatHit, scanText } from '../../scripts/citations.ts';

// `npm run lint:citations` (scripts/check-citations.ts): the repository cites docs/contract.md, never a
// file outside it. Proven on a tree that plants one outside citation of each kind, on one that uses only
// the allowed words, and on the repository itself.
const root = fileURLToPath(new URL('../..', import.meta.url));
const fixture = (name: string) => fileURLToPath(new URL(`../fixtures/citations/${name}`, import.meta.url));

function runCheck(dir: string): { status: number; out: string } {
  try {
    const out = execFileSync(process.execPath, ['bin/run-script.js', 'scripts/check-citations.ts', dir], { cwd: root, encoding: 'utf8', stdio: 'pipe' });
    return { status: 0, out };
  } catch (e) {
    const err = e as { status: number; stdout: string; stderr: string };
    return { status: err.status, out: `${err.stdout}${err.stderr}` };
  }
}

describe('citations of files outside the repository', () => {
  it('finds every planted one, naming file and line', () => {
    const { hits } = findCitations(fixture('planted'));
    expect(hits.map((h) => `${h.file}:${h.line} ${h.what}`)).toEqual([
      'docs/notes.md:3 the design card',
      'docs/notes.md:4 the seed file',
      'docs/notes.md:4 the shared folder beside the checkout',
      'docs/notes.md:5 a line of the seed',
      'docs/notes.md:6 the OpenAPI file',
      'docs/notes.md:7 the shared folder beside the checkout',
      'docs/notes.md:8 a line of the seed',
      'docs/notes.md:9 a line of the seed',
      "src/planted.ts:3 the reference's API document",
    ]);
    expect(formatHit(hits[8]!)).toMatch(/^src\/planted\.ts:3: cites the reference's API document, which is outside the repository; cite docs\/contract\.md/);
  });

  it('allows the defined terms, in-repo citations and other uses of the words', () => {
    const { files, hits } = findCitations(fixture('clean'));
    expect(files).toBe(2);
    expect(hits).toEqual([]);
    expect(scanText('x.ts', 'see docs/contract.md §S4 and --seed 7')).toEqual([]);
  });

  it('the CI check exits 1 on the planted tree, naming file:line, and 0 on a clean one', () => {
    const bad = runCheck(fixture('planted'));
    expect(bad.status).toBe(1);
    expect(bad.out).toContain('src/planted.ts:3: cites');
    expect(bad.out).toContain('docs/notes.md:5: cites a line of the seed');
    const good = runCheck(fixture('clean'));
    expect(good.status).toBe(0);
    expect(good.out).toContain('citations: none outside the repository (2 files)');
  });

  it('the repository itself cites nothing outside it', () => {
    const { files, hits } = findCitations(root);
    expect(files).toBeGreaterThan(200);
    expect(hits.map(formatHit)).toEqual([]);
  });
});
