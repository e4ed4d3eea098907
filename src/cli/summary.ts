import type { RunSummary } from '../state/runs.ts';
import { heldWords, streamModeWords } from './format/stream-words.ts';
import { textTable } from './format/text-table.ts';

/** `sync` / `backfill` exit code when some streams failed (a permission denied) and the rest completed. */
export const EXIT_PARTIAL = 4;

/**
 * 0: succeeded, or stopped by a signal after checkpointing; 4: partial (every other stream completed; the
 * summary names each failed one); 1: failed. Errors that stop a run early (401, lock, budget) exit with
 * their own code before a summary exists.
 */
export function runExitCode(s: Pick<RunSummary, 'status'>): number {
  if (s.status === 'succeeded' || s.status === 'interrupted') return 0;
  return s.status === 'partial' ? EXIT_PARTIAL : 1;
}

export function printRunSummary(s: RunSummary, out: NodeJS.WritableStream): void {
  const rows = Object.entries(s.streams).map(([name, x]) => [
    name,
    x.status,
    streamModeWords(x),
    String(x.pages),
    String(x.records),
    String(x.rows),
    String(x.softDeleted),
    String(x.invalid),
  ]);
  // `rows written` counts every table the stream writes (a company's values and links with the company).
  const headers = ['stream', 'status', 'what it did', 'pages', 'records read', 'rows written', 'soft-deleted', 'quarantined'];
  out.write(`${textTable(headers, rows)}\n`);
  out.write(`\nrun ${s.status}: ${s.rowsTotal} rows, ${s.callsTotal} API calls, ${(s.durationMs / 1000).toFixed(1)} s\n`);
  // A permission denial's message already starts with its stream (`emails: permission denied …`).
  for (const e of s.errors) out.write(e.message.startsWith(`${e.stream}: `) ? `  ${e.message}\n` : `  error in ${e.stream}: ${e.message}\n`);
  // Optional endpoints this tenant does not have: one line for all of them, a warning (the run still succeeded).
  const warnings = s.warnings ?? [];
  if (warnings.length > 0)
    out.write(`  warning: unavailable on this tenant (skipped until re-probed): ${warnings.map((w) => `${w.stream} (${w.message})`).join('; ')}\n`);
  // A pass that saw under half the rows it would delete from deleted nothing (runner/failure-policy.ts, sweepDeletes).
  for (const [stream, x] of Object.entries(s.streams)) if (x.held) out.write(`  warning: ${heldWords(stream, x.held)}\n`);
  // The data is committed; views left stale are said, with what each needs (the next run or `relsync migrate` retries).
  for (const v of s.viewsNotRefreshed ?? []) out.write(`  warning: analyst view not refreshed: ${v}\n`);
}
