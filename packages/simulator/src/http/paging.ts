/**
 * Pagination of both interfaces. `/v2`: opaque cursors (base64url of position, issue time, endpoint and the
 * original query) that expire; envelopes `{data, pagination:{prevUrl,nextUrl}}` or the seed's
 * `{data, next_cursor}`. Older interface: `page_size` / `page_token`, a token bound to the other parameters.
 * Pages are cut by position in a sorted key sequence, so cost is O(page size), not O(collection).
 */
import { HttpError, badParam, type Ctx, type Reply } from './http-types.ts';
import { hash32 } from '../prng.ts';

/** An ascending key sequence (SortedIds satisfies it; so can adapters over arrays). */
export interface KeySeq {
  readonly length: number;
  at(i: number): number | undefined;
  upperBound(key: number): number;
}

export function arraySeq(a: readonly number[]): KeySeq {
  return {
    length: a.length,
    at: (i) => a[i],
    upperBound(key) {
      let lo = 0;
      let hi = a.length;
      while (lo < hi) {
        const mid = (lo + hi) >>> 1;
        if ((a[mid] as number) <= key) lo = mid + 1;
        else hi = mid;
      }
      return lo;
    },
  };
}

interface CursorPayload {
  p: number;
  t: number;
  r: number;
  q: string;
}

function strHash(s: string): number {
  let h = 0;
  for (let i = 0; i < s.length; i++) h = (Math.imul(h, 31) + s.charCodeAt(i)) | 0;
  return hash32(h >>> 0);
}

export function encodeCursor(pos: number, path: string, query: URLSearchParams, nowMs: number): string {
  const q = new URLSearchParams(query);
  q.delete('cursor');
  const payload: CursorPayload = { p: pos, t: nowMs, r: strHash(path), q: q.toString() };
  return Buffer.from(JSON.stringify(payload)).toString('base64url');
}

/** Validates a cursor; returns its position and saved query. Throws 400 (param cursor) when bad or expired. */
export function decodeCursor(raw: string, path: string, nowMs: number, ttlMs: number): { pos: number; query: URLSearchParams } {
  let payload: CursorPayload;
  try {
    payload = JSON.parse(Buffer.from(raw, 'base64url').toString('utf8')) as CursorPayload;
  } catch {
    throw badParam('cursor', 'The cursor is not valid.');
  }
  if (typeof payload !== 'object' || payload === null || typeof payload.p !== 'number' || typeof payload.t !== 'number' || payload.r !== strHash(path)) {
    throw badParam('cursor', 'The cursor is not valid.');
  }
  if (nowMs - payload.t > ttlMs) throw badParam('cursor', 'The cursor has expired; start again without a cursor.');
  return { pos: payload.p, query: new URLSearchParams(typeof payload.q === 'string' ? payload.q : '') };
}

export function parseLimit(ctx: Ctx, def: number, max = 100, min = 1): number {
  const raw = ctx.query.get('limit');
  if (raw === null || raw === '') return capped(ctx, def);
  const n = Number(raw);
  if (!Number.isInteger(n) || n < min || n > max) {
    throw badParam('limit', `limit must be an integer between ${min} and ${max}.`);
  }
  return capped(ctx, n);
}

/** The page size a request gets: what it asked, or the simulator's `maxPageSize` if that is smaller. */
function capped(ctx: Ctx, asked: number): number {
  return ctx.settings.maxPageSize === null ? asked : Math.min(asked, ctx.settings.maxPageSize);
}

function envelope(ctx: Ctx, data: unknown[], nextPos: number | null): Reply {
  const cursor = nextPos === null ? null : encodeCursor(nextPos, ctx.path, ctx.query, ctx.nowMs);
  if (ctx.settings.contract.envelope === 'seed') {
    return { status: 200, body: cursor === null ? { data } : { data, next_cursor: cursor } };
  }
  let nextUrl: string | null = null;
  if (cursor !== null) {
    const q = new URLSearchParams(ctx.query);
    q.delete('cursor');
    q.append('cursor', cursor);
    nextUrl = `${ctx.baseUrl}${ctx.path}?${q.toString()}`;
  }
  return { status: 200, body: { data, pagination: { prevUrl: null, nextUrl } } };
}

/**
 * Page over keys in ascending order. `load` returns the rendered item, or undefined to skip the key (deleted,
 * filtered out, not yet visible). `floor` lets a caller start later (e.g. a binary-searched time filter).
 */
