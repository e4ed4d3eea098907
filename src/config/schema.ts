import { z } from 'zod';
import {
  DEFAULT_API_VERSION,
  DEFAULT_BASE_URL,
  DEFAULT_CONCURRENCY,
  DEFAULT_DATABASE_URL,
  DEFAULT_FILES_PER_ENTITY,
  DEFAULT_HOT_WINDOW,
  DEFAULT_SINGLE_READ_SHARE_PERCENT,
  DEFAULT_LOG_LEVEL,
  DEFAULT_MAX_RETRIES,
  DEFAULT_METRICS_HOST,
  DEFAULT_METRICS_PORT,
  DEFAULT_MONTHLY_RESERVE,
  DEFAULT_RELATIONSHIP_STRENGTHS,
  DEFAULT_REPROBE_REFUSED_AFTER,
  DEFAULT_REQUEST_TIMEOUT_MS,
  DEFAULT_SCHEDULE,
  DEFAULT_SWEEP_COLD,
  DEFAULT_SWEEP_ENTITIES,
  DEFAULT_SWEEP_HOT,
  DEFAULT_SWEEP_FEEDLESS,
  DEFAULT_SWEEP_METADATA,
  DEFAULT_SWEEP_OTHER,
  DEFAULT_TIERS_ENABLED,
  DEFAULT_WEBHOOK_DELAY_SECONDS,
  DEFAULT_WEBHOOK_HOST,
  DEFAULT_WEBHOOK_MAX_CALLS_PER_RUN,
  DEFAULT_WEBHOOK_MONTHLY_SHARE_PERCENT,
  DEFAULT_WEBHOOK_PORT,
  DEFAULT_WEBHOOK_SECRET_MIN_LENGTH,
} from '../defaults.ts';

/** A duration such as `90s`, `15m`, `1h`, `24h`, `7d`, returned in milliseconds. */
export const durationSchema = z
  .string()
  .regex(/^\d+(ms|s|m|h|d)$/, 'must be a duration like 30m, 1h, 24h or 7d')
  .transform((s) => parseDuration(s));

export function parseDuration(s: string): number {
  const m = /^(\d+)(ms|s|m|h|d)$/.exec(s);
  if (!m) throw new Error(`not a duration: ${s}`);
  const n = Number(m[1]);
  const unit = { ms: 1, s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000 }[m[2] as 'ms' | 's' | 'm' | 'h' | 'd'];
  return n * unit;
}

const API_VERSIONS = ['2024-01-01', '2026-07-15', '2026-09-17'] as const;

/**
 * Env text as a number only when it is plain decimal digits: `Number()` alone would take `0x4`, `1e1`,
 * `0b11` or ` 4 ` and run with a value nobody wrote down.
 */
const decimalText = (v: unknown): unknown => (typeof v === 'string' && /^\d+$/.test(v) ? Number(v) : v);

/** A whole number in a range, from env text (decimal digits only) or JSON, with a message that says so. */
function wholeNumber(min: number, max: number, def: number) {
  const message = `must be a whole number from ${min} to ${max}`;
  return z.preprocess(decimalText, z.number({ error: message }).int({ error: message }).min(min, { error: message }).max(max, { error: message })).default(def);
}

/** What a key can hold: visible ASCII. A newline, carriage return or space is a copy-paste accident, never part of a key. */
const API_KEY_TEXT = /^[\x21-\x7e]+$/;

/**
 * A PostgreSQL URL whose userinfo holds an unencoded `@`, `#`, `/` or `?`: the URL parser ends the password
 * there, and the driver connects to a "host" made of the rest of the password (and says so in its errors).
 */
