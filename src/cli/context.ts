import type { Command } from 'commander';
import { loadConfig } from '../config/load.ts';
import { UserError } from '../errors.ts';
import type { Config } from '../config/schema.ts';
import { createLogger, type Logger } from '../log.ts';
import { installStopSignals } from './stop-signals.ts';

export interface GlobalOpts {
  config?: string;
  logLevel?: string;
}

/** Config and logger for a command, from the global flags, env and the config file. */
export function commandContext(cmd: Command, overrides: Record<string, unknown> = {}): { config: Config; log: Logger } {
  const globals = cmd.optsWithGlobals<GlobalOpts>();
  const config = loadConfig({
    ...(globals.config ? { file: globals.config } : {}),
    overrides: { ...(globals.logLevel ? { logLevel: globals.logLevel } : {}), ...overrides },
  });
  return { config, log: createLogger({ level: config.logLevel }) };
}

/** Parse an integer flag or fail with a message naming the flag. */
export function intFlag(name: string, value: string | undefined, min = 0): number | undefined {
  if (value === undefined) return undefined;
  const n = Number(value);
  if (!Number.isInteger(n) || n < min) {
    throw new UserError(`${name} must be a whole number ≥ ${min}, got "${value}"`);
  }
  return n;
}

/**
 * Run a long command so that the first SIGINT/SIGTERM stops it at once, keeping every committed page (its
 * checkpoint then resumes there) and a second one exits at once (see stop-signals.ts, the one owner).
 */
export async function withGracefulStop<T>(log: Logger, message: string, fn: (shouldStop: () => boolean, stop: AbortSignal) => Promise<T>): Promise<T> {
  const signals = installStopSignals({ log, message });
  try {
    return await fn(signals.requested, signals.signal);
  } finally {
    signals.dispose();
  }
}
