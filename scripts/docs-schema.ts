// Writes docs/schema.md from the table registries (scripts/schema-doc.ts). Run: npm run docs:schema.
import { writeFileSync } from 'node:fs';
import { renderSchemaDoc } from './schema-doc.ts';

export const SCHEMA_DOC_PATH = 'docs/schema.md';

writeFileSync(SCHEMA_DOC_PATH, renderSchemaDoc());
process.stdout.write(`wrote ${SCHEMA_DOC_PATH}\n`);
