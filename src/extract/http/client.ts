import PQueue from 'p-queue';
import { Pool, type Dispatcher } from 'undici';
import { DEFAULT_BASE_URL, DEFAULT_FIRST_CONTACT_RETRIES, DEFAULT_KEEP_ALIVE_MS } from '../../defaults.ts';
import { redact, UserError } from '../../errors.ts';
import { componentLogger, type Logger } from '../../log.ts';
import { ForeignOriginError, NotFoundError, type ApiError } from './errors.ts';
import { lagExhausted, type FailureContext } from './failure.ts';
import { RateBudget, type BudgetSnapshot } from './rate-budget.ts';
import { isIdempotent, retryDelay } from './retry.ts';
import { sleepUnlessAborted, withDefaults, type AffinityClientOptions, type RequestOpts, type Tuning, type WriteOpts } from './options.ts';
import { sendOnce } from './transport.ts';
import { authorizationFor, basicToken, buildPathWithQuery, endpointLabel, isMonthlyExempt, isV2Path, type Query } from './url.ts';

export type { AffinityClientOptions, RequestOpts, WriteOpts } from './options.ts';

interface Spec {
  method: Dispatcher.HttpMethod;
  /** Path relative to baseUrl, without query: decides auth and labels, appears in errors. */
  path: string;
  /** What goes on the wire: base prefix + path + query. */
  wirePath: string;
  body?: string;
  endpoint: string;
  expectExists: boolean;
  idempotent: boolean;
  signal: AbortSignal | undefined;
}

/** The HTTP client for both Affinity interfaces: one keep-alive pool, a bounded queue, a shared rate budget. */
export class AffinityClient {
  readonly budget: RateBudget;
  readonly log: Logger;
  /** The logger the client was given, for what reads through it (pagers) to name their own component. */
  readonly baseLog: Logger;
  private readonly base: URL;
  private readonly prefix: string;
  private readonly apiKey: string;
  private readonly apiVersion: string;
  private readonly secrets: string[];
  private readonly queue: PQueue;
  private readonly pools = new Map<string, Pool>();
  private readonly callCounts = new Map<string, number>();
  /** Answers of the service itself (a JSON body): `ok` the 2xx ones, `any` every one, errors included. */
  private readonly answered = { ok: 0, any: 0 };
  /** 2xx answers per interface (`/v2` or the older one): a read by id's 404 is evidence only where its interface answers. */
  private readonly answeredOkBy = { v2: 0, older: 0 };
  /** The options with every default filled in (defaults.ts). */
  private readonly t: Tuning;
  /** The run's stop signal (options.ts `stop`), joined to every request's own. */
  private readonly stop: AbortSignal | undefined;

  constructor(opts: AffinityClientOptions) {
    if (!opts.apiKey) {
      throw new UserError('No Affinity API key was given.', {
        hint: 'Set AFFINITY_API_KEY (Affinity → Settings → API), or try `relsync demo` against the simulator.',
      });
    }
    // A key with a line break or control character cannot go in a header: say so before any request is made.
    if (!/^[\x21-\x7e]+$/.test(opts.apiKey)) {
      throw new UserError('The Affinity API key holds a space, line break or other control character.', {
        hint: 'Set AFFINITY_API_KEY to the key alone (a trailing newline from the file it was read from?).',
      });
    }
    try {
      this.base = new URL(opts.baseUrl);
    } catch {
      throw new UserError(`The API base URL "${opts.baseUrl}" is not a valid URL.`, {
        hint: `Set AFFINITY_BASE_URL to e.g. ${DEFAULT_BASE_URL}`,
      });
    }
    this.prefix = this.base.pathname.replace(/\/+$/, '');
    this.apiKey = opts.apiKey;
    this.apiVersion = opts.apiVersion;
    // The Basic form is the key too: a server echoing the Authorization header must not leak it either.
    this.secrets = [opts.apiKey, basicToken(opts.apiKey)];
    this.baseLog = opts.logger;
    this.log = componentLogger(opts.logger, 'http');
    this.t = withDefaults(opts);
    this.stop = opts.stop;
    this.queue = new PQueue({ concurrency: this.t.concurrency });
    this.budget = new RateBudget({
      concurrency: this.t.concurrency,
      monthlyReserve: this.t.monthlyReserve,
      logger: this.log,
      ...(opts.sleep ? { sleep: opts.sleep } : {}),
      ...(opts.now ? { now: opts.now } : {}),
    });
  }

