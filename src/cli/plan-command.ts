import type { Command } from 'commander';
import { UserError } from '../errors.ts';
import { openDatabase } from '../load/db.ts';
import { formatPlan, hasPricedRun, planReport } from '../runner/plan-report.ts';
import { commandContext } from './context.ts';

export async function runPlanCommand(cmd: Command, opts: { json: boolean }): Promise<void> {
  const { config } = commandContext(cmd);
  const db = await openDatabase(config.databaseUrl);
  try {
    if (!(await hasPricedRun(db))) {
      // No cheap count exists to price from (see hasPricedRun): say so rather than print a guess.
      throw new UserError(
        `${db.describe} has no completed sync yet, so there is nothing to price: the service publishes no count of companies, persons or opportunities, and those passes are most of a month's calls.`,
        {
          hint: 'Run `relsync sync` once; `relsync plan` prices each stream from what its runs cost.',
        },
      );
    }
    const report = await planReport(db, config);
    process.stdout.write(opts.json ? `${JSON.stringify(report, (_k, v: unknown) => (v === Infinity ? null : v), 2)}\n` : formatPlan(report));
  } finally {
    await db.close();
  }
}