/**
 * From index `start`, collect up to `size` loadable items; `last` is the key of the last one taken and
 * `more` says whether any loadable key remains after it (so the last page gets no cursor).
 */
function collectPage(keys: KeySeq, start: number, size: number, load: (key: number) => unknown): { data: unknown[]; last: number | null; more: boolean } {
  const data: unknown[] = [];
  let last: number | null = null;
  let i = start;
  for (; i < keys.length && data.length < size; i++) {
    const k = keys.at(i) as number;
    const item = load(k);
    if (item === undefined) continue;
    data.push(item);
    last = k;
  }
  let more = false;
  for (; i < keys.length; i++) {
    if (load(keys.at(i) as number) !== undefined) {
      more = true;
      break;
    }
  }
  return { data, last, more };
}

export function pageKeys(
  ctx: Ctx,
  keys: KeySeq,
  load: (key: number) => unknown,
  def: number,
  opts: { max?: number; min?: number; floor?: number; extra?: Record<string, unknown> } = {},
): Reply {
  const limit = parseLimit(ctx, def, opts.max ?? 100, opts.min ?? 1);
  let i = ctx.cursorPos === undefined ? 0 : keys.upperBound(ctx.cursorPos);
  if (opts.floor !== undefined && opts.floor > i) i = opts.floor;
  const { data, last, more } = collectPage(keys, i, limit, load);
  const reply = envelope(ctx, data, more && last !== null ? last : null);
  if (opts.extra) Object.assign((reply.body as { pagination?: object }).pagination ?? {}, opts.extra);
  return reply;
}

/** Page over a small, already materialised array by offset. */
export function pageArray<T>(
  ctx: Ctx,
  items: readonly T[],
  render: (item: T) => unknown,
  def: number,
  opts: { max?: number; min?: number; totalCount?: boolean } = {},
): Reply {
  const limit = parseLimit(ctx, def, opts.max ?? 100, opts.min ?? 1);
  const start = ctx.cursorPos ?? 0;
  const slice = items.slice(start, start + limit);
  const end = start + slice.length;
  const reply = envelope(ctx, slice.map(render), end < items.length && slice.length > 0 ? end : null);
  if (opts.totalCount && ctx.settings.contract.envelope === 'real') {
    (reply.body as { pagination: Record<string, unknown> }).pagination.totalCount = items.length;
  }
  return reply;
}

// ---- older interface ----

export function v1PageSize(ctx: Ctx, def = 500, max = 500): number | undefined {
  const raw = ctx.query.get('page_size');
  if (raw === null || raw === '') return undefined;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 1 || n > max) {
    throw new HttpError(422, 'unprocessable-entity', `page_size must be an integer between 1 and ${max}`);
  }
  void def;
  return n;
}

function otherParams(ctx: Ctx): string {
  const pairs = [...ctx.query.entries()].filter(([k]) => k !== 'page_token').sort((a, b) => (a[0] + a[1] < b[0] + b[1] ? -1 : 1));
  return `${ctx.path}?${new URLSearchParams(pairs).toString()}`;
}

/** Decode the page_token; a token presented with different other parameters is refused (422). */
export function v1TokenPos(ctx: Ctx): number | undefined {
  const raw = ctx.query.get('page_token');
  if (raw === null || raw === '') return undefined;
  try {
    const t = JSON.parse(Buffer.from(raw, 'base64url').toString('utf8')) as { p: number; h: number };
    if (typeof t.p === 'number' && t.h === strHash(otherParams(ctx))) return t.p;
  } catch {
    // fall through
  }
  throw new HttpError(422, 'unprocessable-entity', 'Invalid page_token variable');
}

function v1Token(ctx: Ctx, pos: number): string {
  return Buffer.from(JSON.stringify({ p: pos, h: strHash(otherParams(ctx)) })).toString('base64url');
}

/** A v1 page over ascending keys: `{[key]: [...], next_page_token}`. */
export function v1PageKeys(ctx: Ctx, resourceKey: string, keys: KeySeq, load: (key: number) => unknown, def = 500, max = 500): Reply {
  const size = capped(ctx, v1PageSize(ctx, def, max) ?? def);
  const after = v1TokenPos(ctx);
  const { data, last, more } = collectPage(keys, after === undefined ? 0 : keys.upperBound(after), size, load);
  return { status: 200, body: { [resourceKey]: data, next_page_token: more && last !== null ? v1Token(ctx, last) : null } };
}
