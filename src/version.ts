import { readFileSync } from 'node:fs';

/** The one reader of package.json: the CLI's --version and the HTTP client's User-Agent both use it. */
function readVersion(): string {
  const pkg = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { version?: unknown };
  return typeof pkg.version === 'string' ? pkg.version : '0.0.0';
}

export const VERSION: string = readVersion();
