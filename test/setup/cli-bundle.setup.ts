/**
 * Vitest global setup: bundles the command line the tests spawn (test/helpers/cli-bundle.ts), once a run
 * (every project inherits this setup, and all of them run in this one process).
 */
import { buildCliBundle } from '../helpers/cli-bundle.ts';

const BUILT = Symbol.for('relsync.cli-bundle.built');

export default async function setup(): Promise<void> {
  const g = globalThis as { [BUILT]?: Promise<void> };
  await (g[BUILT] ??= buildCliBundle());
}
