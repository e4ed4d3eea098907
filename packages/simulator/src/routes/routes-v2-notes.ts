/** `/v2` notes: listing (filter on id, creator.id, createdAt, updatedAt), single, replies, attachments. */
import { notFound, ok, type Ctx, type Reply, type RouteDef } from '../http/http-types.ts';
import { arraySeq, pageArray, pageKeys, type KeySeq } from '../http/paging.ts';
import { parseFilter } from '../http/filter.ts';
import { renderNoteV2 } from '../render/render-v2-activity.ts';
import { companyData, personData, renderOpportunity } from '../render/render-v2-refs.ts';
import { flag, idParam, listedOnV2 } from './route-helpers.ts';
import type { SimNote } from '../store/store-types.ts';

const NOTE_FILTER = { id: 'int', 'creator.id': 'int', createdAt: 'date', updatedAt: 'date' } as const;

/** A page of notes by ascending id, honouring `filter`, `limit` (default 20) and `totalCount`. */
export function notesPage(ctx: Ctx, ids: readonly number[] | KeySeq): Reply {
  const filter = parseFilter(ctx, NOTE_FILTER);
  const match = (n: SimNote) =>
    !filter ||
    filter.test((p) => {
      if (p === 'id') return n.id;
      if (p === 'creator.id') return n.creatorId;
      return p === 'createdAt' ? n.createdAt : n.updatedAt;
    });
  const load = (id: number) => {
    const n = ctx.store.notes.get(id);
    return n && listedOnV2(ctx, 'note', id) && match(n) ? renderNoteV2(ctx, n) : undefined;
  };
  const seq = Array.isArray(ids) ? arraySeq(ids as number[]) : (ids as KeySeq);
  const extra: Record<string, unknown> = {};
  if (flag(ctx, 'totalCount')) {
    let total = 0;
    for (let i = 0; i < seq.length; i++) {
      const n = ctx.store.notes.get(seq.at(i) as number);
      if (n && match(n)) total++;
    }
    extra.totalCount = total;
  }
  return pageKeys(ctx, seq, load, 20, { min: 0, extra });
}

function getNote(ctx: Ctx): SimNote {
  const id = idParam(ctx, 'noteId');
  const n = ctx.store.notes.get(id);
  if (!n || !listedOnV2(ctx, 'note', id)) throw notFound(`Note ${id}`);
  return n;
}

function attached(kind: 'companies' | 'persons' | 'opportunities') {
  return (ctx: Ctx): Reply => {
    const n = getNote(ctx);
    const { store } = ctx;
    const items =
      kind === 'companies'
        ? n.companyIds.map((id) => companyData(store, id))
        : kind === 'persons'
          ? n.personIds.map((id) => personData(store, id))
          : n.opportunityIds.map((id) => store.opportunities.get(id)).map((o) => (o ? renderOpportunity(ctx, o) : null));
    return pageArray(
      ctx,
      items.filter((x) => x !== null),
      (x) => x,
      20,
      { min: 0, totalCount: flag(ctx, 'totalCount') },
    );
  };
}

export const V2_NOTE_ROUTES: RouteDef[] = [
  { method: 'GET', path: '/v2/notes', handler: (ctx) => notesPage(ctx, ctx.store.idx.rootNotes) },
  { method: 'GET', path: '/v2/notes/{noteId}', handler: (ctx) => ok(renderNoteV2(ctx, getNote(ctx))) },
  { method: 'GET', path: '/v2/notes/{noteId}/attached-companies', handler: attached('companies') },
  { method: 'GET', path: '/v2/notes/{noteId}/attached-persons', handler: attached('persons') },
  { method: 'GET', path: '/v2/notes/{noteId}/attached-opportunities', handler: attached('opportunities') },
  {
    method: 'GET',
    path: '/v2/notes/{noteId}/replies',
    handler: (ctx) =>
      notesPage(
        ctx,
        (ctx.store.repliesByNote.get(getNote(ctx).id) ?? []).slice().sort((a, b) => a - b),
      ),
  },
];
