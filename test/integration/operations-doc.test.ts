/**
 * docs/operations.md runs as written: its `sh` blocks in order as one script (the paths of the page mapped
 * to a temp directory, `relsync` to this checkout, the PostgreSQL examples to a fresh schema of the test
 * database), the command of each `crontab` line, and each `ini` unit through `systemd-analyze verify` (when
 * the machine has it) and its `ExecStart`.
 */
import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync, chmodSync } from 'node:fs';
import { freePort } from '../helpers/free-port.ts';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningSimulator } from '@relsync/simulator';
import { BIN, REPO_ROOT } from '../helpers/cli.ts';
import { freshDatabaseUrl, PG_BASE_URL, type TestDatabase } from '../helpers/dialects.ts';
import { startE2eSimulator } from '../helpers/sync-fixture.ts';
import { parseExposition, sampleValue } from '../helpers/prom-text.ts';

const DOC = readFileSync(join(REPO_ROOT, 'docs/operations.md'), 'utf8');

/** Fenced blocks of one info string, in order. */
function blocks(lang: string): string[] {
  const out: string[] = [];
  const re = new RegExp('^```' + lang + '\\n([\\s\\S]*?)^```$', 'gm');
  for (let m = re.exec(DOC); m; m = re.exec(DOC)) out.push(m[1]!);
  return out;
}

function bash(script: string, opts: { cwd: string; env: NodeJS.ProcessEnv }): Promise<{ code: number; stdout: string; stderr: string }> {
  return promisify(execFile)('bash', ['-c', `set -euo pipefail\n${script}`], { ...opts, maxBuffer: 1 << 26, timeout: 300_000 }).then(
    (r) => ({ code: 0, stdout: r.stdout, stderr: r.stderr }),
    (e: { code?: number; stdout?: string; stderr?: string }) => ({ code: e.code ?? -1, stdout: e.stdout ?? '', stderr: e.stderr ?? '' }),
  );
}

