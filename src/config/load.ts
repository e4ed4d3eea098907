import { readFileSync, existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { validate as validateCron } from 'node-cron';
import type { z } from 'zod';
import { UserError } from '../errors.ts';
import { maskUrlPasswords } from '../mask-url.ts';
import { nearestKey } from './nearest-key.ts';
import { configSchema, ENV_VARS, type Config } from './schema.ts';

export const DEFAULT_CONFIG_FILE = 'relsync.config.json';

export interface LoadConfigOptions {
  env?: NodeJS.ProcessEnv;
  /** Explicit config file; when absent `relsync.config.json` in cwd is used if it exists. */
  file?: string;
  cwd?: string;
  /** Values that win over env and file (command-line flags). */
  overrides?: Record<string, unknown>;
}

function readFile(path: string): Record<string, unknown> {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (err) {
    throw new UserError(`Cannot read config file ${path}: ${(err as Error).message}`, {
      hint: 'Check the path given to --config, or remove the flag to use environment variables only.',
    });
  }
  let parsed: unknown;
  try {
    // A byte-order mark (Windows editors write one) is not part of the JSON.
    parsed = JSON.parse(text.replace(/^\uFEFF/, ''));
  } catch (err) {
    throw new UserError(`Config file ${path} is not valid JSON: ${(err as Error).message}`, {
      hint: 'Compare it with config/relsync.config.example.json.',
    });
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
    throw new UserError(`Config file ${path} must hold a JSON object`, { hint: 'See config/relsync.config.example.json.' });
  }
  const { $schema: _ignored, ...rest } = parsed as Record<string, unknown>;
  return rest;
}

/** Name the source of a bad value the way the user wrote it: the env variable, or the file key. */
function describeIssue(issue: z.core.$ZodIssue, fromEnv: Set<string>, file: string | undefined, values: Record<string, unknown>): string {
  const key = String(issue.path[0] ?? '');
  const envName = ENV_VARS[key as keyof typeof ENV_VARS];
  const where = envName && fromEnv.has(key) ? envName : file ? `"${issue.path.join('.')}" in ${file}` : (envName ?? issue.path.join('.'));
  // Echo what was given so the typo is visible, except a secret: the key, or a password in a URL.
  const given = values[key];
  const shown =
    key === 'apiKey' || key === 'webhookSecret' || given === undefined || typeof given === 'object' ? '' : ` (got "${maskUrlPasswords(String(given))}")`;
  return `${where} ${issue.message}${shown}`;
}

/** The option names valid at a path of the config object (`[]`: the top level; `['sweeps']`: its members). */
function keysAt(path: readonly PropertyKey[]): string[] {
  let schema: z.ZodType = configSchema;
  for (const part of path) {
    // Unwrap defaults and prefaults down to the object whose shape names the keys.
    while (!('shape' in schema) && 'unwrap' in schema && typeof schema.unwrap === 'function') schema = (schema as { unwrap(): z.ZodType }).unwrap();
    schema = ('shape' in schema ? (schema.shape as Record<string, z.ZodType>)[String(part)] : undefined) ?? schema;
  }
  while (!('shape' in schema) && 'unwrap' in schema && typeof schema.unwrap === 'function') schema = (schema as { unwrap(): z.ZodType }).unwrap();
  return 'shape' in schema ? Object.keys(schema.shape as object) : [];
}

/** `unknown option "databseUrl" (did you mean "databaseUrl"?)`, for each key a strict object refused. */
function describeUnknownKeys(issue: z.core.$ZodIssueUnrecognizedKeys, file: string | undefined): string {
  const prefix = issue.path.map(String).join('.');
  const valid = keysAt(issue.path);
  const named = issue.keys.map((key) => {
    const near = nearestKey(key, valid);
    const full = (k: string) => (prefix ? `${prefix}.${k}` : k);
    return `"${full(key)}"${near ? ` (did you mean "${full(near)}"?)` : ''}`;
  });
  return `unknown option${named.length > 1 ? 's' : ''} ${named.join(', ')}${file ? ` in ${file}` : ''}`;
}

export function loadConfig(opts: LoadConfigOptions = {}): Config {
  const env = opts.env ?? process.env;
  const cwd = opts.cwd ?? process.cwd();
  const explicit = opts.file ?? env.RELSYNC_CONFIG;
  const filePath = explicit ? resolve(cwd, explicit) : resolve(cwd, DEFAULT_CONFIG_FILE);
  const fileValues = explicit || existsSync(filePath) ? readFile(filePath) : {};
  const fileUsed = explicit || existsSync(filePath) ? filePath : undefined;

  const merged: Record<string, unknown> = { ...fileValues };
  const fromEnv = new Set<string>();
  for (const [key, name] of Object.entries(ENV_VARS)) {
    const v = env[name];
    if (v !== undefined && v !== '') {
      merged[key] = v;
      fromEnv.add(key);
    }
  }
  Object.assign(merged, opts.overrides ?? {});

  const result = configSchema.safeParse(merged);
  if (!result.success) {
    // A misspelt key first, top level first: the value it was meant to set is what the other issues miss.
    const unknown = result.error.issues
      .filter((i): i is z.core.$ZodIssueUnrecognizedKeys => i.code === 'unrecognized_keys')
      .sort((a, b) => a.path.length - b.path.length)[0];
    const first = result.error.issues[0];
    const line = unknown ? describeUnknownKeys(unknown, fileUsed) : first ? describeIssue(first, fromEnv, fileUsed, merged) : 'invalid configuration';
    // One line: what is wrong, where, and where every option and its default is listed.
    throw new UserError(`Invalid configuration: ${line}; see config/relsync.config.example.json for every option and its default`);
  }
  const config = result.data;
  if (!validateCron(config.schedule)) {
    const where = fromEnv.has('schedule') ? ENV_VARS.schedule : `"schedule"${fileUsed ? ` in ${fileUsed}` : ''}`;
    throw new UserError(
      `Invalid configuration: ${where} "${config.schedule}" is not a cron expression; use five fields (minute hour day month weekday), or six with seconds first, e.g. "0 * * * *" for hourly or "*/15 * * * *" every 15 minutes`,
    );
  }
  return config;
}

/** The message `sync` gives when there is no key: how to get one, and how to try relsync without one. */
export function missingKeyError(): UserError {
  return new UserError('AFFINITY_API_KEY is not set, so relsync cannot call the Affinity API.', {
    hint:
      'Create a key in Affinity under Settings → API (Manage Apps), then `export AFFINITY_API_KEY=...`.\n' +
      'No key yet? `npx relsync demo` syncs a local simulator into ./relsync-demo.db, and\n' +
      '`npx relsync simulate` serves a simulated API you can point AFFINITY_BASE_URL at.',
  });
}
