import type { z } from 'zod';
import { UserError } from '../errors.ts';
import { componentLogger, type Logger } from '../log.ts';
import type { AffinityClient, RequestOpts } from './http/client.ts';
import { ForeignOriginError } from './http/errors.ts';
import { endpointLabel, type Query } from './http/url.ts';
import { readSingle, readV1Array, readV1Token, readV2, validateRecords, type Envelope, type EnvelopeContext, type InvalidRecord } from './pager-envelope.ts';
import { decodeV1Token, encodeV1Token, isAbsoluteUrl, paramsFingerprint, v2TokenKey } from './pager-token.ts';

export type { InvalidRecord } from './pager-envelope.ts';
export type { Query } from './http/url.ts';

export type PaginatorKind = 'v2' | 'v1-token' | 'v1-array' | 'single';

export interface PageRequest {
  path: string;
  query?: Query;
  paginator: PaginatorKind;
  /** v1 resource key, e.g. 'organizations'. */
  recordsKey?: string;
  endpoint?: string;
  expectExists?: boolean;
  signal?: AbortSignal;
}

export interface Page<T> {
  records: T[];
  invalid: InvalidRecord[];
  nextToken: string | null;
  pageNumber: number;
  /** Raw JSON of each valid record, same order as `records`, for `_raw`. */
  raw?: unknown[];
}

/** The service handed back a position we already fetched: following it would loop forever. */
export class RepeatedPageTokenError extends UserError {
  readonly path: string;
  readonly pageNumber: number;
  constructor(path: string, pageNumber: number) {
    super(`The API returned a page token for ${path} that was already used (after page ${pageNumber}); stopping instead of looping.`, {
      exitCode: 1,
      hint: 'Run again with a full sweep of this stream; if it repeats, report it to Affinity support.',
    });
    this.name = 'RepeatedPageTokenError';
    this.path = path;
    this.pageNumber = pageNumber;
  }
}

function pin(query: Query | undefined): Readonly<Query> {
  const copy: Query = {};
  for (const [k, v] of Object.entries(query ?? {})) copy[k] = Array.isArray(v) ? Object.freeze([...(v as ReadonlyArray<string | number>)]) : v;
  return Object.freeze(copy);
}

/**
 * Fetches ONE page per `next()`; the runner owns the loop and persists `token` with the page's rows,
 * so a killed run resumes at the next page.
 */
export class Pager<T> {
  private readonly query: Readonly<Query>;
  private readonly fingerprint: string;
  private readonly ctx: EnvelopeContext;
  private readonly log: Logger;
  private readonly seen = new Set<string>();
  /** v2: a nextUrl or a bare cursor; v1-token: the service's page_token. */
  private position: string | null = null;
  /** The saved position this pager resumed from, until its page is read. */
  private resumed: string | null = null;
  private finished = false;
  private pages = 0;

  constructor(
    private readonly client: AffinityClient,
    private readonly req: PageRequest,
    private readonly schema: z.ZodType<T>,
    startToken?: string | null,
  ) {
    this.query = pin(req.query);
    const bare = req.path.split('?')[0] ?? req.path;
    this.ctx = { path: bare, endpoint: req.endpoint ?? endpointLabel('GET', bare), redact: (t) => client.redact(t) };
    this.log = componentLogger(client.baseLog, 'pager', { path: bare });
    this.fingerprint = paramsFingerprint(req.path, req.query);
    if (startToken) this.position = this.resumed = this.resumeFrom(startToken);
  }

  get done(): boolean {
    return this.finished;
  }

  /** What to persist to resume at the next page (null when done or not started). */
  get token(): string | null {
    if (this.finished || this.position === null) return null;
    return this.req.paginator === 'v1-token' ? encodeV1Token(this.position, this.fingerprint) : this.position;
  }

  async next(): Promise<Page<T>> {
    if (this.finished) throw new Error(`Pager for ${this.ctx.path} is already done; check \`done\` before calling next()`);
    const used = this.position;
    if (used !== null) this.seen.add(this.key(used));
    let envelope: Envelope;
    try {
      envelope = await this.fetch(used);
    } catch (err) {
      if (!(err instanceof ForeignOriginError) || used === null || used !== this.resumed) throw err;
      // A saved nextUrl of another origin: AFFINITY_BASE_URL changed since it was saved. The client
      // refused it before sending anything (the key only goes to the configured origin), and the new
      // origin cannot know the old one's cursor: start this collection over. A foreign nextUrl the
      // service hands out mid-sweep is not a saved one and still fails.
      this.log.warn({ savedOrigin: originOf(used) }, 'saved page cursor is for another API origin (AFFINITY_BASE_URL changed); starting from page 1');
      envelope = await this.fetch(null);
    }
    this.resumed = null;
    const next = this.isPaged() ? envelope.next : null;
    if (next !== null && this.seen.has(this.key(next))) throw new RepeatedPageTokenError(this.ctx.path, this.pages + 1);
    this.pages += 1;
    this.position = next;
    this.finished = next === null;
    const { records, raw, invalid } = validateRecords(envelope.items, this.schema);
    if (invalid.length > 0) this.log.warn({ page: this.pages, invalid: invalid.length }, 'records failed validation');
    return { records, invalid, raw, nextToken: this.token, pageNumber: this.pages };
  }

  private isPaged(): boolean {
    return this.req.paginator === 'v2' || this.req.paginator === 'v1-token';
  }

  private key(position: string): string {
    return this.req.paginator === 'v2' ? v2TokenKey(position) : position;
  }

  private resumeFrom(startToken: string): string | null {
    if (this.req.paginator === 'v2') return startToken;
    if (this.req.paginator !== 'v1-token') return null;
    const decoded = decodeV1Token(startToken);
    if (decoded === null) {
      this.log.warn({ reason: 'unrecognised token' }, 'saved v1 page token is not in relsync format; starting from page 1');
      return null;
    }
    if (decoded.p !== this.fingerprint) {
      // The service would answer "Invalid page_token variable": the token belongs to other parameters.
      this.log.warn({ reason: 'parameters changed' }, 'saved v1 page token was issued for different parameters; starting from page 1');
      return null;
    }
    return decoded.t;
  }

  private async fetch(position: string | null): Promise<Envelope> {
    const opts: RequestOpts = {
      endpoint: this.ctx.endpoint,
      ...(this.req.expectExists ? { expectExists: true } : {}),
      ...(this.req.signal ? { signal: this.req.signal } : {}),
    };
    switch (this.req.paginator) {
      case 'v2': {
        let body: unknown;
        if (position === null) body = await this.client.get(this.req.path, this.query, opts);
        else if (isAbsoluteUrl(position)) body = await this.client.getUrl(position, opts);
        else body = await this.client.get(this.req.path, { ...this.query, cursor: position }, opts);
        return readV2(body, this.ctx);
      }
      case 'v1-token': {
        const query = position === null ? this.query : { ...this.query, page_token: position };
        return readV1Token(await this.client.get(this.req.path, query, opts), this.req.recordsKey, this.ctx);
      }
      case 'v1-array':
        return readV1Array(await this.client.get(this.req.path, this.query, opts), this.req.recordsKey, this.ctx);
      case 'single':
        return readSingle(await this.client.get(this.req.path, this.query, opts), this.ctx);
    }
  }
}

function originOf(url: string): string | undefined {
  try {
    return new URL(url).origin;
  } catch {
    return undefined;
  }
}
