import { createRequire as relsyncCreateRequire } from 'node:module';
const require = relsyncCreateRequire(import.meta.url);
import {
  streamModeWords,
  textTable
} from "./chunk-GZP5GT6K.js";

// src/cli/format/progress-words.ts
var PROGRESS_WORDS = {
  bar: " {stream} |{bar}| {pages} pages \xB7 {records} records \xB7 {calls} calls \xB7 {state}",
  eta: (seconds) => `ETA ${seconds === null ? "-" : `${seconds}s`}`,
  // A skipped stream's words already say so (`skipped: disabled in config`).
  finished: (stats) => !stats ? "done" : stats.status === "skipped" ? streamModeWords(stats) : `${stats.status} (${streamModeWords(stats)})`
};

// src/cli/summary.ts
var EXIT_PARTIAL = 4;
function runExitCode(s) {
  if (s.status === "succeeded" || s.status === "interrupted") return 0;
  return s.status === "partial" ? EXIT_PARTIAL : 1;
}
function printRunSummary(s, out) {
  const rows = Object.entries(s.streams).map(([name, x]) => [
    name,
    x.status,
    streamModeWords(x),
    String(x.pages),
    String(x.records),
    String(x.rows),
    String(x.softDeleted),
    String(x.invalid)
  ]);
  const headers = ["stream", "status", "what it did", "pages", "records read", "rows written", "soft-deleted", "quarantined"];
  out.write(`${textTable(headers, rows)}
`);
  out.write(`
run ${s.status}: ${s.rowsTotal} rows, ${s.callsTotal} API calls, ${(s.durationMs / 1e3).toFixed(1)} s
`);
  for (const e of s.errors) out.write(e.message.startsWith(`${e.stream}: `) ? `  ${e.message}
` : `  error in ${e.stream}: ${e.message}
`);
  const warnings = s.warnings ?? [];
  if (warnings.length > 0)
    out.write(`  warning: unavailable on this tenant (skipped until re-probed): ${warnings.map((w) => `${w.stream} (${w.message})`).join("; ")}
`);
  for (const v of s.viewsNotRefreshed ?? []) out.write(`  warning: analyst view not refreshed: ${v}
`);
}

export {
  PROGRESS_WORDS,
  runExitCode,
  printRunSummary
};
