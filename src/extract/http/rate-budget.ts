import { DEFAULT_RATE_SAFETY_MARGIN, DEFAULT_USER_WINDOW_MS } from '../../defaults.ts';
import type { Logger } from '../../log.ts';
import { BudgetExhaustedError, type BudgetExhaustedInit } from './errors.ts';
import { parseRateHeaders, type HeaderInput, type RateHeaders } from './rate-headers.ts';

export { parseRateHeaders, type HeaderInput, type RateHeaders } from './rate-headers.ts';

export interface BudgetSnapshot {
  userLimit: number | null;
  userRemaining: number | null;
  userResetAt: string | null;
  orgLimit: number | null;
  orgRemaining: number | null;
  orgResetAt: string | null;
  observedAt: string | null;
}

export interface RateBudgetOptions {
  /** Requests allowed in flight before any rate-limit header has been seen. */
  concurrency: number;
  /** Monthly calls kept in reserve; at or below it non-exempt requests fail with BudgetExhaustedError. */
  monthlyReserve: number;
  /** Stop this many calls before the per-minute allowance runs out (other clients of the same key, rounding). */
  safetyMargin?: number;
  logger?: Logger;
  now?: () => number;
  sleep?: (ms: number) => Promise<void>;
}

interface Window {
  limit: number | null;
  remaining: number | null;
  resetAt: number | null;
}

/** A fresh window's reset is later than the one we hold by more than header rounding (whole seconds). */
const NEW_WINDOW_TOLERANCE_MS = 1500;
const WAKE_SLACK_MS = 25;

function merge(w: Window, limit: number | null, remaining: number | null, resetAt: number | null): void {
  if (limit !== null) w.limit = limit;
  if (remaining === null) return;
  const sameWindow = w.remaining !== null && w.resetAt !== null && resetAt !== null && resetAt <= w.resetAt + NEW_WINDOW_TOLERANCE_MS;
  if (sameWindow) {
    // Responses overtake each other: within one window the lowest remaining is the truest.
    w.remaining = Math.min(w.remaining ?? remaining, remaining);
  } else {
    w.remaining = remaining;
    w.resetAt = resetAt;
  }
}

/**
 * One rate budget shared by every request of a client: keeps a healthy run below the per-minute limit (so 429s do
 * not happen at all) and refuses to eat into the monthly reserve.
 */
export class RateBudget {
  private readonly user: Window = { limit: null, remaining: null, resetAt: null };
  private readonly org: Window = { limit: null, remaining: null, resetAt: null };
  private observedAt: number | null = null;
  private inFlight = 0;
  private version = 0;
  private waiters: Array<() => void> = [];
  private loggedResetAt: number | null = null;
  private readonly zeroLimitSaid = new Set<'user' | 'org'>();
  private readonly concurrency: number;
  private readonly reserve: number;
  private readonly margin: number;
  private readonly log: Logger | undefined;
  private readonly now: () => number;
  private readonly customSleep: ((ms: number) => Promise<void>) | undefined;

  constructor(opts: RateBudgetOptions) {
    this.concurrency = Math.max(1, opts.concurrency);
    this.reserve = Math.max(0, opts.monthlyReserve);
    this.margin = opts.safetyMargin ?? DEFAULT_RATE_SAFETY_MARGIN;
    this.log = opts.logger;
    this.now = opts.now ?? Date.now;
    this.customSleep = opts.sleep;
  }

  ingestHeaders(headers: HeaderInput): void {
    const h = this.withoutZeroLimits(parseRateHeaders(headers));
    if (Object.values(h).every((v) => v === null)) return;
    const now = this.now();
    merge(this.user, h.userLimit, h.userRemaining, h.userReset === null ? null : now + h.userReset * 1000);
    merge(this.org, h.orgLimit, h.orgRemaining, h.orgReset === null ? null : now + h.orgReset * 1000);
    this.observedAt = now;
    this.changed();
  }

  /**
   * A window whose limit reads 0 allows nothing at all: no plan the service sells does that (its unlimited
   * plans send no limit, or one a stand-in fills with 0). Read as "no limit reported", said once, rather
   * than stopping the run on the monthly reserve or waiting out a per-minute window forever.
   */
  private withoutZeroLimits(h: RateHeaders): RateHeaders {
    const out = { ...h };
    for (const [scope, limit, remaining, reset] of [
      ['user', 'userLimit', 'userRemaining', 'userReset'],
      ['org', 'orgLimit', 'orgRemaining', 'orgReset'],
    ] as const) {
      if (h[limit] !== 0) continue;
      out[limit] = out[remaining] = out[reset] = null;
      if (this.zeroLimitSaid.has(scope)) continue;
      this.zeroLimitSaid.add(scope);
      this.log?.warn({ scope }, 'the rate-limit headers give a limit of 0: read as no limit reported (a plan that allowed nothing could not answer at all)');
    }
    return out;
  }