export function passwordNeedsEncoding(url: string): boolean {
  const m = /^postgres(?:ql)?:\/\/(.*)$/s.exec(url);
  if (!m) return false;
  const rest = m[1] ?? '';
  const authorityEnd = rest.search(/[/?#]/);
  const authority = authorityEnd < 0 ? rest : rest.slice(0, authorityEnd);
  const ats = authority.split('@').length - 1;
  return ats > 1 || (authorityEnd >= 0 && rest.slice(authorityEnd).includes('@'));
}

export const databaseUrlSchema = z
  .string()
  .refine((u) => /^sqlite:/.test(u) || /^postgres(ql)?:\/\//.test(u), {
    message: 'must start with sqlite: (e.g. sqlite:./relsync.db) or postgres:// (e.g. postgres://user@127.0.0.1:5432/db)',
  })
  .refine((u) => !passwordNeedsEncoding(u), {
    // Echoed masked: the masking takes the userinfo up to the last `@` before the host, the whole password.
    message: 'has a password with a character the URL must carry percent-encoded: write an at sign as %40, # as %23, / as %2F and ? as %3F',
  });

/**
 * Every option, its default, and what it means. `config/relsync.config.example.json` mirrors this.
 * Strict: a misspelt key (`databseUrl`) is refused, never silently replaced by its default.
 */
export const configSchema = z.strictObject({
  apiKey: z
    .string()
    .min(1)
    .regex(API_KEY_TEXT, {
      error: 'holds a space, line break or other control character (a trailing newline from the file it was read from?): set it to the key alone',
    })
    .optional(),
  baseUrl: z.url({ protocol: /^https?$/, message: `must be an http(s) URL such as ${DEFAULT_BASE_URL}` }).default(DEFAULT_BASE_URL),
  apiVersion: z.enum(API_VERSIONS, { message: `must be one of ${API_VERSIONS.join(', ')}` }).default(DEFAULT_API_VERSION),
  databaseUrl: databaseUrlSchema.default(DEFAULT_DATABASE_URL),
  schedule: z.string().min(1).default(DEFAULT_SCHEDULE),
  logLevel: z
    .enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'], { error: 'must be one of fatal, error, warn, info, debug, trace, silent' })
    .default(DEFAULT_LOG_LEVEL),
  /** Requests in flight at once. */
  concurrency: wholeNumber(1, 32, DEFAULT_CONCURRENCY),
  /** Monthly calls held back for other tools on the same account; a run stops before spending them. */
  monthlyReserve: wholeNumber(0, 10_000_000, DEFAULT_MONTHLY_RESERVE),
  /** Calls a month relsync may spend; default: the monthly limit the service's headers report, less `monthlyReserve`. */
  monthlyBudget: z
    .preprocess(
      decimalText,
      z
        .number({ error: 'must be a whole number of calls' })
        .int({ error: 'must be a whole number of calls' })
        .min(0, { error: 'must be a whole number of calls' }),
    )
    .optional(),
  requestTimeoutMs: wholeNumber(1000, 600_000, DEFAULT_REQUEST_TIMEOUT_MS),
  maxRetries: wholeNumber(0, 20, DEFAULT_MAX_RETRIES),
  /** Port for `schedule`'s /healthz and /metrics; 0 disables the endpoint. */
  metricsPort: wholeNumber(0, 65535, DEFAULT_METRICS_PORT),
  /** Address of that endpoint: 127.0.0.1 (this host only), or 0.0.0.0 in a container so probes and Prometheus reach it. */
  metricsHost: z.string().min(1).default(DEFAULT_METRICS_HOST),
  /** The path token of `POST /webhooks/<secret>` (docs/webhooks.md); unset: `schedule` accepts no deliveries. */
  webhookSecret: z
    .string()
    .regex(/^[A-Za-z0-9_-]+$/, { error: 'must be letters, digits, - and _ only (it is a URL path segment); make one with `openssl rand -hex 24`' })
    .min(DEFAULT_WEBHOOK_SECRET_MIN_LENGTH, {
      error: `must be at least ${DEFAULT_WEBHOOK_SECRET_MIN_LENGTH} characters (anyone who guesses it can send hints); make one with \`openssl rand -hex 24\``,
    })
    .optional(),
  /** Port of the webhook receiver; 0 serves it on the metrics port. */
  webhookPort: wholeNumber(0, 65535, DEFAULT_WEBHOOK_PORT),
  /** Address the webhook receiver listens on (put a TLS proxy in front for the service to reach it). */
  webhookHost: z.string().min(1).default(DEFAULT_WEBHOOK_HOST),
  /** Seconds between the first pending hint and the targeted run that applies it. */
  webhookDelaySeconds: wholeNumber(0, 3600, DEFAULT_WEBHOOK_DELAY_SECONDS),
  /** Most records one hint run re-reads (at most one call each); the rest waits for the next run. */
  webhookMaxCallsPerRun: wholeNumber(1, 100_000, DEFAULT_WEBHOOK_MAX_CALLS_PER_RUN),
  /** Percent of the monthly budget hint runs may spend in a calendar month; past it, deliveries are left to the periodic passes. */
  webhookMonthlySharePercent: wholeNumber(0, 100, DEFAULT_WEBHOOK_MONTHLY_SHARE_PERCENT),
  /** Relationship strengths cost one call per internal person; off unless asked for. */
  relationshipStrengths: z
    .union([z.boolean(), z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1')], { error: 'must be true or false' })
    .default(DEFAULT_RELATIONSHIP_STRENGTHS),
  /** Files through one older per-entity listing per person, company and opportunity (when `/v2/files` is refused or too old). */
  filesPerEntity: z
    .union([z.boolean(), z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1')], { error: 'must be true or false' })
    .default(DEFAULT_FILES_PER_ENTITY),
  /** A source the service refused (sync_sources) is probed again after this long; until then its fallback is used without asking. */
  reprobeRefusedAfter: durationSchema.default(parseDuration(DEFAULT_REPROBE_REFUSED_AFTER)),
  sweeps: z
    .strictObject({
      /** How often entity collections (companies, persons, opportunities, lists, list entries) are fully re-swept. */
      entities: durationSchema.default(parseDuration(DEFAULT_SWEEP_ENTITIES)),
      /** How often everything else without a change signal is re-swept. */
      other: durationSchema.default(parseDuration(DEFAULT_SWEEP_OTHER)),
      /** How often metadata (lists, fields, options, users, teams, merges) is re-read; an unknown id re-reads it at once. */
      metadata: durationSchema.default(parseDuration(DEFAULT_SWEEP_METADATA)),
      /** How often a stream whose update feed the service refuses is re-swept (at most its own period). */
      feedless: durationSchema.default(parseDuration(DEFAULT_SWEEP_FEEDLESS)),
      /** How often a hot record's company↔person set is read again (one single read each; see `tiers`). */
      hot: durationSchema.default(parseDuration(DEFAULT_SWEEP_HOT)),
      /** How often a cold record's company↔person set is read again; stretched first when the month's budget is short. */
      cold: durationSchema.default(parseDuration(DEFAULT_SWEEP_COLD)),
      /** Per-stream override, e.g. { "notes": "12h" }. */
      overrides: z.record(z.string(), durationSchema).default({}),
    })
    .prefault({}),
  tiers: z
    .strictObject({
      /** Off: no tiers; every company↔person set is read again after each entity sweep, and all periods stretch alike. */
      enabled: z
        .union([z.boolean(), z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1')], { error: 'must be true or false' })
        .default(DEFAULT_TIERS_ENABLED),
      /** A record on a list or a deal, or with an interaction, note or change within this window, is hot; the rest is cold. */
      hotWindow: durationSchema.default(parseDuration(DEFAULT_HOT_WINDOW)),
      /**
       * Percent of the monthly budget the single reads no tier ranks (an opportunity's, where the search lacks
       * its persons and companies) and the pass that marks them may take when the month does not fit: past it
       * they stretch alone, and the hot tier keeps its period.
       */
      singleReadSharePercent: wholeNumber(1, 100, DEFAULT_SINGLE_READ_SHARE_PERCENT),
    })
    .prefault({}),
});

export type Config = z.infer<typeof configSchema>;
export type ConfigInput = z.input<typeof configSchema>;
export { API_VERSIONS };

/** Which environment variable feeds which option (env wins over the file). */
export const ENV_VARS = {
  apiKey: 'AFFINITY_API_KEY',
  baseUrl: 'AFFINITY_BASE_URL',
  apiVersion: 'AFFINITY_API_VERSION',
  databaseUrl: 'DATABASE_URL',
  schedule: 'RELSYNC_SCHEDULE',
  logLevel: 'LOG_LEVEL',
  concurrency: 'RELSYNC_CONCURRENCY',
  monthlyReserve: 'RELSYNC_MONTHLY_RESERVE',
  monthlyBudget: 'RELSYNC_MONTHLY_BUDGET',
  requestTimeoutMs: 'RELSYNC_REQUEST_TIMEOUT_MS',
  maxRetries: 'RELSYNC_MAX_RETRIES',
  metricsPort: 'RELSYNC_METRICS_PORT',
  metricsHost: 'RELSYNC_METRICS_HOST',
  relationshipStrengths: 'RELSYNC_RELATIONSHIP_STRENGTHS',
  filesPerEntity: 'RELSYNC_FILES_PER_ENTITY',
  reprobeRefusedAfter: 'RELSYNC_REPROBE_REFUSED_AFTER',
  webhookSecret: 'RELSYNC_WEBHOOK_SECRET',
  webhookPort: 'RELSYNC_WEBHOOK_PORT',
  webhookHost: 'RELSYNC_WEBHOOK_HOST',
  webhookDelaySeconds: 'RELSYNC_WEBHOOK_DELAY_SECONDS',
  webhookMaxCallsPerRun: 'RELSYNC_WEBHOOK_MAX_CALLS_PER_RUN',
  webhookMonthlySharePercent: 'RELSYNC_WEBHOOK_MONTHLY_SHARE_PERCENT',
} as const satisfies Partial<Record<keyof Config, string>>;
