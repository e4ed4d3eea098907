/** `/v2` interactions, transcripts, files, reminders and the org-wide field value change log. */
import { HttpError, notFound, ok, type Ctx, type Reply, type RouteDef } from '../http/http-types.ts';
import { pageArray, pageKeys, type KeySeq } from '../http/paging.ts';
import { parseFilter, type PropKind, type PropSpec } from '../http/filter.ts';
import { idParam, listedOnV2 } from './route-helpers.ts';
import { renderChangeV2, renderFileV2, renderFragmentsV2, renderInteractionV2, renderReminderV2, renderTranscriptV2 } from '../render/render-v2-activity.ts';
import type { InteractionKind, SimFieldValueChange } from '../store/store-types.ts';

function interactions(kind: InteractionKind, dateProp: 'sentAt' | 'startTime') {
  const allowed: Record<string, PropKind> = { id: 'int', [dateProp]: 'date', createdAt: 'date', updatedAt: 'date' };
  return (ctx: Ctx): Reply => {
    const filter = parseFilter(ctx, allowed);
    return pageKeys(
      ctx,
      ctx.store.idx.interactions[kind],
      (id) => {
        const it = ctx.store.interactions.get(id);
        if (!it) return undefined;
        if (filter && !filter.test((p) => (p === 'id' ? it.id : p === dateProp ? it.date : p === 'createdAt' ? it.createdAt : it.updatedAt))) return undefined;
        return renderInteractionV2(ctx.store, it);
      },
      100,
    );
  };
}

function interaction(kind: InteractionKind, param: string) {
  return (ctx: Ctx): Reply => {
    const id = idParam(ctx, param);
    const it = ctx.store.interactions.get(id);
    if (!it || it.kind !== kind) throw notFound(`${kind} ${id}`);
    return ok(renderInteractionV2(ctx.store, it));
  };
}

/**
 * Change ids are 1..n with no gaps (the log is append-only), so position and id are interchangeable.
 * Descending order pages over the negated ids (still an ascending key sequence for the pager).
 */
function changeSeq(changes: readonly SimFieldValueChange[], descending: boolean): KeySeq {
  const n = changes.length;
  if (!descending) {
    return { length: n, at: (i) => changes[i]?.id, upperBound: (key) => Math.max(0, Math.min(n, Math.floor(key))) };
  }
  return { length: n, at: (i) => (i < n ? -(n - i) : undefined), upperBound: (key) => Math.max(0, Math.min(n, Math.floor(n + key) + 1)) };
}

