/**
 * The simulated clock of the month benches, advancing during a run at the pace the service's per-minute limit
 * allows (issue 34): each request the simulator counts moves it on by 60 s ÷ the limit, so a first sync of 59,000
 * calls at 900 a minute takes 65 simulated minutes, as it would against the service, where a frozen clock booked it
 * at one instant. Between runs the bench sets it (the next hourly run, or the end of a run that overran its hour).
 */
import type { SimStats } from '@relsync/simulator';

/** The service's per-minute limit the benches pace runs at (docs/contract.md §2: 900 a minute a user). */
export const BENCH_CALLS_PER_MINUTE = 900;

export class PacedClock {
  private base: number;
  private mark: number;

  constructor(
    private readonly stats: Pick<SimStats, 'requests'>,
    start: number,
    private readonly perMinute = BENCH_CALLS_PER_MINUTE,
  ) {
    this.base = start;
    this.mark = stats.requests;
  }

  /** Sets the clock to `ms`; requests from here on move it on. */
  set(ms: number): void {
    this.base = ms;
    this.mark = this.stats.requests;
  }

  now(): number {
    return this.base + Math.floor(((this.stats.requests - this.mark) * 60_000) / this.perMinute);
  }
}
