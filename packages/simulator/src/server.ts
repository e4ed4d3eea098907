/**
 * The simulator's HTTP pipeline: body -> auth -> API version -> rate budget -> route (+ version gate) ->
 * cursor -> fault draw -> handler -> latency -> response with rate-limit headers on every answer.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { CURRENT_VERSION, HttpError, KNOWN_VERSIONS, errorBody, routeMissing, type Ctx, type Reply, type ServerSettings } from './http/http-types.ts';
import { Router } from './http/router.ts';
import { RateLimiter, rateHeaders, type RateState } from './http/rate-limit.ts';
import { FaultInjector, HTML_502, type FaultKind } from './http/faults.ts';
import type { WebhookDeliveries } from './webhooks/webhook-deliveries.ts';
import { decodeCursor } from './http/paging.ts';
import type { SimStore } from './store/store.ts';
import { ALL_ROUTES } from './routes/routes.ts';
import { checkAuth } from './http/auth.ts';
import { checkParams } from './http/params.ts';
import { deniedBy } from './http/permissions.ts';

/** Where request lines and handler errors go: a pino logger fits, and the package needs no logging library of its own. */
export interface SimLogger {
  info(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

export interface SimStats {
  requests: number;
  byEndpoint: Map<string, number>;
  rateLimited: number;
  /**
   * When an array, every request a route answered is appended (a bench's ground truth of what a client read,
   * e.g. whether a company's person set was requested after a change); null (the default) keeps nothing.
   */
  log: SimRequest[] | null;
}

/** One answered request: the store's clock then, the route (`GET /organizations/{organization_id}`), its path parameters, the status. */
export interface SimRequest {
  at: number;
  route: string;
  params: Record<string, string>;
  status: number;
}

export interface PipelineOptions {
  settings: ServerSettings;
  latencyMs: number;
  /** The stall of a `slow` fault between the two halves of the body. */
  slowPauseMs: number;
  retryAfter: 'seconds' | 'http-date' | 'none';
  log: SimLogger | null;
  /** Webhook deliveries fired by writes (webhook-deliveries.ts). */
  deliveries?: WebhookDeliveries;
}

const MONTHLY_EXEMPT = new Set(['/rate-limit', '/v2/rate-limit', '/auth/whoami', '/v2/auth/whoami']);
const router = new Router(ALL_ROUTES);

export class SimServer {
  readonly server: Server;
  readonly stats: SimStats = { requests: 0, byEndpoint: new Map(), rateLimited: 0, log: null };
  baseUrl = '';
  private readonly timers = new Set<NodeJS.Timeout>();

  constructor(
    readonly store: SimStore,
    readonly limiter: RateLimiter,
    readonly faults: FaultInjector,
    readonly opts: PipelineOptions,
  ) {
    this.server = createServer((req, res) => {
      void this.handle(req, res).catch((err: unknown) => {
        opts.log?.error({ err }, 'simulator request failed');
        if (!res.headersSent) res.writeHead(500, ['Content-Type', 'application/json']);
        res.end('{"errors":[{"code":"server","message":"internal simulator error"}]}');
      });
    });
    this.server.keepAliveTimeout = 5_000;
  }

  /** Cancel pending slow bodies and latency waits (used by close()). */
  clearTimers(): void {
    for (const t of this.timers) clearTimeout(t);
    this.timers.clear();
  }

  private later(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const t = setTimeout(() => {
        this.timers.delete(t);
        resolve();
      }, ms);
      this.timers.add(t);
    });
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const started = Date.now();
    this.stats.requests += 1;
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const path = url.pathname.length > 1 ? url.pathname.replace(/\/+$/, '') : url.pathname;
    const iface: 'v1' | 'v2' = path === '/v2' || path.startsWith('/v2/') ? 'v2' : 'v1';
    const method = (req.method ?? 'GET').toUpperCase();
    const bodyText = await readBody(req);
    const { settings } = this.opts;
    const extra: Array<[string, string]> = [];
    let rate: RateState = this.limiter.state('', started, { id: this.store.tenant.id, now: this.store.clock() });
    const send = (reply: Reply, fault: FaultKind | null = null) => this.write(req, res, iface, reply, rate, extra, fault, started, method, path);
    const fail = (err: HttpError) => send({ status: err.status, body: errorBody(iface, err) });

    const auth = checkAuth(req.headers.authorization, iface, [settings.apiKey, ...settings.accounts.keys()]);
    if (!auth.ok) {
      this.count(`${method} (unauthenticated)`);
      return fail(new HttpError(401, 'authentication', auth.message));
    }
    let version = settings.defaultApiVersion;
    if (iface === 'v2') {
      const v = headerValue(req.headers['x-affinity-api-version']);
      if (v !== undefined) {
        const resolved = v.trim().toLowerCase() === 'current' ? CURRENT_VERSION : v.trim();
        if (!(KNOWN_VERSIONS as readonly string[]).includes(resolved)) {
          this.count(`${method} (bad version)`);
          return fail(new HttpError(400, 'validation', `The provided version: '${v}' is not valid.`, 'X-Affinity-Api-Version'));
        }
        version = resolved;
      }
      extra.push(['x-affinity-api-version', version]);
    }
    const tenant = settings.accounts.get(auth.key) ?? this.store.tenant;
    const taken = this.limiter.take(auth.key, started, { id: tenant.id, now: this.store.clock() }, !MONTHLY_EXEMPT.has(path));
    rate = taken.state;
    const matches = router.match(path);
    const match = matches.find((m) => m.def.method === method);
    this.count(match ? `${method} ${match.def.path}` : `${method} (unmatched)`);
    if (!taken.allowed) {
      this.stats.rateLimited += 1;
      if (this.opts.retryAfter === 'seconds') extra.push(['Retry-After', String(taken.retryAfterS)]);
      if (this.opts.retryAfter === 'http-date') extra.push(['Retry-After', new Date(started + taken.retryAfterS * 1000).toUTCString()]);
      return fail(new HttpError(429, 'rate-limit', 'Rate limit exceeded; retry after the window resets.'));
    }
    if (!match || (match.def.from !== undefined && version < match.def.from)) {
      if (!match && matches.length > 0) return fail(new HttpError(405, 'method-not-allowed', `${method} is not allowed on ${path}`));
      return send(routeMissing(method, path));
    }
    const denied = deniedBy(settings.deny, method, match.def.path, path);
    if (denied) return denied.status === 404 ? send(routeMissing(method, path)) : fail(new HttpError(denied.status, 'authorization', denied.message));
    let body: unknown;
    if ((req.headers['content-type'] ?? '').startsWith('multipart/form-data')) {
      body = { raw: bodyText };
    } else if (bodyText.length > 0) {
      try {
        body = JSON.parse(bodyText);
      } catch {
        return fail(new HttpError(400, 'bad-request', 'The request body is not valid JSON.'));
      }
    }
    const ctx: Ctx = {
      store: this.store,
      tenant,
      settings,
      iface,
      method,
      path,
      params: match.params,
      query: url.searchParams,
      body,
      version,
      baseUrl: this.baseUrl,
      cursorPos: undefined,
      nowMs: started,
      rate,
    };
    const fault = method === 'GET' ? this.faults.draw() : null;
    if (fault === '5xx') {
      const status = this.faults.coin() ? 500 : 503;
      return send({
        status,
        body: errorBody(iface, new HttpError(status, 'server', status === 500 ? 'Internal server error (simulated)' : 'Service unavailable (simulated)')),
      });
    }
    if (fault === 'html') return send({ status: 502, raw: { data: HTML_502, contentType: 'text/html; charset=utf-8' } });
    if (fault === 'reset') {
      if (this.opts.latencyMs > 0) await this.later(this.opts.latencyMs);
      const sock = req.socket as { resetAndDestroy?: () => void; destroy: () => void };
      if (typeof sock.resetAndDestroy === 'function') sock.resetAndDestroy();
      else sock.destroy();
      this.opts.log?.info({ method, path, fault }, 'simulated connection reset');
      return;
    }
    let reply: Reply;
    try {
      if (iface === 'v2') {
        const cursor = url.searchParams.get('cursor');
        if (cursor !== null && cursor !== '') {
          const dec = decodeCursor(cursor, path, started, settings.cursorTtlMs);
          const q = dec.query;
          for (const key of new Set(url.searchParams.keys())) {
            if (key === 'cursor') continue;
            q.delete(key);
            for (const v of url.searchParams.getAll(key)) q.append(key, v);
          }
          ctx.query = q;
          ctx.cursorPos = dec.pos;
        }
      }
      checkParams(iface, method, match.def.path, ctx.query);
      reply = match.def.handler(ctx);
      this.opts.deliveries?.afterWrite(match.def.path, ctx, reply);
    } catch (err) {
      if (err instanceof HttpError) reply = { status: err.status, body: errorBody(iface, err) };
      else {
        this.opts.log?.error({ err, method, path }, 'simulator handler error');
        reply = { status: 500, body: errorBody(iface, new HttpError(500, 'server', 'internal simulator error')) };
      }
    }
    this.stats.log?.push({ at: this.store.clock(), route: `${method} ${match.def.path}`, params: match.params, status: reply.status });
    return send(reply, fault);
  }

