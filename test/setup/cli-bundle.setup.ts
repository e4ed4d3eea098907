/**
 * Vitest global setup: `npm run build`'s bundle of the command line (scripts/build-cli.ts) into dist/, the one
 * the tests spawn, rebuilt once a run so it holds the sources being tested (every project inherits this
 * setup, and all of them run in this one process).
 */
import { buildCli } from '../../scripts/build-cli.ts';

const BUILT = Symbol.for('relsync.cli-bundle.built');

export default async function setup(): Promise<void> {
  const g = globalThis as { [BUILT]?: Promise<void> };
  await (g[BUILT] ??= buildCli());
}
