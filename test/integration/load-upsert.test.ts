import { expect, it } from 'vitest';
import type { RowOf } from '../../src/load/schema/row-batch.ts';
import { WAREHOUSE_TABLES } from '../../src/load/schema/table-specs.ts';
import { DEFAULT_PG_UPSERT_ROWS, DEFAULT_SQLITE_UPSERT_ROWS } from '../../src/defaults.ts';
import { POSTGRES_WAREHOUSE } from '../../src/load/dialects/pg/pg-warehouse.ts';
import { quarantineRecords } from '../../src/load/write/quarantine.ts';
import { fromDbBool, upsertRows } from '../../src/load/write/upsert.ts';
import { normalizeTimestamp } from '../../src/transform/index.ts';
import { forEachDialect, useMigratedDb } from '../helpers/dialects.ts';

const T1 = '2024-04-01T07:00:00.000Z';
const T2 = '2024-04-02T07:00:00.000Z';

forEachDialect('load: upsert', (dialect) => {
  const db = useMigratedDb(dialect, { extraTables: ['quarantine'] });

  it('inserts, then updates in place: no duplicates, changed columns, _synced_at advanced', async () => {
    const k = db().kysely;
    await upsertRows(
      k,
      db().dialect,
      'companies',
      [
        { id: 1, name: 'Acme', domain: 'acme.co', _raw: '{"id":1}' },
        { id: 2, name: 'Globex', domain: 'globex.com', _raw: '{"id":2}' },
      ],
      T1,
    );
    await upsertRows(k, db().dialect, 'companies', [{ id: 1, name: 'Acme Inc', domain: 'acme.com', _raw: '{"id":1,"v":2}' }], T2);
    const rows = await k.selectFrom('companies').selectAll().orderBy('id').execute();
    expect(rows.map((r) => [r.id, r.name, r.domain, r._synced_at, r._deleted_at])).toEqual([
      [1, 'Acme Inc', 'acme.com', T2, null],
      [2, 'Globex', 'globex.com', T1, null],
    ]);
    // When each row was first stored: set by the insert, kept by the update.
    expect(rows.map((r) => r._first_seen_at)).toEqual([T1, T1]);
    expect(JSON.parse(rows[0]!._raw!)).toEqual({ id: 1, v: 2 });
  });

  it('keeps columns a later row does not mention, and clears them on explicit null', async () => {
    const k = db().kysely;
    await upsertRows(k, db().dialect, 'opportunities', [{ id: 7, name: 'Deal', list_id: 3 }], T1);
    await upsertRows(k, db().dialect, 'opportunities', [{ id: 7, list_entry_id: 70, created_at: '2020-04-11T15:46:50.963-07:00' }], T2);
    let row = await k.selectFrom('opportunities').selectAll().executeTakeFirstOrThrow();
    expect([row.name, row.list_id, row.list_entry_id, row.created_at]).toEqual(['Deal', 3, 70, '2020-04-11T22:46:50.963Z']);
    await upsertRows(k, db().dialect, 'opportunities', [{ id: 7, name: null }], T2);
    row = await k.selectFrom('opportunities').selectAll().executeTakeFirstOrThrow();
    expect([row.name, row.list_id]).toEqual([null, 3]);
  });

  // More rows than one statement carries on either dialect (ending with a part statement), and more
  // bound values than either allows in one statement had they been sent as one multi-row VALUES list.
  it('chunks a batch larger than one statement holds (5,003 wide rows)', async () => {
    const count = 5003;
    const columns = Object.keys(WAREHOUSE_TABLES.reminders.columns).length;
    expect(count * columns).toBeGreaterThan(POSTGRES_WAREHOUSE.paramLimit);
    for (const perStatement of [DEFAULT_PG_UPSERT_ROWS, DEFAULT_SQLITE_UPSERT_ROWS]) expect(count % perStatement).toBeGreaterThan(0);
    const rows: Array<RowOf<'reminders'>> = Array.from({ length: count }, (_, i) => ({
      id: i + 1,
      type: 'one-time',
      content: `call back #${i}`,
      due_date: T2,
      reset_type: null,
      reminder_days: i % 30,
      status: 'active',
      owner_id: 1,
      creator_id: 2,
      completer_id: null,
      person_id: i,
      company_id: null,
      opportunity_id: null,
      created_at: T1,
      completed_at: null,
      _raw: JSON.stringify({ id: i + 1 }),
    }));
    expect(await upsertRows(db().kysely, db().dialect, 'reminders', rows, T1)).toBe(count);
    const n = await db()
      .kysely.selectFrom('reminders')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(n.n)).toBe(count);
    const last = await db().kysely.selectFrom('reminders').selectAll().where('id', '=', count).executeTakeFirstOrThrow();
    expect([last.content, last.reminder_days, last.due_date]).toEqual([`call back #${count - 1}`, (count - 1) % 30, T2]);
  });

  // The dialects' fast paths (sqlite-upsert.ts, pg-upsert.ts in src/load/dialects/) write on the caller's connection, inside its
  // transaction, and one call lands whole or not at all, as one statement would.
  it("writes inside the caller's transaction, and a call that fails leaves none of its rows", async () => {
    const k = db().kysely;
    const entries = (n: number, bad?: number): Array<RowOf<'list_entries'>> =>
      Array.from({ length: n }, (_, i) => ({ id: i + 1, list_id: 3, entity_type: 'company', entity_id: i === bad ? (null as unknown as number) : 100 + i }));
    const count = async () =>
      Number(
        (
          await k
            .selectFrom('list_entries')
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    await expect(
      k.transaction().execute(async (trx) => {
        expect(await upsertRows(trx, db().dialect, 'list_entries', entries(120), T1)).toBe(120);
        expect(
          Number(
            (
              await trx
                .selectFrom('list_entries')
                .select((eb) => eb.fn.countAll<number>().as('n'))
                .executeTakeFirstOrThrow()
            ).n,
          ),
        ).toBe(120);
        throw new Error('the page fails after its rows');
      }),
    ).rejects.toThrow(/the page fails/);
    expect(await count()).toBe(0);
    // Row 110 breaks NOT NULL: the 100 rows of the two full statements before it are undone too.
    await expect(upsertRows(k, db().dialect, 'list_entries', entries(120, 109), T1)).rejects.toThrow(/null/i);
    expect(await count()).toBe(0);
    expect(await upsertRows(k, db().dialect, 'list_entries', entries(120), T1)).toBe(120);
    expect(await count()).toBe(120);
  });

  it('rows with the same key in one batch: the last one wins, members merged in order', async () => {
    const k = db().kysely;
    const n = await upsertRows(
      k,
      db().dialect,
      'persons',
      [
        { id: 5, first_name: 'Ann', last_name: 'Lee', type: 'external' },
        { id: 6, first_name: 'Bo' },
        { id: 5, first_name: 'Anne', primary_email: 'anne@x.co' },
      ],
      T1,
    );
    expect(n).toBe(2);
    const rows = await k.selectFrom('persons').select(['id', 'first_name', 'last_name', 'primary_email']).orderBy('id').execute();
    expect(rows).toEqual([
      { id: 5, first_name: 'Anne', last_name: 'Lee', primary_email: 'anne@x.co' },
      { id: 6, first_name: 'Bo', last_name: null, primary_email: null },
    ]);
  });

  it('booleans round-trip as comparable values whether given as true/false or 1/0', async () => {
    const k = db().kysely;
    await upsertRows(
      k,
      db().dialect,
      'companies',
      [
        { id: 1, is_global: true },
        { id: 2, is_global: false },
        { id: 3, is_global: 1 },
        { id: 4, is_global: null },
      ],
      T1,
    );
    const rows = await k.selectFrom('companies').select(['id', 'is_global']).orderBy('id').execute();
    expect(rows.map((r) => fromDbBool(r.is_global))).toEqual([true, false, true, null]);
    const globals = await k.selectFrom('companies').select('id').where('is_global', '=', db().dialect.bool(true)).orderBy('id').execute();
    expect(globals.map((r) => r.id)).toEqual([1, 3]);
  });

  // The compiler refuses the first, second and last call (the RowBatch types come from the registry); the
  // loader still checks at run time, for rows whose table is named at run time.
  // RFC 3339's edges (transform/timestamps.ts): years 0000–0099 as written (PostgreSQL's `BC` for 0000), a
  // leap second as the next second; stored, read back and ordered the same on both dialects.
  it('stores timestamps of years 0000–9999 and leap seconds and reads them back unchanged, in order', async () => {
    const k = db().kysely;
    const inputs = ['9999-12-31T23:59:59.999Z', '2016-12-31T23:59:60Z', '0099-12-31t23:59:59.5z', '0024-05-01T00:00:00Z', '0000-02-29T12:00:00+01:00'];
    const rows = inputs.map((at, i) => ({ id: i + 1, type: 'one-time', content: at, due_date: normalizeTimestamp(at) }));
    await upsertRows(k, db().dialect, 'reminders', rows, T1);
    const back = await k.selectFrom('reminders').select(['content', 'due_date']).orderBy('due_date').execute();
    expect(back.map((r) => r.due_date)).toEqual([
      '0000-02-29T11:00:00.000Z',
      '0024-05-01T00:00:00.000Z',
      '0099-12-31T23:59:59.500Z',
      '2017-01-01T00:00:00.000Z',
      '9999-12-31T23:59:59.999Z',
    ]);
    const early = await k.selectFrom('reminders').select('id').where('due_date', '<', '0100-01-01T00:00:00.000Z').execute();
    expect(early).toHaveLength(3);
  });

  it('rejects an unknown table, an unknown column and a bad timestamp with a clear message', async () => {
    const k = db().kysely;
    // @ts-expect-error not a warehouse table
    await expect(upsertRows(k, db().dialect, 'companys', [{ id: 1 }], T1)).rejects.toThrow(/not a warehouse table/);
    // @ts-expect-error not a column of companies
    await expect(upsertRows(k, db().dialect, 'companies', [{ id: 1, nmae: 'x' }], T1)).rejects.toThrow(/no column "nmae"/);
    await expect(upsertRows(k, db().dialect, 'notes', [{ id: 1, created_at: 'yesterday' }], T1)).rejects.toThrow(/not an ISO-8601/);
    // @ts-expect-error the primary key is missing
    await expect(upsertRows(k, db().dialect, 'companies', [{ name: 'no id' }], T1)).rejects.toThrow(/primary-key/);
  });

  it('quarantine is idempotent: one row per record, first_seen_at kept, the rest refreshed', async () => {
    const k = db().kysely;
    const bad = [
      { raw: { id: 9, name: 42 }, error: 'name: expected string' },
      { raw: { name: 'no id' }, error: 'id: required' },
    ];
    await quarantineRecords(k, db().dialect, 'companies', bad, 'run-1', T1);
    await quarantineRecords(k, db().dialect, 'companies', [...bad, { raw: { id: 9 }, error: 'still bad' }], 'run-2', T2);
    const rows = await k.selectFrom('quarantine').selectAll().orderBy('record_key').execute();
    expect(rows).toHaveLength(2);
    const byId = rows.find((r) => r.record_key === '9')!;
    expect([byId.first_seen_at, byId.last_seen_at, byId.error, byId.run_id]).toEqual([T1, T2, 'still bad', 'run-2']);
    expect(JSON.parse(byId.payload)).toEqual({ id: 9 });
    const hashed = rows.find((r) => r.record_key !== '9')!;
    expect(hashed.record_key).toMatch(/^[0-9a-f]{40}$/);
    expect(JSON.parse(hashed.payload)).toEqual({ name: 'no id' });
  });
});
