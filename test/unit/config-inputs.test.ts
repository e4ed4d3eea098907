/**
 * Issue 33 items 3–7 and 13: every input is judged before the first call or write, in one line (exit 2)
 * that names the input and never echoes a secret: keys with control characters, a base URL that is not
 * http(s), a PostgreSQL password with an unencoded `@` or `#`, unknown keys at every depth, numbers
 * written as anything but decimal digits, and a config file saved with a byte-order mark.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config/load.ts';
import { UserError } from '../../src/errors.ts';
import { parseDatabaseUrl } from '../../src/load/db.ts';
import { maskUrlPasswords } from '../../src/mask-url.ts';
import { scratchDir } from '../helpers/scratch-dir.ts';

function refusal(env: Record<string, string>, file?: unknown): UserError {
  const cwd = scratchDir('relsync-inputs');
  if (file !== undefined) writeFileSync(join(cwd, 'relsync.config.json'), typeof file === 'string' ? file : JSON.stringify(file));
  try {
    loadConfig({ env, cwd });
  } catch (err) {
    expect(err).toBeInstanceOf(UserError);
    const e = err as UserError;
    expect(e.exitCode).toBe(2);
    expect(e.message.split('\n')).toHaveLength(1);
    return e;
  }
  throw new Error('expected the configuration to be refused');
}

describe('inputs refused before the first call (issue 33)', () => {
  it.each([
    ['a trailing newline', 'key-8f3KqZ1x\n'],
    ['a trailing carriage return', 'key-8f3KqZ1x\r'],
    ['a control character', 'key-8f3\u0007KqZ1x'],
    ['a space', 'key-8f3 KqZ1x'],
  ])('an API key with %s: one line naming AFFINITY_API_KEY, the key not echoed', (_what, key) => {
    const e = refusal({ AFFINITY_API_KEY: key });
    expect(e.message).toContain('AFFINITY_API_KEY holds a space, line break or other control character');
    expect(e.message).not.toContain('8f3');
  });

  it('a base URL that is not http(s) (ftp://) is refused naming AFFINITY_BASE_URL', () => {
    const e = refusal({ AFFINITY_BASE_URL: 'ftp://api.affinity.co' });
    expect(e.message).toContain('AFFINITY_BASE_URL must be an http(s) URL');
  });

  it.each([
    ['an @ and a #', 'postgres://u:Tr0ub4dor@SecretTail#zz@127.0.0.1:5432/db'],
    ['two @', 'postgres://u:Tr0ub4dor@SecretTail@127.0.0.1:5432/db'],
    ['a / then an @', 'postgres://u:Tr0ub4dor/SecretTail@127.0.0.1:5432/db'],
  ])('a PostgreSQL password with %s unencoded: refused naming DATABASE_URL and the encoding, no part of the password shown', (_what, url) => {
    const e = refusal({ DATABASE_URL: url });
    expect(e.message).toContain('DATABASE_URL has a password with a character the URL must carry percent-encoded');
    expect(e.message).toContain('%40');
    for (const part of ['Tr0ub4dor', 'SecretTail', 'zz@']) expect(e.message).not.toContain(part);
    expect(e.message).toContain('(got "postgres://u:****@127.0.0.1:5432/db")');
  });

  it('an encoded password and a password-less URL are accepted', () => {
    const cwd = scratchDir('relsync-inputs');
    expect(loadConfig({ env: { DATABASE_URL: 'postgres://u:Tr0ub4dor%40Secret%23zz@127.0.0.1:5432/db' }, cwd }).databaseUrl).toContain('%40');
    expect(loadConfig({ env: { DATABASE_URL: 'postgres://relsync@db.internal:5432/warehouse?schema=relsync' }, cwd }).databaseUrl).toContain('relsync@');
  });

  it('the hint for an invalid PostgreSQL URL survives the password masking whole', () => {
    let hint = '';
    try {
      parseDatabaseUrl('postgres://u:p@[not-a-host:5432/db');
    } catch (err) {
      hint = (err as UserError).hint ?? '';
    }
    expect(maskUrlPasswords(hint)).toBe(
      'Use postgres://user:****@host:5432/dbname, with special characters of the password percent-encoded (%40 for an at sign, %23 for #, %2F for /).',
    );
  });

  it('an unknown key under tiers is refused with the nearest valid name, like one under sweeps', () => {
    expect(refusal({}, { tiers: { enable: false } }).message).toContain('unknown option "tiers.enable" (did you mean "tiers.enabled"?)');
    expect(refusal({}, { sweeps: { entitys: '1h' } }).message).toContain('unknown option "sweeps.entitys" (did you mean "sweeps.entities"?)');
  });

  it.each(['0x4', '1e1', '0b11', ' 4', '4.0', '+4'])('RELSYNC_CONCURRENCY=%j is refused: decimal digits only', (v) => {
    expect(refusal({ RELSYNC_CONCURRENCY: v }).message).toContain('RELSYNC_CONCURRENCY must be a whole number from 1 to 32');
  });

  it('RELSYNC_CONCURRENCY=8 and RELSYNC_MONTHLY_BUDGET=5000 are read as numbers; RELSYNC_MONTHLY_BUDGET=5e3 is refused', () => {
    const c = loadConfig({ env: { RELSYNC_CONCURRENCY: '8', RELSYNC_MONTHLY_BUDGET: '5000' }, cwd: scratchDir('relsync-inputs') });
    expect([c.concurrency, c.monthlyBudget]).toEqual([8, 5000]);
    expect(refusal({ RELSYNC_MONTHLY_BUDGET: '5e3' }).message).toContain('RELSYNC_MONTHLY_BUDGET must be a whole number of calls');
  });

  it('a config file saved with a UTF-8 byte-order mark is read', () => {
    const cwd = scratchDir('relsync-inputs');
    writeFileSync(join(cwd, 'relsync.config.json'), `\uFEFF${JSON.stringify({ concurrency: 3 })}`);
    expect(loadConfig({ env: {}, cwd }).concurrency).toBe(3);
  });

  it('a bad duration is a sentence with a verb', () => {
    expect(refusal({}, { sweeps: { hot: 'weekly' } }).message).toContain('"sweeps.hot" in');
    expect(refusal({}, { sweeps: { hot: 'weekly' } }).message).toMatch(/"sweeps\.hot" in \S+ must be a duration like 30m, 1h, 24h or 7d/);
  });
});