/** First index whose changedAt passes the lower bound (binary search; the log is ordered by time). */
function timeFloor(changes: readonly SimFieldValueChange[], ms: number, inclusive: boolean): number {
  let lo = 0;
  let hi = changes.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    const t = Date.parse((changes[mid] as SimFieldValueChange).changedAt);
    if (inclusive ? t < ms : t <= ms) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/**
 * docs/contract.md §7.9: "Filter properties: `field.id` (=), `listEntry.id` (=), `changer.id` (=), `changedAt`
 * (> < >= <=), `actionType` (= `add|update|delete`); combine with `|` and `&`". Nothing else (no
 * `id`, no `entity.id`: neither document names them).
 */
const CHANGE_FILTER: Record<string, PropSpec> = {
  'field.id': { kind: 'string', ops: ['='] },
  'listEntry.id': { kind: 'int', ops: ['='] },
  'changer.id': { kind: 'int', ops: ['='] },
  changedAt: { kind: 'date', ops: ['>', '<', '>=', '<='] },
  actionType: { kind: 'string', ops: ['='], values: ['add', 'update', 'delete'] },
};

/**
 * Org-wide change log, by changedAt then id: ascending by default, descending with `orderBy=-changedAt`
 * (docs/contract.md §7.9 "`orderBy=changedAt|-changedAt`"; "results ascending by `changedAt` then id"). Under the
 * seed every branch of the filter must name a field (the seed, docs/contract.md §S5: "global listing requires a field
 * identifier filter").
 */
function fieldValueChanges(ctx: Ctx): Reply {
  const orderBy = ctx.query.get('orderBy');
  if (orderBy !== null && orderBy !== 'changedAt' && orderBy !== '-changedAt') {
    throw new HttpError(400, 'validation', 'orderBy must be changedAt or -changedAt.', 'orderBy');
  }
  const filter = parseFilter(ctx, CHANGE_FILTER);
  if (!ctx.settings.contract.orgWideChangeLog && !filter?.everyGroupEquals('field.id')) {
    throw new HttpError(400, 'validation', 'The global field value change listing requires a field identifier filter (field.id=…).', 'filter');
  }
  const descending = orderBy === '-changedAt';
  const changes = ctx.store.fieldValueChanges;
  const lb = descending ? null : (filter?.lowerBound('changedAt') ?? null);
  const floor = lb ? timeFloor(changes, lb.ms, lb.inclusive) : 0;
  return pageKeys(
    ctx,
    changeSeq(changes, descending),
    (key) => {
      const c = changes[Math.abs(key) - 1];
      if (!c) return undefined;
      const fieldId = ctx.store.fields.get(c.fieldKey)?.id ?? null;
      const pass =
        !filter ||
        filter.test((p) => {
          switch (p) {
            case 'changedAt':
              return c.changedAt;
            case 'field.id':
              return fieldId;
            case 'listEntry.id':
              return c.listEntryId;
            case 'changer.id':
              return c.changerId;
            default:
              return c.actionType;
          }
        });
      return pass ? renderChangeV2(ctx.store, c) : undefined;
    },
    100,
    { floor },
  );
}

/** Neither document describes a `/v2/reminders` filter: params.ts refuses one; this lists them all. */
function reminders(ctx: Ctx): Reply {
  return pageKeys(
    ctx,
    ctx.store.idx.reminders,
    (id) => {
      const r = ctx.store.reminders.get(id);
      if (!r || !listedOnV2(ctx, 'reminder', id)) return undefined;
      return renderReminderV2(ctx.store, r);
    },
    100,
  );
}

function getTranscript(ctx: Ctx) {
  const id = idParam(ctx, 'transcriptId');
  const t = ctx.store.transcripts.get(id);
  if (!t) throw notFound(`Transcript ${id}`);
  return t;
}

export const V2_ACTIVITY_ROUTES: RouteDef[] = [
  { method: 'GET', path: '/v2/emails', handler: interactions('email', 'sentAt') },
  { method: 'GET', path: '/v2/meetings', handler: interactions('meeting', 'startTime') },
  { method: 'GET', path: '/v2/meetings/{meetingId}', from: '2026-07-15', handler: interaction('meeting', 'meetingId') },
  { method: 'GET', path: '/v2/calls', handler: interactions('call', 'startTime') },
  { method: 'GET', path: '/v2/chat-messages', handler: interactions('chat-message', 'sentAt') },
  { method: 'GET', path: '/v2/field-value-changes', from: '2026-07-15', handler: fieldValueChanges },
  { method: 'GET', path: '/v2/reminders', handler: reminders },
  {
    method: 'GET',
    path: '/v2/reminders/{reminderId}',
    from: '2026-07-15',
    handler: (ctx) => {
      const id = idParam(ctx, 'reminderId');
      const r = ctx.store.reminders.get(id);
      if (!r || !listedOnV2(ctx, 'reminder', id)) throw notFound(`Reminder ${id}`);
      return ok(renderReminderV2(ctx.store, r));
    },
  },
  // No transcript filter is described (docs/contract.md §7.1 names the route only): params.ts refuses one.
  {
    method: 'GET',
    path: '/v2/transcripts',
    handler: (ctx) =>
      pageKeys(
        ctx,
        ctx.store.idx.transcripts,
        (id) => {
          const t = ctx.store.transcripts.get(id);
          return t ? renderTranscriptV2(ctx.store, t) : undefined;
        },
        100,
      ),
  },
  { method: 'GET', path: '/v2/transcripts/{transcriptId}', handler: (ctx) => ok(renderTranscriptV2(ctx.store, getTranscript(ctx))) },
  {
    method: 'GET',
    path: '/v2/transcripts/{transcriptId}/fragments',
    handler: (ctx) => pageArray(ctx, renderFragmentsV2(ctx.store, getTranscript(ctx)), (x) => x, 100),
  },
  {
    method: 'GET',
    path: '/v2/files',
    from: '2026-09-17',
    handler: (ctx) =>
      pageKeys(
        ctx,
        ctx.store.idx.files,
        (id) => {
          const f = ctx.store.files.get(id);
          return f ? renderFileV2(ctx.store, f) : undefined;
        },
        100,
      ),
  },
  {
    method: 'GET',
    path: '/v2/files/{fileId}',
    from: '2026-09-17',
    handler: (ctx) => {
      const id = idParam(ctx, 'fileId');
      const f = ctx.store.files.get(id);
      if (!f) throw notFound(`File ${id}`);
      return ok(renderFileV2(ctx.store, f));
    },
  },
];
