/**
 * relsync's local stand-in for the Affinity API (older interface + `/v2`): deterministic generated data,
 * the real wire format, auth, version gating, rate limits, the v1-to-v2 lag, merges, change logging and
 * injectable faults. `startSimulator()` is the whole public entry point.
 */
import type { AddressInfo } from 'node:net';
import { generateStore, resolveScale, type Scale } from './generate/generate.ts';
import { applyEdgeValues } from './generate/generate-edge-values.ts';
import { SimServer, type SimLogger, type SimStats } from './server.ts';
import { RateLimiter } from './http/rate-limit.ts';
import { FaultInjector, SLOW_PAUSE_MS, parseFaults, type FaultSpec } from './http/faults.ts';
import { CURRENT_VERSION, KNOWN_VERSIONS } from './http/http-types.ts';
import type { SimStore } from './store/store.ts';
import type { ScaleCounts, SimTenant } from './store/store-types.ts';
import { contractProfile, type ContractName } from './contract.ts';
import { parseDeny, type Permission } from './http/permissions.ts';
import { WebhookDeliveries } from './webhooks/webhook-deliveries.ts';

export type { Scale } from './generate/generate.ts';
export type { ScaleCounts } from './store/store-types.ts';
export type { FaultSpec, FaultKind } from './http/faults.ts';
export type { SimLogger, SimRequest, SimStats } from './server.ts';
export { parseFaults, FaultInjector, FAULT_KINDS } from './http/faults.ts';
export { Rng, mulberry32 } from './prng.ts';
export { GEN_END_MS } from './generate/generate-names.ts';
export { fieldMeta } from './render/render-v2.ts';
export { DELIVERY_ATTEMPTS } from './webhooks/webhook-deliveries.ts';
export { SimStore, ID_BASE } from './store/store.ts';
export * from './store/store-types.ts';
export { generateStore, SCALES } from './generate/generate.ts';
export {
  getCell,
  setCell,
  getFieldValue,
  updateFieldValue,
  fieldValuesOfEntity,
  fieldValuesOfEntry,
  iterFieldValues,
  v1FieldValueId,
} from './store/store-values.ts';
export {
  createCompany,
  createPerson,
  createOpportunity,
  deleteCompany,
  deletePerson,
  deleteOpportunity,
  deleteListEntry,
  addListEntry,
  setCompanyPersons,
  renameCompany,
  renamePerson,
  setOpportunityAssociations,
  renameOpportunity,
  emailFromNewAddress,
} from './store/store-mutations.ts';
export { mergeEntities } from './store/store-merge.ts';
export { storeFingerprint } from './store/fingerprint.ts';
export { CONTRACT_NAMES, DEFAULT_CONTRACT, type ContractName } from './contract.ts';
export { PERMISSIONS, type Permission } from './http/permissions.ts';

export const SIMULATOR_DEFAULT_KEY = 'sim-key';

export interface SimulatorOptions {
  port?: number;
  seed?: number;
  scale?: Scale | ScaleCounts;
  latencyMs?: number;
  rateLimitPerMin?: number;
  monthlyLimit?: number | null;
  faults?: string;
  /**
   * The pause of a `slow` fault between the two halves of a body (default 2 s). A test that only needs slow
   * bodies to happen, not to take long, shortens it (test/e2e/chaos.test.ts).
   */
  slowPauseMs?: number;
  /**
   * Which document to follow where the seed and the reference differ (default `reference`); `seed` also
   * brings the seed's `{data, next_cursor}` envelope. See contract.ts and the contract table of the package's README.md.
   */
  contract?: ContractName;
  /** Permissions switched off (`emails`, `merges`, `companies`, `persons`, `lists`): their routes answer 403. */
  deny?: readonly Permission[] | string;
  apiKey?: string;
  /** Keys of other accounts: accepted, reading the same data, and answered by whoami with their own tenant. */
  accounts?: ReadonlyArray<{ apiKey: string; tenant: SimTenant }>;
  createLagMs?: number;
  defaultApiVersion?: string;
  retryAfter?: 'seconds' | 'http-date' | 'none';
  cursorTtlMs?: number;
  /**
   * Answer at most this many records a page, whatever `limit` or `page_size` asks: a server may send a short
   * page with a cursor to the rest, and a test tenant of a few dozen records then spans as many pages as a
   * tenant of hundreds (default: no cap).
   */
  maxPageSize?: number;
  /**
   * The edge-value profile: values the documents allow that the generated tenant otherwise never holds (list
   * entries created in a leap second or in the years 0000–0099, lowercase `t`/`z` separators, empty optional
   * strings), off by default.
   */
  edgeValues?: boolean;
  /** Log every request and handler error here (e.g. a pino child logger); default: no log. */
  log?: SimLogger;
}

