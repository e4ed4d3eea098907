/**
 * The order `vitest run` starts test files in (vitest.config.ts, `sequence.sequencer`). A worker takes the
 * next file when it is done with one, so a long file started last keeps one worker busy while the others
 * have nothing left: the files below, the longest of their project, start first, longest first.
 *
 * Vitest's own order stays otherwise: one project after the other (a non-isolated fork is kept only while
 * the next file is of its project), then what its cache says ran longest, or larger files first where there
 * is no cache, as on a fresh clone in CI. Only this list makes CI start with the same files as a machine
 * that has run the suite before. It is a hint, never a requirement: a file missing from it only starts later.
 * Refresh it from `npx vitest run --reporter=json --outputFile=r.json` (each file's endTime - startTime).
 */
import { relative } from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

export const LONG_FIRST: readonly string[] = [
  'test/e2e/crash-resume.test.ts',
  'test/e2e/chaos.test.ts',
  'test/e2e/incremental-sweeps.test.ts',
  'test/e2e/incremental-changes.test.ts',
  'test/e2e/plan-first-sync.test.ts',
  'test/e2e/migrate-kill.test.ts',
  'test/e2e/full-sync.test.ts',
  'test/e2e/kill.test.ts',
  'test/e2e/broken-service.test.ts',
  'test/e2e/operator-faults.test.ts',
  'test/e2e/incremental-lag.test.ts',
  'test/e2e/status.test.ts',
  'test/integration/lock-holder.test.ts',
  'test/integration/operations-doc.test.ts',
  'test/integration/lock-busy.test.ts',
  'test/integration/url-secrets.test.ts',
  'test/integration/scheduler-sigterm.test.ts',
  'test/integration/base-url-change.test.ts',
];

export class LongFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const root = this.ctx.config.root;
    const rank = (f: TestSpecification) => {
      const i = LONG_FIRST.indexOf(relative(root, f.moduleId).split('\\').join('/'));
      return i < 0 ? LONG_FIRST.length : i;
    };
    const project = new Map<string, number>();
    for (const f of sorted) if (!project.has(f.project.name)) project.set(f.project.name, project.size);
    return sorted
      .map((f, at) => ({ f, at }))
      .sort((a, b) => project.get(a.f.project.name)! - project.get(b.f.project.name)! || rank(a.f) - rank(b.f) || a.at - b.at)
      .map((x) => x.f);
  }
}
