import { Option, type Command } from 'commander';
import { DEFAULT_PLAN_COUNT_CALLS } from '../defaults.ts';
import { UserError } from '../errors.ts';

function streamList(value: string): string[] {
  const names = value
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  if (names.length === 0) throw new UserError('--streams needs at least one stream name, e.g. --streams companies,persons');
  return names;
}

function eventList(value: string): string[] {
  return value
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
}

function countCalls(value: string): number {
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1) throw new UserError(`--count-calls needs a whole number of calls, at least 1 (got "${value}")`);
  return n;
}

const METRICS_FILE_HELP = "when the run ends, write its Prometheus metrics to this file (node_exporter's textfile format, replaced atomically)";

export function registerCommands(program: Command): void {
  program
    .command('sync')
    .description('one run: incremental where state exists, a full sweep otherwise')
    .option('--full', 'full sweep of every stream, ignoring incremental state')
    .option('--streams <a,b>', 'only these streams (see `relsync status` for names)', streamList)
    .option('--metrics-file <path>', METRICS_FILE_HELP)
    .action(async (opts: { full?: boolean; streams?: string[]; metricsFile?: string }, cmd: Command) => {
      const { runSyncCommand } = await import('./sync-command.ts');
      await runSyncCommand(cmd, {
        full: Boolean(opts.full),
        ...(opts.streams ? { streams: opts.streams } : {}),
        ...(opts.metricsFile ? { metricsFile: opts.metricsFile } : {}),
      });
    });

  program
    .command('backfill')
    .description('a resumable full re-sweep of the named streams, leaving the others untouched')
    .requiredOption('--streams <a,b>', 'streams to re-sweep', streamList)
    .option('--since <iso-date>', 'feeds (change log, note and reminder updates) re-read from this date')
    .option('--metrics-file <path>', METRICS_FILE_HELP)
    .action(async (opts: { streams: string[]; since?: string; metricsFile?: string }, cmd: Command) => {
      const { runBackfillCommand } = await import('./backfill-command.ts');
      await runBackfillCommand(cmd, opts);
    });

  program
    .command('schedule')
    .description('long-running: runs sync on the configured cron expression, never two at once')
    .action(async (_opts: unknown, cmd: Command) => {
      const { runScheduleCommand } = await import('./schedule-command.ts');
      await runScheduleCommand(cmd);
    });

  program
    .command('status')
    .description('checkpoints, last runs, row counts and the rate-limit budget seen')
    .option('--json', 'machine-readable output')
    .action(async (opts: { json?: boolean }, cmd: Command) => {
      const { runStatusCommand } = await import('./status-command.ts');
      await runStatusCommand(cmd, { json: Boolean(opts.json) });
    });

  program
    .command('plan')
    .description('calls per run, day and month of the configured schedule and sweep periods, against the monthly budget')
    .option('--json', 'machine-readable output')
    .option('--count-calls <n>', `before the first sync: most calls spent counting (default ${DEFAULT_PLAN_COUNT_CALLS})`, countCalls, DEFAULT_PLAN_COUNT_CALLS)
    .action(async (opts: { json?: boolean; countCalls: number }, cmd: Command) => {
      const { runPlanCommand } = await import('./plan-command.ts');
      await runPlanCommand(cmd, { json: Boolean(opts.json), countCalls: opts.countCalls });
    });

  program
    .command('migrate')
    .description('apply database migrations and print each result')
    .action(async (_opts: unknown, cmd: Command) => {
      const { runMigrateCommand } = await import('./migrate-command.ts');
      await runMigrateCommand(cmd);
    });

  const webhooks = program.command('webhooks').description('webhook hints: subscribe the receiver of `schedule`, and show subscriptions and pending hints');
  webhooks
    .command('subscribe')
    .description('register (or re-enable) the subscription; /v2/webhooks where the API version has it, else /webhook/subscribe; at most 3 per instance')
    .requiredOption('--url <url>', 'the public address of the receiver, ending in /webhooks/<secret>')
    .option('--events <a,b>', 'event names (default: all events)', eventList, [])
    .action(async (opts: { url: string; events: string[] }, cmd: Command) => {
      const { runWebhooksSubscribe } = await import('./webhooks-command.ts');
      await runWebhooksSubscribe(cmd, opts);
    });
  webhooks
    .command('status')
    .description('subscriptions and their status, the last delivery received, and the hints pending')
    .action(async (_opts: unknown, cmd: Command) => {
      const { runWebhooksStatus } = await import('./webhooks-command.ts');
      await runWebhooksStatus(cmd);
    });

  program
    .command('simulate')
    .description('serve the Affinity API simulator on 127.0.0.1')
    .option('--port <n>', 'port (0 picks a free one)', '0')
    .option('--seed <n>', 'data seed', '1')
    .addOption(new Option('--scale <scale>', 'data size').choices(['tiny', 'small', 'medium', 'large']).default('small'))
    .option('--latency-ms <n>', 'added latency per response', '0')
    .option('--rate-limit-per-min <n>', 'per-minute request budget', '900')
    .option('--faults <spec>', 'fault injection, e.g. 5xx=0.05,reset=0.02,html=0.01,slow=0.01,malformed=0.005; webhook-drop=0.1 loses deliveries')
    .addOption(new Option('--contract <name>', 'which document to follow where seed and reference differ').choices(['reference', 'seed']).default('reference'))
    .option(
      '--deny <permissions>',
      'answer 403 on the routes of these permissions: emails,merges,companies,persons,lists; duplicates: 404, a tenant without that beta; older-single-reads: 404 on GET /persons/{id}, /organizations/{id}, /opportunities/{id}',
    )
    .option('--api-key <key>', 'the key the simulator accepts (default sim-key)')
    .option('--api-version <date>', 'API version assumed when a request sends none')
    .action(async (opts: Record<string, string | undefined>) => {
      const { runSimulateCommand } = await import('./simulate-command.ts');
      await runSimulateCommand(opts);
    });

  program
    .command('demo')
    .description('start the simulator in-process, sync it into ./relsync-demo.db and show what was loaded')
    .option('--db <file>', 'SQLite file to write', './relsync-demo.db')
    .addOption(new Option('--scale <scale>', 'simulator data size').choices(['tiny', 'small', 'medium']).default('small'))
    .action(async (opts: { db: string; scale: string }, cmd: Command) => {
      const { runDemoCommand } = await import('./demo-command.ts');
      await runDemoCommand(cmd, opts);
    });
}
