import type { Command } from 'commander';
import { openDatabase, tableExists } from '../load/db.ts';
import { UserError } from '../errors.ts';
import { commandContext } from './context.ts';
import { readStatus, formatStatus } from '../state/status.ts';
import { streamNames } from '../streams/registry.ts';

export async function runStatusCommand(cmd: Command, opts: { json: boolean }): Promise<void> {
  const { config } = commandContext(cmd);
  const db = await openDatabase(config.databaseUrl);
  try {
    if (!(await tableExists(db, 'sync_state'))) {
      throw new UserError(`${db.describe} has no relsync tables yet.`, { hint: 'Run `relsync migrate` (or `relsync sync`) first.' });
    }
    const status = await readStatus(db, { now: new Date(), schedule: config.schedule, streams: streamNames() });
    process.stdout.write(opts.json ? `${JSON.stringify(status, null, 2)}\n` : formatStatus(status));
  } finally {
    await db.close();
  }
}
