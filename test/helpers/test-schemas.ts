/**
 * Names of the PostgreSQL schemas tests create carry the process that created them (`t_<pid>x<random>`, or a
 * pooled `tp_<run>_<pid>x<random>`), so that a run killed before its cleanup (a SIGKILLed vitest, a closed
 * terminal) leaves nothing for good: the next run's global setup drops every such schema whose process is gone.
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { withPgAdmin } from './test-env.ts';

/** Drop a test schema and everything in it, if it is there. */
export async function dropSchema(c: pg.Client, schema: string): Promise<void> {
  await c.query(`DROP SCHEMA IF EXISTS ${pg.escapeIdentifier(schema)} CASCADE`);
}

/** A new schema name under `prefix` (`t_`, or a run's pool prefix) owned by this process. */
export function testSchemaName(prefix: string): string {
  return `${prefix}${process.pid}x${randomBytes(6).toString('hex')}`;
}

const OWNED = /^tp?_(?:[0-9a-f]+_)?(\d+)x[0-9a-f]{12}$/;

/** The process that created a test schema, or null for a name not made by testSchemaName. */
export function schemaOwner(schema: string): number | null {
  const m = OWNED.exec(schema);
  return m ? Number(m[1]) : null;
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    // EPERM: the process exists, under another user.
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Drop the test schemas whose creating process has exited (on this host); returns their names. */
export async function dropOrphanedSchemas(): Promise<string[]> {
  return withPgAdmin(async (c) => {
    const r = await c.query<{ s: string }>("select nspname as s from pg_namespace where nspname like 't\\_%' or nspname like 'tp\\_%'");
    const orphans = r.rows
      .map((x) => x.s)
      .filter((s) => {
        const pid = schemaOwner(s);
        return pid !== null && !alive(pid);
      });
    for (const s of orphans) await dropSchema(c, s);
    return orphans;
  });
}