  get<T = unknown>(path: string, query?: Query, opts: RequestOpts = {}): Promise<T> {
    return this.request<T>('GET', path, { ...opts, ...(query ? { query } : {}) });
  }

  /** Follow an absolute URL the service handed out (`pagination.nextUrl`) verbatim, but only on our own origin. */
  getUrl<T = unknown>(absoluteUrl: string, opts: RequestOpts = {}): Promise<T> {
    let url: URL;
    try {
      url = new URL(absoluteUrl);
    } catch {
      return Promise.reject(new ForeignOriginError(redact(`Refusing to follow an invalid URL: ${absoluteUrl.slice(0, 200)}`, this.secrets)));
    }
    if (url.origin !== this.base.origin || !url.pathname.startsWith(this.prefix)) {
      return Promise.reject(
        new ForeignOriginError(
          redact(
            `Refusing to follow ${url.origin}${url.pathname}: it is not under ${this.base.origin}${this.prefix}, and the API key is only sent there.`,
            this.secrets,
          ),
        ),
      );
    }
    const path = url.pathname.slice(this.prefix.length) || '/';
    return this.run<T>(this.spec('GET', path, `${url.pathname}${url.search}`, undefined, opts));
  }

  request<T = unknown>(method: Dispatcher.HttpMethod, path: string, opts: WriteOpts = {}): Promise<T> {
    const built = buildPathWithQuery(path.startsWith('/') ? path : `/${path}`, opts.query);
    const body = opts.body === undefined ? undefined : JSON.stringify(opts.body);
    return this.run<T>(this.spec(method, built.path, `${this.prefix}${built.path}${built.search}`, body, opts));
  }

  /** Read `GET /rate-limit` (exempt from the monthly quota) into the budget and return what it now knows. */
  async refreshBudget(opts: RequestOpts = {}): Promise<BudgetSnapshot> {
    const json = await this.get<unknown>('/rate-limit', undefined, opts);
    if (!this.budget.ingestStatus(json)) this.log.warn({ endpoint: 'GET /rate-limit' }, 'rate-limit status had an unknown shape');
    return this.budget.snapshot();
  }

  /** Remove the key (in every form it is sent) from text that came from the service, e.g. a body snippet. */
  redact(text: string): string {
    return redact(text, this.secrets);
  }

  counts(): Record<string, number> {
    return Object.fromEntries(this.callCounts);
  }

  totalCalls(): number {
    let total = 0;
    for (const n of this.callCounts.values()) total += n;
    return total;
  }

  /** How often the service itself answered (JSON bodies): `ok` 2xx answers, `any` every answer, errors included. */
  serviceAnswers(): { ok: number; any: number } {
    return { ...this.answered };
  }

  /** Whether the interface serving `path` (`/v2` or the older one) has answered a 2xx in this client's life (one run). */
  interfaceAnswered(path: string): boolean {
    return this.answeredOkBy[interfaceOf(path)] > 0;
  }

  resetCounts(): void {
    this.callCounts.clear();
  }

  async close(): Promise<void> {
    this.queue.clear();
    await Promise.all([...this.pools.values()].map((p) => p.close()));
    this.pools.clear();
  }

  private spec(method: Dispatcher.HttpMethod, path: string, wirePath: string, body: string | undefined, opts: WriteOpts): Spec {
    return {
      method,
      path,
      wirePath,
      ...(body !== undefined ? { body } : {}),
      endpoint: opts.endpoint ?? endpointLabel(method, path),
      expectExists: (opts.expectExists ?? false) && method === 'GET',
      idempotent: opts.idempotent ?? isIdempotent(method),
      signal: opts.signal && this.stop ? AbortSignal.any([opts.signal, this.stop]) : (opts.signal ?? this.stop),
    };
  }

  private pool(): Pool {
    const origin = this.base.origin;
    let pool = this.pools.get(origin);
    if (!pool) {
      pool = new Pool(origin, {
        connections: this.t.concurrency,
        keepAliveTimeout: DEFAULT_KEEP_ALIVE_MS,
        headersTimeout: this.t.timeoutMs,
        bodyTimeout: this.t.timeoutMs,
      });
      this.pools.set(origin, pool);
    }
    return pool;
  }

  private headers(spec: Spec): Record<string, string> {
    const h: Record<string, string> = {
      authorization: authorizationFor(spec.path, this.apiKey),
      accept: 'application/json',
      'user-agent': this.t.userAgent,
    };
    if (isV2Path(spec.path)) h['x-affinity-api-version'] = this.apiVersion;
    if (spec.body !== undefined) h['content-type'] = 'application/json';
    return h;
  }

