/**
 * Webhook deliveries (docs/contract.md §6.11, §10): a write through the API that fires an event
 * (webhook-events.ts) is POSTed to every active subscription that wants it, on 127.0.0.1 only (any other
 * address is never contacted: the simulator must not reach the network). A failed delivery is retried with
 * exponential backoff, the reference's 10 hours compressed into about 2.5 s; when every attempt failed, the
 * subscription is disabled. `--faults webhook-drop=P` loses a share of deliveries without any attempt.
 */
import { deliveryBody, eventOf, type SimEvent } from './webhook-events.ts';
import type { Ctx, Reply } from '../http/http-types.ts';
import { Rng } from '../prng.ts';
import type { SimStore } from '../store/store.ts';
import type { SimWebhook } from '../store/store-types.ts';

/** Attempts per delivery, and the first retry's delay: 5 ms × 2^k over 10 attempts ≈ 2.5 s for the reference's 10 h. */
export const DELIVERY_ATTEMPTS = 10;
export const DELIVERY_RETRY_BASE_MS = 5;
const ATTEMPT_TIMEOUT_MS = 5_000;

export interface DeliveryStats {
  fired: number;
  delivered: number;
  dropped: number;
  retried: number;
  failed: number;
  disabled: number;
}

export class WebhookDeliveries {
  readonly stats: DeliveryStats = { fired: 0, delivered: 0, dropped: 0, retried: 0, failed: 0, disabled: 0 };
  private dropShare = 0;
  private readonly rng: Rng;
  private readonly inFlight = new Set<Promise<void>>();
  private closed = false;

  constructor(
    private readonly store: SimStore,
    private readonly contract: 'reference' | 'seed',
    seed: number,
    private readonly retryBaseMs: number = DELIVERY_RETRY_BASE_MS,
  ) {
    this.rng = new Rng((seed ^ 0x0eb0_0c5) >>> 0);
  }

  setDrop(share: number): void {
    this.dropShare = share;
  }

  /** Called by the server after every handled request: fires the write's event, if any. */
  afterWrite(routePath: string, ctx: Ctx, reply: Reply): void {
    if (this.closed) return;
    const event = eventOf(routePath, ctx, reply);
    if (event) this.fire(event);
  }

  fire(event: SimEvent): void {
    for (const w of this.store.webhooks.values()) {
      if (w.status !== 'active' || !wants(w, event.type) || !onLoopback(w.url)) continue;
      this.stats.fired += 1;
      if (this.dropShare > 0 && this.rng.next() < this.dropShare) {
        this.stats.dropped += 1;
        continue;
      }
      const p = this.deliver(w, deliveryBody(event, this.contract, this.store.clock())).finally(() => this.inFlight.delete(p));
      this.inFlight.add(p);
    }
  }

  /** Resolves once every delivery in flight (retries included) has ended. */
  async idle(): Promise<void> {
    while (this.inFlight.size > 0) await Promise.allSettled([...this.inFlight]);
  }

  close(): void {
    this.closed = true;
  }

  private async deliver(w: SimWebhook, body: string): Promise<void> {
    for (let attempt = 0; attempt < DELIVERY_ATTEMPTS; attempt += 1) {
      if (attempt > 0) {
        this.stats.retried += 1;
        await new Promise((r) => setTimeout(r, this.retryBaseMs * 2 ** (attempt - 1)));
      }
      if (this.closed || w.status !== 'active') return;
      try {
        const res = await fetch(w.url, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body,
          signal: AbortSignal.timeout(ATTEMPT_TIMEOUT_MS),
        });
        await res.arrayBuffer();
        if (res.status >= 200 && res.status < 300) {
          this.stats.delivered += 1;
          return;
        }
      } catch {
        // A refused connection or a timeout: retried like a non-2xx answer.
      }
    }
    this.stats.failed += 1;
    w.status = 'disabled';
    w.updatedAt = this.store.now();
    this.stats.disabled += 1;
  }
}

function wants(w: SimWebhook, type: string): boolean {
  return w.subscriptions.length === 0 || w.subscriptions.includes(type);
}

function onLoopback(url: string): boolean {
  try {
    const u = new URL(url);
    return u.protocol === 'http:' && (u.hostname === '127.0.0.1' || u.hostname === 'localhost');
  } catch {
    return false;
  }
}
