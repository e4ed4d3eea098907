import { accessSync, constants, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { UserError, errorMessage } from '../errors.ts';

/**
 * `--metrics-file PATH` is checked before the run, so a typo fails at once instead of after an hour's sync:
 * its directory must exist and be writable (node_exporter's textfile directory, say).
 */
export function checkMetricsFile(path: string): void {
  const dir = dirname(path);
  try {
    if (!statSync(dir).isDirectory()) throw new Error('not a directory');
    accessSync(dir, constants.W_OK);
  } catch (err) {
    throw new UserError(`--metrics-file ${path}: cannot write into ${dir} (${errorMessage(err)}); give a path in an existing, writable directory.`);
  }
}

/**
 * Writes the text whole or not at all, as node_exporter's textfile collector needs: into a temporary file of
 * the same directory (a rename never crosses file systems there), then renamed over `path`. The temporary
 * name starts with a dot, so a collector reading `*.prom` never sees it half written.
 */
export function writeMetricsFile(path: string, text: string): void {
  const tmp = join(dirname(path), `.${basename(path)}.${process.pid}.tmp`);
  try {
    writeFileSync(tmp, text);
    renameSync(tmp, path);
  } catch (err) {
    rmSync(tmp, { force: true });
    throw new UserError(`--metrics-file ${path}: could not write the metrics (${errorMessage(err)}).`);
  }
}
