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
import "./chunk-CRSUMNAO.js";

// src/cli/sync-command.ts
async function runSyncCommand(cmd, opts) {
  const { config, log } = commandContext(cmd);
  if (!config.apiKey) throw missingKeyError();
  const apiKey = config.apiKey;
  const { summary } = await withGracefulStop(
    log,
    "stopping after the pages in hand; press Ctrl-C again to quit at once",
    (shouldStop, stop) => executeSync({
      config,
      log,
      apiKey,
      mode: opts.full ? "full" : "incremental",
      command: opts.full ? "sync --full" : "sync",
      ...opts.streams ? { streams: opts.streams } : {},
      tty: Boolean(process.stderr.isTTY),
      words: PROGRESS_WORDS,
      shouldStop,
      stop
    })
  );
  printRunSummary(summary, process.stdout);
  process.exitCode = runExitCode(summary);
}
export {
  runSyncCommand
};
