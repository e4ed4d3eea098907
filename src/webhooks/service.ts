import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Config } from '../config/schema.ts';
import {
  DEFAULT_WEBHOOK_ACCOUNT_REUSE_MS,
  DEFAULT_WEBHOOK_BACKLOG_DELAY_MS,
  DEFAULT_WEBHOOK_MAX_BODY_BYTES,
  DEFAULT_WEBHOOK_RATE_PER_MINUTE,
} from '../defaults.ts';
import { UserError } from '../errors.ts';
import { openDatabase, type Db } from '../load/db.ts';
import type { Logger } from '../log.ts';
import type { RunSummary } from '../state/runs.ts';
import { upgradeWarehouse } from '../state/upgrade.ts';
import { deliveryStats, storeDelivery } from './deliveries.ts';
import { runHintRun } from './hint-run.ts';
import { createReceiver, type Receiver } from './receiver.ts';
import { HintTrigger, type SetTimer } from './trigger.ts';
import { VerifiedAccount } from './verified-account.ts';

/** What the service needs of the scheduler: start a run unless one is in hand (Scheduler.runNow). */
export interface RunStarter {
  runNow(run: (signal: { shouldStop: () => boolean }) => Promise<RunSummary | null>, label: string): Promise<void> | null;
}

export interface WebhookService {
  receiver: Receiver;
  trigger: HintTrigger;
  db: Db;
  /** The receiver's own listening URL, or null when it is served on the metrics port. */
  url: string | null;
  /** For the metrics server when `webhookPort` is 0. */
  handle: (req: IncomingMessage, res: ServerResponse) => boolean;
  close(): Promise<void>;
}

async function listen(config: Config, receiver: Receiver): Promise<{ url: string; close: () => Promise<void> }> {
  const server = createServer((req, res) => {
    if (receiver.handle(req, res)) return;
    res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' }).end('not found\n');
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', (err: NodeJS.ErrnoException) =>
      reject(
        err.code === 'EADDRINUSE' || err.code === 'EADDRNOTAVAIL'
          ? new UserError(`RELSYNC_WEBHOOK_PORT ${config.webhookPort} on ${config.webhookHost} cannot be used (${err.code}).`, {
              hint: 'Set RELSYNC_WEBHOOK_PORT (or "webhookPort") to a free port and RELSYNC_WEBHOOK_HOST to an address of this machine, or 0 to serve on the metrics port.',
            })
          : err,
      ),
    );
    server.listen(config.webhookPort, config.webhookHost, () => resolve());
  });
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://${config.webhookHost}:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

/**
 * The receiver of `relsync schedule` (docs/webhooks.md): stores each delivery, arms a hint run, and at
 * start arms one for deliveries a previous process accepted but never applied (a kill loses none).
 * Null when no secret is configured.
 */
export async function startWebhookService(opts: {
  config: Config;
  log: Logger;
  apiKey: string;
  scheduler: RunStarter;
  /** The account this process's pre-flights named (the scheduled runs record theirs too); hint runs reuse it. */
  verified?: VerifiedAccount;
  /** The clock and its timers (default: the process's); the month bench runs the service on a simulated one. */
  now?: () => Date;
  setTimer?: SetTimer;
}): Promise<WebhookService | null> {
  const { config } = opts;
  const secret = config.webhookSecret;
  if (!secret) return null;
  if (config.webhookPort === 0 && config.metricsPort === 0) {
    throw new UserError('RELSYNC_WEBHOOK_SECRET is set but there is no port to receive deliveries on (webhookPort and metricsPort are both 0).', {
      hint: 'Set RELSYNC_WEBHOOK_PORT to a port for the receiver, or RELSYNC_METRICS_PORT to serve it beside /metrics.',
    });
  }
  const log = opts.log.child({ component: 'webhooks' });
  const now = opts.now ?? (() => new Date());
  const db = await openDatabase(config.databaseUrl);
  await upgradeWarehouse(db);
  let capped = false;
  const verified = opts.verified ?? new VerifiedAccount(DEFAULT_WEBHOOK_ACCOUNT_REUSE_MS);
  const trigger = new HintTrigger({
    delayMs: config.webhookDelaySeconds * 1000,
    backlogDelayMs: DEFAULT_WEBHOOK_BACKLOG_DELAY_MS,
    capped: () => capped,
    log,
    setTimer: opts.setTimer,
    pending: async () => (await deliveryStats(db.kysely)).pending,
    start: () =>
      opts.scheduler.runNow(async ({ shouldStop }) => {
        const r = await runHintRun({ config, log: opts.log, apiKey: opts.apiKey, db, shouldStop, verified, now });
        capped = r.applied.capped;
        return r.summary;
      }, 'webhook hint run'),
  });
  const told = new Set<string>();
  const receiver = createReceiver({
    secret,
    maxBodyBytes: DEFAULT_WEBHOOK_MAX_BODY_BYTES,
    ratePerMinute: DEFAULT_WEBHOOK_RATE_PER_MINUTE,
    log,
    now: () => now().getTime(),
    accept: async (body) => {
      const d = await storeDelivery(db.kysely, body, now());
      if (d.parsed.status === 'pending') trigger.notify();
      else if (!told.has(`${d.parsed.status}:${d.parsed.event}`)) {
        // Once per kind and process: an unusable body is kept and counted (webhooks status), never an error.
        told.add(`${d.parsed.status}:${d.parsed.event}`);
        log.warn({ status: d.parsed.status, event: d.parsed.event, reason: d.parsed.reason }, 'webhook delivery kept but not acted on');
      }
    },
  });
  const own = config.webhookPort > 0 ? await listen(config, receiver) : null;
  if ((await deliveryStats(db.kysely)).pending > 0) {
    log.info('deliveries accepted before this start are still pending: a hint run is armed');
    trigger.notify();
  }
  return {
    receiver,
    trigger,
    db,
    url: own?.url ?? null,
    handle: (req, res) => receiver.handle(req, res),
    close: async () => {
      trigger.stop();
      await own?.close();
      await db.close();
    },
  };
}
