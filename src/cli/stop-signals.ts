import { StopRequested } from '../errors.ts';
import type { Logger } from '../log.ts';

const STOP_SIGNALS = ['SIGINT', 'SIGTERM'] as const;
/** Exit code after a second signal: 128 + SIGINT, what a shell reports for an interrupted command. */
export const EXIT_ON_SECOND_SIGNAL = 130;

export interface StopSignalOptions {
  log: Logger;
  /** Logged (with the signal's name) on the first signal. */
  message: string;
  /** Called once, on the first signal, after the message is logged. */
  onFirst?: () => void;
  /** Where the handlers go and how the process exits; tests pass a stand-in. */
  proc?: Pick<NodeJS.Process, 'on' | 'off' | 'exit'>;
}

export interface StopSignals {
  /** True once a first SIGINT/SIGTERM arrived: commit nothing more, stop. */
  requested: () => boolean;
  /** Aborted by the first signal (reason: StopRequested): cuts every backoff sleep and request in flight short. */
  signal: AbortSignal;
  /** Removes the handlers; the process is free to take another owner. */
  dispose: () => void;
}

let owned = false;

/**
 * The one owner of SIGINT/SIGTERM for a long command (sync, backfill, schedule). The first signal asks the
 * work to stop before its next page, so its checkpoint resumes at the last committed one, and aborts
 * `signal`: a backoff sleep or a request that hangs ends at once, its page uncommitted; a second signal
 * exits at once. A second
 * owner while one is installed throws: two handlers would each act on the same signal (one stopping
 * gracefully while the other exits), so a command must hand its one StopSignals down instead.
 */
export function installStopSignals(opts: StopSignalOptions): StopSignals {
  if (owned) throw new Error('SIGINT/SIGTERM already have an owner in this process; pass its StopSignals down instead');
  const proc = opts.proc ?? process;
  let stopping = false;
  const stop = new AbortController();
  const onSignal = (signal: NodeJS.Signals) => {
    if (stopping) {
      opts.log.warn({ signal }, 'second signal: exiting now; the next run resumes from the last committed page');
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
    },
  };
}
