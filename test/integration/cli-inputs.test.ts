/**
 * Issue 33 items 3, 4, 6 and 7 at the command line: a bad input ends `sync` at once with one line and
 * exit 2, before any call or write (the SQLite file is never created), and no secret in the line.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { STACK_FRAME, runCli } from '../helpers/cli.ts';
import { scratchDir } from '../helpers/scratch-dir.ts';

describe('sync refuses bad input before the first call or write (issue 33)', () => {
  it.each([
    ['an API key with a trailing newline', { AFFINITY_API_KEY: 'key-8f3KqZ1x\n' }, 'AFFINITY_API_KEY holds a space, line break or other control character'],
    ['an API key with a carriage return', { AFFINITY_API_KEY: 'key-8f3KqZ1x\r' }, 'AFFINITY_API_KEY holds a space, line break or other control character'],
    ['an ftp:// base URL', { AFFINITY_BASE_URL: 'ftp://127.0.0.1:9/' }, 'AFFINITY_BASE_URL must be an http(s) URL'],
    [
      'an unencoded @ and # in a PostgreSQL password',
      { DATABASE_URL: 'postgres://u:Tr0ub4dor@SecretTail#zz@127.0.0.1:5432/db' },
      'DATABASE_URL has a password with a character the URL must carry percent-encoded',
    ],
  ])('%s: one line, exit 2, nothing created', async (_what, env, line) => {
    const cwd = scratchDir('relsync-inputs');
    const file = join(cwd, 'w.db');
    const started = Date.now();
    const r = await runCli(['sync'], {
      cwd,
      env: { AFFINITY_API_KEY: 'key-8f3KqZ1x', AFFINITY_BASE_URL: 'http://127.0.0.1:9', DATABASE_URL: `sqlite:${file}`, ...env },
    });
    expect(r.code, r.stderr).toBe(2);
    expect(r.stderr.trim().split('\n')).toHaveLength(1);
    expect(r.stderr).toContain(line);
    for (const secret of ['8f3KqZ1x', 'Tr0ub4dor', 'SecretTail']) expect(r.stderr).not.toContain(secret);
    expect(r.stderr).not.toMatch(STACK_FRAME);
    expect(existsSync(file)).toBe(false);
    expect(Date.now() - started).toBeLessThan(10_000);
  });
});
