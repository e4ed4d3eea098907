import { emptyBatch, type RowBatch } from '../load/schema/row-batch.ts';
import type {
  V1EntityFile,
  V1RelationshipStrength,
  V1Webhook,
  V2CompanyMerge,
  V2File,
  V2PersonMerge,
  V2Team,
  V2TeamMember,
  V2User,
  V2Webhook,
} from '../extract/schemas/index.ts';
import { jsonArrayOrNull, rawJson, replaceSet, single, uniqueIds } from './rows.ts';
import { normalizeTimestamp } from './timestamps.ts';

/** Files, users, teams, webhooks, merges and relationship strengths → their warehouse rows. */

export function v1EntityFileRows(f: V1EntityFile, raw?: unknown): RowBatch {
  return single('files', {
    id: f.id,
    name: f.name ?? null,
    size: f.size ?? null,
    content_type: f.content_type ?? null,
    person_id: f.person_id ?? null,
    company_id: f.organization_id ?? null,
    opportunity_id: f.opportunity_id ?? null,
    uploader_id: f.uploader_id ?? null,
    created_at: normalizeTimestamp(f.created_at ?? null),
    _raw: rawJson(raw, f),
  });
}

/** `/v2/files` items (2026-09-17): the organisation's files, each naming the record it is attached to. */
export function v2FileRows(f: V2File, raw?: unknown): RowBatch {
  return single('files', {
    id: f.id,
    name: f.name ?? null,
    size: f.size ?? f.sizeInBytes ?? null,
    content_type: f.contentType ?? null,
    person_id: f.personId ?? null,
    company_id: f.companyId ?? null,
    opportunity_id: f.opportunityId ?? null,
    uploader_id: f.uploaderId ?? f.uploader?.id ?? f.creator?.id ?? null,
    created_at: normalizeTimestamp(f.createdAt ?? null),
    _raw: rawJson(raw, f),
  });
}

export function v2UserRows(u: V2User, raw?: unknown): RowBatch {
  return single('users', {
    id: u.id,
    first_name: u.firstName ?? null,
    last_name: u.lastName ?? null,
    email_address: u.emailAddress ?? null,
    type: u.type ?? null,
    _raw: rawJson(raw, u),
  });
}

export function v2TeamRows(t: V2Team, raw?: unknown): RowBatch {
  return single('teams', { id: t.id, name: t.name ?? null, _raw: rawJson(raw, t) });
}

/** All members of one team (every page of `/v2/teams/{id}/members`), replaced per team. */
export function teamMembersRows(teamId: number, members: readonly V2TeamMember[]): RowBatch {
  const b = emptyBatch();
  b.replace.push(
    replaceSet(
      'team_members',
      ['team_id'],
      [{ team_id: teamId }],
      uniqueIds(members.map((m) => m.id)).map((userId) => ({ team_id: teamId, user_id: userId })),
    ),
  );
  return b;
}

/** v1 `GET /webhook` item: `disabled` → status, `created_by` → creator. v1 has no timestamps. */
export function v1WebhookRows(w: V1Webhook, raw?: unknown): RowBatch {
  return single('webhooks', {
    id: w.id,
    url: w.webhook_url,
    subscriptions_json: jsonArrayOrNull(w.subscriptions),
    status: w.disabled === undefined || w.disabled === null ? null : w.disabled ? 'disabled' : 'active',
    creator_id: w.created_by ?? null,
    _raw: rawJson(raw, w),
  });
}

/**
 * `/v2/webhooks` item (docs/contract.md §7.10): the listing with `createdAt` / `updatedAt`. A member the record
 * leaves out is left out of the row (kept as stored), never read as empty.
 */
export function v2WebhookRows(w: V2Webhook, raw?: unknown): RowBatch {
  return single('webhooks', {
    id: w.id,
    url: w.url,
    ...(w.subscriptions !== undefined ? { subscriptions_json: jsonArrayOrNull(w.subscriptions) } : {}),
    ...(w.status !== undefined ? { status: w.status } : {}),
    ...(w.creator !== undefined ? { creator_id: w.creator?.id ?? null } : {}),
    ...(w.createdAt !== undefined ? { created_at: normalizeTimestamp(w.createdAt) } : {}),
    ...(w.updatedAt !== undefined ? { updated_at: normalizeTimestamp(w.updatedAt) } : {}),
    _raw: rawJson(raw, w),
  });
}

type MergeRecord = Pick<V2CompanyMerge, 'id' | 'status' | 'errorMessage' | 'taskId' | 'startedAt' | 'completedAt'>;

/** One `merges` row; company and person merges differ only in how they name the two records. */
function mergeRow(entityType: 'company' | 'person', m: MergeRecord, primaryId: number, duplicateId: number, raw: unknown): RowBatch {
  return single('merges', {
    entity_type: entityType,
    id: m.id,
    primary_id: primaryId,
    duplicate_id: duplicateId,
    status: m.status,
    error_message: m.errorMessage ?? null,
    task_id: m.taskId ?? null,
    created_at: normalizeTimestamp(m.startedAt ?? null),
    completed_at: normalizeTimestamp(m.completedAt ?? null),
    _raw: rawJson(raw, m),
  });
}

export function companyMergeRows(m: V2CompanyMerge, raw?: unknown): RowBatch {
  return mergeRow('company', m, m.primaryCompanyId, m.duplicateCompanyId, raw);
}

export function personMergeRows(m: V2PersonMerge, raw?: unknown): RowBatch {
  return mergeRow('person', m, m.primaryPersonId, m.duplicatePersonId, raw);
}

export function relationshipStrengthRows(r: V1RelationshipStrength, raw?: unknown): RowBatch {
  return single('relationship_strengths', {
    internal_id: r.internal_id,
    external_id: r.external_id,
    strength: r.strength,
    _raw: rawJson(raw, r),
  });
}
