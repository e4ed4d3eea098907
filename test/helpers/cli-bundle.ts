/**
 * The command line the tests spawn: `bin/relsync.js`'s entry, bundled once per `vitest run` with esbuild
 * (test/setup/cli-bundle.setup.ts), src inlined and packages left to Node. Through tsx, every child first ran
 * tsx's module hooks on their own thread: 1.0-1.2 s of CPU a `relsync migrate`, 0.5-0.6 s bundled (user+sys,
 * /usr/bin/time), and the suite spawns about 170 children. The real bin still runs where the entry itself is
 * under test (test/integration/cli.test.ts, docs/operations.md's commands).
 */
import { mkdirSync, renameSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

export const REPO_ROOT = fileURLToPath(new URL('../../', import.meta.url));
/** One level under the root, as bin/ is: src/version.ts reads `../package.json` from where its code runs. */
export const BUNDLE_DIR = join(REPO_ROOT, '.test-build');
export const BUNDLED_BIN = join(BUNDLE_DIR, 'relsync.mjs');

/** What bin/relsync.js does once tsx is registered. */
const ENTRY = "import { main } from './src/cli/main.ts';\nprocess.exitCode = await main(process.argv.slice(2));\n";

/** Writes BUNDLED_BIN (under a temporary name first: the projects' setups may overlap). */
export async function buildCliBundle(): Promise<void> {
  mkdirSync(BUNDLE_DIR, { recursive: true });
  const tmp = join(BUNDLE_DIR, `relsync.${process.pid}.${Date.now()}.mjs`);
  await build({
    stdin: { contents: ENTRY, resolveDir: REPO_ROOT, loader: 'ts', sourcefile: 'bin/relsync.js' },
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    outfile: tmp,
    logLevel: 'error',
  });
  renameSync(tmp, BUNDLED_BIN);
}
