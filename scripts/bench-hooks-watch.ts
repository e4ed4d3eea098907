/**
 * The webhook bench's watch on the warehouse (bench-hooks.ts): every delivered change is polled for on the
 * analyst's tables from the moment it is sent, all the time, so its staleness is delivery to seen within
 * one poll; and the censored percentiles (an unseen change counts at its age at the end, never dropped).
 */
import type { Db } from '../src/load/db.ts';
import { visible, type HookChange } from './bench-hooks-changes.ts';

export const SECOND = 1000;
const POLL_MS = 250;

export interface Tracked {
  change: HookChange;
  sentAt: number | null;
  seenAt: number | null;
}

export const pct = (xs: number[], p: number) =>
  xs.length === 0 ? NaN : [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))]!;
export const secs = (ms: number) => (Number.isNaN(ms) ? '-' : `${(ms / SECOND).toFixed(1)} s`);

export class Watch {
  private readonly sent: Tracked[] = [];
  private timer: NodeJS.Timeout | null = null;
  private polling: Promise<void> = Promise.resolve();
  private failure: unknown = null;

  constructor(
    private readonly db: Db,
    private readonly alive: () => void,
  ) {}

  start(): void {
    this.timer = setInterval(() => {
      this.polling = this.polling.then(() => this.poll()).catch((err: unknown) => void (this.failure ??= err));
    }, POLL_MS);
  }

  /** Start watching a change: call right before its delivery is sent. */
  track(t: Tracked): void {
    t.sentAt = Date.now();
    this.sent.push(t);
  }

  private async poll(): Promise<void> {
    const pending = this.sent.filter((t) => t.seenAt === null);
    if (pending.length === 0) return;
    const now = Date.now();
    const seen = await visible(
      this.db,
      pending.map((t) => t.change),
    );
    for (const t of pending) if (seen.has(t.change)) t.seenAt = now;
  }

  /** Until every one of `xs` is seen, or `timeoutMs` has passed. */
  async until(xs: Tracked[], timeoutMs: number): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    while (xs.some((t) => t.seenAt === null) && Date.now() < deadline) {
      if (this.failure) throw this.failure;
      this.alive();
      await new Promise((r) => setTimeout(r, POLL_MS));
    }
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    await this.polling;
  }
}

/** Delivery to seen for each change; an unseen one counts at its age at `end` (censored). */
export function staleness(xs: Tracked[], end: number): number[] {
  return xs.map((t) => (t.seenAt ?? end) - (t.sentAt ?? end));
}

/** One row of the table; returns its p95. */
export function row(what: string, xs: Tracked[], end: number): number {
  const st = staleness(xs, end);
  const unseen = xs.filter((t) => t.seenAt === null).length;
  console.log(
    `  ${what.padEnd(28)} n ${String(xs.length).padStart(4)}  p50 ${secs(pct(st, 50)).padStart(7)}  p95 ${secs(pct(st, 95)).padStart(7)}  max ${secs(Math.max(0, ...st)).padStart(7)}  unseen ${unseen}`,
  );
  return pct(st, 95);
}
