/** `npm run build` (also `prepare`, so `npm ci` and `npm install` in a clone build): writes dist/ (build-cli.ts). */
import { buildCli, DIST_BIN } from './build-cli.ts';

await buildCli();
console.log(`built ${DIST_BIN}`);
