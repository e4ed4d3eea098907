import type { Command } from 'commander';
import { missingKeyError } from '../config/load.ts';
import { executeSync } from '../runner/execute.ts';
import { PROGRESS_WORDS } from './format/progress-words.ts';
import { printRunSummary, runExitCode } from './summary.ts';
import { commandContext, withGracefulStop } from './context.ts';
import { observedRun } from './observed-run.ts';

export interface SyncCommandOptions {
  full: boolean;
  streams?: string[];
  metricsFile?: string;
}

export async function runSyncCommand(cmd: Command, opts: SyncCommandOptions): Promise<void> {
  const { config, log } = commandContext(cmd);
  if (!config.apiKey) throw missingKeyError();
  const apiKey = config.apiKey;
  const { summary } = await observedRun(opts.metricsFile, log, (hooks) =>
    withGracefulStop(log, 'stopping now, keeping every committed page; press Ctrl-C again to quit at once', (shouldStop, stop) =>
      executeSync({
        config,
        log,
        apiKey,
        mode: opts.full ? 'full' : 'incremental',
        command: opts.full ? 'sync --full' : 'sync',
        ...(opts.streams ? { streams: opts.streams } : {}),
        tty: Boolean(process.stderr.isTTY),
        words: PROGRESS_WORDS,
        shouldStop,
        stop,
        ...hooks,
      }),
    ),
  );
  printRunSummary(summary, process.stdout);
  process.exitCode = runExitCode(summary);
}
