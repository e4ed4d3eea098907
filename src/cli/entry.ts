#!/usr/bin/env node
/**
 * The command line's entry: what `npm run build` bundles into dist/relsync.js (the package's `bin`), and what
 * `node --import tsx src/cli/entry.ts` runs from the sources (the bench's "through tsx" start-up).
 */
import { main } from './main.ts';

process.exitCode = await main(process.argv.slice(2));
