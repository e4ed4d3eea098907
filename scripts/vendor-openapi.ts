/**
 * Trims the vendor's OpenAPI document (the `/v2` interface as the vendor publishes it) to what relsync reads,
 * for the conformance test (test/e2e/vendor-conformance.test.ts), which serves it with Prism. The repository
 * keeps the trimmed copy and never needs the original (docs/testing.md, "The vendor's contract").
 *
 *   npm run vendor:openapi -- <the vendor's OpenAPI JSON document> [--out FILE]
 *
 * (or RELSYNC_VENDOR_OPENAPI=<document>). Kept: the GET operations of READ_PATHS with their parameters and
 * responses, the components they reach through `$ref` (so every ref still resolves), servers and security.
 * Dropped: every other path and component, descriptions, summaries, tags, contact and logo text. Example
 * values stay: Prism's example mode answers with them.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';

export const TRIMMED_OPENAPI = 'test/fixtures/vendor/openapi-v2-trimmed.json';

/** The `/v2` paths a `sync` reads (or may reach through a `nextUrl`), as the document names them. */
export const READ_PATHS = [
  '/v2/auth/whoami',
  '/v2/companies',
  '/v2/companies/fields',
  '/v2/companies/{companyId}',
  '/v2/persons',
  '/v2/persons/fields',
  '/v2/persons/{personId}',
  '/v2/opportunities',
  '/v2/opportunities/{opportunityId}',
  '/v2/lists',
  '/v2/lists/{listId}',
  '/v2/lists/{listId}/fields',
  '/v2/lists/{listId}/list-entries',
  '/v2/lists/{listId}/list-entries/{listEntryId}',
  '/v2/lists/{listId}/saved-views',
  '/v2/company-merges',
  '/v2/person-merges',
  '/v2/emails',
  '/v2/meetings',
  '/v2/notes',
  '/v2/notes/{noteId}/attached-companies',
  '/v2/notes/{noteId}/attached-persons',
  '/v2/notes/{noteId}/attached-opportunities',
] as const;

/**
 * Prism's dynamic mode fills every array up to the schema's `maxItems` (a page of 100 emails took 11 s to
 * generate). The document's own extension for json-schema-faker caps them for the mock: a shorter page or
 * list is one the document allows, so the mock stays within the contract.
 */
export const MOCK_MAX_ITEMS = 4;

export type Json = null | boolean | number | string | Json[] | { [k: string]: Json };
export type JsonObject = { [k: string]: Json };

/** Prose only a reader needs; a Response object's `description` is required by OpenAPI, so it stays. */
const PROSE = new Set(['description', 'summary', 'tags', 'externalDocs', 'operationId', 'x-stability-level']);
/** Maps whose keys are names or data, not keywords: never strip inside them by key. */
const NAME_MAPS = new Set(['properties', 'patternProperties', 'mapping']);

