/**
 * relsync's own tables (migrations 001, 003, 006) declared in the registry's vocabulary, with what each
 * column means: docs/schema.md is rendered from this, and test/integration/schema-registry.test.ts checks
 * it against the migrated database on both dialects. The Kysely types stay hand-written in
 * ../infra-tables.ts; keying this by `InfraTables` makes the compiler demand every table and column of it.
 */
import type { InfraTables } from '../infra-tables.ts';
import type { ColumnDecl } from './columns.ts';

interface InfraColumn {
  readonly decl: ColumnDecl;
  readonly meaning: string;
}
export interface InfraTableDecl<C extends string> {
  readonly meaning: string;
  readonly pk: readonly C[];
  readonly columns: { readonly [K in C]: InfraColumn };
}
type InfraDecls = { readonly [T in keyof InfraTables]: InfraTableDecl<keyof InfraTables[T] & string> };

const c = (decl: ColumnDecl, meaning: string): InfraColumn => ({ decl, meaning });

export const INFRA_DECLS: InfraDecls = {
  sync_runs: {
    meaning: 'One row per sync, backfill or demo run: what it did and what it cost.',
    pk: ['id'],
    columns: {
      id: c('text', 'run id'),
      command: c('text', 'sync | backfill | demo ...'),
      mode: c('text', 'full | incremental | backfill'),
      status: c('text', 'running | succeeded | partial | failed | interrupted'),
      started_at: c('ts', 'when the run began'),
      finished_at: c('ts?', 'when it ended'),
      duration_ms: c('int?', 'wall time'),
      calls_total: c('int', 'API calls made'),
      rows_total: c('int', 'rows written'),
      streams_json: c('json?', 'per stream: status, what it did, pages, records, rows'),
      calls_json: c('json?', 'calls per endpoint'),
      errors_json: c('json?', 'errors by stream'),
      rate_budget_json: c('json?', 'the rate limits last seen'),
    },
  },
  sync_state: {
    meaning: 'One checkpoint per stream and partition: where the next run resumes or follows from.',
    pk: ['stream', 'partition'],
    columns: {
      stream: c('text', 'stream name'),
      partition: c('text', "'' or a list id, a field id, ..."),
      version: c('int', 'checkpoint format version'),
      checkpoint_json: c('json', 'the checkpoint document (sweep in progress, high-water mark, last completed sweep and its pages)'),
      last_success_at: c('ts?', 'when the stream last completed'),
      last_sweep_at: c('ts?', 'when a full sweep last completed'),
      updated_at: c('ts', 'when the checkpoint was last written'),
    },
  },
  sync_lock: {
    meaning: 'The single-writer lock on SQLite (PostgreSQL uses an advisory lock).',
    pk: ['name'],
    columns: {
      name: c('text', 'lock name'),
      holder: c('text', 'run holding it'),
      pid: c('int', 'process id'),
      host: c('text', 'host name'),
      acquired_at: c('ts', 'when taken'),
      heartbeat_at: c('ts', 'last sign of life; a stale lock is taken over'),
    },
  },
  sync_read_whole: {
    meaning:
      "When each record's association set, or each transcript's fragments, was last read whole by a single read: relevance tiers re-read the oldest sets first, and a transcript's fragments are read again once older than the cold period (migrations 021, 032).",
    pk: ['kind', 'id'],
    columns: {
      kind: c('text', "the set: company_links (a company's persons), person_links (a person's companies) or transcript_fragments"),
      id: c('id', 'the record id'),
      read_at: c('ts', 'when the set was last read whole'),
    },
  },
  sync_hinted: {
    meaning:
      'What a webhook hint marked for a re-read: a hint run reads only these; relevance tiers keep a named company or person hot for the hot window (migration 025).',
    pk: ['kind', 'id'],
    columns: {
      kind: c('text', 'the mark: company, person, list_entry, company_links, person_links, opportunity_links'),
      id: c('id', 'the record id'),
      hinted_at: c('ts', 'when a hint last named it'),
    },
  },
  sync_dirty: {
    meaning: 'Records the change log named that need a targeted re-read (migration 003).',
    pk: ['kind', 'id'],
    columns: {
      kind: c(
        'text',
        'what to re-read: company, person, list entry, links ..., person_unseen / company_unseen (a lookup by id left the record out: read alone)',
      ),
      id: c('id', 'the record id'),
      list_id: c('id?', 'the list of a list entry'),
      marked_at: c('ts', 'when marked'),
      attempts: c('int', 're-reads tried'),
    },
  },
  webhook_deliveries: {
    meaning: 'Webhook deliveries `schedule` accepted, written before the 2xx answer; each is a hint to re-read what it names, never data (migration 023).',
    pk: ['id'],
    columns: {
      id: c('text', 'delivery id given on receipt; time-ordered (UUID version 7), so it orders deliveries received within one millisecond'),
      received_at: c('ts', 'when received'),
      event: c('text?', 'the event type, when the body names one'),
      body: c('text', 'the body as received (up to the size cap)'),
      status: c(
        'text',
        'pending | applied | replayed (identical to a delivery already applied: not read again) | over_share (the month share of hint runs was spent: left to the periodic passes) | unknown (event not acted on) | unparseable',
      ),
      applied_at: c('ts?', 'when its marks were written to sync_dirty (or it was set aside as replayed / over_share)'),
      marks: c('int?', 'records it marked'),
      digest: c('text?', 'SHA-256 of the body (hex), to know a replay; null for deliveries stored before migration 031'),
    },
  },
  sync_sources: {
    meaning:
      'Which source carries each capability, and the sources the service refused (migration 006); also optional streams this tenant does not have (source `unavailable`, keyed by the stream).',
    pk: ['capability'],
    columns: {
      capability: c('text', 'change_log | files | reminders_updates | notes_updates, or an optional stream'),
      source: c('text', 'the stream chosen, `none`, or `unavailable` (an optional stream)'),
      refused_json: c('text?', 'refused sources with status, endpoint, message, time and API origin (JSON text)'),
      decided_at: c('text?', 'when the choice was made (ISO-8601 text)'),
    },
  },
  kept_child_rows: {
    meaning:
      'The child rows of a company or person a sweep soft-deleted, kept so a merge learned later still moves them to the survivor (migration 028); dropped when a merge uses them, when the record is deleted again, and after the keep period.',
    pk: ['parent_table', 'parent_id', 'child_table', 'row_key'],
    columns: {
      parent_table: c('text', 'companies | persons'),
      parent_id: c('id', 'the soft-deleted record'),
      child_table: c('text', 'the table the row was removed from'),
      row_key: c('text', "the row's primary key values (JSON text)"),
      row_json: c('json', 'the row as it was (JSON text)'),
      kept_at: c('ts', 'when the soft delete removed it'),
    },
  },
  sync_account: {
    meaning:
      'The Affinity account (tenant) this warehouse holds (migration 030): one row, from the whoami read of the first run; a run whose key reads another account is refused before it writes.',
    pk: ['id'],
    columns: {
      id: c('int', 'always 1: the warehouse holds one account'),
      tenant_id: c('text', "the account's tenant id"),
      tenant_name: c('text?', "the account's name, as whoami gave it"),
      subdomain: c('text?', "the account's subdomain, as whoami gave it"),
      recorded_at: c('ts', 'when the first run recorded it'),
    },
  },
  quarantine: {
    meaning: 'Records that failed validation or transform, parked instead of failing their page.',
    pk: ['stream', 'record_key'],
    columns: {
      stream: c('text', 'stream that read it'),
      record_key: c('text', "the record's id or key"),
      payload: c('json', 'the record as received'),
      error: c('text', 'why it was refused'),
      run_id: c('text?', 'run that last saw it'),
      first_seen_at: c('ts', 'first seen'),
      last_seen_at: c('ts', 'last seen'),
    },
  },
};
