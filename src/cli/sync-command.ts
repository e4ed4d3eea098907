import type { Command } from 'commander';
import { missingKeyError } from '../config/load.ts';
import { executeSync } from '../runner/execute.ts';
import { printRunSummary } from './summary.ts';
import { commandContext } from './context.ts';

export interface SyncCommandOptions {
  full: boolean;
  streams?: string[];
}

export async function runSyncCommand(cmd: Command, opts: SyncCommandOptions): Promise<void> {
  const { config, log } = commandContext(cmd);
  if (!config.apiKey) throw missingKeyError();
  let stopping = false;
  const stop = () => {
    if (stopping) process.exit(130);
    stopping = true;
    log.warn('stopping after the pages in hand; press Ctrl-C again to quit at once');
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
  try {
    const { summary } = await executeSync({
      config, log, apiKey: config.apiKey, mode: opts.full ? 'full' : 'incremental', command: opts.full ? 'sync --full' : 'sync',
      ...(opts.streams ? { streams: opts.streams } : {}),
      tty: Boolean(process.stderr.isTTY), shouldStop: () => stopping,
    });
    printRunSummary(summary, process.stdout);
    process.exitCode = summary.status === 'succeeded' || summary.status === 'interrupted' ? 0 : 1;
  } finally {
    process.off('SIGINT', stop);
    process.off('SIGTERM', stop);
  }
}
