import { describe, expect, it } from 'vitest';
import { BudgetExhaustedError } from '../../src/extract/http/errors.ts';
import { errorFromNetwork, errorFromResponse, malformedResponse, type FailureContext } from '../../src/extract/http/failure.ts';
import {
  decide,
  goneOnEvidence,
  refusalOf,
  routeGoneLine,
  runPolicy,
  sweepDeletes,
  type FailureAction,
  type GoneFacts,
} from '../../src/runner/failure-policy.ts';
import type { ApiError } from '../../src/extract/http/errors.ts';
import { ServiceUnusableError } from '../../src/runner/service-unusable.ts';
import { upstreamOf, type AnyStream } from '../../src/streams/define.ts';
import { ALL_STREAMS } from '../../src/streams/registry.ts';

const ctx: FailureContext = { method: 'GET', path: '/v2/files', endpoint: 'GET /v2/files', secrets: [], idempotent: true };
const json = (status: number, message = 'nope') => errorFromResponse(ctx, status, 'application/json', JSON.stringify({ message }));
const html = (status: number) => errorFromResponse(ctx, status, 'text/html', '<html><body><h1>Error response</h1></body></html>');
const stream = (name: string): AnyStream => {
  const s = ALL_STREAMS.find((x) => x.name === name);
  if (!s) throw new Error(name);
  return s;
};

const files = stream('files'); // a source of the `files` capability
const personsFull = stream('person_companies_full'); // older single reads that may delete
const v1 = { ...ctx, path: '/persons/7', endpoint: 'GET /persons/{id}' };
// What the vendor's OpenAPI mock (Prism) answers for a path its document lacks.
const prism404 = errorFromResponse(
  v1,
  404,
  'application/problem+json',
  JSON.stringify({
    type: 'https://stoplight.io/prism/errors#NO_PATH_MATCHED_ERROR',
    title: 'Route not resolved, no path matched',
    status: 404,
    detail: "The route /persons/7 hasn't been found in the specification file",
  }),
);
const v1Missing = errorFromResponse(v1, 404, 'application/json', JSON.stringify({ error: 'Person 7 not found' }));
const emails = stream('emails'); // needed data, no fallback
const duplicates = stream('company_duplicate_suggestions'); // optional

// error, stream, pages committed, the run has read, the service has answered → action
const TABLE: ReadonlyArray<[string, unknown, AnyStream, number, boolean, boolean, FailureAction]> = [
  ['401 on the first request', json(401), emails, 0, false, true, 'stop-run'],
  ['401 once the run has read', json(401), emails, 0, true, true, 'permission'],
  ['403 on a stream without a fallback', json(403), emails, 0, true, true, 'permission'],
  ['403 on a source, first request', json(403), files, 0, true, true, 'fall-back'],
  ['JSON 404 on a source, first request', json(404), files, 0, true, true, 'fall-back'],
  ['JSON 404 on a source after a page', json(404), files, 1, true, true, 'fail-stream'],
  ['HTML 404 on a source (not the service)', html(404), files, 0, true, true, 'fail-stream'],
  ['HTML 404 before the service answered', html(404), files, 0, false, false, 'stop-run'],
  ['HTML 200 before the service answered', malformedResponse(ctx, 200, 'expected JSON', '<html></html>', false), emails, 0, false, false, 'stop-run'],
  ['timeout before the service answered', errorFromNetwork(ctx, { code: 'UND_ERR_HEADERS_TIMEOUT', message: 't' }, 1000), emails, 0, false, false, 'stop-run'],
  ['timeout once the service answered', errorFromNetwork(ctx, { code: 'UND_ERR_HEADERS_TIMEOUT', message: 't' }, 1000), emails, 0, true, true, 'fail-stream'],
  ['JSON 404 on an optional stream', json(404, 'No route for GET /v2/duplicates/company-suggestions'), duplicates, 0, true, true, 'unavailable'],
  ['JSON 403 on an optional stream', json(403), duplicates, 0, true, true, 'unavailable'],
  ['JSON 404 on an optional stream after a page', json(404), duplicates, 2, true, true, 'fail-stream'],
  ['503 on an optional stream', json(503), duplicates, 0, true, true, 'fail-stream'],
  ['a spent monthly budget', new BudgetExhaustedError({ remaining: 1, reserve: 1, resetAt: null }), emails, 3, true, true, 'stop-run'],
  ['an ordinary error', new Error('boom'), emails, 0, true, true, 'fail-stream'],
  ["Prism's route-level 404 on an older single read", prism404, personsFull, 0, true, true, 'route-gone'],
  ['a route-level 404 after pages of the read', prism404, personsFull, 5, true, true, 'route-gone'],
  ["a record's 404 on an older single read", v1Missing, personsFull, 0, true, true, 'fail-stream'],
];

