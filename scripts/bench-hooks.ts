/**
 * `npm run bench -- --part hooks [--scale small] [--db sqlite|postgres] [--burst 500] [--singles 20] [--delay 30]`:
 * webhook hints through the real path (issue 34 item 7). The simulator, a real `relsync schedule` child (the
 * built dist/relsync.js, `npm run build` first) with its receiver on 127.0.0.1 and its cron never due, and
 * the wall clock. Changes are made through the simulator's write API and its sender's deliveries captured
 * (bench-hooks-changes.ts); the bench then sends them to the receiver: single deliveries a few seconds
 * apart, a burst of `--burst` distinct deliveries with 10% more changes whose delivery is dropped, replays
 * of applied deliveries, and forged ones (a wrong secret in the path). Staleness is wall time from the
 * delivery to the change showing in the analyst's tables; a change still unseen at the end counts at its
 * age (censored). Calls are the simulator's own count of GETs (the bench's writes are not GETs); the whoami
 * pre-flight is shown apart (the service does not count it against the month).
 */
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { openDatabase, type Db } from '../src/load/db.ts';
import { startSimulator, type RunningSimulator, type Scale } from '@relsync/simulator';
import { DIST_BIN } from './build-cli.ts';
import { benchConfig, freshWarehouse, report, syncOnce, type Dialect } from './bench-support.ts';
import { Capture, ChangeMaker, KIND_MIX, WRITER_ACCOUNT, forgedBody, kindsFor } from './bench-hooks-changes.ts';
import { row, rowsOf, secs, SECOND, visible, Watch, type Tracked } from './bench-hooks-watch.ts';
import { startScheduleChild, type ScheduleChild } from './bench-hooks-child.ts';

const BURST_TARGET_MS = 120 * SECOND;
const SINGLE_P95_TARGET_MS = 60 * SECOND;
const CALLS_PER_DELIVERY_TARGET = 1.2;
const DROP_SHARE = 0.1;
const REPLAYS = 50;
const FORGED = 20;

export interface HooksOptions {
  scale: Scale;
  dialect: Dialect;
  burst: number;
  singles: number;
  delaySeconds: number;
}

/** GETs the simulator answered (relsync's reads), and its whoami pre-flights among them. */
function reads(sim: RunningSimulator): { gets: number; whoami: number } {
  let gets = 0;
  let whoami = 0;
  for (const [k, n] of sim.stats.byEndpoint) {
    if (!k.startsWith('GET ')) continue;
    if (k.endsWith('/auth/whoami')) whoami += n;
    else gets += n;
  }
  return { gets, whoami };
}

async function post(url: string, body: string): Promise<number> {
  const r = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body });
  await r.arrayBuffer();
  return r.status;
}

/** Send each change's delivery, `parallel` at a time, watched from the moment it is sent. */
async function deliver(url: string, watch: Watch, xs: Tracked[], parallel: number): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < xs.length) {
      const t = xs[next++]!;
      watch.track(t);
      const status = await post(url, t.change.body);
      if (status !== 200) throw new Error(`delivery answered ${status}: ${t.change.kind}`);
    }
  };
  await Promise.all(Array.from({ length: parallel }, worker));
}

/** Wait until the simulator has answered no GET for `quietMs` (the hint runs in hand are done). */
async function quiet(sim: RunningSimulator, quietMs: number, child: ScheduleChild): Promise<void> {
  let last = reads(sim).gets;
  let since = Date.now();
  while (Date.now() - since < quietMs) {
    await new Promise((r) => setTimeout(r, 500));
    child.assertAlive();
    const now = reads(sim).gets;
    if (now !== last) [last, since] = [now, Date.now()];
  }
}

interface Rig {
  sim: RunningSimulator;
  db: Db;
  maker: ChangeMaker;
  watch: Watch;
  child: ScheduleChild;
  url: string;
  forgedUrl: string;
  o: HooksOptions;
}

