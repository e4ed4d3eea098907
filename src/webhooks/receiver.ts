import { createHash, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { errorMessage } from '../errors.ts';
import type { Logger } from '../log.ts';

/**
 * `POST /webhooks/<secret>`: the service signs nothing (docs/contract.md §6.11), so the unguessable path
 * is the only credential, and a delivery is only ever a hint (docs/webhooks.md). The receiver refuses, and
 * logs without echoing the path: a wrong secret (404, as for any unknown path), a body over the cap (413),
 * a flood (429). An accepted delivery is stored (`accept`) before the 2xx answer.
 */

export const WEBHOOK_PATH_PREFIX = '/webhooks/';

export interface ReceiverOptions {
  secret: string;
  maxBodyBytes: number;
  ratePerMinute: number;
  /** Store the delivery durably; resolves once it is written. */
  accept: (body: string) => Promise<void>;
  log: Logger;
  now?: () => number;
}

export interface ReceiverCounts {
  accepted: number;
  wrongSecret: number;
  tooLarge: number;
  rateLimited: number;
  failed: number;
}

/** Compare digests, so neither the content nor the length of the secret leaks through timing. */
function sameSecret(given: string, secret: string): boolean {
  const a = createHash('sha256').update(given).digest();
  const b = createHash('sha256').update(secret).digest();
  return timingSafeEqual(a, b);
}

/** A token bucket over all senders: `ratePerMinute` a minute, bursts up to the same number. */
class TokenBucket {
  private tokens: number;
  private last: number;
  constructor(
    private readonly perMinute: number,
    private readonly now: () => number,
  ) {
    this.tokens = perMinute;
    this.last = now();
  }
  take(): boolean {
    const t = this.now();
    this.tokens = Math.min(this.perMinute, this.tokens + ((t - this.last) / 60_000) * this.perMinute);
    this.last = t;
    if (this.tokens < 1) return false;
    this.tokens -= 1;
    return true;
  }
}

function reply(res: ServerResponse, status: number, text: string): void {
  res.writeHead(status, { 'content-type': 'text/plain; charset=utf-8', 'content-length': Buffer.byteLength(text), 'cache-control': 'no-store' });
  res.end(text);
}

/** Read the body up to `cap` bytes; null when it is larger (the rest is not read). */
function readCapped(req: IncomingMessage, cap: number): Promise<string | null> {
  const declared = Number(req.headers['content-length'] ?? 0);
  if (declared > cap) return Promise.resolve(null);
  return new Promise((resolve, reject) => {
    const parts: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > cap) {
        req.removeAllListeners('data');
        resolve(null);
        return;
      }
      parts.push(chunk);
    });
    req.on('end', () => resolve(Buffer.concat(parts).toString('utf8')));
    req.on('error', reject);
  });
}

export interface Receiver {
  /** Handle the request if its path is under /webhooks/; false otherwise (the caller answers it). */
  handle(req: IncomingMessage, res: ServerResponse): boolean;
  counts(): ReceiverCounts;
}

export function createReceiver(opts: ReceiverOptions): Receiver {
  const log = opts.log.child({ component: 'webhooks' });
  const counts: ReceiverCounts = { accepted: 0, wrongSecret: 0, tooLarge: 0, rateLimited: 0, failed: 0 };
  const bucket = new TokenBucket(opts.ratePerMinute, opts.now ?? Date.now);
  // Logged once a minute at most per reason: a flood must not become a flood of log lines.
  const lastLogged = new Map<string, number>();
  const refuse = (res: ServerResponse, status: number, reason: keyof ReceiverCounts, message: string, text: string) => {
    counts[reason] += 1;
    const t = (opts.now ?? Date.now)();
    if (t - (lastLogged.get(reason) ?? -Infinity) >= 60_000) {
      lastLogged.set(reason, t);
      log.warn({ reason, status, refusedSoFar: counts[reason] }, message);
    }
    reply(res, status, text);
  };

  async function serve(req: IncomingMessage, res: ServerResponse, token: string): Promise<void> {
    if (req.method !== 'POST') {
      res.setHeader('allow', 'POST');
      reply(res, 405, 'method not allowed\n');
      return;
    }
    if (!sameSecret(token, opts.secret)) {
      // The same answer as any unknown path: a prober learns nothing. The path itself is never logged.
      req.resume();
      refuse(res, 404, 'wrongSecret', 'webhook delivery refused: wrong secret in the path', 'not found\n');
      return;
    }
    if (!bucket.take()) {
      req.resume();
      refuse(res, 429, 'rateLimited', 'webhook delivery refused: more than webhook rate limit a minute', 'too many deliveries\n');
      return;
    }
    const body = await readCapped(req, opts.maxBodyBytes);
    if (body === null) {
      refuse(res, 413, 'tooLarge', 'webhook delivery refused: body over the size cap', 'body too large\n');
      req.destroy();
      return;
    }
    await opts.accept(body);
    counts.accepted += 1;
    reply(res, 200, 'ok\n');
  }

  return {
    handle(req, res) {
      const path = (req.url ?? '/').split('?')[0] ?? '/';
      if (!path.startsWith(WEBHOOK_PATH_PREFIX)) return false;
      serve(req, res, path.slice(WEBHOOK_PATH_PREFIX.length)).catch((err: unknown) => {
        counts.failed += 1;
        // 503 makes the service retry: a delivery not stored is never answered 2xx.
        log.error({ err: errorMessage(err) }, 'webhook delivery could not be stored; answered 503 so the service retries');
        if (!res.headersSent) reply(res, 503, 'not stored, retry\n');
        else res.destroy();
      });
      return true;
    },
    counts: () => ({ ...counts }),
  };
}