function isObject(v: Json | undefined): v is JsonObject {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** A copy without prose; example values are data and are copied whole. */
function stripProse(node: Json, parentKey: string | null): Json {
  if (Array.isArray(node)) return node.map((n) => stripProse(n, null));
  if (!isObject(node)) return node;
  const out: JsonObject = {};
  const names = parentKey !== null && NAME_MAPS.has(parentKey);
  const isResponse = parentKey === 'responses-entry';
  for (const [k, v] of Object.entries(node)) {
    if (!names && PROSE.has(k) && !(isResponse && k === 'description')) continue;
    if (!names && (k === 'example' || k === 'value')) out[k] = v;
    else if (!names && k === 'examples') out[k] = stripExamples(v);
    else out[k] = stripProse(v, parentKey === 'responses' ? 'responses-entry' : k);
  }
  return out;
}

/** A schema's `examples` is an array of values; a media type's is a map of Example objects (value kept). */
function stripExamples(v: Json): Json {
  if (!isObject(v)) return v;
  return Object.fromEntries(Object.entries(v).map(([name, ex]) => [name, isObject(ex) ? pick(ex, ['value', '$ref']) : ex]));
}

function pick(o: JsonObject, keys: string[]): JsonObject {
  return Object.fromEntries(Object.entries(o).filter(([k]) => keys.includes(k)));
}

/** Every `#/components/<kind>/<name>` a node reaches, followed through the components themselves. */
function reachable(roots: Json, components: JsonObject): Map<string, Set<string>> {
  const found = new Map<string, Set<string>>();
  const queue: Json[] = [roots];
  while (queue.length > 0) {
    const node = queue.pop()!;
    if (Array.isArray(node)) queue.push(...node);
    else if (isObject(node)) {
      const ref = node.$ref;
      if (typeof ref === 'string') {
        const m = /^#\/components\/([^/]+)\/([^/]+)$/.exec(ref);
        if (!m) throw new Error(`unsupported $ref ${ref}: only #/components/<kind>/<name> is followed`);
        const [, kind, name] = m as unknown as [string, string, string];
        const seen = found.get(kind) ?? new Set<string>();
        found.set(kind, seen);
        const target = (components[kind] as JsonObject | undefined)?.[name];
        if (target === undefined) throw new Error(`$ref ${ref} does not resolve in the source document`);
        if (!seen.has(name)) {
          seen.add(name);
          queue.push(target);
        }
      }
      queue.push(...Object.values(node));
    }
  }
  return found;
}

export function trimOpenApi(doc: JsonObject, readPaths: readonly string[] = READ_PATHS): JsonObject {
  const paths = doc.paths as JsonObject;
  const components = doc.components as JsonObject;
  const kept: JsonObject = {};
  for (const p of readPaths) {
    const item = paths[p];
    if (!isObject(item) || !isObject(item.get)) throw new Error(`the document has no GET ${p}; update READ_PATHS in scripts/vendor-openapi.ts`);
    kept[p] = { ...(item.parameters ? { parameters: item.parameters } : {}), get: item.get };
  }
  const used = reachable([kept, doc.security ?? []], components);
  const keptComponents: JsonObject = { securitySchemes: components.securitySchemes ?? {} };
  for (const [kind, names] of [...used].sort(([a], [b]) => a.localeCompare(b))) {
    const all = components[kind] as JsonObject;
    keptComponents[kind] = Object.fromEntries([...names].sort().map((n) => [n, all[n]!]));
  }
  const info = doc.info as JsonObject;
  return {
    openapi: doc.openapi ?? '3.1.0',
    info: { title: info.title ?? 'Affinity API v2', version: info.version ?? '' },
    servers: doc.servers ?? [],
    security: doc.security ?? [],
    'x-json-schema-faker': { maxItems: MOCK_MAX_ITEMS },
    paths: stripProse(kept, 'paths'),
    components: stripProse(keptComponents, 'components'),
  };
}

function main(): void {
  const { values, positionals } = parseArgs({ allowPositionals: true, options: { out: { type: 'string', default: TRIMMED_OPENAPI } } });
  const source = positionals[0] ?? process.env.RELSYNC_VENDOR_OPENAPI;
  if (!source) {
    process.stderr.write(
      "vendor-openapi: no source document; give the path to the vendor's OpenAPI JSON document: npm run vendor:openapi -- <file> (or set RELSYNC_VENDOR_OPENAPI)\n",
    );
    process.exit(2);
  }
  const doc = JSON.parse(readFileSync(resolve(source), 'utf8')) as JsonObject;
  const trimmed = trimOpenApi(doc);
  const text = `${JSON.stringify(trimmed, null, 2)}\n`;
  writeFileSync(resolve(values.out), text);
  const count = (kind: string) => Object.keys(((trimmed.components as JsonObject)[kind] as JsonObject | undefined) ?? {}).length;
  process.stdout.write(
    `vendor-openapi: ${READ_PATHS.length} paths, ${count('schemas')} schemas, ${count('responses')} responses, ${count('examples')} examples; ${text.length} bytes -> ${values.out}\n`,
  );
}

if (import.meta.url === pathToFileURL(resolve(process.argv[1] ?? '')).href) main();
