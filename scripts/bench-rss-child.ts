/**
 * Child of `bench-rss.ts`: one `sync --full` against the simulator at argv[2], then one JSON line with the
 * process's own peak RSS. Not meant to be run by hand.
 */
import { benchConfig, syncOnce } from './bench-support.ts';

const [url, apiKey, databaseUrl] = process.argv.slice(2);
if (!url || !apiKey || !databaseUrl) throw new Error('usage: bench-rss-child.ts <url> <apiKey> <databaseUrl>');
const r = await syncOnce(benchConfig({ url, apiKey }, databaseUrl), apiKey, 'full');
// resourceUsage().maxRSS is in kilobytes.
console.log(JSON.stringify({ maxRssKb: process.resourceUsage().maxRSS, calls: r.calls, rows: r.rows, seconds: r.seconds }));
process.exit(0);
