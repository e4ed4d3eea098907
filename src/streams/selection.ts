import type { Config } from '../config/schema.ts';
import type { StreamRunStats } from '../state/runs.ts';
import type { AnyStream } from './define.ts';

/** API versions are dated strings (`2024-01-01`): they order as text. */
export function compareVersions(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/**
 * Why a stream does not run at all under this config (a code, state/runs.ts), or null. The runner skips
 * such a stream and the budget does not price it, so both ask here.
 */
export function skipReason(def: AnyStream, config: Config): Pick<StreamRunStats, 'mode' | 'needsApiVersion'> | null {
  if (def.enabled && !def.enabled(config)) return { mode: 'disabled' };
  if (def.minApiVersion && compareVersions(config.apiVersion, def.minApiVersion) < 0) return { mode: 'needs-api-version', needsApiVersion: def.minApiVersion };
  return null;
}
