import { createRequire as relsyncCreateRequire } from 'node:module';
const require = relsyncCreateRequire(import.meta.url);
import {
  PROGRESS_WORDS,
  printRunSummary,
  runExitCode
} from "./chunk-VXERQHPF.js";
import "./chunk-GZP5GT6K.js";
import {
  executeSync
} from "./chunk-KPKK5NZ3.js";
import "./chunk-3EUJRTOD.js";
import "./chunk-VHZNFHXY.js";
import "./chunk-3AGDFFSI.js";
import "./chunk-C4J6S7LO.js";
import {
  commandContext,
  missingKeyError,
  withGracefulStop
} from "./chunk-U6T6MHVZ.js";
import {
  UserError
} from "./chunk-CRSUMNAO.js";

// src/cli/backfill-command.ts
function parseSince(value) {
  if (value === void 0) return void 0;
  const ok = /^\d{4}-\d{2}-\d{2}([T ]\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?)?$/.test(value);
  const ms = Date.parse(/^\d{4}-\d{2}-\d{2}$/.test(value) ? `${value}T00:00:00Z` : value);
  if (!ok || Number.isNaN(ms)) {
    throw new UserError(`--since "${value}" is not a date`, { hint: "Use an ISO date such as 2026-01-31 or 2026-01-31T12:00:00Z." });
  }
  if (ms > Date.now()) throw new UserError(`--since ${value} is in the future`, { hint: "Give a past date to re-read the change log from." });
  return new Date(ms).toISOString();
}
async function runBackfillCommand(cmd, opts) {
  const { config, log } = commandContext(cmd);
  const since = parseSince(opts.since);
  if (!config.apiKey) throw missingKeyError();
  const apiKey = config.apiKey;
  const { summary } = await withGracefulStop(
    log,
    "stopping after the pages in hand; run the same backfill again to resume",
    (shouldStop, stop) => executeSync({
      config,
      log,
      apiKey,
      mode: "backfill",
      command: `backfill ${opts.streams.join(",")}${since ? ` --since ${since}` : ""}`,
      streams: opts.streams,
      tty: Boolean(process.stderr.isTTY),
      words: PROGRESS_WORDS,
      shouldStop,
      stop,
      ...since ? { since } : {}
    })
  );
  printRunSummary(summary, process.stdout);
  process.exitCode = runExitCode(summary);
}
export {
  parseSince,
  runBackfillCommand
};
