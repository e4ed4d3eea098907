import { createRequire as relsyncCreateRequire } from 'node:module';
const require = relsyncCreateRequire(import.meta.url);
import {
  ENV_VARS,
  StopRequested,
  UserError,
  configSchema,
  maskUrlPasswords
} from "./chunk-CRSUMNAO.js";

// src/config/load.ts
import { readFileSync, existsSync } from "node:fs";
import { resolve } from "node:path";
import { validate as validateCron } from "node-cron";

// src/config/nearest-key.ts
function editDistance(a, b) {
  const d = Array.from({ length: a.length + 1 }, (_, i) => Array.from({ length: b.length + 1 }, (_2, j) => i === 0 ? j : j === 0 ? i : 0));
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let best = Math.min(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) best = Math.min(best, d[i - 2][j - 2] + 1);
      d[i][j] = best;
    }
  }
  return d[a.length][b.length];
}
function nearestKey(key, valid) {
  let best;
  for (const name of valid) {
    const distance = editDistance(key.toLowerCase(), name.toLowerCase());
    if (!best || distance < best.distance) best = { name, distance };
  }
  return best && best.distance <= Math.max(2, Math.floor(key.length / 3)) ? best.name : void 0;
}

// src/config/load.ts
var DEFAULT_CONFIG_FILE = "relsync.config.json";
function readFile(path) {
  let text;
  try {
    text = readFileSync(path, "utf8");
  } catch (err) {
    throw new UserError(`Cannot read config file ${path}: ${err.message}`, {
      hint: "Check the path given to --config, or remove the flag to use environment variables only."
    });
  }
  let parsed;
  try {
    parsed = JSON.parse(text.replace(/^\uFEFF/, ""));
  } catch (err) {
    throw new UserError(`Config file ${path} is not valid JSON: ${err.message}`, {
      hint: "Compare it with config/relsync.config.example.json."
    });
  }
  if (typeof parsed !== "object" || parsed === null || Array.isArray(parsed)) {
    throw new UserError(`Config file ${path} must hold a JSON object`, { hint: "See config/relsync.config.example.json." });
  }
  const { $schema: _ignored, ...rest } = parsed;
  return rest;
}
function describeIssue(issue, fromEnv, file, values) {
  const key = String(issue.path[0] ?? "");
  const envName = ENV_VARS[key];
  const where = envName && fromEnv.has(key) ? envName : file ? `"${issue.path.join(".")}" in ${file}` : envName ?? issue.path.join(".");
  const given = values[key];
  const secret = key === "apiKey" || key === "webhookSecret" || issue.code === "custom" && issue.params?.secret === true;
  const shown = secret || given === void 0 || typeof given === "object" ? "" : ` (got "${maskUrlPasswords(String(given))}")`;
  return `${where} ${issue.message}${shown}`;
}
function keysAt(path) {
  let schema = configSchema;
  for (const part of path) {
    while (!("shape" in schema) && "unwrap" in schema && typeof schema.unwrap === "function") schema = schema.unwrap();
    schema = ("shape" in schema ? schema.shape[String(part)] : void 0) ?? schema;
  }
  while (!("shape" in schema) && "unwrap" in schema && typeof schema.unwrap === "function") schema = schema.unwrap();
  return "shape" in schema ? Object.keys(schema.shape) : [];
}
function describeUnknownKeys(issue, file) {
  const prefix = issue.path.map(String).join(".");
  const valid = keysAt(issue.path);
  const named = issue.keys.map((key) => {
    const near = nearestKey(key, valid);
    const full = (k) => prefix ? `${prefix}.${k}` : k;
    return `"${full(key)}"${near ? ` (did you mean "${full(near)}"?)` : ""}`;
  });
  return `unknown option${named.length > 1 ? "s" : ""} ${named.join(", ")}${file ? ` in ${file}` : ""}`;
}
function loadConfig(opts = {}) {
  const env = opts.env ?? process.env;
  const cwd = opts.cwd ?? process.cwd();
  const explicit = opts.file ?? env.RELSYNC_CONFIG;
  const filePath = explicit ? resolve(cwd, explicit) : resolve(cwd, DEFAULT_CONFIG_FILE);
  const fileValues = explicit || existsSync(filePath) ? readFile(filePath) : {};
  const fileUsed = explicit || existsSync(filePath) ? filePath : void 0;
  const merged = { ...fileValues };
  const fromEnv = /* @__PURE__ */ new Set();
  for (const [key, name] of Object.entries(ENV_VARS)) {
    const v = env[name];
    if (v !== void 0 && v !== "") {
      merged[key] = v;
      fromEnv.add(key);
    }
  }
  Object.assign(merged, opts.overrides ?? {});
  const result = configSchema.safeParse(merged);
  if (!result.success) {
    const unknown = result.error.issues.filter((i) => i.code === "unrecognized_keys").sort((a, b) => a.path.length - b.path.length)[0];
    const first = result.error.issues[0];
    const line = unknown ? describeUnknownKeys(unknown, fileUsed) : first ? describeIssue(first, fromEnv, fileUsed, merged) : "invalid configuration";
    throw new UserError(`Invalid configuration: ${line}; see config/relsync.config.example.json for every option and its default`);
  }
  const config = result.data;
  if (!validateCron(config.schedule)) {
    const where = fromEnv.has("schedule") ? ENV_VARS.schedule : `"schedule"${fileUsed ? ` in ${fileUsed}` : ""}`;
    throw new UserError(
      `Invalid configuration: ${where} "${config.schedule}" is not a cron expression; use five fields (minute hour day month weekday), or six with seconds first, e.g. "0 * * * *" for hourly or "*/15 * * * *" every 15 minutes`
    );
  }
  return config;
}
function missingKeyError() {
  return new UserError("AFFINITY_API_KEY is not set, so relsync cannot call the Affinity API.", {
    hint: "Create a key in Affinity under Settings \u2192 API (Manage Apps), then `export AFFINITY_API_KEY=...`.\nNo key yet? `npx relsync demo` syncs a local simulator into ./relsync-demo.db, and\n`npx relsync simulate` serves a simulated API you can point AFFINITY_BASE_URL at."
  });
}

