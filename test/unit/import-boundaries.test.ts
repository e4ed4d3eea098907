import { fileURLToPath } from 'node:url';
import { cruise, type ICruiseResult } from 'dependency-cruiser';
import extractDepcruiseOptions from 'dependency-cruiser/config-utl/extract-depcruise-options';
import { describe, expect, it } from 'vitest';

// The same rules `npm run lint:boundaries` applies to src/ and the simulator package, run on tiny trees: one that breaks each rule
// once, one that imports only what the rules allow. Proves the CI rule bites, not just that src/ passes.
const root = fileURLToPath(new URL('../..', import.meta.url));
const fixture = (name: string) => fileURLToPath(new URL(`../fixtures/boundaries/${name}`, import.meta.url));

/** What `npm run lint:boundaries` cruises: the product and the simulator package. */
const TREES = ['src', 'packages/simulator/src'];

async function check(baseDir: string, trees: string[] = ['src']): Promise<{ text: string; violations: string[]; modules: number }> {
  // Read the config the way the CLI does, then point it at baseDir: the rules see paths relative to it.
  const options = await extractDepcruiseOptions(`${root}/.dependency-cruiser.mjs`);
  options.baseDir = baseDir;
  const json = await cruise(trees, { ...options, outputType: 'json' });
  const result = (typeof json.output === 'string' ? JSON.parse(json.output) : json.output) as ICruiseResult;
  const violations = result.summary.violations.map((v) => `${v.rule.name}: ${v.from} → ${v.to}`).sort();
  const err = await cruise(trees, { ...options, outputType: 'err' });
  return { text: String(err.output), violations, modules: result.summary.totalCruised };
}

describe('import boundaries (.dependency-cruiser.mjs)', () => {
  it('reports every layer that reaches up, naming the rule and the import', async () => {
    const { text, violations, modules } = await check(fixture('bad'));
    expect(modules).toBe(7);
    expect(violations).toEqual([
      'extract-imports-only-shared-leaves: src/extract/bad.ts → src/load/db.ts',
      'extract-imports-only-shared-leaves: src/extract/typed.ts → src/state/checkpoint.ts',
      'load-does-not-reach-up: src/load/db.ts → src/runner/run.ts',
      'transform-is-pure: src/transform/rows.ts → src/extract/http/client.ts',
    ]);
    expect(text).toContain('error extract-imports-only-shared-leaves: src/extract/bad.ts → src/load/db.ts');
    expect(text).toMatch(/4 dependency violations \(4 errors, 0 warnings\)/);
  });

  it('reports files of the product that import each other, directly or round a loop, type-only imports included', async () => {
    const { text, violations, modules } = await check(fixture('circular'), TREES);
    expect(modules).toBe(7);
    // One violation per loop, named from its first file; the simulator package is held to the same rule.
    expect(violations).toEqual([
      'no-circular: packages/simulator/src/store-values.ts → packages/simulator/src/store.ts',
      'no-circular: src/budget/plan-advice.ts → src/budget/plan-counted.ts',
      'no-circular: src/runner/run-levels.ts → src/runner/run-sync.ts',
    ]);
    expect(text).toMatch(
      /error no-circular: src\/budget\/plan-advice\.ts → \n\s+src\/budget\/plan-counted\.ts →\n\s+src\/budget\/plan-report\.ts →\n\s+src\/budget\/plan-advice\.ts/,
    );
    expect(text).toMatch(/3 dependency violations \(3 errors, 0 warnings\)/);
  });

  it('reports an import running back up inside src/load, a driver importing warehouse SQL, and a dialect imported past the handle', async () => {
    const { text, violations, modules } = await check(fixture('load-rooms'));
    expect(modules).toBe(10);
    expect(violations).toEqual([
      'load-dialect-drivers-below-warehouse-sql: src/load/dialects/sqlite/sqlite-driver.ts → src/load/dialects/sqlite/sqlite-warehouse.ts',
      'load-dialects-apart: src/load/dialects/sqlite/sqlite-warehouse.ts → src/load/dialects/pg/pg-upsert.ts',
      'load-dialects-imports-below-it: src/load/dialects/pg/pg-upsert.ts → src/load/write-fence.ts',
      'load-handle-imports-below-it: src/load/db.ts → src/load/write/quarantine.ts',
      'load-handle-picks-the-dialect: src/load/write/upsert.ts → src/load/dialects/pg/pg-upsert.ts',
      'load-schema-imports-below-it: src/load/schema/registry.ts → src/load/write/quarantine.ts',
      'load-views-imports-below-it: src/load/views/refresh.ts → src/load/analyze.ts',
      'load-write-imports-below-it: src/load/write/upsert.ts → src/load/views/refresh.ts',
    ]);
    expect(text).toMatch(/8 dependency violations \(8 errors, 0 warnings\)/);
  });

  it('passes a tree that imports only what each layer may', async () => {
    const { text, violations, modules } = await check(fixture('clean'));
    expect(modules).toBe(6); // every fixture file was read: a pass is not an empty cruise
    expect(violations).toEqual([]);
    expect(text).toContain('no dependency violations found');
  });

  it('passes on the real src/ tree and the simulator package', async () => {
    const { violations, modules } = await check(root, TREES);
    expect(modules).toBeGreaterThan(100);
    expect(violations).toEqual([]);
  });
});
