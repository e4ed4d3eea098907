/**
 * `npm run build`: the command line bundled with esbuild into dist/, what the package's `bin` runs and what the
 * tests spawn (test/setup/cli-bundle.setup.ts). Through tsx, every start transpiled src: 1.0-1.2 s of CPU a
 * `relsync migrate`; bundled, with the pure-JavaScript packages inlined, 0.45 s (user+sys, /usr/bin/time, three
 * runs each, the 2.1 GHz machine). Most of what inlining saves is Node resolving, reading and compiling the
 * packages' own modules one file at a time (Kysely alone ships hundreds of ES modules).
 */
import { chmodSync, existsSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

export const REPO_ROOT = fileURLToPath(new URL('../', import.meta.url));
/** One level under the root, as src/ is: src/version.ts reads `../package.json` from where its code runs. */
export const DIST_DIR = join(REPO_ROOT, 'dist');
export const DIST_BIN = join(DIST_DIR, 'relsync.js');

/**
 * Left to Node: exactly the package's runtime dependencies, the packages that find files of their own at run
 * time (better-sqlite3 its native addon, pino and pino-pretty their worker threads, node-cron its background
 * daemon, pg its optional native binding, prom-client its optional peers). Everything else is inlined, so it
 * is a devDependency: the installed tree holds only what the bundle imports.
 */
export function externalPackages(): string[] {
  const pkg = JSON.parse(readFileSync(join(REPO_ROOT, 'package.json'), 'utf8')) as Record<string, Record<string, string> | undefined>;
  return [...Object.keys(pkg.dependencies ?? {}), ...Object.keys(pkg.optionalDependencies ?? {})];
}

/** CommonJS packages bundled into ES modules still call `require` for Node's own modules. */
const REQUIRE = "import { createRequire as relsyncCreateRequire } from 'node:module';\nconst require = relsyncCreateRequire(import.meta.url);";

/**
 * Writes `outDir`/relsync.js and its chunks: one per command, as main.ts imports each command when it runs
 * (`relsync --version` loads no database driver). Built beside `outDir` and swapped in whole, so a run that
 * spawns the old build meanwhile never sees half of the new one.
 */
export async function buildCli(outDir: string = DIST_DIR): Promise<void> {
  const fresh = `${outDir}.${process.pid}`;
  rmSync(fresh, { recursive: true, force: true });
  await build({
    entryPoints: { relsync: join(REPO_ROOT, 'src/cli/entry.ts') },
    bundle: true,
    splitting: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    minify: true,
    keepNames: true,
    external: externalPackages(),
    banner: { js: REQUIRE },
    outdir: fresh,
    logLevel: 'error',
  });
  // A clone runs it as `./dist/relsync.js` too; npm sets the mode itself only where it links a package's bin.
  chmodSync(join(fresh, 'relsync.js'), 0o755);
  const old = `${outDir}.${process.pid}.old`;
  if (existsSync(outDir)) renameSync(outDir, old);
  renameSync(fresh, outDir);
  rmSync(old, { recursive: true, force: true });
}
