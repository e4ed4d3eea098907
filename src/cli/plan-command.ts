import type { Command } from 'commander';
import { UserError } from '../errors.ts';
import { openDatabase, tableExists } from '../load/db.ts';
import { formatPlan, planReport } from '../runner/plan-report.ts';
import { commandContext } from './context.ts';

export async function runPlanCommand(cmd: Command, opts: { json: boolean }): Promise<void> {
  const { config } = commandContext(cmd);
  const db = await openDatabase(config.databaseUrl);
  try {
    if (!(await tableExists(db, 'sync_runs'))) {
      throw new UserError(`${db.describe} has no relsync tables yet, so there is nothing to price.`, { hint: 'Run `relsync sync` once; `relsync plan` prices each stream from what the runs cost.' });
    }
    const report = await planReport(db, config);
    process.stdout.write(opts.json ? `${JSON.stringify(report, (_k, v: unknown) => (v === Infinity ? null : v), 2)}\n` : formatPlan(report));
  } finally {
    await db.close();
  }
}
