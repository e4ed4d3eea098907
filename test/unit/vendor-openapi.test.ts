/**
 * The trimmed copy of the vendor's OpenAPI document (scripts/vendor-openapi.ts) that the conformance test
 * serves: what the trim keeps and drops, on a small document, and that the committed copy is whole (every
 * `$ref` resolves, only the paths relsync reads, no prose but the descriptions OpenAPI requires).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { READ_PATHS, TRIMMED_OPENAPI, trimOpenApi, type Json, type JsonObject } from '../../scripts/vendor-openapi.ts';
import { REPO_ROOT } from '../helpers/cli.ts';

const ok = (schema: string) => ({ description: 'OK', content: { 'application/json': { schema: { $ref: `#/components/schemas/${schema}` } } } });

const SOURCE: JsonObject = {
  openapi: '3.1.1',
  info: { title: 'T', version: '2', description: 'long prose', contact: { email: 'x@example.com' } },
  servers: [{ url: 'https://api.example.test' }],
  security: [{ bearerAuth: [] }],
  paths: {
    '/v2/things': {
      get: {
        summary: 'List things',
        description: 'prose',
        tags: ['things'],
        parameters: [{ $ref: '#/components/parameters/Limit' }],
        responses: { '200': ok('ThingPage'), default: { $ref: '#/components/responses/default' } },
      },
      post: { responses: { '200': ok('Unused') } },
    },
    '/v2/other': { get: { responses: { '200': ok('Unused') } } },
  },
  components: {
    securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer' } },
    parameters: { Limit: { in: 'query', name: 'limit', description: 'how many', example: 100, schema: { type: 'integer' } } },
    responses: { default: { description: 'Error', content: { 'application/json': { examples: { e: { summary: 's', value: { errors: [] } } } } } } },
    schemas: {
      ThingPage: { type: 'object', properties: { data: { type: 'array', items: { $ref: '#/components/schemas/Thing' } } } },
      Thing: {
        type: 'object',
        description: 'a thing',
        title: 'Thing',
        properties: { id: { type: 'integer', examples: [1] }, description: { type: 'string', description: 'its text' } },
        example: { id: 1, description: 'kept: a value' },
      },
      Unused: { type: 'string' },
    },
  },
};

function refs(node: Json, out: string[] = []): string[] {
  if (Array.isArray(node)) node.forEach((n) => refs(n, out));
  else if (node !== null && typeof node === 'object') {
    if (typeof node.$ref === 'string') out.push(node.$ref);
    Object.values(node).forEach((n) => refs(n, out));
  }
  return out;
}

function resolves(doc: JsonObject, ref: string): boolean {
  const parts = ref.replace(/^#\//, '').split('/');
  let node: Json | undefined = doc;
  for (const p of parts) node = node !== null && typeof node === 'object' && !Array.isArray(node) ? node[p] : undefined;
  return node !== undefined;
}

describe('trimOpenApi', () => {
  const trimmed = trimOpenApi(SOURCE, ['/v2/things']);
  const components = trimmed.components as JsonObject;

  it('keeps the GET of the paths asked for and only the components they reach', () => {
    expect(Object.keys(trimmed.paths as JsonObject)).toEqual(['/v2/things']);
    expect(Object.keys((trimmed.paths as JsonObject)['/v2/things'] as JsonObject)).toEqual(['get']);
    expect(Object.keys(components.schemas as JsonObject)).toEqual(['Thing', 'ThingPage']);
    expect(Object.keys(components)).toEqual(['securitySchemes', 'parameters', 'responses', 'schemas']);
    for (const ref of refs(trimmed)) expect(resolves(trimmed, ref), ref).toBe(true);
  });

  it('drops prose, keeps a Response description, example values and a property named description', () => {
    const thing = (components.schemas as JsonObject).Thing as JsonObject;
    expect(thing).toEqual({
      type: 'object',
      title: 'Thing',
      properties: { id: { type: 'integer', examples: [1] }, description: { type: 'string' } },
      example: { id: 1, description: 'kept: a value' },
    });
    expect((components.parameters as JsonObject).Limit).toEqual({ in: 'query', name: 'limit', example: 100, schema: { type: 'integer' } });
    expect((components.responses as JsonObject).default).toEqual({
      description: 'Error',
      content: { 'application/json': { examples: { e: { value: { errors: [] } } } } },
    });
    expect(trimmed.info).toEqual({ title: 'T', version: '2' });
    expect(trimmed.servers).toEqual(SOURCE.servers);
  });

  it('refuses a document without a path relsync reads, or with a $ref that does not resolve', () => {
    expect(() => trimOpenApi(SOURCE, ['/v2/missing'])).toThrow(/no GET \/v2\/missing/);
    const broken = structuredClone(SOURCE);
    ((broken.components as JsonObject).schemas as JsonObject).Thing = { $ref: '#/components/schemas/Gone' };
    expect(() => trimOpenApi(broken, ['/v2/things'])).toThrow(/does not resolve/);
  });
});

describe('the committed trimmed document', () => {
  const doc = JSON.parse(readFileSync(join(REPO_ROOT, TRIMMED_OPENAPI), 'utf8')) as JsonObject;

  it('serves exactly the paths relsync reads, GET only, every $ref resolving', () => {
    expect(Object.keys(doc.paths as JsonObject).sort()).toEqual([...READ_PATHS].sort());
    for (const item of Object.values(doc.paths as JsonObject)) expect(Object.keys(item as JsonObject).filter((k) => k !== 'parameters')).toEqual(['get']);
    const all = refs(doc);
    expect(all.length).toBeGreaterThan(0);
    for (const ref of all) expect(resolves(doc, ref), ref).toBe(true);
  });

  it('keeps the example records Prism answers with in its example mode', () => {
    const companies = (doc.paths as JsonObject)['/v2/companies'] as JsonObject;
    expect(JSON.stringify(companies)).toContain('"example');
    expect(JSON.stringify(doc)).not.toMatch(/"summary":/);
  });
});
