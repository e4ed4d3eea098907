/**
 * The JSON Schema of the config file, generated from the zod schema (src/config/schema.ts) with zod 4's
 * `z.toJSONSchema`, for editors: `config/relsync.config.example.json` names it in `$schema`. Each option that
 * an environment variable also sets says which in its description. `npm run docs:config-schema` writes it;
 * test/unit/config-json-schema.test.ts fails while the committed file is stale.
 */
import { z } from 'zod';
import { configSchema, ENV_VARS } from '../src/config/schema.ts';

export const CONFIG_SCHEMA_PATH = 'config/relsync.config.schema.json';

interface JsonSchemaObject {
  properties: Record<string, Record<string, unknown>>;
  [key: string]: unknown;
}

export function renderConfigJsonSchema(): string {
  // Input side: what a person writes in the file (a duration as text, not the milliseconds it becomes).
  const schema = z.toJSONSchema(configSchema, { io: 'input', unrepresentable: 'any' }) as unknown as JsonSchemaObject;
  for (const [key, env] of Object.entries(ENV_VARS)) {
    const prop = schema.properties[key];
    if (prop) prop.description = `Also set by the environment variable ${env}, which wins over the file.`;
  }
  // The loader accepts (and ignores) the `$schema` key that points an editor here.
  schema.properties = { $schema: { type: 'string', description: 'This JSON Schema, for editors; ignored by relsync.' }, ...schema.properties };
  return `${JSON.stringify({ ...schema, title: 'relsync configuration (relsync.config.json)' }, null, 2)}\n`;
}
