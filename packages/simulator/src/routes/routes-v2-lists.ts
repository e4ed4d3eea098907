/** `/v2` lists, list fields and options, list entries (with field data), saved views. */
import { HttpError, notFound, ok, type Ctx, type Reply, type RouteDef } from '../http/http-types.ts';
import { arraySeq, pageArray, pageKeys } from '../http/paging.ts';
import { fieldMeta, fieldVisible, renderEntryWithEntity, renderField, renderList, selectFields } from '../render/render-v2.ts';
import { getEntry, getList, idParam, listedOnV2 } from './route-helpers.ts';
import { renderOption, valuesPage } from './routes-v2-entities.ts';
import { renderChangeV2 } from '../render/render-v2-activity.ts';
import type { FieldType, SimField, SimList, SimSavedView } from '../store/store-types.ts';

const ENTRY_TYPES: FieldType[] = ['enriched', 'global', 'list', 'relationship-intelligence'];

function listFields(ctx: Ctx, l: SimList): SimField[] {
  return ctx.store.applicableFields(l.type, l.id).filter((f) => fieldVisible(ctx, f));
}

function findListField(ctx: Ctx, l: SimList): SimField {
  const f = listFields(ctx, l).find((x) => x.id === ctx.params.fieldId);
  if (!f) throw notFound(`Field ${ctx.params.fieldId ?? ''}`);
  return f;
}

function entries(ctx: Ctx): Reply {
  const l = getList(ctx, idParam(ctx, 'listId'));
  const fields = selectFields(ctx, ctx.store.applicableFields(l.type, l.id), ENTRY_TYPES);
  const seq = ctx.store.entriesByList.get(l.id);
  if (!seq) return pageArray(ctx, [], (x) => x, 100);
  return pageKeys(
    ctx,
    seq,
    (id) => {
      const e = ctx.store.listEntries.get(id);
      return e && listedOnV2(ctx, 'listEntry', id) ? renderEntryWithEntity(ctx, e, fields) : undefined;
    },
    100,
  );
}

function entry(ctx: Ctx): Reply {
  const l = getList(ctx, idParam(ctx, 'listId'));
  const e = getEntry(ctx, l.id, idParam(ctx, 'listEntryId'));
  const fields = selectFields(ctx, ctx.store.applicableFields(l.type, l.id), ENTRY_TYPES);
  const out = renderEntryWithEntity(ctx, e, fields);
  if (!out) throw notFound(`List entry ${e.id}`);
  return ok(out);
}

function entryFields(ctx: Ctx): Reply {
  const l = getList(ctx, idParam(ctx, 'listId'));
  const e = getEntry(ctx, l.id, idParam(ctx, 'listEntryId'));
  const sel = selectFields(ctx, ctx.store.applicableFields(l.type, l.id), ENTRY_TYPES, { ids: ['ids', 'fieldIds'], types: ['types', 'fieldTypes'] });
  return pageArray(ctx, sel ?? listFields(ctx, l), (f) => renderField(ctx, f, f.listId === null ? e.entityId : e.id), 20);
}

function entryField(ctx: Ctx): Reply {
  const l = getList(ctx, idParam(ctx, 'listId'));
  const e = getEntry(ctx, l.id, idParam(ctx, 'listEntryId'));
  const f = findListField(ctx, l);
  return ok(renderField(ctx, f, f.listId === null ? e.entityId : e.id));
}

function entryFieldValues(ctx: Ctx): Reply {
  const l = getList(ctx, idParam(ctx, 'listId'));
  const e = getEntry(ctx, l.id, idParam(ctx, 'listEntryId'));
  const f = findListField(ctx, l);
  return valuesPage(ctx, f, f.listId === null ? e.entityId : e.id);
}

function entryChanges(ctx: Ctx): Reply {
  const l = getList(ctx, idParam(ctx, 'listId'));
  const e = getEntry(ctx, l.id, idParam(ctx, 'listEntryId'));
  const ids = ctx.store.fieldValueChanges.filter((c) => c.listEntryId === e.id).map((c) => c.id);
  return pageKeys(
    ctx,
    arraySeq(ids),
    (id) => {
      const c = ctx.store.fieldValueChanges[id - 1];
      return c ? renderChangeV2(ctx.store, c) : undefined;
    },
    100,
  );
}

function views(ctx: Ctx): SimSavedView[] {
  const l = getList(ctx, idParam(ctx, 'listId'));
  return [...ctx.store.savedViews.values()].filter((v) => v.listId === l.id).sort((a, b) => a.id - b.id);
}