describe('docs/operations.md', () => {
  let sim: RunningSimulator;
  let pgDb: TestDatabase;
  let dir: string;
  let map: (text: string) => string;
  let env: NodeJS.ProcessEnv;

  beforeAll(async () => {
    // The page's commands use these tools; a machine without one fails here, naming it.
    const missing = [];
    for (const tool of ['sqlite3', 'jq', 'curl', 'pg_dump'])
      if ((await bash(`command -v ${tool}`, { cwd: tmpdir(), env: process.env })).code !== 0) missing.push(tool);
    expect(missing, `docs/operations.md runs ${missing.join(', ')}: install it`).toEqual([]);
    sim = await startE2eSimulator({ scale: 'tiny', contract: 'reference' });
    pgDb = await freshDatabaseUrl('postgres');
    const schema = new URL(pgDb.url).searchParams.get('schema')!;
    dir = mkdtempSync(join(tmpdir(), 'relsync-ops-doc-'));
    for (const d of ['lib', 'log', 'etc', 'bin']) mkdirSync(join(dir, d));
    const port = String(await freePort());
    map = (text) =>
      text
        // The installed package's entry: the build the other tests spawn (scripts/install-test.sh installs the tarball).
        .replaceAll('/opt/relsync/node_modules/relsync/dist/relsync.js', BIN)
        .replaceAll('/var/lib/node_exporter', join(dir, 'node_exporter'))
        .replaceAll('/opt/relsync', REPO_ROOT.replace(/\/$/, ''))
        .replaceAll('/var/lib/relsync', join(dir, 'lib'))
        .replaceAll('/var/log/relsync', join(dir, 'log'))
        .replaceAll('/etc/relsync', join(dir, 'etc'))
        .replaceAll('postgres://relsync@db.internal:5432/warehouse', PG_BASE_URL)
        .replaceAll('schema=relsync', `schema=${schema}`)
        .replaceAll('9464', port);
    // The env file as the page shows it, with the simulator's key and address.
    const envFile = map(blocks('text')[0]!).replace('your-key', sim.apiKey) + `AFFINITY_BASE_URL=${sim.url}\n`;
    writeFileSync(join(dir, 'etc/relsync.env'), envFile);
    writeFileSync(join(dir, 'bin/relsync'), `#!/bin/sh\nexec node ${BIN} "$@"\n`);
    chmodSync(join(dir, 'bin/relsync'), 0o755);
    env = { PATH: `${join(dir, 'bin')}:${process.env.PATH ?? ''}`, HOME: dir, LANG: 'C.UTF-8' };
    const sourced = await bash(`set -a; . ${join(dir, 'etc/relsync.env')}; set +a; env`, { cwd: dir, env });
    for (const line of sourced.stdout.split('\n')) {
      const eq = line.indexOf('=');
      if (eq > 0 && /^(AFFINITY_|DATABASE_URL|RELSYNC_|LOG_LEVEL)/.test(line)) env[line.slice(0, eq)] = line.slice(eq + 1);
    }
    expect(env.RELSYNC_SCHEDULE).toBe('*/15 * * * *');
  });
  afterAll(async () => {
    await sim?.close();
    await pgDb?.cleanup();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('runs every sh block in order, each command succeeding', async () => {
    const script = blocks('sh').map(map).join('\n');
    expect(script).toMatch(/relsync migrate/);
    const r = await bash(script, { cwd: join(dir, 'lib'), env });
    expect(r.code, `${r.stdout}\n${r.stderr}`).toBe(0);
    expect(r.stdout).toMatch(/run succeeded/);
    expect(r.stdout).toMatch(/# TYPE relsync_last_success_timestamp_seconds/);
    expect(r.stdout).toMatch(/^relsync_runs_total\{status="succeeded",tenant="\d+"\} 1$/m);
    expect(existsSync(join(dir, 'lib/relsync-backup.db'))).toBe(true);
    expect(readFileSync(join(dir, 'lib/relsync-backup.sql'), 'utf8')).toMatch(/CREATE TABLE \S+\.companies/);
  }, 300_000);

  it('runs the command of each crontab line', async () => {
    const lines = blocks('crontab').flatMap((b) => b.split('\n').filter((l) => l.trim() && !l.startsWith('#')));
    expect(lines.length).toBeGreaterThan(0);
    for (const line of lines) {
      const command = map(line.trim().split(/\s+/).slice(5).join(' '));
      const r = await bash(command, { cwd: dir, env: { PATH: env.PATH, HOME: dir } });
      expect(r.code, r.stderr).toBe(0);
      expect(readFileSync(join(dir, 'log/sync.out'), 'utf8')).toMatch(/run succeeded/);
    }
  }, 300_000);

  it('verifies each systemd unit and runs its ExecStart (a one-shot to the end; the scheduler until it answers)', async () => {
    const units = blocks('ini');
    expect(units).toHaveLength(5);
    const verify = existsSync('/usr/bin/systemd-analyze') || existsSync('/bin/systemd-analyze');
    for (const unit of units) {
      const name = /^# \/etc\/systemd\/system\/(\S+)/.exec(unit)?.[1];
      expect(name, unit).toBeDefined();
      writeFileSync(join(dir, name!), unit);
      if (verify) {
        const r = await bash(`systemd-analyze verify ${join(dir, name!)}`, { cwd: dir, env: process.env });
        expect(r.code, r.stderr).toBe(0);
        expect(r.stderr.split('\n').filter((l) => l.includes(name!))).toEqual([]);
      }
      // A template runs as the instance `acme`, from that tenant's own environment file (the page's sh block made it).
      const instance = unit.replaceAll('%i', 'acme');
      const exec = /^ExecStart=(.+)$/m.exec(instance)?.[1];
      if (!exec) continue;
      const envFile = /^EnvironmentFile=(.+)$/m.exec(instance)?.[1];
      const extra = [
        ...(name!.includes('@') && envFile ? [`set -a; . ${map(envFile)}; set +a; cd ${map(/^WorkingDirectory=(.+)$/m.exec(instance)![1]!)}`] : []),
        ...[...instance.matchAll(/^Environment=(.+)$/gm)].map((m) => `export ${map(m[1]!)}`),
      ].join('\n');
      const command = map(exec);
      const script = command.endsWith(' schedule')
        ? `${extra}\n${command} 2>/dev/null & p=$!\nuntil curl -fs http://127.0.0.1:${/RELSYNC_METRICS_PORT=(\d+)/.exec(map(unit))?.[1]}/healthz; do sleep 1; done\nkill -TERM $p; wait $p`
        : `${extra}\n${command} > /dev/null`;
      const r = await bash(script, { cwd: join(dir, 'lib'), env });
      expect(r.code, `${name}: ${r.stderr}`).toBe(0);
    }
    // The template's instance synced its own warehouse and wrote its own metrics file.
    expect(existsSync(join(dir, 'lib/acme/relsync.db'))).toBe(true);
    const prom = parseExposition(readFileSync(join(dir, 'node_exporter/textfile/relsync-acme.prom'), 'utf8'));
    expect(sampleValue(prom, 'relsync_runs_total', { status: 'succeeded' })).toBe(1);
  }, 300_000);
});
