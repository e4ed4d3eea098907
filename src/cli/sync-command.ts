import type { Command } from 'commander';
import { missingKeyError } from '../config/load.ts';
import { UserError } from '../errors.ts';
import { commandContext } from './context.ts';

export interface SyncCommandOptions {
  full: boolean;
  streams?: string[];
}

export async function runSyncCommand(cmd: Command, _opts: SyncCommandOptions): Promise<void> {
  const { config } = commandContext(cmd);
  if (!config.apiKey) throw missingKeyError();
  throw new UserError('`relsync sync` is not built yet in this version.', { hint: 'Try `relsync demo`.' });
}
