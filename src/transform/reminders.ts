import type { RowBatch } from '../load/schema/row-batch.ts';
import type { V1Reminder, V2Reminder } from '../extract/schemas/index.ts';
import { rawJson, single } from './rows.ts';
import { normalizeTimestamp } from './timestamps.ts';

/** Reminders (v2 and v1) → `reminders` rows; v1 integer enums become the v2 names. */

export const V1_REMINDER_TYPES: Readonly<Record<number, string>> = { 0: 'one-time', 1: 'recurring' };
export const V1_REMINDER_RESET_TYPES: Readonly<Record<number, string>> = { 0: 'interaction', 1: 'email', 2: 'meeting' };
export const V1_REMINDER_STATUSES: Readonly<Record<number, string>> = { 0: 'completed', 1: 'active', 2: 'overdue' };

/** Map a v1 enum int; an int not in the table is kept visible as `v1-<n>` rather than lost. */
function named(table: Readonly<Record<number, string>>, v: number | null | undefined): string | null {
  if (v === null || v === undefined) return null;
  return table[v] ?? `v1-${v}`;
}

export function v2ReminderRows(r: V2Reminder, raw?: unknown): RowBatch {
  return single('reminders', {
    id: r.id,
    type: r.type,
    content: r.content ?? null,
    due_date: normalizeTimestamp(r.dueDate ?? null),
    reset_type: r.resetType ?? null,
    reminder_days: r.reminderDays ?? null,
    status: r.status ?? null,
    owner_id: r.owner?.id ?? null,
    creator_id: r.creator?.id ?? null,
    completer_id: r.completer?.id ?? null,
    person_id: r.person?.id ?? null,
    company_id: r.company?.id ?? null,
    opportunity_id: r.opportunity?.id ?? null,
    created_at: normalizeTimestamp(r.createdAt ?? null),
    completed_at: normalizeTimestamp(r.completedAt ?? null),
    _raw: rawJson(raw, r),
  });
}

export function v1ReminderRows(r: V1Reminder, raw?: unknown): RowBatch {
  return single('reminders', {
    id: r.id,
    type: named(V1_REMINDER_TYPES, r.type),
    content: r.content ?? null,
    due_date: normalizeTimestamp(r.due_date ?? null),
    reset_type: named(V1_REMINDER_RESET_TYPES, r.reset_type),
    reminder_days: r.reminder_days ?? null,
    status: named(V1_REMINDER_STATUSES, r.status),
    owner_id: r.owner?.id ?? null,
    creator_id: r.creator?.id ?? null,
    completer_id: r.completer?.id ?? null,
    person_id: r.person?.id ?? null,
    company_id: r.organization?.id ?? null,
    opportunity_id: r.opportunity?.id ?? null,
    created_at: normalizeTimestamp(r.created_at ?? null),
    completed_at: normalizeTimestamp(r.completed_at ?? null),
    _raw: rawJson(raw, r),
  });
}
