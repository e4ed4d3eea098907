/**
 * The webhook design of the month bench (`--webhooks`, issue 34): a third warehouse that runs relsync's webhook
 * service (src/webhooks/service.ts: the receiver listening on 127.0.0.1, its hint trigger, its hint runs) beside
 * the same hourly runs, on the bench's simulated clock. A change a user makes through the API fires the event the
 * service documents for that write (docs/contract.md §10), which the simulator's own sender POSTs to the receiver;
 * the simulator drops `--drop` of them. A change the service makes itself (a person made from an email) fires
 * nothing, as the reference says of imports and enrichment. The trigger's timers run on the simulated clock:
 * `until(t)` fires those due by `t` in order, and a hint run moves the clock on at 900 calls a minute.
 */
import { BudgetExhaustedError } from '../src/extract/http/errors.ts';
import { silentLogger } from '../src/log.ts';
import type { RunSummary } from '../src/state/runs.ts';
import { startWebhookService, type WebhookService } from '../src/webhooks/service.ts';
import type { SetTimer } from '../src/webhooks/trigger.ts';
import type { RunningSimulator } from '@relsync/simulator';
import type { Change } from './bench-month-kinds.ts';
import { eventOf } from './bench-month-events.ts';
import type { PacedClock } from './bench-clock.ts';
import { BUDGET, DAY, HOUR, ages, h, pct, type Design } from './bench-month-report.ts';
import { report } from './bench-support.ts';
import { freePort } from '../test/helpers/free-port.ts';

/** The path secret of the bench's receiver (the config's minimum is 24 characters). */
const SECRET = 'bench-month-webhook-secret-0123456789';

/** The config of the webhook design: the tiers design's, with the receiver on a free 127.0.0.1 port. */
export async function hooksConfigExtra(): Promise<Record<string, unknown>> {
  return { webhookSecret: SECRET, webhookPort: await freePort(), webhookHost: '127.0.0.1' };
}

export class HooksDesign {
  /** Hint runs so far, their calls (all of them; the design's `calls` takes those after day 1), deliveries sent. */
  runs = 0;
  calls = 0;
  sent = 0;
  private timers: Array<{ at: number; fire: () => Promise<void>; cancelled: boolean }> = [];
  private service: WebhookService | null = null;

  constructor(
    private readonly sim: RunningSimulator,
    readonly design: Design,
    private readonly paced: PacedClock,
    /** Counts a hint run's calls to the right part of the month (day 1 or the steady days). */
    private readonly onCalls: (calls: number) => void,
  ) {}

  private readonly setTimer: SetTimer = (fire, ms) => {
    const t = { at: this.paced.now() + ms, fire, cancelled: false };
    this.timers.push(t);
    return { cancel: () => (t.cancelled = true) };
  };

  async start(drop: number): Promise<void> {
    const service = await startWebhookService({
      config: this.design.config,
      log: silentLogger(),
      apiKey: this.design.apiKey,
      now: () => new Date(this.paced.now()),
      setTimer: this.setTimer,
      scheduler: { runNow: (run) => this.runNow(run) },
    });
    if (!service?.url) throw new Error('the webhook design needs its receiver listening (webhookSecret and webhookPort)');
    this.service = service;
    const id = Math.max(0, ...this.sim.store.webhooks.keys()) + 1;
    const at = new Date(this.paced.now()).toISOString();
    this.sim.store.webhooks.set(id, {
      id,
      url: `${service.url}/webhooks/${SECRET}`,
      subscriptions: [],
      status: 'active',
      creatorId: 1,
      createdAt: at,
      updatedAt: null,
    });
    this.sim.webhooks.setDrop(drop);
  }

