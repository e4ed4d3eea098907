/**
 * Migrations 011 and 012 on a warehouse written before them. 011: the v1 colour integers stored as text
 * in `dropdown_options.color` move to `color_code` (the name column starts empty: no document maps an
 * integer to a name); other text is left alone. 012: the notes update feed's mark is forgotten, so the
 * next run reads every note once through `/v2/notes` (the only source of `transcriptId`); other streams'
 * marks stay.
 */
import { afterEach, expect, it } from 'vitest';
import { openDatabase, type Db } from '../../src/load/db.ts';
import { migrateToLatest, migratorFor } from '../../src/load/migrate.ts';
import { emptyCheckpoint, readCheckpoint, writeCheckpoint } from '../../src/state/checkpoint.ts';
import { forEachDialect, freshDatabaseUrl, type TestDatabase } from '../helpers/dialects.ts';

const T1 = '2024-04-01T07:00:00.000Z';

async function migrateTo(db: Db, name: string): Promise<void> {
  const { error } = await migratorFor(db).migrateTo(name);
  if (error) throw error;
}

forEachDialect('migrate: 011 dropdown colours, 012 note transcripts', (dialect) => {
  let t: TestDatabase | undefined;
  afterEach(async () => {
    await t?.cleanup();
  });

  it('moves integer colours to color_code and leaves names; forgets only the notes feed mark', async () => {
    t = await freshDatabaseUrl(dialect);
    const db = await openDatabase(t.url);
    try {
      await migrateTo(db, '009-one-value-shape');
      const option = (id: number, color: string | null) => ({ field_id: 'field-1', id, text: `o${id}`, rank: id, color, _synced_at: T1 });
      await db.kysely
        .insertInto('dropdown_options')
        .values([option(1, '3'), option(2, '0'), option(3, 'green'), option(4, null), option(5, '-1'), option(6, '12a'), option(7, '1234567890')])
        .execute();
      const mark = { ...emptyCheckpoint(), highWater: { at: T1, id: null } };
      await writeCheckpoint(db.kysely, 'notes_updates', '', mark, T1, { success: true });
      await writeCheckpoint(db.kysely, 'reminders_updates', '', mark, T1, { success: true });

      await migrateToLatest(db);
      const rows = await db.kysely.selectFrom('dropdown_options').select(['id', 'color', 'color_code']).orderBy('id').execute();
      expect(rows).toEqual([
        { id: 1, color: null, color_code: 3 },
        { id: 2, color: null, color_code: 0 },
        { id: 3, color: 'green', color_code: null },
        { id: 4, color: null, color_code: null },
        { id: 5, color: null, color_code: -1 },
        { id: 6, color: '12a', color_code: null },
        { id: 7, color: '1234567890', color_code: null },
      ]);
      expect((await readCheckpoint(db.kysely, 'notes_updates', '')).checkpoint.highWater).toBeNull();
      expect((await readCheckpoint(db.kysely, 'reminders_updates', '')).checkpoint.highWater).toEqual({ at: T1, id: null });
    } finally {
      await db.close();
    }
  });
});