  /** The retry loop: transient failures back off (or wait as told), the read-after-create lag gets its own short retries. */
  private async run<T>(spec: Spec): Promise<T> {
    const ctx: FailureContext = {
      method: spec.method,
      path: spec.path,
      endpoint: spec.endpoint,
      secrets: this.secrets,
      idempotent: spec.idempotent,
    };
    let retries = 0;
    let lagRetries = 0;
    let waitedMs = 0;
    for (;;) {
      const result = await this.queue.add(() => this.attempt(spec, ctx), spec.signal ? { signal: spec.signal } : {});
      if (result.ok) {
        this.answered.ok += 1;
        this.answered.any += 1;
        this.answeredOkBy[interfaceOf(spec.path)] += 1;
        return result.value as T;
      }
      const err = result.error;
      if (err.answeredBy === 'service') this.answered.any += 1;
      let delayMs: number;
      let reason: string;
      if (err instanceof NotFoundError && this.createLag(spec, err)) {
        if (lagRetries >= this.t.createLag.retries) throw lagExhausted(err, lagRetries);
        lagRetries += 1;
        const { minMs, maxMs } = this.t.createLag;
        delayMs = Math.round(minMs + (maxMs - minMs) * this.t.random());
        reason = 'read-after-create lag';
      } else if (err.retryable && retries < this.retryLimit(err) && waitedMs < this.t.retryWaitTotalMs) {
        const delay = retryDelay({ attempt: retries, retryAfterMs: err.retryAfterMs, backoff: this.t.backoff, random: this.t.random });
        delayMs = Math.min(delay, this.t.retryWaitTotalMs - waitedMs);
        retries += 1;
        reason = err.message;
      } else {
        const attempts = retries + lagRetries + 1;
        if (attempts > 1) err.message = `${err.message} (gave up after ${attempts} attempts)`;
        throw err;
      }
      this.log.warn(
        { method: spec.method, endpoint: spec.endpoint, status: result.status, attempt: retries + lagRetries, delayMs, reason },
        'retrying request',
      );
      waitedMs += delayMs;
      await sleepUnlessAborted(this.t.sleep, delayMs, spec.signal);
    }
  }

  /**
   * The read-after-create lag is where the documents place it (docs/contract.md §0, §S1): a `/v2` read of a
   * record the older interface may have just created, answering the service's own record-level 404. A 404
   * anywhere else (an older-interface read, a route the service does not serve) is one call.
   */
  private createLag(spec: Spec, err: NotFoundError): boolean {
    return spec.expectExists && isV2Path(spec.path) && err.notFound === 'record';
  }

  /**
   * Until the service has answered once, a 2xx that is not JSON (an HTML page: perhaps the URL is not the
   * API) and a timeout are retried only DEFAULT_FIRST_CONTACT_RETRIES times: waiting will not turn a wrong
   * URL into the API. Once it has answered, the same failures are passing trouble and get every retry.
   */
  private retryLimit(err: ApiError): number {
    if (this.answered.any > 0) return this.t.maxRetries;
    const notApi = err.answeredBy === 'other' && err.status !== null && err.status < 300;
    if (notApi || err.kind === 'timeout') return Math.min(DEFAULT_FIRST_CONTACT_RETRIES, this.t.maxRetries);
    return this.t.maxRetries;
  }

  private async attempt(spec: Spec, ctx: FailureContext): ReturnType<typeof sendOnce> {
    await this.budget.acquire({
      exemptMonthly: isMonthlyExempt(spec.path),
      request: { method: spec.method, path: spec.path, endpoint: spec.endpoint },
      ...(spec.signal ? { signal: spec.signal } : {}),
    });
    this.callCounts.set(spec.endpoint, (this.callCounts.get(spec.endpoint) ?? 0) + 1);
    try {
      return await sendOnce(
        this.pool(),
        {
          method: spec.method,
          path: spec.wirePath,
          headers: this.headers(spec),
          ...(spec.body !== undefined ? { body: spec.body } : {}),
          ...(spec.signal ? { signal: spec.signal } : {}),
        },
        ctx,
        this.t.timeoutMs,
        (headers) => this.budget.ingestHeaders(headers as Record<string, string | string[] | undefined>),
      );
    } finally {
      this.budget.release();
    }
  }
}

/** Which interface serves a path: `/v2/…`, or the older one (docs/contract.md §0). */
function interfaceOf(path: string): 'v2' | 'older' {
  return path.startsWith('/v2/') || path === '/v2' ? 'v2' : 'older';
}
