/**
 * Rate budgets: a fixed 60 s window per API key, and an optional monthly budget per organisation (the account a
 * key belongs to) that resets at the end of the calendar month (UTC). Both interfaces share the budgets, as on
 * the service. The month is read on the store's clock, so a bench that moves a simulated clock across a month's
 * end sees the budget reset; the minute window stays on the wall clock that paces real requests.
 */

export interface Budget {
  limit: number;
  remaining: number;
  /** Seconds until reset. */
  reset: number;
  used: number;
}

export interface RateState {
  user: Budget;
  org: Budget | null;
}

/** The organisation a request's monthly calls count against, and the time on the store's clock. */
export interface Org {
  id: number;
  now: number;
}

export class RateLimiter {
  private perMin: number;
  private readonly monthly: number | null;
  private readonly windows = new Map<string, { start: number; used: number }>();
  private readonly months = new Map<number, { key: string; used: number }>();

  constructor(perMin: number, monthly: number | null) {
    this.perMin = perMin;
    this.monthly = monthly;
  }

  setPerMinute(n: number): void {
    this.perMin = n;
  }

  resetWindows(): void {
    this.windows.clear();
  }

  private window(key: string, now: number): { start: number; used: number } {
    let w = this.windows.get(key);
    if (!w || now - w.start >= 60_000) {
      w = { start: now, used: 0 };
      this.windows.set(key, w);
    }
    return w;
  }

  private month(org: Org): { key: string; used: number } {
    const d = new Date(org.now);
    const key = `${d.getUTCFullYear()}-${d.getUTCMonth()}`;
    let m = this.months.get(org.id);
    if (!m || m.key !== key) {
      m = { key, used: 0 };
      this.months.set(org.id, m);
    }
    return m;
  }

  /**
   * Try to spend one call. Returns whether it was allowed and the budgets AFTER the attempt.
   * `countMonthly` false for the endpoints the service exempts (rate-limit status, whoami).
   */
  take(key: string, now: number, org: Org, countMonthly: boolean): { allowed: boolean; state: RateState; retryAfterS: number } {
    const w = this.window(key, now);
    const m = this.month(org);
    const monthFull = this.monthly !== null && countMonthly && m.used >= this.monthly;
    const allowed = w.used < this.perMin && !monthFull;
    if (allowed) {
      w.used += 1;
      if (countMonthly) m.used += 1;
    }
    const retryAfterS = monthFull && w.used < this.perMin ? secondsToMonthEnd(org.now) : Math.max(1, Math.ceil((w.start + 60_000 - now) / 1000));
    return { allowed, state: this.state(key, now, org), retryAfterS };
  }

  /** Budgets without spending anything. */
  state(key: string, now: number, org: Org): RateState {
    const w = this.window(key, now);
    const m = this.month(org);
    const user: Budget = {
      limit: this.perMin,
      remaining: Math.max(0, this.perMin - w.used),
      used: w.used,
      reset: Math.max(0, Math.ceil((w.start + 60_000 - now) / 1000)),
    };
    const orgBudget: Budget | null =
      this.monthly === null
        ? null
        : {
            limit: this.monthly,
            remaining: Math.max(0, this.monthly - m.used),
            used: m.used,
            reset: secondsToMonthEnd(org.now),
          };
    return { user, org: orgBudget };
  }
}

function secondsToMonthEnd(now: number): number {
  const d = new Date(now);
  const next = Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 1);
  return Math.ceil((next - now) / 1000);
}

/** Header pairs: v1 in the documented mixed case, /v2 lowercase (as the service has sent since 2026-01-14). */
export function rateHeaders(state: RateState, iface: 'v1' | 'v2'): Array<[string, string]> {
  const names = [
    ['X-Ratelimit-Limit-User', state.user.limit],
    ['X-Ratelimit-Limit-User-Remaining', state.user.remaining],
    ['X-Ratelimit-Limit-User-Reset', state.user.reset],
  ] as Array<[string, number]>;
  if (state.org) {
    names.push(
      ['X-Ratelimit-Limit-Org', state.org.limit],
      ['X-Ratelimit-Limit-Org-Remaining', state.org.remaining],
      ['X-Ratelimit-Limit-Org-Reset', state.org.reset],
    );
  }
  return names.map(([k, v]) => [iface === 'v2' ? k.toLowerCase() : k, String(v)]);
}