  private count(key: string): void {
    this.stats.byEndpoint.set(key, (this.stats.byEndpoint.get(key) ?? 0) + 1);
  }

  private async write(
    req: IncomingMessage,
    res: ServerResponse,
    iface: 'v1' | 'v2',
    reply: Reply,
    rate: RateState,
    extra: Array<[string, string]>,
    fault: FaultKind | null,
    started: number,
    method: string,
    path: string,
  ): Promise<void> {
    let data: Buffer;
    let contentType: string;
    if (reply.raw) {
      data = Buffer.isBuffer(reply.raw.data) ? reply.raw.data : Buffer.from(reply.raw.data);
      contentType = reply.raw.contentType;
    } else if (reply.body === undefined || reply.status === 204) {
      data = Buffer.alloc(0);
      contentType = 'application/json';
    } else {
      data = Buffer.from(JSON.stringify(reply.body));
      contentType = 'application/json; charset=utf-8';
    }
    if (fault === 'malformed') data = data.subarray(0, Math.max(1, Math.floor(data.length / 2)));
    if (this.opts.latencyMs > 0) await this.later(this.opts.latencyMs);
    if (res.destroyed) return;
    const headers: string[] = ['Content-Type', contentType, 'Content-Length', String(data.length)];
    for (const [k, v] of rateHeaders(rate, iface)) headers.push(k, v);
    for (const [k, v] of extra) headers.push(k, v);
    res.writeHead(reply.status, headers);
    if (fault === 'slow' && data.length > 1) {
      const half = Math.floor(data.length / 2);
      res.write(data.subarray(0, half));
      await this.later(this.opts.slowPauseMs);
      if (!res.destroyed) res.end(data.subarray(half));
    } else {
      res.end(data);
    }
    this.opts.log?.info({ method, path, status: reply.status, ms: Date.now() - started, fault, iface }, 'simulator request');
    void req;
  }
}

function headerValue(v: string | string[] | undefined): string | undefined {
  return Array.isArray(v) ? v[0] : v;
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (c: Buffer) => {
      size += c.length;
      if (size > 10 * 1024 * 1024) {
        reject(new Error('request body too large'));
        req.destroy();
        return;
      }
      chunks.push(c);
    });
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}