export interface RunningSimulator {
  url: string;
  port: number;
  apiKey: string;
  store: SimStore;
  stats: SimStats;
  contract: ContractName;
  /** Replace the denied permissions (e.g. `sim.setDeny('emails')`, `sim.setDeny('')` to allow all). */
  setDeny(spec: readonly Permission[] | string): void;
  setFaults(spec: string): void;
  /** Replace the delay added to every answer (a test slows a run to interrupt it, then lets the next one run fast). */
  setLatency(ms: number): void;
  setRateLimit(perMin: number): void;
  resetRateWindow(): void;
  /** Webhook deliveries to subscribed 127.0.0.1 URLs: `idle()` waits for those in flight, `stats` counts them. */
  webhooks: WebhookDeliveries;
  close(): Promise<void>;
}

function nonNegInt(name: string, v: number | undefined, def: number, min = 0): number {
  if (v === undefined) return def;
  if (!Number.isInteger(v) || v < min) throw new Error(`${name} must be an integer >= ${min} (got ${String(v)})`);
  return v;
}

export async function startSimulator(opts: SimulatorOptions = {}): Promise<RunningSimulator> {
  const seed = nonNegInt('seed', opts.seed, 1);
  const port = nonNegInt('port', opts.port, 0);
  const perMin = nonNegInt('rateLimitPerMin', opts.rateLimitPerMin, 900, 1);
  const monthly = opts.monthlyLimit === null ? null : nonNegInt('monthlyLimit', opts.monthlyLimit, 100_000);
  const faultSpec: FaultSpec = parseFaults(opts.faults ?? '');
  const contract = contractProfile(opts.contract);
  const deny = parseDeny(opts.deny);
  let version = opts.defaultApiVersion ?? '2024-01-01';
  if (version === 'current') version = CURRENT_VERSION;
  if (!(KNOWN_VERSIONS as readonly string[]).includes(version)) throw new Error(`defaultApiVersion must be one of ${KNOWN_VERSIONS.join(', ')} or current`);
  const apiKey = opts.apiKey ?? SIMULATOR_DEFAULT_KEY;
  if (apiKey === '') throw new Error('apiKey must not be empty');
  resolveScale(opts.scale);

  const store = generateStore(seed, opts.scale ?? 'small');
  if (opts.edgeValues) applyEdgeValues(store);
  const limiter = new RateLimiter(perMin, monthly);
  const faults = new FaultInjector(faultSpec, seed);
  const deliveries = new WebhookDeliveries(store, contract.name, seed);
  deliveries.setDrop(faultSpec['webhook-drop'] ?? 0);
  const sim = new SimServer(store, limiter, faults, {
    settings: {
      apiKey,
      accounts: new Map((opts.accounts ?? []).map((a) => [a.apiKey, a.tenant])),
      contract,
      deny,
      createLagMs: nonNegInt('createLagMs', opts.createLagMs, 300),
      defaultApiVersion: version,
      cursorTtlMs: nonNegInt('cursorTtlMs', opts.cursorTtlMs, 15 * 60_000, 1),
      maxPageSize: opts.maxPageSize === undefined ? null : nonNegInt('maxPageSize', opts.maxPageSize, 100, 1),
      edgeValues: opts.edgeValues === true,
    },
    latencyMs: nonNegInt('latencyMs', opts.latencyMs, 0),
    slowPauseMs: nonNegInt('slowPauseMs', opts.slowPauseMs, SLOW_PAUSE_MS),
    retryAfter: opts.retryAfter ?? 'seconds',
    log: opts.log ?? null,
    deliveries,
  });
  await new Promise<void>((resolve, reject) => {
    sim.server.once('error', reject);
    sim.server.listen(port, '127.0.0.1', () => {
      sim.server.off('error', reject);
      resolve();
    });
  });
  const actual = (sim.server.address() as AddressInfo).port;
  const url = `http://127.0.0.1:${actual}`;
  sim.baseUrl = url;
  let closed: Promise<void> | null = null;
  return {
    url,
    port: actual,
    apiKey,
    store,
    stats: sim.stats,
    contract: contract.name,
    setDeny: (spec) => {
      const next = parseDeny(spec);
      deny.clear();
      for (const p of next) deny.add(p);
    },
    setFaults: (spec) => {
      const parsed = parseFaults(spec);
      faults.set(parsed);
      deliveries.setDrop(parsed['webhook-drop'] ?? 0);
    },
    webhooks: deliveries,
    setLatency: (ms) => {
      sim.opts.latencyMs = nonNegInt('latencyMs', ms, 0);
    },
    setRateLimit: (n) => limiter.setPerMinute(nonNegInt('rateLimitPerMin', n, 900, 1)),
    resetRateWindow: () => limiter.resetWindows(),
    close: () => {
      closed ??= new Promise<void>((resolve) => {
        deliveries.close();
        sim.clearTimers();
        sim.server.close(() => resolve());
        sim.server.closeAllConnections();
      });
      return closed;
    },
  };
}
