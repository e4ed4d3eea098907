/**
 * What a PostgreSQL role without owner rights meets, said as what is missing and what to grant. A role
 * that may only read and write rows (the usual set-up for a service account) can run syncs into a
 * warehouse another role created and migrated; the schema, the tables and the analyst views belong to that
 * owner.
 */
import type pg from 'pg';
import { UserError } from '../../../errors.ts';

const code = (err: unknown): string | undefined => {
  const c = (err as { code?: unknown } | null)?.code;
  return typeof c === 'string' ? c : undefined;
};

/** SQLSTATE 42501 insufficient_privilege. */
export const isPrivilegeError = (err: unknown): boolean => code(err) === '42501';
/** SQLSTATE 2BP01 dependent_objects_still_exist: another object (an analyst's view) depends on this one. */
export const isDependencyError = (err: unknown): boolean => code(err) === '2BP01';

/**
 * `?schema=` names the warehouse's schema: use it when it exists (a role with only DML rights cannot run
 * CREATE SCHEMA, even IF NOT EXISTS), create it only when it does not.
 */
export async function ensureSchema(client: pg.PoolClient, schema: string): Promise<void> {
  const found = await client.query<{ usage: boolean; u: string }>(
    "select has_schema_privilege(current_user, nspname, 'USAGE') as usage, current_user as u from pg_namespace where nspname = $1",
    [schema],
  );
  const row = found.rows[0];
  if (row && !row.usage) {
    // Found here, before any statement: later it would be "permission denied for schema" mid-upgrade, and
    // `status` would read the invisible tables as missing and send the operator to `relsync migrate`.
    throw new UserError(`PostgreSQL user "${row.u}" has no rights on schema "${schema}" (USAGE is not granted).`, {
      hint: `As the schema's owner: GRANT USAGE ON SCHEMA "${schema}" TO "${row.u}"; and rights on its tables: GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA "${schema}" TO "${row.u}" (or run relsync as the owner).`,
      exitCode: 2,
    });
  }
  if (row) return;
  try {
    await client.query(`CREATE SCHEMA IF NOT EXISTS "${schema}"`);
  } catch (err) {
    if (!isPrivilegeError(err)) throw err;
    const who = await client.query<{ u: string; d: string }>('select current_user as u, current_database() as d');
    const { u, d } = who.rows[0] ?? { u: 'this user', d: 'this database' };
    throw new UserError(`Schema "${schema}" does not exist, and PostgreSQL user "${u}" may not create it.`, {
      hint: `As an owner: CREATE SCHEMA "${schema}" AUTHORIZATION "${u}"; or GRANT CREATE ON DATABASE "${d}" TO "${u}"; or drop ?schema= to use the default search_path.`,
      exitCode: 2,
      cause: err,
    });
  }
}

/**
 * A view the refresh could not replace, as one line naming the view and the fix: not its owner (42501),
 * or another object depends on it (2BP01); null for any other error.
 */
export function viewRefreshRefusal(err: unknown, view: string): string | null {
  if (isPrivilegeError(err)) {
    return `view "${view}" could not be replaced (${(err as Error).message}): run \`relsync migrate\` as the role that owns the schema and its views, or grant this user CREATE on the schema and ALTER VIEW "${view}" OWNER TO it`;
  }
  if (isDependencyError(err)) {
    // pg's detail names the dependants ("view my_report depends on view list_1001_pipeline").
    const detail = (err as { detail?: unknown }).detail;
    const what = (typeof detail === 'string' ? detail : (err as Error).message).replace(/\s+/g, ' ');
    return `another view depends on "${view}" (${what}): drop it (or point it at the tables), let the refresh run, then re-create it`;
  }
  return null;
}
