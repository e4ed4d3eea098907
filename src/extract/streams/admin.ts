import type { RowBatch } from '../../load/batch.ts';
import {
  v1EntityFileSchema, v1RelationshipStrengthSchema, v1WebhookSchema, v2CompanyMergeSchema, v2PersonMergeSchema,
  v2TeamMemberSchema, v2TeamSchema, v2UserSchema, type V2TeamMember,
} from '../schemas/index.ts';
import {
  companyMergeRows, personMergeRows, relationshipStrengthRows, teamMembersRows, v1EntityFileRows, v1WebhookRows,
  v2TeamRows, v2UserRows,
} from '../../transform/index.ts';
import { defineStream } from '../stream.ts';
import { V1_SEARCH_PAGE } from '../planner.ts';
import { batchId, liveIds, perRecord } from './common.ts';

export const filesStream = defineStream({
  name: 'files',
  description: 'files of persons, companies and opportunities, 500 per call (GET /entity-files)',
  group: 'other',
  request: () => ({ path: '/entity-files', query: { page_size: V1_SEARCH_PAGE }, paginator: 'v1-token', recordsKey: 'entity_files' }),
  schema: v1EntityFileSchema,
  transform: perRecord((f, raw) => v1EntityFileRows(f, raw)),
  softDelete: { table: 'files' },
});

export const usersStream = defineStream({
  name: 'users',
  description: 'users of the organisation (GET /v2/users)',
  group: 'metadata',
  request: () => ({ path: '/v2/users', query: { limit: 100 }, paginator: 'v2' }),
  schema: v2UserSchema,
  transform: perRecord((u, raw) => v2UserRows(u, raw)),
  softDelete: { table: 'users' },
});

export const teamsStream = defineStream({
  name: 'teams',
  description: 'teams (GET /v2/teams)',
  group: 'other',
  minApiVersion: '2026-09-17',
  request: () => ({ path: '/v2/teams', query: { limit: 100 }, paginator: 'v2' }),
  schema: v2TeamSchema,
  transform: perRecord((t, raw) => v2TeamRows(t, raw)),
  softDelete: { table: 'teams' },
});

export const teamMembersStream = defineStream({
  name: 'team_members',
  description: 'team members, per team (GET /v2/teams/{id}/members)',
  group: 'other',
  minApiVersion: '2026-09-17',
  dependsOn: ['teams'],
  request: () => ({ path: '/v2/teams', paginator: 'v2' }),
  byIds: {
    ids: (ctx) => liveIds(ctx, 'teams'),
    batchSize: 1,
    request: (ids) => ({ path: `/v2/teams/${ids[0]}/members`, query: { limit: 100 }, paginator: 'v2', endpoint: 'GET /v2/teams/{id}/members' }),
  },
  schema: v2TeamMemberSchema,
  transform: (records, _raws, p): RowBatch => teamMembersRows(batchId(p), records as readonly V2TeamMember[]),
});

/** The older listing is one bare-array call and works under every API version. */
export const webhooksStream = defineStream({
  name: 'webhooks',
  description: 'webhook subscriptions (GET /webhook, one call)',
  group: 'other',
  request: () => ({ path: '/webhook', paginator: 'v1-array' }),
  schema: v1WebhookSchema,
  transform: perRecord((w, raw) => v1WebhookRows(w, raw)),
  softDelete: { table: 'webhooks' },
});

function withMerge<T extends { status?: string | null; completedAt?: string | null; startedAt?: string | null }>(
  rows: RowBatch, m: T, entityType: 'company' | 'person', duplicateId: number, survivorId: number,
): RowBatch {
  if (m.status === 'success') {
    (rows.merges ??= []).push({ entityType, duplicateId, survivorId, mergedAt: m.completedAt ?? m.startedAt ?? new Date(0).toISOString() });
  }
  return rows;
}

/** Completed merges re-key the duplicate's rows to the survivor in the same transaction. */
export const companyMergesStream = defineStream({
  name: 'company_merges',
  description: 'company merges (GET /v2/company-merges)',
  group: 'metadata',
  dependsOn: ['companies', 'list_entries', 'company_persons_full', 'opportunity_associations_full'],
  request: () => ({ path: '/v2/company-merges', query: { limit: 100 }, paginator: 'v2' }),
  schema: v2CompanyMergeSchema,
  transform: perRecord((m, raw) => withMerge(companyMergeRows(m, raw), m, 'company', m.duplicateCompanyId, m.primaryCompanyId)),
});

export const personMergesStream = defineStream({
  name: 'person_merges',
  description: 'person merges (GET /v2/person-merges)',
  group: 'metadata',
  dependsOn: ['persons', 'list_entries', 'person_companies_full', 'opportunity_associations_full'],
  request: () => ({ path: '/v2/person-merges', query: { limit: 100 }, paginator: 'v2' }),
  schema: v2PersonMergeSchema,
  transform: perRecord((m, raw) => withMerge(personMergeRows(m, raw), m, 'person', m.duplicatePersonId, m.primaryPersonId)),
});

/** One call per person: off unless `relationshipStrengths` is set. */
export const relationshipStrengthsStream = defineStream({
  name: 'relationship_strengths',
  description: 'relationship strengths, per external person (GET /relationships-strengths); opt-in',
  group: 'other',
  enabled: (config) => config.relationshipStrengths,
  dependsOn: ['persons'],
  request: () => ({ path: '/relationships-strengths', paginator: 'v1-array' }),
  byIds: {
    ids: (ctx) => liveIds(ctx, 'persons'),
    batchSize: 1,
    request: (ids) => ({ path: '/relationships-strengths', query: { external_id: ids[0] }, paginator: 'v1-array' }),
  },
  schema: v1RelationshipStrengthSchema,
  transform: perRecord((r, raw) => relationshipStrengthRows(r, raw)),
});

