/**
 * A database password never appears in a message, whatever the URL's scheme and wherever the URL is
 * shown: the config check, the URL parser, the connection failure, the command line's output.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config/load.ts';
import { UserError } from '../../src/errors.ts';
import { openDatabase, parseDatabaseUrl } from '../../src/load/db.ts';
import { maskUrlPasswords } from '../../src/mask-url.ts';
import { runCli } from '../helpers/cli.ts';

const PW = 's3cret-Pw';

async function messageOf(fn: () => unknown): Promise<string> {
  try {
    await fn();
  } catch (err) {
    expect(err).toBeInstanceOf(UserError);
    const e = err as UserError;
    return `${e.message}\n${e.hint ?? ''}`;
  }
  throw new Error('expected a UserError');
}

describe('maskUrlPasswords', () => {
  it.each([
    ['mysql://postgres:s3cret-Pw@db.example:3306/crm', 'mysql://postgres:****@db.example:3306/crm'],
    ['postgres://u:s3cret-Pw@h/db?schema=x', 'postgres://u:****@h/db?schema=x'],
    ['postgresql://u:p@ss:w@rd@h:5432/db', 'postgresql://u:****@h:5432/db'],
    ['DATABASE_URL "redis://:s3cret-Pw@cache:6379" is not supported', 'DATABASE_URL "redis://:****@cache:6379" is not supported'],
    ['postgres://u@h/db?sslmode=require&password=s3cret-Pw&x=1', 'postgres://u@h/db?sslmode=require&password=****&x=1'],
    ['two: a://x:one@h1 and b://y:two@h2', 'two: a://x:****@h1 and b://y:****@h2'],
    // Unencoded '#', '/', '?' and spaces in the password: the userinfo still runs to the last '@'.
    ['DATABASE_URL "postgres://u:Secr3t#Pw@h:5432/db" is not a valid URL', 'DATABASE_URL "postgres://u:****@h:5432/db" is not a valid URL'],
    ['postgres://u:a/b?c@h/db', 'postgres://u:****@h/db'],
    ['postgres://u:my secret pw@127.0.0.1/test has no relsync tables yet.', 'postgres://u:****@127.0.0.1/test has no relsync tables yet.'],
    ['postgres://u:x#y/z w?@[::1]:5432/db', 'postgres://u:****@[::1]:5432/db'],
    ['at postgres://u:pw@h/db\nmail a@b.c', 'at postgres://u:****@h/db\nmail a@b.c'],
  ])('masks %s', (input, masked) => {
    expect(maskUrlPasswords(input)).toBe(masked);
  });

  it.each(['sqlite:./relsync.db', 'postgres://postgres@127.0.0.1:5432/test', 'https://api.affinity.co/v2/companies?cursor=abc', 'mail me at a@b.c'])(
    'leaves %s alone',
    (text) => {
      expect(maskUrlPasswords(text)).toBe(text);
    },
  );
});

describe('a DATABASE_URL with a password in a message', () => {
  const cwd = mkdtempSync(join(tmpdir(), 'relsync-urlsecret-'));
  afterAll(() => rmSync(cwd, { recursive: true, force: true }));

  it('an unsupported scheme is named with the password masked, by the config check and the parser', async () => {
    const url = `mysql://postgres:${PW}@db.example:3306/crm`;
    const fromConfig = await messageOf(() => loadConfig({ env: { DATABASE_URL: url }, cwd }));
    expect(fromConfig).toContain('mysql://postgres:****@db.example:3306/crm');
    expect(fromConfig).not.toContain(PW);
    const fromParser = await messageOf(() => parseDatabaseUrl(url));
    expect(fromParser).toContain('mysql://postgres:****@db.example:3306/crm');
    expect(fromParser).not.toContain(PW);
  });

  it('a PostgreSQL server that cannot be reached: no password from the userinfo or from ?password=', async () => {
    for (const url of [`postgres://postgres:${PW}@127.0.0.1:1/test`, `postgres://postgres@127.0.0.1:1/test?password=${PW}`]) {
      const msg = await messageOf(() => openDatabase(url));
      expect(msg).toMatch(/^Cannot connect to PostgreSQL at postgres:\/\/postgres(:\*\*\*\*)?@127\.0\.0\.1:1\/test/);
      expect(msg).not.toContain(PW);
    }
  });

  it('a password holding #, /, ? or a space never shows, whether or not the URL parses', async () => {
    for (const pw of ['Secr3t#Pw', 'Sec/r3t?Pw', 'my Secr3t Pw']) {
      const url = `postgres://postgres:${pw}@127.0.0.1:1/test`;
      for (const args of [['sync'], ['status'], ['migrate']]) {
        const r = await runCli(args, { cwd, env: { DATABASE_URL: url, AFFINITY_API_KEY: 'k-test-key', LOG_LEVEL: 'debug' } });
        expect(r.code, `${args[0]} ${pw}: ${r.stderr}`).toBe(2);
        for (const part of pw.split(/[#/? ]/).filter((p) => p.length >= 4)) expect(r.stderr + r.stdout).not.toContain(part);
        expect(r.stderr).toContain('postgres://postgres:****@127.0.0.1:1/test');
      }
    }
  }, 120_000);

  it('the command line shows none of it, for sync, status and migrate', async () => {
    for (const url of [`mysql://postgres:${PW}@db.example/crm`, `postgres://postgres@127.0.0.1:1/test?password=${PW}`]) {
      for (const args of [['sync'], ['status'], ['migrate']]) {
        const r = await runCli(args, { cwd, env: { DATABASE_URL: url, AFFINITY_API_KEY: 'k-test-key', LOG_LEVEL: 'debug' } });
        expect(r.code, `${args[0]} ${url}: ${r.stderr}`).toBe(2);
        expect(r.stderr + r.stdout).not.toContain(PW);
        expect(r.stderr).toMatch(/^relsync: /);
      }
    }
  }, 120_000);
});
