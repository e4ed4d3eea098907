import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config/load.ts';
import { parseDuration } from '../../src/config/schema.ts';
import { UserError } from '../../src/errors.ts';
import { fatalDatabaseError } from '../../src/load/db-errors.ts';
import { UnreachableError } from '../../src/extract/http/errors.ts';
import { scratchDir } from '../helpers/scratch-dir.ts';

const emptyDir = () => scratchDir('relsync-cfg');

function configError(fn: () => unknown): UserError {
  try {
    fn();
  } catch (err) {
    expect(err).toBeInstanceOf(UserError);
    return err as UserError;
  }
  throw new Error('expected a UserError');
}

describe('loadConfig', () => {
  it('applies every default when nothing is set', () => {
    const c = loadConfig({ env: {}, cwd: emptyDir() });
    expect(c).toMatchObject({
      baseUrl: 'https://api.affinity.co',
      databaseUrl: 'sqlite:./relsync.db',
      apiVersion: '2026-09-17',
      schedule: '0 * * * *',
      concurrency: 4,
      monthlyReserve: 500,
    });
    expect(c.apiKey).toBeUndefined();
    expect(c.sweeps.entities).toBe(86_400_000);
    expect(c.sweeps.other).toBe(7 * 86_400_000);
  });

  it('lets env win over the file', () => {
    const dir = emptyDir();
    writeFileSync(join(dir, 'relsync.config.json'), JSON.stringify({ databaseUrl: 'sqlite:./file.db', concurrency: 2 }));
    const c = loadConfig({ env: { DATABASE_URL: 'postgres://u@h:5432/db' }, cwd: dir });
    expect(c.databaseUrl).toBe('postgres://u@h:5432/db');
    expect(c.concurrency).toBe(2);
  });

  it('names the environment variable and the fix for a bad env value', () => {
    const err = configError(() => loadConfig({ env: { DATABASE_URL: 'mysql://x' }, cwd: emptyDir() }));
    expect(err.message).toMatch(/^Invalid configuration: DATABASE_URL /);
    expect(err.message).toMatch(/sqlite:/);
    expect(err.exitCode).toBe(2);
  });

  it('says what a number must be and echoes the value given, on one line', () => {
    const err = configError(() => loadConfig({ env: { RELSYNC_CONCURRENCY: 'lots' }, cwd: emptyDir() }));
    expect(err.message).toBe(
      'Invalid configuration: RELSYNC_CONCURRENCY must be a whole number from 1 to 32 (got "lots"); see config/relsync.config.example.json for every option and its default',
    );
    expect(err.message).not.toContain('\n');
  });

  it('never echoes the API key', () => {
    const dir = emptyDir();
    writeFileSync(join(dir, 'relsync.config.json'), JSON.stringify({ apiKey: 12345678 }));
    const err = configError(() => loadConfig({ env: {}, cwd: dir }));
    expect(err.message).not.toContain('12345678');
  });

  it('names the file key for a bad file value', () => {
    const dir = emptyDir();
    writeFileSync(join(dir, 'relsync.config.json'), JSON.stringify({ concurrency: 'lots' }));
    const err = configError(() => loadConfig({ env: {}, cwd: dir }));
    expect(err.message).toContain('"concurrency" in');
  });

  it('rejects a bad cron expression naming RELSYNC_SCHEDULE', () => {
    const err = configError(() => loadConfig({ env: { RELSYNC_SCHEDULE: 'every hour' }, cwd: emptyDir() }));
    expect(err.message).toContain('RELSYNC_SCHEDULE');
    expect(err.message).toMatch(/0 \* \* \* \*/);
    expect(err.hint).toBeUndefined();
    // Six fields (seconds first) are valid, and the message says so.
    expect(err.message).toContain('or six with seconds first');
    expect(loadConfig({ env: { RELSYNC_SCHEDULE: '30 0 * * * *' }, cwd: emptyDir() }).schedule).toBe('30 0 * * * *');
  });

  it('rejects an unknown API version and invalid JSON files clearly', () => {
    expect(configError(() => loadConfig({ env: { AFFINITY_API_VERSION: '2020-01-01' }, cwd: emptyDir() })).message).toContain('AFFINITY_API_VERSION');
    const dir = emptyDir();
    writeFileSync(join(dir, 'relsync.config.json'), '{ nope');
    expect(configError(() => loadConfig({ env: {}, cwd: dir })).message).toMatch(/not valid JSON/);
  });

  it('refuses misspelt keys, naming each with the nearest valid option, instead of using the default', () => {
    const dir = emptyDir();
    const file = join(dir, 'relsync.config.json');
    writeFileSync(file, JSON.stringify({ databseUrl: 'sqlite:./mine.db', concurency: 8, sweeps: { entitys: '1h' } }));
    const top = configError(() => loadConfig({ env: {}, cwd: dir }));
    expect(top.message).toContain('unknown options "databseUrl" (did you mean "databaseUrl"?), "concurency" (did you mean "concurrency"?)');
    expect(top.message).toContain(file);
    expect(top.message.split('\n')).toHaveLength(1);
    writeFileSync(file, JSON.stringify({ sweeps: { entitys: '1h' } }));
    expect(configError(() => loadConfig({ env: {}, cwd: dir })).message).toContain('unknown option "sweeps.entitys" (did you mean "sweeps.entities"?)');
    writeFileSync(file, JSON.stringify({ colour: 'blue' }));
    const far = configError(() => loadConfig({ env: {}, cwd: dir })).message;
    expect(far).toContain('unknown option "colour" in');
    expect(far).not.toContain('did you mean');
    // The example file, and `$schema`, are accepted as they are.
    writeFileSync(file, JSON.stringify({ $schema: './schema.json', sweeps: { entities: '12h', overrides: { notes: '1d' } } }));
    expect(loadConfig({ env: {}, cwd: dir }).sweeps.entities).toBe(43_200_000);
    expect(() => loadConfig({ env: {}, cwd: dir, file: join(process.cwd(), 'config/relsync.config.example.json') })).not.toThrow();
  });

  it('parses durations', () => {
    expect(parseDuration('90s')).toBe(90_000);
    expect(parseDuration('2h')).toBe(7_200_000);
    expect(() => parseDuration('2 hours')).toThrow();
  });
});

describe('fatalDatabaseError', () => {
  it.each([
    [{ code: 'SQLITE_FULL', message: 'database or disk is full' }, /disk is full \(SQLITE_FULL\)/],
    [{ code: 'SQLITE_READONLY_DBMOVED', message: 'attempt to write a readonly database' }, /read-only/],
    [{ code: '53100', message: 'could not extend file' }, /out of resources/],
    [{ code: 'ECONNREFUSED', message: 'connect ECONNREFUSED 127.0.0.1:5432' }, /connection to the database server failed/],
  ])('recognises %o', (err, message) => {
    expect(fatalDatabaseError(err)?.message).toMatch(message);
  });
  it("leaves other errors alone, including the API client's own unreachable error", () => {
    expect(fatalDatabaseError({ code: 'SQLITE_CONSTRAINT', message: 'UNIQUE' })).toBeNull();
    expect(fatalDatabaseError(new Error('boom'))).toBeNull();
    const apiDown = new UnreachableError('cannot reach the API for GET /v2/lists (ECONNREFUSED: connect ECONNREFUSED 127.0.0.1:9)', {
      status: null,
      method: 'GET',
      path: '/v2/lists',
      endpoint: 'GET /v2/lists',
    } as never);
    expect(fatalDatabaseError(apiDown)).toBeNull();
  });
});