  /** Body of v1 `GET /rate-limit` or `GET /v2/rate-limit`. Returns false for a shape it does not know. */
  ingestStatus(json: unknown): boolean {
    if (typeof json !== 'object' || json === null) return false;
    const o = json as Record<string, unknown>;
    const rate = typeof o.rate === 'object' && o.rate !== null ? (o.rate as Record<string, unknown>) : undefined;
    const perMinute = rate ? rate.api_key_per_minute : o.callerPerMinute;
    const perMonth = rate ? rate.org_monthly : o.orgPerMonth;
    if (typeof perMinute !== 'object' || perMinute === null) return false;
    const now = this.now();
    const set = (w: Window, v: unknown): void => {
      const r = (typeof v === 'object' && v !== null ? v : {}) as Record<string, unknown>;
      const n = (x: unknown): number | null => (typeof x === 'number' && Number.isFinite(x) ? x : null);
      w.limit = n(r.limit);
      w.remaining = n(r.remaining);
      const reset = n(r.reset);
      w.resetAt = reset === null ? null : now + reset * 1000;
    };
    set(this.user, perMinute);
    // The status endpoint is authoritative: no monthly object means no monthly quota applies.
    set(this.org, perMonth);
    this.observedAt = now;
    this.changed();
    return true;
  }

  snapshot(): BudgetSnapshot {
    const iso = (ms: number | null): string | null => (ms === null ? null : new Date(ms).toISOString());
    return {
      userLimit: this.user.limit,
      userRemaining: this.user.remaining,
      userResetAt: iso(this.user.resetAt),
      orgLimit: this.org.limit,
      orgRemaining: this.org.remaining,
      orgResetAt: iso(this.org.resetAt),
      observedAt: iso(this.observedAt),
    };
  }

  get inFlightCount(): number {
    return this.inFlight;
  }

  /** Wait until one more request may be sent; the caller MUST call `release()` once it has a response (or gave up). */
  async acquire(opts: { exemptMonthly?: boolean; signal?: AbortSignal; request?: BudgetExhaustedInit['request'] } = {}): Promise<void> {
    for (;;) {
      opts.signal?.throwIfAborted();
      const now = this.now();
      this.rollExpired(now);
      if (!opts.exemptMonthly) this.checkMonthly(opts.request);
      if (this.user.remaining === null) {
        // Nothing known yet: let at most `concurrency` out until the first headers come back.
        if (this.inFlight < this.concurrency) break;
        await this.waitForChange(null, opts.signal);
        continue;
      }
      if (this.user.remaining - this.inFlight > this.margin) break;
      const resetAt = this.user.resetAt ?? (this.observedAt ?? now) + DEFAULT_USER_WINDOW_MS;
      const waitMs = Math.max(0, resetAt - now) + WAKE_SLACK_MS;
      const seen = this.version;
      if (this.loggedResetAt !== resetAt) {
        // Wakes on every response while waiting; say it once per window, not once per wake.
        this.loggedResetAt = resetAt;
        this.log?.info({ waitMs, userRemaining: this.user.remaining, inFlight: this.inFlight }, 'per-minute budget low; waiting for the window to reset');
      }
      const outcome = await this.waitForChange(waitMs, opts.signal);
      // We waited out the window and heard nothing newer: the allowance is back to its limit.
      if (outcome === 'timeout' && this.version === seen) this.rollUser();
    }
    this.inFlight += 1;
  }

  release(): void {
    this.inFlight = Math.max(0, this.inFlight - 1);
    this.changed();
  }

  private rollExpired(now: number): void {
    if (this.user.resetAt !== null && now >= this.user.resetAt) this.rollUser();
    if (this.org.resetAt !== null && now >= this.org.resetAt) {
      this.org.remaining = this.org.limit;
      this.org.resetAt = null;
    }
  }

  private rollUser(): void {
    this.user.remaining = this.user.limit;
    this.user.resetAt = null;
  }

  private checkMonthly(request: BudgetExhaustedInit['request']): void {
    if (this.org.remaining === null) return;
    if (this.org.remaining - this.inFlight <= this.reserve) {
      throw new BudgetExhaustedError({
        remaining: this.org.remaining,
        reserve: this.reserve,
        resetAt: this.org.resetAt === null ? null : new Date(this.org.resetAt),
        ...(request ? { request } : {}),
      });
    }
  }

  private changed(): void {
    this.version += 1;
    const waiters = this.waiters;
    this.waiters = [];
    for (const w of waiters) w();
  }

  /** Resolve on the next change (headers, release) or after `ms` (null = no timer). */
  private waitForChange(ms: number | null, signal?: AbortSignal): Promise<'timeout' | 'notified'> {
    return new Promise((resolve, reject) => {
      let timer: NodeJS.Timeout | undefined;
      const finish = (outcome: 'timeout' | 'notified'): void => {
        if (timer) clearTimeout(timer);
        signal?.removeEventListener('abort', onAbort);
        resolve(outcome);
      };
      const onAbort = (): void => {
        if (timer) clearTimeout(timer);
        reject(signal?.reason);
      };
      signal?.addEventListener('abort', onAbort, { once: true });
      this.waiters.push(() => finish('notified'));
      if (ms === null) return;
      if (this.customSleep) void this.customSleep(ms).then(() => finish('timeout'));
      else timer = setTimeout(() => finish('timeout'), ms);
    });
  }
}