describe('the failure policy table', () => {
  it.each(TABLE)('%s → %s', (_name, err, def, pages, runHasRead, serviceHasAnswered, action) => {
    expect(decide(err, { stream: def, pagesCommitted: pages, runHasRead, serviceHasAnswered })).toBe(action);
  });

  it('deletion needs evidence: missing in two runs, and the cheap source not listing it or, with none, the read answering this run', () => {
    const all: GoneFacts['confirmed'][] = ['absent', 'present', 'unknown', 'no-source'];
    const proven = [true, false].flatMap((missingBefore) =>
      [true, false].flatMap((readAnswered) =>
        all.filter((confirmed) => goneOnEvidence({ missingBefore, readAnswered, confirmed })).map((c) => `${missingBefore}/${readAnswered}/${c}`),
      ),
    );
    expect(proven).toEqual(['true/true/absent', 'true/true/no-source', 'true/false/absent']);
  });

  it.each([
    // seen, live rows, after a held pass, what the pass does
    [0, 30, false, 'hold'], // valid but empty pages over a table of 30: one answer against many
    [14, 30, false, 'hold'],
    [15, 30, false, 'delete'], // half seen: deletions as usual
    [0, 19, false, 'delete'], // a table this small holds too little to tell a fault from a cleared list
    [0, 30, true, 'delete'], // the second pass agrees with the held one
    [0, 0, false, 'delete'],
  ] as const)('a pass that listed %i of %i live rows (after a held pass: %s) does: %s', (seen, live, afterHeld, action) => {
    expect(sweepDeletes(seen, live, afterHeld)).toBe(action);
  });

  it('a route the service does not serve is said in one line naming the stream and the endpoint', () => {
    const line = routeGoneLine('person_companies_full', prism404 as ApiError);
    expect(line).toMatch(
      /^person_companies_full: GET \/persons\/\{id\} answers a route-level 404 \(The route \/persons\/7 hasn.t been found in the specification file\).*nothing is deleted/,
    );
    expect(line).not.toContain('\n');
  });

  it('a refusal is only what the service itself said: never a page of another server', () => {
    expect(refusalOf(json(404), files, 0, 'now')).toMatchObject({ status: 404, endpoint: 'GET /v2/files', message: 'nope' });
    expect(refusalOf(html(404), files, 0, 'now')).toBeNull();
  });

  it('the run stops on an unusable base URL with one line naming it; exit 2 when it answers, 1 when it does not', () => {
    const policy = runPolicy({ runHasRead: () => false, serviceHasAnswered: () => false, baseUrl: 'http://user:secret@127.0.0.1:9/' });
    const page = html(404);
    expect(policy.decide(page, emails, 0)).toBe('stop-run');
    const stop = policy.stopping(page) as ServiceUnusableError;
    expect(stop).toBeInstanceOf(ServiceUnusableError);
    expect(stop.exitCode).toBe(2);
    expect(stop.message).not.toContain('\n');
    expect(stop.message).not.toContain('secret');
    expect(stop.message).toMatch(/^AFFINITY_BASE_URL http:\/\/user:\*\*\*\*@127\.0\.0\.1:9\/ does not answer as the Affinity API \(404 on GET \/v2\/files/);
    const silent = errorFromNetwork(ctx, { code: 'UND_ERR_HEADERS_TIMEOUT', message: 't' }, 1000);
    policy.decide(silent, emails, 0);
    expect((policy.stopping(silent) as ServiceUnusableError).exitCode).toBe(1);
  });
});

describe('optional streams', () => {
  it('are the duplicate suggestions, and no other stream reads or waits for them', () => {
    const optional = ALL_STREAMS.filter((s) => s.optional).map((s) => s.name);
    expect(optional).toEqual(['company_duplicate_suggestions', 'person_duplicate_suggestions']);
    for (const s of ALL_STREAMS) for (const name of optional) expect(upstreamOf(s)).not.toContain(name);
    for (const s of ALL_STREAMS.filter((x) => x.optional)) expect(s.source).toBeUndefined();
  });
});
