/**
 * The config's three descriptions agree (issue 36): the JSON Schema generated from the zod schema is the one
 * committed, and it, the example config and docs/configuration.md's table list the same keys, and the same
 * environment variables as the loader reads (ENV_VARS). The example loads, `$schema` and all.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config/load.ts';
import { ENV_VARS } from '../../src/config/schema.ts';
import { CONFIG_SCHEMA_PATH, renderConfigJsonSchema } from '../../scripts/config-json-schema.ts';
import { REPO_ROOT } from '../../scripts/build-cli.ts';

const read = (path: string) => readFileSync(join(REPO_ROOT, path), 'utf8');
const EXAMPLE = 'config/relsync.config.example.json';
/** Options without a default, so without a value the example could show: the two secrets and the budget the service's headers give. */
const NOT_IN_EXAMPLE = ['apiKey', 'monthlyBudget', 'webhookSecret'];

interface Node {
  properties?: Record<string, Node>;
  description?: string;
}

function schemaKeys(node: Node, prefix = ''): string[] {
  return Object.entries(node.properties ?? {}).flatMap(([k, v]) => (v.properties ? schemaKeys(v, `${prefix}${k}.`) : [`${prefix}${k}`]));
}

function exampleKeys(value: Record<string, unknown>, prefix = ''): string[] {
  return Object.entries(value).flatMap(([k, v]) =>
    v !== null && typeof v === 'object' && k !== 'overrides' ? exampleKeys(v as Record<string, unknown>, `${prefix}${k}.`) : [`${prefix}${k}`],
  );
}

/** The settings table of docs/configuration.md: its env column and its config key column, every name in backticks. */
function docTable(): { keys: string[]; envs: string[] } {
  const rows = read('docs/configuration.md')
    .split('\n')
    .filter((l) => /^\| (`[A-Z_]+`|—) \| `/.test(l));
  const names = (cell: string) => [...cell.matchAll(/`([^`]+)`/g)].map((m) => m[1]!);
  return {
    keys: rows.flatMap((r) => names(r.split('|')[2]!)),
    envs: rows.flatMap((r) => names(r.split('|')[1]!)),
  };
}

describe('config: JSON Schema, example and docs', () => {
  const committed = JSON.parse(read(CONFIG_SCHEMA_PATH)) as Node;

  it('the committed JSON Schema is what `npm run docs:config-schema` generates now', () => {
    expect(committed, 'run `npm run docs:config-schema`').toEqual(JSON.parse(renderConfigJsonSchema()));
  });

  it('the schema, the example config and docs/configuration.md list the same keys', () => {
    const keys = schemaKeys(committed)
      .filter((k) => k !== '$schema')
      .sort();
    expect(keys).toContain('sweeps.feedless');
    expect(keys).toContain('metricsHost');
    expect(docTable().keys.sort()).toEqual(keys);
    const example = JSON.parse(read(EXAMPLE)) as Record<string, unknown>;
    expect(example.$schema).toBe('./relsync.config.schema.json');
    expect(
      exampleKeys(example)
        .filter((k) => k !== '$schema')
        .sort(),
    ).toEqual(keys.filter((k) => !NOT_IN_EXAMPLE.includes(k)));
  });

  it('the same environment variables: the loader, the docs table and the schema descriptions', () => {
    const envs = Object.values(ENV_VARS).sort();
    expect(docTable().envs.sort()).toEqual(envs);
    const described = Object.values(committed.properties ?? {}).flatMap((p) => [...(p.description ?? '').matchAll(/variable ([A-Z_]+)/g)].map((m) => m[1]!));
    expect(described.sort()).toEqual(envs);
    expect(read('docs/configuration.md')).toContain('`RELSYNC_CONFIG`');
  });

  it('the example config loads, its `$schema` key accepted, and gives the defaults', () => {
    const config = loadConfig({ env: {}, file: join(REPO_ROOT, EXAMPLE) });
    expect(config).toEqual(loadConfig({ env: {}, cwd: '/nonexistent' }));
  });
});
