/**
 * PostgreSQL connection loss on demand: a test warehouse URL whose connections carry their own
 * `application_name`, and a way to terminate exactly those backends (other tests share the database).
 */
import { randomBytes } from 'node:crypto';
import { freshDatabaseUrl, type TestDatabase } from './dialects.ts';
import { withPgAdmin } from './test-env.ts';

export interface NamedPgDatabase extends TestDatabase {
  /** The `application_name` every connection opened through `url` reports in pg_stat_activity. */
  appName: string;
}

export async function namedPgDatabase(): Promise<NamedPgDatabase> {
  const t = await freshDatabaseUrl('postgres');
  const appName = `relsync_t_${randomBytes(5).toString('hex')}`;
  return { ...t, url: `${t.url}&application_name=${appName}`, appName };
}

export async function backendCount(appName: string): Promise<number> {
  return withPgAdmin(async (c) =>
    Number((await c.query<{ n: string }>('select count(*) as n from pg_stat_activity where application_name = $1', [appName])).rows[0]?.n ?? 0),
  );
}

/**
 * Terminate the backends of `appName` (as an administrator or a failover would), all of them or
 * only those whose last statement matches `queryLike` (e.g. the writer lock's session), wait until
 * they are gone, then give the client sockets a moment to receive their FATAL message. Returns how many.
 */
export async function terminateBackends(appName: string, queryLike = '%'): Promise<number> {
  const killed = await withPgAdmin(async (c) => {
    const r = await c.query<{ pid: number; ok: boolean }>(
      'select pid, pg_terminate_backend(pid) as ok from pg_stat_activity where application_name = $1 and query like $2 and pid <> pg_backend_pid()',
      [appName, queryLike],
    );
    const pids = r.rows.map((x) => x.pid);
    for (let i = 0; i < 100 && pids.length > 0; i++) {
      const left = await c.query<{ n: string }>('select count(*) as n from pg_stat_activity where pid = any($1)', [pids]);
      if (Number(left.rows[0]?.n ?? 0) === 0) break;
      await new Promise((res) => setTimeout(res, 20));
    }
    return r.rows.filter((x) => x.ok).length;
  });
  await new Promise((res) => setTimeout(res, 100));
  return killed;
}
