import { createRequire } from 'node:module';
import { pino, type Logger, type DestinationStream } from 'pino';

export type { Logger };

/** Keys whose values are secrets wherever they appear in a log object. */
const REDACT_PATHS = ['apiKey', '*.apiKey', 'authorization', '*.authorization', 'headers.authorization', '*.headers.authorization', 'password', '*.password'];

export interface LoggerOptions {
  level?: string;
  /** Force pretty or JSON output; default: pretty on a TTY where pino-pretty is installed, JSON otherwise. */
  pretty?: boolean;
  /** Destination stream; default stderr so stdout stays clean for command output. */
  destination?: NodeJS.WritableStream;
}

/**
 * pino-pretty is an optional dependency (`npm install --omit=optional` leaves it out): without it a terminal
 * gets the same JSON lines as a file, never an error about a missing transport.
 */
export function prettyAvailable(): boolean {
  try {
    createRequire(import.meta.url).resolve('pino-pretty');
    return true;
  } catch {
    return false;
  }
}

export function createLogger(opts: LoggerOptions = {}): Logger {
  const level = opts.level ?? process.env.LOG_LEVEL ?? 'info';
  const dest = opts.destination ?? process.stderr;
  const pretty = (opts.pretty ?? Boolean((dest as NodeJS.WriteStream).isTTY)) && prettyAvailable();
  const base = { level, redact: { paths: REDACT_PATHS, censor: '[redacted]' }, base: { app: 'relsync' } };
  if (pretty) {
    return pino({
      ...base,
      transport: { target: 'pino-pretty', options: { destination: 2, colorize: true, ignore: 'pid,hostname,app' } },
    });
  }
  return pino(base, dest as DestinationStream);
}

/** A logger that drops everything: for tests and in-process helpers that must stay quiet. */
export function silentLogger(): Logger {
  return pino({ level: 'silent' });
}

/**
 * A child logger for a component. pino writes every binding of every ancestor, so a second `component`
 * under one (the HTTP client under the webhook service) would put the key twice on one JSON line, which
 * many parsers read as the last one only: the outer component keeps `component`, the inner one is `part`.
 */
export function componentLogger(log: Logger, component: string, bindings: Record<string, unknown> = {}): Logger {
  const key = log.bindings().component === undefined ? 'component' : 'part';
  return log.child({ [key]: component, ...bindings });
}
