// Writes config/relsync.config.schema.json from the zod schema (scripts/config-json-schema.ts). Run: npm run docs:config-schema.
import { writeFileSync } from 'node:fs';
import { CONFIG_SCHEMA_PATH, renderConfigJsonSchema } from './config-json-schema.ts';

writeFileSync(CONFIG_SCHEMA_PATH, renderConfigJsonSchema());
process.stdout.write(`wrote ${CONFIG_SCHEMA_PATH}\n`);
