// Fails (exit 1) on any citation of a file outside the repository, naming file:line (scripts/citations.ts).
// Run: npm run lint:citations [-- DIR] (default: the current directory). Part of `npm run lint`.
import { resolve } from 'node:path';
import { findCitations, formatHit } from './citations.ts';

const root = resolve(process.argv[2] ?? '.');
const { files, hits } = findCitations(root);
for (const h of hits) process.stderr.write(`${formatHit(h)}\n`);
if (hits.length > 0) {
  process.stderr.write(`citations: ${hits.length} citation(s) of files outside the repository in ${root}; the repository must cite docs/contract.md\n`);
  process.exit(1);
}
process.stdout.write(`citations: none outside the repository (${files} files)\n`);
