import { describe, expect, it } from 'vitest';
import { classifyMalformed, classifyNetworkError, classifyStatus } from '../../src/extract/http/classify.ts';
import { backoffDelay, parseRetryAfter, retryDelay } from '../../src/extract/http/retry.ts';
import { parseServiceMessage, textSnippet } from '../../src/extract/http/service-message.ts';

describe('classification table', () => {
  it.each([429, 500, 502, 503, 504])('status %i is retryable', (status) => {
    expect(classifyStatus(status).retryable).toBe(true);
  });
  it.each([400, 401, 403, 404, 405, 409, 422, 501])('status %i is fatal', (status) => {
    expect(classifyStatus(status).retryable).toBe(false);
  });
  it('POST is retried only when the service refused it outright (429)', () => {
    expect(classifyStatus(503, false).retryable).toBe(false);
    expect(classifyStatus(429, false).retryable).toBe(true);
    expect(classifyMalformed(200, false).retryable).toBe(false);
  });
  it('a malformed 2xx body is transient, a malformed 4xx is not', () => {
    expect(classifyMalformed(200)).toEqual({ kind: 'malformed', errorClass: 'MalformedResponseError', retryable: true, stopsRun: false });
    expect(classifyMalformed(400).retryable).toBe(false);
  });
  it.each([
    ['ECONNRESET', 'read ECONNRESET'],
    ['UND_ERR_SOCKET', 'other side closed'],
    ['EPIPE', 'write EPIPE'],
    ['UND_ERR_HEADERS_TIMEOUT', 'Headers Timeout Error'],
    ['UND_ERR_BODY_TIMEOUT', 'Body Timeout Error'],
    ['RELSYNC_TIMEOUT', 'no response'],
  ])('network error %s is retryable', (code, message) => {
    expect(classifyNetworkError(Object.assign(new Error(message), { code })).retryable).toBe(true);
  });
  it('finds the code on a wrapped cause and matches "other side closed" without a code', () => {
    const wrapped = new TypeError('fetch failed', { cause: Object.assign(new Error('x'), { code: 'ECONNRESET' }) });
    expect(classifyNetworkError(wrapped).kind).toBe('connection');
    expect(classifyNetworkError(new Error('other side closed')).retryable).toBe(true);
  });
  it('a refused connection or unknown host is fatal (fix the URL instead of retrying)', () => {
    expect(classifyNetworkError(Object.assign(new Error('connect'), { code: 'ECONNREFUSED' }))).toEqual({
      kind: 'unreachable',
      errorClass: 'UnreachableError',
      retryable: false,
      stopsRun: true,
    });
    expect(classifyNetworkError(new Error('weird')).retryable).toBe(false);
  });
});

describe('backoff and Retry-After', () => {
  it('is capped exponential with full jitter', () => {
    const b = { baseMs: 250, capMs: 30_000 };
    expect(backoffDelay(0, b, () => 1)).toBe(250);
    expect(backoffDelay(3, b, () => 1)).toBe(2000);
    expect(backoffDelay(3, b, () => 0.5)).toBe(1000);
    expect(backoffDelay(20, b, () => 1)).toBe(30_000);
    expect(backoffDelay(5, b, () => 0)).toBe(0);
  });
  it('parses delta-seconds and HTTP-dates', () => {
    const now = Date.parse('2026-01-01T00:00:00Z');
    expect(parseRetryAfter('7', now)).toBe(7000);
    expect(parseRetryAfter(' 1.5 ', now)).toBe(1500);
    expect(parseRetryAfter('Thu, 01 Jan 2026 00:00:12 GMT', now)).toBe(12_000);
    expect(parseRetryAfter('soon', now)).toBeNull();
    expect(parseRetryAfter(undefined, now)).toBeNull();
  });
  it('honours Retry-After over backoff, clamped to [0, cap*4]', () => {
    const base = { attempt: 4, backoff: { baseMs: 100, capMs: 1000 }, random: () => 1 };
    const nowMs = Date.parse('2026-01-01T00:00:00Z');
    expect(retryDelay({ ...base, retryAfterMs: parseRetryAfter('3', nowMs) })).toBe(3000);
    expect(retryDelay({ ...base, retryAfterMs: parseRetryAfter('3600', nowMs) })).toBe(4000);
    expect(retryDelay({ ...base, retryAfterMs: parseRetryAfter('Wed, 31 Dec 2025 23:59:00 GMT', nowMs) })).toBe(0);
    expect(retryDelay({ ...base, retryAfterMs: parseRetryAfter(undefined, nowMs) })).toBe(1000);
  });
});

describe('service messages', () => {
  it('reads v2 errors arrays with code and param', () => {
    expect(parseServiceMessage({ errors: [{ code: 'validation', message: 'bad', param: 'limit' }] })).toEqual({
      message: 'bad (param limit)',
      code: 'validation',
      param: 'limit',
    });
  });
  it('reads the v1 shapes', () => {
    expect(parseServiceMessage({ error: 'nope' }).message).toBe('nope');
    expect(parseServiceMessage({ message: 'gone' }).message).toBe('gone');
    expect(parseServiceMessage({ errors: ['a', 'b'] }).message).toBe('a; b');
    expect(parseServiceMessage('plain').message).toBe('plain');
    expect(parseServiceMessage(42)).toEqual({});
  });
  it('strips tags and scripts from HTML and keeps it short', () => {
    const html = `<html><head><style>h1{}</style><script>alert(1)</script></head><body><h1>502 Bad Gateway</h1>${'x'.repeat(500)}</body></html>`;
    const s = textSnippet(html);
    expect(s.startsWith('502 Bad Gateway')).toBe(true);
    expect(s).not.toMatch(/[<>]/);
    expect(s).not.toContain('alert');
    expect(s.length).toBeLessThanOrEqual(201);
  });
});
