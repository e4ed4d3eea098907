/**
 * Older SQLite builds than the one better-sqlite3 bundles, to prove a warehouse file stays readable by
 * the readers analysts actually have (issue 17): sql.js 1.6.2 (SQLite 3.36.0 compiled to WASM, pinned
 * as a devDependency because no newer sql.js ships a 3.3x build) and the system `sqlite3` CLI / python3
 * module (Debian 12: 3.40.1). One view an older reader cannot parse makes the whole file unreadable.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

/** A read-only handle on a copy of a SQLite file in an older engine. */
export interface OldSqlite {
  /** `select sqlite_version()` of the engine. */
  version: string;
  /** Every row of a query (throws what the engine says when it cannot prepare or run it). */
  all(query: string): unknown[][];
  close(): void;
}

interface SqlJsDatabase {
  exec(query: string): Array<{ columns: string[]; values: unknown[][] }>;
  close(): void;
}
type SqlJsInit = (opts: { wasmBinary: Buffer }) => Promise<{ Database: new (data: Uint8Array) => SqlJsDatabase }>;

/** The file loaded into sql.js 1.6.2 (SQLite 3.36.0). */
export async function openOldSqlite(path: string): Promise<OldSqlite> {
  const require = createRequire(import.meta.url);
  const init = require('sql.js') as SqlJsInit;
  // Node 20's fetch cannot read a file path, so the WASM binary is handed over instead of located.
  const SQL = await init({ wasmBinary: readFileSync(require.resolve('sql.js/dist/sql-wasm.wasm')) });
  const db = new SQL.Database(readFileSync(path));
  const all = (query: string) => db.exec(query)[0]?.values ?? [];
  return { version: String(all('select sqlite_version()')[0]?.[0]), all, close: () => db.close() };
}

/** Whether a program answers `--version` on this machine. */
export function hasCommand(name: string): boolean {
  try {
    execFileSync(name, ['--version'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

/** The system `sqlite3` command-line shell, when installed: its version, or null. */
export function systemSqliteVersion(): string | null {
  try {
    return execFileSync('sqlite3', ['-version'], { encoding: 'utf8' }).split(' ')[0] ?? null;
  } catch {
    return null;
  }
}

/**
 * Runs each query in the system `sqlite3` shell on the file, read-only; returns the failures
 * (query → the shell's error). Each query runs alone so one failure does not hide the next.
 */
export function systemSqliteFailures(path: string, queries: readonly string[]): Map<string, string> {
  const failures = new Map<string, string>();
  for (const q of queries) {
    try {
      const input = q.startsWith('.') ? `${q}\n` : `${q.trim().replace(/;$/, '')};\n`;
      execFileSync('sqlite3', ['-readonly', '-bail', path], { input, encoding: 'utf8', stdio: ['pipe', 'ignore', 'pipe'] });
    } catch (err) {
      failures.set(q, String((err as { stderr?: unknown }).stderr ?? err).trim());
    }
  }
  return failures;
}

/** The python3 `sqlite3` module: its SQLite version and the failures of each query, as above. */
export function pythonSqliteRun(path: string, queries: readonly string[]): { version: string; failures: Map<string, string> } {
  const script = `import json, sqlite3, sys
con = sqlite3.connect('file:' + sys.argv[1] + '?mode=ro', uri=True)
fails = {}
for q in json.loads(sys.stdin.read()):
    try:
        con.execute(q).fetchall()
    except Exception as e:
        fails[q] = str(e)
print(json.dumps({'version': sqlite3.sqlite_version, 'failures': fails}))`;
  const out = JSON.parse(
    execFileSync('python3', ['-c', script, path], {
      input: JSON.stringify(queries.map((q) => q.trim().replace(/;$/, ''))),
      encoding: 'utf8',
      maxBuffer: 1 << 26,
    }),
  ) as { version: string; failures: Record<string, string> };
  return { version: out.version, failures: new Map(Object.entries(out.failures)) };
}
