import { existsSync } from 'node:fs';
import type { Command } from 'commander';
import { openDatabase, tableExists, warehouseFile } from '../load/db.ts';
import { UserError } from '../errors.ts';
import { commandContext } from './context.ts';
import { readStatus, type MonthProjection } from '../state/status.ts';
import { formatStatus } from './format/status-text.ts';
import { streamNames } from '../streams/registry.ts';
import { hasPricedRun, planReport } from '../budget/plan-report.ts';
import type { Config } from '../config/schema.ts';
import type { Db } from '../load/db.ts';
import type { TierSummary } from '../state/tier-lines.ts';
import { webhookStatusLine, webhookSummary } from '../webhooks/status.ts';

/** The month's projection from the plan model, or null before the first completed run (nothing to price). */
async function monthProjection(db: Db, config: Config): Promise<{ projection: MonthProjection; tiers: TierSummary | null } | null> {
  if (!(await hasPricedRun(db))) return null;
  const { plan, unpriced, tiers } = await planReport(db, config);
  const projection = {
    plannedPerMonth: Math.round(plan.totalPerMonth),
    everyRunPerMonth: Math.round(plan.everyRunPerMonth),
    periodicPerMonth: Math.round(plan.periodicPerMonth),
    monthlyBudget: plan.monthlyBudget,
    fits: plan.fits,
    stretch: Number.isFinite(plan.stretch) ? plan.stretch : null,
    unpriced,
  };
  return { projection, tiers: tiers ?? null };
}

/**
 * `status` only reads: opening a SQLite path that does not exist would create an empty file (and its
 * directory) and then report on it, so a mistyped path is refused before anything is opened.
 */
function refuseMissingSqliteFile(databaseUrl: string): void {
  const file = warehouseFile(databaseUrl);
  if (file !== undefined && !existsSync(file)) {
    throw new UserError(`No warehouse at ${file}: the file does not exist.`, {
      hint: 'Check DATABASE_URL, or run `relsync sync` (or `relsync migrate`) to create the warehouse.',
    });
  }
}

export async function runStatusCommand(cmd: Command, opts: { json: boolean }): Promise<void> {
  const { config } = commandContext(cmd);
  refuseMissingSqliteFile(config.databaseUrl);
  const db = await openDatabase(config.databaseUrl);
  try {
    if (!(await tableExists(db, 'sync_state'))) {
      throw new UserError(`${db.describe} has no relsync tables yet.`, { hint: 'Run `relsync migrate` (or `relsync sync`) first.' });
    }
    const status = await readStatus(db, { now: new Date(), schedule: config.schedule, streams: streamNames() });
    const month = await monthProjection(db, config);
    status.monthProjection = month?.projection ?? null;
    status.tiers = month?.tiers ?? null;
    const hooks = await webhookSummary(db, config);
    const json = { ...status, webhooks: hooks };
    const line = hooks ? webhookStatusLine(hooks, Boolean(config.webhookSecret)) : '';
    process.stdout.write(opts.json ? `${JSON.stringify(json, null, 2)}\n` : `${formatStatus(status)}${line}`);
  } finally {
    await db.close();
  }
}
