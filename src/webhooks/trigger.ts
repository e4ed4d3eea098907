import type { Logger } from '../log.ts';

/** Runs `fire` once `ms` from now; `cancel` stops it. A bench on a simulated clock supplies its own. */
export type SetTimer = (fire: () => Promise<void>, ms: number) => { cancel(): void };

/** The process's timers: an armed hint run alone never keeps the process alive. */
const realTimer: SetTimer = (fire, ms) => {
  const t = setTimeout(() => void fire(), ms);
  t.unref();
  return { cancel: () => clearTimeout(t) };
};

/**
 * When to start a hint run: `delayMs` after the first delivery that found no run armed (later deliveries
 * ride along), never while another run is in hand (the scheduler refuses; the trigger tries again once
 * it is free), and again after a run while deliveries are still pending: `backlogDelayMs` after it when its
 * cap held some back (they are in hand already: a burst is drained run after run), else `delayMs` (some
 * arrived during the run).
 */
export interface TriggerOptions {
  delayMs: number;
  backlogDelayMs: number;
  /** Whether the last run's cap held deliveries back. */
  capped: () => boolean;
  /** Start a hint run; null when a run is in hand. Resolves when the run it started has finished. */
  start: () => Promise<void> | null;
  /** Deliveries still pending. */
  pending: () => Promise<number>;
  log: Logger;
  /** Retry interval while another run is in hand. */
  busyRetryMs?: number;
  /** The clock's timers (default: the process's). */
  setTimer?: SetTimer;
}

export class HintTrigger {
  private timer: { cancel(): void } | null = null;
  private stopped = false;
  constructor(private readonly opts: TriggerOptions) {}

  /** A delivery was stored (or some are pending at start): make sure a run is armed. */
  notify(delayMs = this.opts.delayMs): void {
    if (this.stopped || this.timer) return;
    this.arm(delayMs);
  }

  get armed(): boolean {
    return this.timer !== null;
  }

  stop(): void {
    this.stopped = true;
    this.timer?.cancel();
    this.timer = null;
  }

  private arm(ms: number): void {
    this.timer = (this.opts.setTimer ?? realTimer)(() => this.fire(), ms);
  }

  private async fire(): Promise<void> {
    this.timer = null;
    if (this.stopped) return;
    const run = this.opts.start();
    if (run === null) {
      this.opts.log.debug({ component: 'webhooks' }, 'hint run waits: another run is in hand');
      this.arm(this.opts.busyRetryMs ?? Math.max(1000, this.opts.delayMs));
      return;
    }
    await run;
    try {
      if ((await this.opts.pending()) > 0) this.notify(this.opts.capped() ? this.opts.backlogDelayMs : this.opts.delayMs);
    } catch {
      // The warehouse could not be read; the next delivery or the scheduled run picks the hints up.
    }
  }
}