function getView(ctx: Ctx): SimSavedView {
  const id = idParam(ctx, 'viewId');
  const v = views(ctx).find((x) => x.id === id);
  if (!v) throw notFound(`Saved view ${id}`);
  return v;
}

const renderView = (v: SimSavedView) => ({ id: v.id, name: v.name, type: v.type, createdAt: v.createdAt });

/** A saved view's rows: only its columns, honouring its filter (not its sort); sheet views only. */
function viewEntries(ctx: Ctx): Reply {
  const v = getView(ctx);
  if (v.type !== 'sheet') throw new HttpError(400, 'bad-request', 'Only sheet views can list entries.');
  const fields = v.fieldKeys.map((k) => ctx.store.fields.get(k)).filter((f): f is SimField => f !== undefined && fieldVisible(ctx, f));
  const since = v.createdSince === null ? null : Date.parse(v.createdSince);
  const seq = ctx.store.entriesByList.get(v.listId);
  if (!seq) return pageArray(ctx, [], (x) => x, 100);
  return pageKeys(
    ctx,
    seq,
    (id) => {
      const e = ctx.store.listEntries.get(id);
      if (!e || !listedOnV2(ctx, 'listEntry', id)) return undefined;
      if (since !== null && Date.parse(e.createdAt) < since) return undefined;
      return renderEntryWithEntity(ctx, e, fields);
    },
    100,
  );
}

export const V2_LIST_ROUTES: RouteDef[] = [
  {
    method: 'GET',
    path: '/v2/lists',
    handler: (ctx) =>
      pageKeys(
        ctx,
        arraySeq([...ctx.store.lists.keys()].sort((a, b) => a - b)),
        (id) => {
          const l = ctx.store.lists.get(id);
          return l ? renderList(ctx, l) : undefined;
        },
        100,
      ),
  },
  { method: 'GET', path: '/v2/lists/{listId}', handler: (ctx) => ok(renderList(ctx, getList(ctx, idParam(ctx, 'listId')))) },
  { method: 'GET', path: '/v2/lists/{listId}/fields', handler: (ctx) => pageArray(ctx, listFields(ctx, getList(ctx, idParam(ctx, 'listId'))), fieldMeta, 100) },
  {
    method: 'GET',
    path: '/v2/lists/{listId}/fields/{fieldId}/dropdown-options',
    handler: (ctx) => {
      const f = findListField(ctx, getList(ctx, idParam(ctx, 'listId')));
      return pageArray(ctx, ctx.store.options(f), (o) => renderOption(f, o), 100);
    },
  },
  {
    method: 'GET',
    path: '/v2/lists/{listId}/fields/{fieldId}/dropdown-options/{dropdownOptionId}',
    handler: (ctx) => {
      const f = findListField(ctx, getList(ctx, idParam(ctx, 'listId')));
      const oid = idParam(ctx, 'dropdownOptionId');
      const o = ctx.store.options(f).find((x) => x.id === oid);
      if (!o) throw notFound(`Dropdown option ${oid}`);
      return ok(renderOption(f, o));
    },
  },
  { method: 'GET', path: '/v2/lists/{listId}/list-entries', handler: entries },
  { method: 'GET', path: '/v2/lists/{listId}/list-entries/{listEntryId}', handler: entry },
  { method: 'GET', path: '/v2/lists/{listId}/list-entries/{listEntryId}/fields', handler: entryFields },
  { method: 'GET', path: '/v2/lists/{listId}/list-entries/{listEntryId}/fields/{fieldId}', handler: entryField },
  { method: 'GET', path: '/v2/lists/{listId}/list-entries/{listEntryId}/fields/{fieldId}/values', from: '2026-09-17', handler: entryFieldValues },
  { method: 'GET', path: '/v2/lists/{listId}/list-entries/{listEntryId}/field-value-changes', from: '2026-07-15', handler: entryChanges },
  { method: 'GET', path: '/v2/lists/{listId}/saved-views', handler: (ctx) => pageArray(ctx, views(ctx), renderView, 100) },
  { method: 'GET', path: '/v2/lists/{listId}/saved-views/{viewId}', handler: (ctx) => ok(renderView(getView(ctx))) },
  { method: 'GET', path: '/v2/lists/{listId}/saved-views/{viewId}/list-entries', handler: viewEntries },
];
