/**
 * Exit code of a run the monthly call budget stopped (the org's remaining calls fell to `monthlyReserve`):
 * what was read is committed, and the next run after the monthly reset carries on. Its own code, so a
 * scheduler does not read it as 3 ("the warehouse is busy, nothing was written") or as a failure to page on.
 */
export const EXIT_BUDGET = 5;

/**
 * An error meant for a person: one clear line saying what is wrong and what to do.
 * The CLI prints `message` (and `hint`) without a stack trace and exits with `exitCode`.
 */
export class UserError extends Error {
  readonly exitCode: number;
  readonly hint: string | undefined;
  constructor(message: string, opts: { hint?: string; exitCode?: number; cause?: unknown } = {}) {
    super(message, opts.cause === undefined ? undefined : { cause: opts.cause });
    this.name = 'UserError';
    this.exitCode = opts.exitCode ?? 2;
    this.hint = opts.hint;
  }
}

/** Remove every occurrence of each secret from a text (error messages, URLs, bodies). */
export function redact(text: string, secrets: ReadonlyArray<string | undefined>): string {
  let out = text;
  for (const s of secrets) {
    if (s && s.length >= 4) out = out.split(s).join('[redacted]');
  }
  return out;
}

export function errorMessage(err: unknown): string {
  if (err instanceof Error) return err.message;
  return String(err);
}

/**
 * The reason a run's stop signal carries (SIGTERM / SIGINT): every wait and request of the run is cut
 * short with it, and the runner ends the stream as interrupted at its last committed page, not as failed.
 */
export class StopRequested extends Error {
  constructor(signal: string) {
    super(`stopped by ${signal}`);
    this.name = 'StopRequested';
  }
}

export function isStopRequested(err: unknown): err is StopRequested {
  return err instanceof StopRequested;
}
