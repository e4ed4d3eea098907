import type { z } from 'zod';
import { MalformedResponseError } from './http/errors.ts';

export interface InvalidRecord {
  raw: unknown;
  error: string;
}

export interface Envelope {
  items: unknown[];
  next: string | null;
}

export interface EnvelopeContext {
  path: string;
  endpoint: string;
  redact: (text: string) => string;
}

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function nonEmpty(v: unknown): string | null {
  return typeof v === 'string' && v !== '' ? v : null;
}

export function envelopeError(ctx: EnvelopeContext, why: string, body: unknown): MalformedResponseError {
  let text: string;
  try {
    text = JSON.stringify(body) ?? String(body);
  } catch {
    text = String(body);
  }
  const snippet = text.length > 200 ? `${text.slice(0, 200)}…` : text;
  return new MalformedResponseError(ctx.redact(`200 on GET ${ctx.path}: ${why}; body starts: ${snippet}`), {
    status: 200,
    method: 'GET',
    path: ctx.path,
    endpoint: ctx.endpoint,
    // The response parsed fine; a wrong shape will be wrong again.
    retryable: false,
  });
}

/**
 * `/v2`: the real `{data, pagination:{nextUrl}}` or the seed's `{data, next_cursor}`. `data: null` is refused
 * like a missing `data`: an absent member is never an empty page (docs/contract.md rule 1), or a sweep would
 * read it as "the collection is empty" and delete the whole collection.
 */
export function readV2(body: unknown, ctx: EnvelopeContext): Envelope {
  if (!isObject(body) || !('data' in body)) throw envelopeError(ctx, 'expected an object with a `data` array', body);
  const data = body.data;
  if (!Array.isArray(data)) throw envelopeError(ctx, data === null ? '`data` is null, not an array' : '`data` is not an array', body);
  const pagination = isObject(body.pagination) ? body.pagination : undefined;
  const next = nonEmpty(pagination?.nextUrl) ?? nonEmpty(body.next_cursor) ?? nonEmpty(body.nextCursor);
  return { items: data, next };
}

/** Older searches: records under a resource key plus `next_page_token`; without `page_size` some answer a bare array. */
export function readV1Token(body: unknown, recordsKey: string | undefined, ctx: EnvelopeContext): Envelope {
  if (Array.isArray(body)) return { items: body, next: null };
  if (!isObject(body)) throw envelopeError(ctx, 'expected an object with records and next_page_token', body);
  const key = recordsKey ?? Object.keys(body).find((k) => Array.isArray(body[k]));
  // A page with nothing on it may come back as `null` rather than `[]`.
  const items = key === undefined ? undefined : body[key] === null ? [] : body[key];
  if (!Array.isArray(items)) throw envelopeError(ctx, `expected an array under \`${key ?? recordsKey ?? '?'}\``, body);
  return { items, next: nonEmpty(body.next_page_token) };
}

/** Unpaged collections: a bare array (or, tolerated, the array under `recordsKey`). */
export function readV1Array(body: unknown, recordsKey: string | undefined, ctx: EnvelopeContext): Envelope {
  if (Array.isArray(body)) return { items: body, next: null };
  if (recordsKey !== undefined && isObject(body) && Array.isArray(body[recordsKey])) {
    return { items: body[recordsKey] as unknown[], next: null };
  }
  throw envelopeError(ctx, 'expected a JSON array', body);
}

export function readSingle(body: unknown, ctx: EnvelopeContext): Envelope {
  if (body === undefined || body === null) throw envelopeError(ctx, 'expected one record, got an empty body', body);
  return { items: [body], next: null };
}

function summarize(error: z.ZodError): string {
  const parts = error.issues.slice(0, 5).map((i) => `${i.path.map(String).join('.') || '(root)'}: ${i.message}`);
  if (error.issues.length > 5) parts.push(`… ${error.issues.length - 5} more`);
  return parts.join('; ');
}

/** A record that fails its schema is kept aside with the reason, never dropped and never fatal to the page. */
export function validateRecords<T>(items: unknown[], schema: z.ZodType<T>): { records: T[]; raw: unknown[]; invalid: InvalidRecord[] } {
  const records: T[] = [];
  const raw: unknown[] = [];
  const invalid: InvalidRecord[] = [];
  for (const item of items) {
    const parsed = schema.safeParse(item);
    if (parsed.success) {
      records.push(parsed.data);
      raw.push(item);
    } else {
      invalid.push({ raw: item, error: summarize(parsed.error) });
    }
  }
  return { records, raw, invalid };
}