// src/cli/stop-signals.ts
var STOP_SIGNALS = ["SIGINT", "SIGTERM"];
var EXIT_ON_SECOND_SIGNAL = 130;
var owned = false;
function installStopSignals(opts) {
  if (owned) throw new Error("SIGINT/SIGTERM already have an owner in this process; pass its StopSignals down instead");
  const proc = opts.proc ?? process;
  let stopping = false;
  const stop = new AbortController();
  const onSignal = (signal) => {
    if (stopping) {
      opts.log.warn({ signal }, "second signal: exiting now; the next run resumes from the last committed page");
      proc.exit(EXIT_ON_SECOND_SIGNAL);
      return;
    }
    stopping = true;
    opts.log.warn({ signal }, opts.message);
    stop.abort(new StopRequested(signal));
    opts.onFirst?.();
  };
  for (const s of STOP_SIGNALS) proc.on(s, onSignal);
  owned = true;
  let disposed = false;
  return {
    requested: () => stopping,
    signal: stop.signal,
    dispose: () => {
      if (disposed) return;
      disposed = true;
      for (const s of STOP_SIGNALS) proc.off(s, onSignal);
      owned = false;
    }
  };
}

// src/log.ts
import { pino } from "pino";
var REDACT_PATHS = ["apiKey", "*.apiKey", "authorization", "*.authorization", "headers.authorization", "*.headers.authorization", "password", "*.password"];
function createLogger(opts = {}) {
  const level = opts.level ?? process.env.LOG_LEVEL ?? "info";
  const dest = opts.destination ?? process.stderr;
  const pretty = opts.pretty ?? Boolean(dest.isTTY);
  const base = { level, redact: { paths: REDACT_PATHS, censor: "[redacted]" }, base: { app: "relsync" } };
  if (pretty) {
    return pino({
      ...base,
      transport: { target: "pino-pretty", options: { destination: 2, colorize: true, ignore: "pid,hostname,app" } }
    });
  }
  return pino(base, dest);
}
function componentLogger(log, component, bindings = {}) {
  const key = log.bindings().component === void 0 ? "component" : "part";
  return log.child({ [key]: component, ...bindings });
}

// src/cli/context.ts
function commandContext(cmd, overrides = {}) {
  const globals = cmd.optsWithGlobals();
  const config = loadConfig({
    ...globals.config ? { file: globals.config } : {},
    overrides: { ...globals.logLevel ? { logLevel: globals.logLevel } : {}, ...overrides }
  });
  return { config, log: createLogger({ level: config.logLevel }) };
}
function intFlag(name, value, min = 0) {
  if (value === void 0) return void 0;
  const n = Number(value);
  if (!Number.isInteger(n) || n < min) {
    throw new UserError(`${name} must be a whole number \u2265 ${min}, got "${value}"`);
  }
  return n;
}
async function withGracefulStop(log, message, fn) {
  const signals = installStopSignals({ log, message });
  try {
    return await fn(signals.requested, signals.signal);
  } finally {
    signals.dispose();
  }
}

export {
  missingKeyError,
  createLogger,
  componentLogger,
  installStopSignals,
  commandContext,
  intFlag,
  withGracefulStop
};
