import { readFileSync } from 'node:fs';
import type { Logger } from '../../log.ts';
import type { BackoffOptions } from './retry.ts';
import type { Query } from './url.ts';

export interface AffinityClientOptions {
  baseUrl: string;
  apiKey: string;
  apiVersion: string;
  logger: Logger;
  concurrency?: number;
  /** One deadline for headers AND body of each attempt. */
  timeoutMs?: number;
  maxRetries?: number;
  backoff?: BackoffOptions;
  /** Monthly calls kept in reserve; when the org's remaining falls to it, requests fail with BudgetExhaustedError. */
  monthlyReserve?: number;
  /** `/v2` answers 404 for a while after an older-interface create; `expectExists` reads retry within this. */
  createLag?: { retries: number; minMs: number; maxMs: number };
  sleep?: (ms: number) => Promise<void>;
  random?: () => number;
  userAgent?: string;
  /** Clock for the rate budget (tests). */
  now?: () => number;
}

export interface RequestOpts {
  /** Count label, e.g. 'GET /v2/lists/{id}/list-entries'; default: method + path with numeric segments as {id}. */
  endpoint?: string;
  /** The record should exist (just created): a GET 404 is retried over the read-after-create lag. */
  expectExists?: boolean;
  signal?: AbortSignal;
}

export interface WriteOpts extends RequestOpts {
  query?: Query;
  body?: unknown;
  /** Override: may this request be retried after a reset or 5xx? Default: every method but POST/PATCH. */
  idempotent?: boolean;
}

export function packageVersion(): string {
  try {
    const pkg = JSON.parse(readFileSync(new URL('../../../package.json', import.meta.url), 'utf8')) as { version?: unknown };
    return typeof pkg.version === 'string' ? pkg.version : '0.0.0';
  } catch {
    return '0.0.0';
  }
}

export const defaultSleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));
