/**
 * `node bin/run-script.js scripts/migrate-kills.ts [--kills 30] [--dialect sqlite|postgres] [--rows 20000]`:
 * SIGKILL `relsync migrate` at random moments of its migrating time, half on fresh warehouses and half
 * upgrading from 008 with `--rows` change-log rows, then run `migrate` again on each and count how many
 * warehouses it completes. Prints one line per kill and a summary (issue 22 item 2).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { migrations } from '../migrations/index.ts';
import { freshDatabaseUrl } from '../test/helpers/dialects.ts';
import { appliedCount, killMigrate, migrateAgain, seedBefore009 } from '../test/helpers/migrate-kill.ts';

const { values } = parseArgs({
  options: { kills: { type: 'string', default: '30' }, dialect: { type: 'string', default: 'sqlite' }, rows: { type: 'string', default: '20000' } },
});
const kills = Number(values.kills);
const dialect = values.dialect === 'postgres' ? 'postgres' : 'sqlite';
const rows = Number(values.rows);
const total = Object.keys(migrations).length;
const cwd = mkdtempSync(join(tmpdir(), 'relsync-migrate-kills-'));

async function prepare(kind: 'fresh' | 'upgrade') {
  const t = await freshDatabaseUrl(dialect);
  if (kind === 'upgrade') await seedBefore009(t.url, rows);
  return t;
}

const windowMs: Record<string, number> = {};
for (const kind of ['fresh', 'upgrade'] as const) {
  const t = await prepare(kind);
  windowMs[kind] = (await killMigrate(t.url, Infinity, cwd)).elapsedMs;
  await t.cleanup();
}
let mid = 0;
let recovered = 0;
const failures: string[] = [];
for (let i = 0; i < kills; i++) {
  const kind = i % 2 === 0 ? 'fresh' : 'upgrade';
  const t = await prepare(kind);
  try {
    const kill = await killMigrate(t.url, Math.random() * (windowMs[kind] ?? 0), cwd);
    const applied = await appliedCount(t.url);
    if (!kill.finishedFirst && applied < total) mid++;
    const again = await migrateAgain(t.url, cwd);
    const ok = again.code === 0 && (await appliedCount(t.url)) === total;
    if (ok) recovered++;
    else failures.push(`${kind} killed at ${kill.elapsedMs} ms: exit ${again.code} ${again.stderr.split('\n')[0] ?? ''}`);
    console.log(
      `${i + 1}/${kills} ${kind} killed at ${kill.elapsedMs} ms${kill.finishedFirst ? ' (had finished)' : ''}, ${applied}/${total} applied before; next migrate: ${ok ? 'ok' : `FAILED exit ${again.code}`}`,
    );
  } finally {
    await t.cleanup();
  }
}
rmSync(cwd, { recursive: true, force: true });
console.log(
  `\n${dialect}: ${kills} kills (migrating window fresh ${windowMs.fresh} ms, upgrade ${windowMs.upgrade} ms), ${mid} while migrations were pending; next migrate completed ${recovered}/${kills}`,
);
for (const f of failures) console.log(`  ${f}`);
process.exitCode = failures.length === 0 ? 0 : 1;