/** Single deliveries a few seconds apart, each change made just before its delivery. */
async function singlesPhase(r: Rig): Promise<{ singles: Tracked[]; end: number; calls: number }> {
  const start = reads(r.sim).gets;
  const singles: Tracked[] = [];
  for (const kind of kindsFor(r.o.singles)) {
    const t: Tracked = { change: await r.maker.make(kind), sentAt: null, seenAt: null };
    singles.push(t);
    await deliver(r.url, r.watch, [t], 1);
    await new Promise((res) => setTimeout(res, 2_000 + ((singles.length * 1_777) % 4_000)));
  }
  await r.watch.until(singles, 3 * r.o.delaySeconds * SECOND + 60 * SECOND);
  const end = Date.now();
  await quiet(r.sim, 3 * SECOND, r.child);
  return { singles, end, calls: reads(r.sim).gets - start };
}

/** Every change first (10% more whose delivery is dropped), then the deliveries at once. */
async function burstPhase(r: Rig) {
  const n = r.o.burst;
  const dropped = Math.round(n * (DROP_SHARE / (1 - DROP_SHARE)));
  const made: Tracked[] = [];
  for (const kind of kindsFor(n + dropped)) made.push({ change: await r.maker.make(kind), sentAt: null, seenAt: null });
  const every = Math.floor((n + dropped) / dropped);
  const isDropped = (i: number) => i % every === 0 && i / every < dropped;
  const burst = made.filter((_, i) => !isDropped(i));
  const lost = made.filter((_, i) => isDropped(i));
  const before = reads(r.sim);
  const start = Date.now();
  await deliver(r.url, r.watch, burst, 16);
  const sentIn = Date.now() - start;
  await r.watch.until(burst, 5 * 60 * SECOND);
  const end = Date.now();
  await quiet(r.sim, 3 * SECOND, r.child);
  const after = reads(r.sim);
  const drained = (burst.every((t) => t.seenAt !== null) ? Math.max(...burst.map((t) => t.seenAt!)) : end) - start;
  return { burst, lost, start, end, sentIn, drained, gets: after.gets - before.gets, whoami: after.whoami - before.whoami };
}

/** Replays of applied deliveries and forged ones, then one delay and more: no GET, no row changed. */
async function replayPhase(r: Rig, applied: Tracked[]) {
  const replayed = applied.filter((t) => t.seenAt !== null).slice(0, REPLAYS);
  const start = reads(r.sim).gets;
  const replayStatuses = await Promise.all(replayed.map((t) => post(r.url, t.change.body)));
  const victims = applied.slice(0, FORGED).map((t) => t.change);
  const snapshot = await rowsOf(r.db, victims);
  const forgedStatuses = await Promise.all(victims.map((c) => post(r.forgedUrl, forgedBody(c))));
  await new Promise((res) => setTimeout(res, (r.o.delaySeconds + 10) * SECOND));
  await quiet(r.sim, 3 * SECOND, r.child);
  return { replayed: replayed.length, replayStatuses, forgedStatuses, calls: reads(r.sim).gets - start, changed: (await rowsOf(r.db, victims)) !== snapshot };
}

