import { existsSync } from 'node:fs';
import type { Command } from 'commander';
import { missingKeyError } from '../config/load.ts';
import type { Config } from '../config/schema.ts';
import { UserError } from '../errors.ts';
import { ApiError } from '../extract/http/errors.ts';
import { openDatabase, warehouseFile } from '../load/db.ts';
import type { Logger } from '../log.ts';
import { clientFromConfig } from '../runner/execute.ts';
import { countedPlanReport } from '../budget/plan-counted.ts';
import { checkSweepOverrides } from '../runner/stream-order.ts';
import { ALL_STREAMS } from '../streams/registry.ts';
import { hasPricedRun, planReport, type PlanReport } from '../budget/plan-report.ts';
import { formatPlan } from './format/plan-text.ts';
import { commandContext } from './context.ts';

/** A SQLite warehouse that does not exist yet: plan counts instead, and creates no file (plan only reads). */
function missingSqliteFile(databaseUrl: string): boolean {
  const file = warehouseFile(databaseUrl);
  return file !== undefined && !existsSync(file);
}

/** Before the first sync: a few counting calls against the service; a failure says what and where, in one line. */
async function countedReport(config: Config, log: Logger, cap: number): Promise<PlanReport> {
  if (!config.apiKey) throw missingKeyError();
  const client = clientFromConfig(config, log, config.apiKey);
  try {
    return await countedPlanReport(client, config, cap);
  } catch (err) {
    if (!(err instanceof ApiError)) throw err;
    throw new UserError(`relsync plan found no completed sync to price from, and could not count at ${config.baseUrl}: ${err.message}`, {
      exitCode: err.exitCode,
      hint: err.hint ?? 'Check AFFINITY_BASE_URL and AFFINITY_API_KEY, then run `relsync plan` again.',
      cause: err,
    });
  } finally {
    await client.close();
  }
}

async function report(config: Config, log: Logger, cap: number): Promise<PlanReport> {
  if (missingSqliteFile(config.databaseUrl)) return countedReport(config, log, cap);
  const db = await openDatabase(config.databaseUrl);
  try {
    if (await hasPricedRun(db)) return await planReport(db, config);
  } finally {
    await db.close();
  }
  return countedReport(config, log, cap);
}

export async function runPlanCommand(cmd: Command, opts: { json: boolean; countCalls: number }): Promise<void> {
  const { config, log } = commandContext(cmd);
  checkSweepOverrides(config, ALL_STREAMS);
  const r = await report(config, log, opts.countCalls);
  process.stdout.write(opts.json ? `${JSON.stringify(r, (_k, v: unknown) => (v === Infinity ? null : v), 2)}\n` : formatPlan(r));
}