  /** The scheduler's side: a hint run starts at once (the bench runs one thing at a time) and its calls are counted. */
  private runNow(run: (signal: { shouldStop: () => boolean }) => Promise<RunSummary | null>): Promise<void> {
    return run({ shouldStop: () => false }).then(
      (summary) => {
        this.runs += 1;
        this.calls += summary?.callsTotal ?? 0;
        this.onCalls(summary?.callsTotal ?? 0);
      },
      (err: unknown) => {
        // The month's limit stops a hint run as it would a scheduled one: recorded, and the bench goes on.
        if (!(err instanceof BudgetExhaustedError)) throw err;
        this.design.refusedAt ??= this.paced.now();
      },
    );
  }

  /** Fire the change's event through the simulator's sender; whether it reached the receiver (null: none fires). */
  async deliver(c: Change): Promise<boolean | null> {
    const listId = [...this.sim.store.lists.values()].find((l) => l.type === 'company')?.id ?? null;
    const event = eventOf(c, listId);
    if (!event) return null;
    const before = this.sim.webhooks.stats.dropped;
    this.sim.webhooks.fire(event);
    await this.sim.webhooks.idle();
    this.sent += 1;
    return this.sim.webhooks.stats.dropped === before;
  }

  /** Fire the trigger's timers due by `t`, in order, each hint run starting when the last run ended; `after` follows each. */
  async until(t: number, after: () => Promise<void>): Promise<void> {
    for (;;) {
      this.timers = this.timers.filter((x) => !x.cancelled);
      const next = this.timers.reduce<(typeof this.timers)[number] | undefined>((a, x) => (a === undefined || x.at < a.at ? x : a), undefined);
      if (!next || next.at > t) return;
      this.timers = this.timers.filter((x) => x !== next);
      this.paced.set(Math.max(next.at, this.design.freeAt));
      await next.fire();
      this.design.freeAt = this.paced.now();
      await after();
    }
  }

  async close(): Promise<void> {
    await this.service?.close();
  }
}

/** The webhook design's own figures beside the tiers design without webhooks (the same tenant, changes and clock). */
export function hooksSummary(hooks: HooksDesign, plain: Design, end: number, days: number): void {
  const d = hooks.design;
  const p95 = (f: (c: Change) => boolean) => pct(ages(d, end, f).all, 95);
  const unseen = (f: (c: Change) => boolean) => ages(d, end, f).unseen;
  const arrived = (c: Change) => c.delivered === true;
  const secs = (ms: number) => (Number.isNaN(ms) ? '-' : ms < HOUR ? `${(ms / 1000).toFixed(0)} s` : h(ms));
  console.log(
    `  webhooks: ${hooks.sent} deliveries sent, ${d.seen.length + d.pending.length - hooks.sent} changes fire none; ${hooks.runs} hint runs, ${hooks.calls} calls (${(hooks.calls / Math.max(1, hooks.sent)).toFixed(2)} a delivery sent)`,
  );
  report(
    'with webhooks, changes whose delivery arrived: p95 staleness (simulated), unseen counted',
    `${secs(p95(arrived))}, ${unseen(arrived)} unseen`,
    '<= 60 s',
    p95(arrived) <= 60_000,
  );
  const missedRelevant = (c: Change) => c.relevant === true && c.delivered !== true;
  const droppedRelevant = (c: Change) => c.relevant === true && c.delivered === false;
  const droppedByCompany = (c: Change) => droppedRelevant(c) && c.personEnd !== true;
  report(
    'with webhooks, relevant changes whose delivery was dropped: p95 staleness, unseen counted',
    `${secs(p95(droppedRelevant))} of ${ages(d, end, droppedRelevant).all.length} (without the links relevant by their person alone ${secs(p95(droppedByCompany))} of ${ages(d, end, droppedByCompany).all.length}); with the changes that fire none, ${secs(p95(missedRelevant))} of ${ages(d, end, missedRelevant).all.length}`,
    '<= 24h',
    !(p95(droppedRelevant) > DAY) && !(p95(missedRelevant) > DAY),
  );
  const month = (x: Design) => Math.round((x.calls * 30) / Math.max(1, days - 1));
  report('month calls with webhooks (days 2..end scaled to 30 days)', `${month(d)} (without: ${month(plain)})`, `<= ${BUDGET}`, month(d) <= BUDGET);
}
