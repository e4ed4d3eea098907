import type { Command } from 'commander';
import { missingKeyError } from '../config/load.ts';
import { UserError } from '../errors.ts';
import { executeSync } from '../runner/execute.ts';
import { PROGRESS_WORDS } from './format/progress-words.ts';
import { printRunSummary, runExitCode } from './summary.ts';
import { commandContext, withGracefulStop } from './context.ts';
import { observedRun } from './observed-run.ts';

/** `--since` must be a date the service's filters accept; normalised to UTC ISO-8601. */
export function parseSince(value: string | undefined): string | undefined {
  if (value === undefined) return undefined;
  const ok = /^\d{4}-\d{2}-\d{2}([T ]\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?)?$/.test(value);
  const ms = Date.parse(/^\d{4}-\d{2}-\d{2}$/.test(value) ? `${value}T00:00:00Z` : value);
  if (!ok || Number.isNaN(ms)) {
    throw new UserError(`--since "${value}" is not a date`, { hint: 'Use an ISO date such as 2026-01-31 or 2026-01-31T12:00:00Z.' });
  }
  if (ms > Date.now()) throw new UserError(`--since ${value} is in the future`, { hint: 'Give a past date to re-read the change log from.' });
  return new Date(ms).toISOString();
}

/**
 * `relsync backfill --streams a,b [--since DATE]`: a full re-sweep of the named streams. An interrupted
 * backfill with the same --since resumes where it stopped; the other streams' checkpoints are untouched.
 * Feed streams (the change log, notes and reminder updates) re-read from --since, or from the start.
 */
export async function runBackfillCommand(cmd: Command, opts: { streams: string[]; since?: string; metricsFile?: string }): Promise<void> {
  const { config, log } = commandContext(cmd);
  const since = parseSince(opts.since);
  if (!config.apiKey) throw missingKeyError();
  const apiKey = config.apiKey;
  const { summary } = await observedRun(opts.metricsFile, log, (hooks) =>
    withGracefulStop(log, 'stopping now, keeping every committed page; run the same backfill again to resume', (shouldStop, stop) =>
      executeSync({
        config,
        log,
        apiKey,
        mode: 'backfill',
        command: `backfill ${opts.streams.join(',')}${since ? ` --since ${since}` : ''}`,
        streams: opts.streams,
        tty: Boolean(process.stderr.isTTY),
        words: PROGRESS_WORDS,
        shouldStop,
        stop,
        ...hooks,
        ...(since ? { since } : {}),
      }),
    ),
  );
  printRunSummary(summary, process.stdout);
  process.exitCode = runExitCode(summary);
}
