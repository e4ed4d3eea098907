/**
 * Issue 33 item 8: a base URL where every answer is a JSON 404 (a wrong path prefix) gives one line naming
 * the URL and exit 2 before any write (the SQLite file is never created), as docs/operations.md promises.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSimulator, type RunningSimulator } from '@relsync/simulator';
import { STACK_FRAME, runCli } from '../helpers/cli.ts';
import { scratchDir } from '../helpers/scratch-dir.ts';

describe('pre-flight: a base URL whose every answer is a JSON 404', () => {
  let sim: RunningSimulator;
  beforeAll(async () => {
    sim = await startSimulator({ scale: 'tiny', seed: 7 });
  });
  afterAll(async () => {
    await sim?.close();
  });

  it('one line naming the URL, exit 2, nothing written', async () => {
    const cwd = scratchDir('relsync-preflight');
    const file = join(cwd, 'w.db');
    const baseUrl = `${sim.url}/api/v1`;
    const r = await runCli(['sync'], { cwd, env: { AFFINITY_BASE_URL: baseUrl, AFFINITY_API_KEY: sim.apiKey, DATABASE_URL: `sqlite:${file}` } });
    expect(r.code, r.stderr).toBe(2);
    const lines = r.stderr.split('\n').filter((l) => l.startsWith('relsync:'));
    expect(lines).toEqual([
      `relsync: AFFINITY_BASE_URL ${baseUrl} answers 404 for GET /auth/whoami, which the Affinity API always serves: its path is not the API's; set AFFINITY_BASE_URL to https://api.affinity.co (no path) or to relsync simulate.`,
    ]);
    expect(r.stderr).not.toMatch(STACK_FRAME);
    expect(existsSync(file)).toBe(false);
  });

  it('the right base URL passes the pre-flight and syncs', async () => {
    const cwd = scratchDir('relsync-preflight');
    const r = await runCli(['sync'], { cwd, env: { AFFINITY_BASE_URL: sim.url, AFFINITY_API_KEY: sim.apiKey, DATABASE_URL: `sqlite:${join(cwd, 'w.db')}` } });
    expect(r.code, r.stderr).toBe(0);
  }, 120_000);
});
