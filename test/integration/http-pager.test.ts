import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ForeignOriginError, MalformedResponseError } from '../../src/extract/http/index.ts';
import { Pager, RepeatedPageTokenError, type PageRequest } from '../../src/extract/pager.ts';
import { encodeV1Token, paramsFingerprint } from '../../src/extract/pager-token.ts';
import { clientOn, sendJson, type ClientHarness, type MiniHandler } from '../helpers/mini-server.ts';

const Company = z.object({ id: z.number(), name: z.string() });
type Company = z.infer<typeof Company>;
const ids = (records: Company[]) => records.map((r) => r.id);

let open: ClientHarness[] = [];
afterEach(async () => {
  await Promise.all(open.map((h) => h.close()));
  open = [];
});

async function setup(handler: MiniHandler): Promise<ClientHarness> {
  const h = await clientOn(handler);
  open.push(h);
  return h;
}

const co = (id: number) => ({ id, name: `Co ${id}` });

/** Reads every page the way the runner does, one `next()` at a time, collecting records and rejects. */
async function readAll(client: ClientHarness['client'], req: PageRequest) {
  const pager = new Pager(client, req, Company);
  const records: Company[] = [];
  const invalid: unknown[] = [];
  while (!pager.done) {
    const page = await pager.next();
    records.push(...page.records);
    invalid.push(...page.invalid);
  }
  return { records, invalid };
}

