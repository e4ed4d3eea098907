/**
 * The command line the tests spawn: `bin/relsync.js`'s entry, bundled once per `vitest run` with esbuild
 * (test/setup/cli-bundle.setup.ts), src and the pure-JavaScript packages inlined. Through tsx, every child
 * first ran tsx's module hooks on their own thread: 1.0-1.2 s of CPU a `relsync migrate`, 0.4-0.5 s bundled
 * with the packages left to Node, and the suite spawns about 170 children. Most of what was left was Node
 * resolving, reading and compiling the packages' own modules one file at a time (Kysely alone ships hundreds
 * of ES modules): with them inlined, a SQLite `relsync migrate` took 0.45 s of CPU against 0.78 s (user+sys,
 * /usr/bin/time, three runs each, the 2.1 GHz machine). test/integration/cli.test.ts holds the bundle to the
 * real bin.
 */
import { existsSync, renameSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

export const REPO_ROOT = fileURLToPath(new URL('../../', import.meta.url));
/** One level under the root, as bin/ is: src/version.ts reads `../package.json` from where its code runs. */
export const BUNDLE_DIR = join(REPO_ROOT, '.test-build');
export const BUNDLED_BIN = join(BUNDLE_DIR, 'relsync.js');

/**
 * Left to Node: packages that find files of their own at run time (better-sqlite3 its native addon, pino and
 * pino-pretty their worker threads, node-cron its background daemon), pg with its optional native binding,
 * and tsx, which the bundle never runs.
 */
const EXTERNAL = ['better-sqlite3', 'pg', 'pino', 'pino-pretty', 'thread-stream', 'node-cron', 'tsx'];

/** CommonJS packages bundled into ES modules still call `require` for Node's own modules. */
const REQUIRE = "import { createRequire as relsyncCreateRequire } from 'node:module';\nconst require = relsyncCreateRequire(import.meta.url);";

/** What bin/relsync.js does once tsx is registered. */
const ENTRY = "import { main } from './src/cli/main.ts';\nprocess.exitCode = await main(process.argv.slice(2));\n";

/**
 * Writes BUNDLED_BIN and its chunks: one per command, as the real bin imports each command when it runs
 * (`relsync --version` loads no database driver). Built beside BUNDLE_DIR and swapped in whole.
 */
export async function buildCliBundle(): Promise<void> {
  const fresh = `${BUNDLE_DIR}.${process.pid}`;
  rmSync(fresh, { recursive: true, force: true });
  await build({
    stdin: { contents: ENTRY, resolveDir: REPO_ROOT, loader: 'ts', sourcefile: 'bin/relsync.js' },
    bundle: true,
    splitting: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    external: EXTERNAL,
    banner: { js: REQUIRE },
    outdir: fresh,
    entryNames: 'relsync',
    logLevel: 'error',
  });
  const old = `${BUNDLE_DIR}.${process.pid}.old`;
  if (existsSync(BUNDLE_DIR)) renameSync(BUNDLE_DIR, old);
  renameSync(fresh, BUNDLE_DIR);
  rmSync(old, { recursive: true, force: true });
}
