import { Migrator, type MigrationResult, type Migration, type MigrationProvider } from 'kysely';
import { migrations } from '../../migrations/index.ts';
import { UserError } from '../errors.ts';
import { fatalDatabaseError } from './db-errors.ts';
import type { Db } from './db.ts';

class StaticProvider implements MigrationProvider {
  constructor(private readonly all: Record<string, Migration>) {}
  async getMigrations(): Promise<Record<string, Migration>> {
    return this.all;
  }
}

export interface MigrateOutcome {
  results: MigrationResult[];
  /** Names already applied before this call. */
  alreadyApplied: string[];
}

/** The migrator over relsync's migrations, keeping its bookkeeping tables in the warehouse's schema. */
export function migratorFor(db: Db): Migrator {
  return new Migrator({
    db: db.kysely,
    provider: new StaticProvider(migrations),
    ...(db.schema ? { migrationTableSchema: db.schema } : {}),
  });
}

export async function migrateToLatest(db: Db): Promise<MigrateOutcome> {
  const migrator = migratorFor(db);
  const before = await migrator.getMigrations();
  const alreadyApplied = before.filter((m) => m.executedAt !== undefined).map((m) => m.name);
  const { error, results } = await migrator.migrateToLatest();
  if (error) {
    const failed = results?.find((r) => r.status === 'Error');
    // A warehouse that cannot take writes (full disk, lost server) fails the run (exit 1) as it does in a sync.
    const fatal = fatalDatabaseError(error);
    const code = typeof (error as { code?: unknown }).code === 'string' ? ` (${(error as { code: string }).code})` : '';
    throw new UserError(`Migration ${failed?.migrationName ?? '(unknown)'} failed on ${db.describe}: ${(error as Error).message ?? String(error)}${code}`, {
      hint: 'No pending migration was applied: they run in one transaction. Fix the cause (permissions, disk space) and run `relsync migrate` again.',
      cause: error,
      ...(fatal ? { exitCode: fatal.exitCode } : {}),
    });
  }
  return { results: results ?? [], alreadyApplied };
}