describe('v2 pages', () => {
  it('follows pagination.nextUrl verbatim and persists it as the token', async () => {
    const pages: Record<string, { data: unknown[]; next: string | null }> = {
      '': { data: [co(1), co(2)], next: 'c2' },
      c2: { data: [co(3)], next: 'c3' },
      c3: { data: [co(4)], next: null },
    };
    const { server, client } = await setup((req, res) => {
      const page = pages[req.query.get('cursor') ?? ''];
      if (!page) return sendJson(res, 400, { errors: [{ code: 'validation', message: 'bad cursor', param: 'cursor' }] });
      const nextUrl = page.next ? `${server.url}/v2/companies?cursor=${page.next}&fieldTypes=enriched&fieldTypes=global` : null;
      sendJson(res, 200, { data: page.data, pagination: { prevUrl: null, nextUrl } });
    });
    const pager = new Pager(client, { path: '/v2/companies', query: { fieldTypes: ['enriched', 'global'], limit: 2 }, paginator: 'v2' }, Company);
    const p1 = await pager.next();
    expect(ids(p1.records)).toEqual([1, 2]);
    expect(p1.pageNumber).toBe(1);
    expect(p1.nextToken).toBe(`${server.url}/v2/companies?cursor=c2&fieldTypes=enriched&fieldTypes=global`);
    expect(pager.token).toBe(p1.nextToken);
    expect(p1.raw).toEqual([co(1), co(2)]);
    const p2 = await pager.next();
    const p3 = await pager.next();
    expect([...ids(p2.records), ...ids(p3.records)]).toEqual([3, 4]);
    expect(p3.pageNumber).toBe(3);
    expect(pager.done).toBe(true);
    expect(pager.token).toBeNull();
    expect(server.requests.map((r) => r.url)).toEqual([
      '/v2/companies?fieldTypes=enriched&fieldTypes=global&limit=2',
      '/v2/companies?cursor=c2&fieldTypes=enriched&fieldTypes=global',
      '/v2/companies?cursor=c3&fieldTypes=enriched&fieldTypes=global',
    ]);
    expect(client.counts()).toEqual({ 'GET /v2/companies': 3 });
  });

  it("accepts the seed's {data, next_cursor} envelope and resends path + query with cursor", async () => {
    const { server, client } = await setup((req, res) => {
      const cursor = req.query.get('cursor');
      if (!cursor) return sendJson(res, 200, { data: [co(1)], next_cursor: 'n1' });
      if (cursor === 'n1') return sendJson(res, 200, { data: [co(2)], next_cursor: '' });
      sendJson(res, 500, {});
    });
    const { records, invalid } = await readAll(client, { path: '/v2/companies', query: { limit: 1 }, paginator: 'v2' });
    expect(ids(records)).toEqual([1, 2]);
    expect(invalid).toEqual([]);
    expect(server.requests.map((r) => r.url)).toEqual(['/v2/companies?limit=1', '/v2/companies?limit=1&cursor=n1']);
  });

  // Issue 32 defect 10: read as an empty page, a sweep deleted the whole collection.
  it('refuses data: null like a missing data: an absent member, not an empty page, and not retried', async () => {
    const { server, client } = await setup((_q, res) => sendJson(res, 200, { data: null, pagination: { nextUrl: null } }));
    const pager = new Pager(client, { path: '/v2/lists/3/list-entries', paginator: 'v2' }, Company);
    const err = await pager.next().catch((e: unknown) => e);
    expect(err).toBeInstanceOf(MalformedResponseError);
    expect((err as Error).message).toMatch(/^200 on GET \/v2\/lists\/3\/list-entries: `data` is null, not an array; body starts: \{"data":null/);
    expect(pager.done).toBe(false);
    expect(server.requests).toHaveLength(1);
  });

  it('resumes from a bare cursor or from a nextUrl', async () => {
    const { server, client } = await setup((_q, res) => sendJson(res, 200, { data: [co(9)], pagination: { nextUrl: null } }));
    await new Pager(client, { path: '/v2/companies', query: { limit: 5 }, paginator: 'v2' }, Company, 'abc').next();
    await new Pager(client, { path: '/v2/companies', paginator: 'v2' }, Company, `${server.url}/v2/companies?cursor=xyz&limit=5`).next();
    expect(server.requests.map((r) => r.url)).toEqual(['/v2/companies?limit=5&cursor=abc', '/v2/companies?cursor=xyz&limit=5']);
  });

  it('refuses a nextUrl on another origin', async () => {
    const { server, client } = await setup((_q, res) =>
      sendJson(res, 200, { data: [co(1)], pagination: { nextUrl: 'https://elsewhere.example/v2/companies?cursor=x' } }),
    );
    const pager = new Pager(client, { path: '/v2/companies', paginator: 'v2' }, Company);
    await pager.next();
    await expect(pager.next()).rejects.toBeInstanceOf(ForeignOriginError);
    expect(server.requests).toHaveLength(1);
  });

  it('throws RepeatedPageTokenError instead of looping', async () => {
    const { server, client } = await setup((_q, res) =>
      sendJson(res, 200, { data: [co(1)], pagination: { nextUrl: `${server.url}/v2/companies?cursor=same` } }),
    );
    const pager = new Pager(client, { path: '/v2/companies', paginator: 'v2' }, Company);
    await pager.next();
    const err = await pager.next().catch((e: unknown) => e);
    expect(err).toBeInstanceOf(RepeatedPageTokenError);
    expect((err as Error).message).toContain('/v2/companies');
    expect(server.requests).toHaveLength(2);
  });

  it('keeps invalid records aside while valid ones pass', async () => {
    const { client, lines } = await setup((_q, res) =>
      sendJson(res, 200, { data: [co(1), { id: 2, name: null }, co(3), 'junk'], pagination: { nextUrl: null } }),
    );
    const page = await new Pager(client, { path: '/v2/companies', paginator: 'v2' }, Company).next();
    expect(ids(page.records)).toEqual([1, 3]);
    expect(page.raw).toEqual([co(1), co(3)]);
    expect(page.invalid).toHaveLength(2);
    expect(page.invalid[0]?.raw).toEqual({ id: 2, name: null });
    expect(page.invalid[0]?.error).toMatch(/^name: /);
    expect(page.invalid[1]?.raw).toBe('junk');
    expect(lines.some((l) => l.includes('records failed validation'))).toBe(true);
  });

  it('a wrong envelope is a MalformedResponseError, not retried', async () => {
    const { server, client } = await setup((_q, res) => sendJson(res, 200, { companies: [co(1)] }));
    await expect(new Pager(client, { path: '/v2/companies', paginator: 'v2' }, Company).next()).rejects.toBeInstanceOf(MalformedResponseError);
    expect(server.requests).toHaveLength(1);
  });
});

describe('v1 token pages', () => {
  const v1Pages: MiniHandler = (req, res) => {
    const token = req.query.get('page_token');
    if (!token) return sendJson(res, 200, { organizations: [co(1), co(2)], next_page_token: 't1' });
    if (token === 't1') return sendJson(res, 200, { organizations: [], next_page_token: 't2' });
    if (token === 't2') return sendJson(res, 200, { organizations: [co(3)], next_page_token: null });
    sendJson(res, 422, { error: 'Invalid page_token variable' });
  };

  it('pins every other parameter, sends page_token, and keeps going through an empty page', async () => {
    const { server, client } = await setup(v1Pages);
    const query: Record<string, string | number> = { term: 'acme', page_size: 2, with_opportunities: 'true' };
    const pager = new Pager(client, { path: '/organizations', query, paginator: 'v1-token', recordsKey: 'organizations' }, Company);
    query.term = 'changed-after-construction';
    const seen: number[] = [];
    while (!pager.done) seen.push(...ids((await pager.next()).records));
    expect(seen).toEqual([1, 2, 3]);
    const reqs = server.requests;
    expect(reqs).toHaveLength(3);
    for (const r of reqs) {
      expect(r.path).toBe('/organizations');
      expect(r.query.get('term')).toBe('acme');
      expect(r.query.get('page_size')).toBe('2');
      expect(r.query.get('with_opportunities')).toBe('true');
      expect(r.headers.authorization?.startsWith('Basic ')).toBe(true);
    }
    expect(reqs.map((r) => r.query.get('page_token'))).toEqual([null, 't1', 't2']);
  });

  it('persists the token with a fingerprint and resumes only with the same parameters', async () => {
    const { server, client, lines } = await setup(v1Pages);
    const req = { path: '/organizations', query: { term: 'acme', page_size: 2 }, paginator: 'v1-token' as const, recordsKey: 'organizations' };
    const first = new Pager(client, req, Company);
    const page = await first.next();
    expect(JSON.parse(page.nextToken ?? '')).toEqual({ t: 't1', p: paramsFingerprint('/organizations', req.query) });

    await new Pager(client, req, Company, page.nextToken).next();
    expect(server.requests[1]?.query.get('page_token')).toBe('t1');

    const changed = new Pager(client, { ...req, query: { term: 'other', page_size: 2 } }, Company, page.nextToken);
    await changed.next();
    expect(server.requests[2]?.query.get('page_token')).toBeNull();
    expect(lines.some((l) => l.includes('different parameters'))).toBe(true);

    await new Pager(client, req, Company, encodeV1Token('t2', 'not-the-hash')).next();
    expect(server.requests[3]?.query.get('page_token')).toBeNull();
  });

  it('throws RepeatedPageTokenError when next_page_token repeats', async () => {
    const { client } = await setup((_q, res) => sendJson(res, 200, { organizations: [co(1)], next_page_token: 'loop' }));
    const pager = new Pager(client, { path: '/organizations', paginator: 'v1-token', recordsKey: 'organizations' }, Company);
    await pager.next();
    await expect(pager.next()).rejects.toBeInstanceOf(RepeatedPageTokenError);
  });

  it('accepts a bare array (list entries without page_size) as the only page', async () => {
    const { client } = await setup((_q, res) => sendJson(res, 200, [co(1), co(2)]));
    const pager = new Pager(client, { path: '/lists/4/list-entries', paginator: 'v1-token', recordsKey: 'list_entries' }, Company);
    expect(ids((await pager.next()).records)).toEqual([1, 2]);
    expect(pager.done).toBe(true);
  });
});

describe('single-request kinds', () => {
  it('v1-array reads a bare array in one request', async () => {
    const { server, client } = await setup((_q, res) => sendJson(res, 200, [co(1), { id: 'x' }]));
    const { records, invalid } = await readAll(client, { path: '/fields', query: { list_id: 3 }, paginator: 'v1-array' });
    expect(ids(records)).toEqual([1]);
    expect(invalid).toHaveLength(1);
    expect(server.requests).toHaveLength(1);
  });

  it('single reads one record and passes expectExists through', async () => {
    const { server, client } = await setup((_q, res, n) =>
      n === 1 ? sendJson(res, 404, { errors: [{ code: 'not-found', message: 'nope' }] }) : sendJson(res, 200, co(5)),
    );
    const pager = new Pager(client, { path: '/v2/opportunities/5', paginator: 'single', expectExists: true }, Company);
    const page = await pager.next();
    expect(ids(page.records)).toEqual([5]);
    expect(pager.done).toBe(true);
    expect(server.requests).toHaveLength(2);
    await expect(pager.next()).rejects.toThrow(/already done/);
  });
});