async function measure(r: Rig): Promise<void> {
  const one = await singlesPhase(r);
  const b = await burstPhase(r);
  const rp = await replayPhase(r, [...one.singles, ...b.burst]);
  const end = Date.now();
  const lostSeen = (
    await visible(
      r.db,
      b.lost.map((t) => t.change),
    )
  ).size;
  const o = r.o;
  console.log(`webhook hints through the receiver of a running relsync schedule (${o.scale}, ${o.dialect}, wall clock, delivery to the analyst's tables)`);
  const singleP95 = row('single deliveries', one.singles, one.end);
  row('burst deliveries', b.burst, b.end);
  for (const [k] of KIND_MIX)
    row(
      `  ${k}`,
      b.burst.filter((t) => t.change.kind === k),
      b.end,
    );
  report('single deliveries: p95 staleness (censored)', secs(singleP95), '<= 60 s', singleP95 <= SINGLE_P95_TARGET_MS);
  report(
    `burst of ${b.burst.length} distinct deliveries (sent in ${secs(b.sentIn)}): all applied after`,
    secs(b.drained),
    '<= 120 s',
    b.drained <= BURST_TARGET_MS,
  );
  const per = b.gets / b.burst.length;
  report(
    `burst: calls a delivery (${b.gets} GETs; ${b.whoami} whoami pre-flights besides, which the service does not count)`,
    per.toFixed(2),
    `<= ${CALLS_PER_DELIVERY_TARGET}`,
    per <= CALLS_PER_DELIVERY_TARGET,
  );
  console.log(`  singles: ${one.calls} GETs for ${one.singles.length} deliveries`);
  const answered = (xs: number[]) => [...new Set(xs)].join('/');
  report(
    `replays of ${rp.replayed} applied deliveries (answered ${answered(rp.replayStatuses)}): calls`,
    String(rp.calls),
    '0',
    rp.calls === 0 && rp.replayStatuses.every((x) => x === 200),
  );
  report(
    `forged deliveries (wrong secret, ${rp.forgedStatuses.length} sent, answered ${answered(rp.forgedStatuses)}): rows changed`,
    rp.changed ? 'some' : 'none',
    'none',
    !rp.changed && rp.forgedStatuses.every((x) => x === 404),
  );
  console.log(
    `  dropped deliveries: ${b.lost.length} changes never delivered, ${lostSeen} seen by the end (${secs(end - b.start)} after the burst): hint runs read only what deliveries name; the periodic passes are their safety net (the cron was never due here)`,
  );
  console.log(`  hint runs (the child's log): ${r.child.hintRuns().join('; ')}`);
}

export async function runHooksPart(o: HooksOptions): Promise<void> {
  if (!existsSync(DIST_BIN)) throw new Error(`${DIST_BIN} is missing: run npm run build first`);
  const sim = await startSimulator({ scale: o.scale, seed: 1, rateLimitPerMin: 1_000_000, contract: 'reference', accounts: [WRITER_ACCOUNT] });
  const wh = freshWarehouse(o.dialect, 'hooks');
  const capture = new Capture();
  let child: ScheduleChild | null = null;
  let db: Db | null = null;
  let watch: Watch | null = null;
  try {
    const first = await syncOnce(benchConfig(sim, wh.databaseUrl), sim.apiKey, 'full');
    console.log(`first sync: ${first.calls} calls, ${first.seconds.toFixed(0)} s (${o.scale}, ${o.dialect})`);
    // The service's per-minute limit from here on: the hint runs live with it.
    sim.setRateLimit(900);
    sim.resetRateWindow();
    await capture.start();
    const hook = {
      id: sim.store.allocId('webhook'),
      url: capture.url,
      subscriptions: [],
      status: 'active' as const,
      creatorId: 0,
      createdAt: sim.store.now(),
      updatedAt: null,
    };
    sim.store.addWebhook(hook);
    const secret = randomBytes(24).toString('hex');
    child = await startScheduleChild({ sim, databaseUrl: wh.databaseUrl, secret, delaySeconds: o.delaySeconds });
    db = await openDatabase(wh.databaseUrl);
    watch = new Watch(db, child.assertAlive);
    watch.start();
    console.log(`relsync schedule: receiver ${child.url}, webhookDelaySeconds ${o.delaySeconds}, cron never due`);
    const rig: Rig = {
      sim,
      db,
      maker: new ChangeMaker(sim, capture),
      watch,
      child,
      url: `${child.url}/webhooks/${secret}`,
      forgedUrl: `${child.url}/webhooks/${randomBytes(24).toString('hex')}`,
      o,
    };
    await measure(rig);
  } finally {
    await watch?.stop();
    await child?.stop();
    await db?.close();
    await capture.close();
    await sim.close();
    await wh.dispose();
  }
}
