import type { Command } from 'commander';
import { missingKeyError } from '../config/load.ts';
import { executeSync } from '../runner/execute.ts';
import { startMetricsServer, type MetricsServer } from '../scheduler/metrics.ts';
import { RunMetrics } from '../scheduler/prom-metrics.ts';
import { Scheduler } from '../scheduler/scheduler.ts';
import { seedFromWarehouse } from '../scheduler/seed.ts';
import { DEFAULT_WEBHOOK_ACCOUNT_REUSE_MS } from '../defaults.ts';
import { startWebhookService, type WebhookService } from '../webhooks/service.ts';
import { VerifiedAccount } from '../webhooks/verified-account.ts';
import { commandContext } from './context.ts';
import { installStopSignals } from './stop-signals.ts';

/**
 * `relsync schedule`: incremental syncs on the configured cron expression until SIGTERM/SIGINT. The first
 * signal stops gracefully (the run in hand stops at once; every committed page and its checkpoint are kept) and exits 0;
 * a second signal exits at once with 130.
 */
export async function runScheduleCommand(cmd: Command): Promise<void> {
  const { config, log } = commandContext(cmd);
  if (!config.apiKey) throw missingKeyError();
  const apiKey = config.apiKey;
  const out = process.stdout;

  const metrics = new RunMetrics();
  // Each scheduled run's pre-flight names the account; the hint runs between them reuse it (no whoami of their own).
  const verified = new VerifiedAccount(DEFAULT_WEBHOOK_ACCOUNT_REUSE_MS);
  const scheduler = new Scheduler({
    cron: config.schedule,
    log,
    secrets: [apiKey],
    metrics,
    runOnce: async ({ shouldStop }) =>
      (
        await executeSync({
          config,
          log,
          apiKey,
          mode: 'incremental',
          command: 'schedule',
          tty: false,
          shouldStop,
          stop: signals.signal,
          onPage: (e) => metrics.recordPage(e),
          // The scheduler's own lines carry the account from the first run that names it.
          onAccount: (a) => {
            verified.record(a);
            metrics.setAccount(a);
            log.setBindings({ tenant: a.id });
          },
        })
      ).summary,
  });

  let onStopped: () => void = () => undefined;
  const finished = new Promise<void>((resolve) => {
    onStopped = resolve;
  });
  // Installed before anything starts, so an early signal is graceful too (start() is then a no-op).
  const signals = installStopSignals({
    log,
    message: 'signal received: stopping now, keeping every committed page; send it again to quit at once',
    onFirst: () => void scheduler.stop().then(onStopped),
  });

  let server: MetricsServer | null = null;
  let webhooks: WebhookService | null = null;
  try {
    await seedFromWarehouse(scheduler, { databaseUrl: config.databaseUrl, schedule: config.schedule, log, now: new Date() });
    webhooks = await startWebhookService({ config, log, apiKey, scheduler, verified });
    const extra = webhooks && !webhooks.url ? webhooks.handle : undefined;
    if (config.metricsPort > 0)
      server = await startMetricsServer({ port: config.metricsPort, host: config.metricsHost, source: scheduler, log, ...(extra ? { extra } : {}) });
    scheduler.start();
    const next = scheduler.nextRun();
    out.write(
      `relsync schedule: "${config.schedule}", incremental sync into ${config.databaseUrl.startsWith('sqlite:') ? config.databaseUrl : 'PostgreSQL'}\n`,
    );
    out.write(`next run at ${next ? next.toISOString() : 'never (the expression matches no future time)'}\n`);
    out.write(server ? `health: ${server.url}/healthz  metrics: ${server.url}/metrics\n` : 'metrics endpoint off (metricsPort is 0)\n');
    // The path's secret is never printed: whoever reads the terminal or the log should not learn it.
    if (webhooks) out.write(`webhooks: POST ${webhooks.url ?? server?.url ?? ''}/webhooks/<secret> (hints applied within ${config.webhookDelaySeconds} s)\n`);
    out.write('stop with Ctrl-C or SIGTERM (the run in hand stops at once, keeping every committed page)\n');
    await finished;
    out.write('scheduler stopped\n');
    process.exitCode = 0;
  } finally {
    // On a startup failure (port in use) nothing is scheduled yet; stop() makes sure of it.
    await scheduler.stop();
    await server?.close();
    await webhooks?.close();
    signals.dispose();
  }
}
