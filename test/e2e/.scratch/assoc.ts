import { sql } from 'kysely';
import { startSyncFixture } from '../../helpers/sync-fixture.ts';
const f = await startSyncFixture({ dialect: 'sqlite', scale: 'small' });
await f.runFull();
const r = await sql.raw(`select entity_type, entity_id, count(*) n from field_values where field_id in ('persons','companies') group by 1,2 order by n desc limit 5`).execute(f.db.kysely);
console.log(r.rows);
const c = f.sim.store.companies.get(200000001)!; console.log('store persons of 200000001', c.personIds.length);
const cp = await sql.raw(`select count(*) n from company_persons where company_id=200000001`).execute(f.db.kysely); console.log(cp.rows);
await f.close();
