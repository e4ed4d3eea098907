import { startSyncFixture } from '../../helpers/sync-fixture.ts';
const dialect = (process.argv[2] ?? 'sqlite') as 'sqlite' | 'postgres';
const simOpts = JSON.parse(process.argv[3] ?? '{}');
const f = await startSyncFixture({ dialect, scale: 'small', sim: simOpts });
const t0 = Date.now();
const r = await f.runFull();
console.log('full sync', Date.now() - t0, 'ms', r.summary.status, r.summary.callsTotal);
for (const [k, v] of Object.entries(r.summary.streams)) console.log(k.padEnd(30), v.durationMs, v.pages);
await f.close();
