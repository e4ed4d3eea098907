/**
 * `/v2` POST searches (beta): a `search.term` (>= 3 characters) matched against names, domains, emails and
 * note text. Body `filters` / `sorts` (docs/contract.md §7.12) are not modelled, so they are refused (400), never
 * ignored: an ignored filter would answer more than the service. Answers 201 with the normal paged body;
 * the next page is a POST to `nextUrl` with the same body.
 */
import { HttpError, type Ctx, type Reply, type RouteDef } from '../http/http-types.ts';
import { pageKeys } from '../http/paging.ts';
import { renderCompany, renderEntryWithEntity, renderPerson } from '../render/render-v2.ts';
import { companyData, personData } from '../render/render-v2-refs.ts';
import { renderFileV2, renderNoteV2 } from '../render/render-v2-activity.ts';
import { bodyObject, getList, idParam, listedOnV2 } from './route-helpers.ts';
import type { SimListEntry } from '../store/store-types.ts';

function term(ctx: Ctx, required: boolean): string | null {
  const b = bodyObject(ctx);
  for (const k of ['filters', 'sorts'] as const) {
    const v = b[k];
    const empty = v === undefined || v === null || (Array.isArray(v) && v.length === 0);
    if (!empty) throw new HttpError(400, 'validation', `Search ${k} are not supported by the simulator; send search.term only.`, k);
  }
  const s = b.search as { term?: unknown } | undefined;
  const t = typeof s?.term === 'string' ? s.term : typeof b.query === 'string' ? b.query : typeof b.term === 'string' ? b.term : null;
  if (t === null) {
    if (required) throw new HttpError(400, 'validation', 'search.term is required', 'search.term');
    return null;
  }
  if (t.trim().length < 3) throw new HttpError(400, 'validation', 'search.term must have at least 3 characters', 'search.term');
  return t.trim().toLowerCase();
}

const created = (r: Reply): Reply => ({ ...r, status: 201 });

function entryName(ctx: Ctx, e: SimListEntry): string {
  const s = ctx.store;
  if (e.entityType === 'company') return s.companies.get(e.entityId)?.name ?? '';
  if (e.entityType === 'opportunity') return s.opportunities.get(e.entityId)?.name ?? '';
  const p = s.persons.get(e.entityId);
  return p ? `${p.firstName} ${p.lastName ?? ''}` : '';
}

export const V2_SEARCH_ROUTES: RouteDef[] = [
  {
    method: 'POST',
    path: '/v2/companies/search',
    handler: (ctx) => {
      const t = term(ctx, false);
      return created(
        pageKeys(
          ctx,
          ctx.store.idx.companies,
          (id) => {
            const c = ctx.store.companies.get(id);
            if (!c || !listedOnV2(ctx, 'company', id)) return undefined;
            if (t && !c.name.toLowerCase().includes(t) && !c.domains.some((d) => d.includes(t))) return undefined;
            return renderCompany(ctx, c, null);
          },
          100,
        ),
      );
    },
  },
  {
    method: 'POST',
    path: '/v2/persons/search',
    handler: (ctx) => {
      const t = term(ctx, false);
      return created(
        pageKeys(
          ctx,
          ctx.store.idx.persons,
          (id) => {
            const p = ctx.store.persons.get(id);
            if (!p || !listedOnV2(ctx, 'person', id)) return undefined;
            if (t && !`${p.firstName} ${p.lastName ?? ''}`.toLowerCase().includes(t) && !p.emailAddresses.some((e) => e.includes(t))) return undefined;
            return renderPerson(ctx, p, null);
          },
          100,
        ),
      );
    },
  },
  {
    method: 'POST',
    path: '/v2/lists/{listId}/list-entries/search',
    handler: (ctx) => {
      const l = getList(ctx, idParam(ctx, 'listId'));
      const t = term(ctx, false);
      const seq = ctx.store.entriesByList.get(l.id);
      if (!seq) return created({ status: 200, body: { data: [], pagination: { prevUrl: null, nextUrl: null } } });
      return created(
        pageKeys(
          ctx,
          seq,
          (id) => {
            const e = ctx.store.listEntries.get(id);
            if (!e || (t && !entryName(ctx, e).toLowerCase().includes(t))) return undefined;
            return renderEntryWithEntity(ctx, e, null);
          },
          100,
        ),
      );
    },
  },
  {
    method: 'POST',
    path: '/v2/notes/search',
    handler: (ctx) => {
      const t = term(ctx, false);
      return created(
        pageKeys(
          ctx,
          ctx.store.idx.rootNotes,
          (id) => {
            const n = ctx.store.notes.get(id);
            if (!n || (t && !n.contentHtml.toLowerCase().includes(t))) return undefined;
            return renderNoteV2(ctx, n);
          },
          20,
        ),
      );
    },
  },
  {
    method: 'POST',
    path: '/v2/files/search',
    handler: (ctx) => {
      const t = term(ctx, false);
      return created(
        pageKeys(
          ctx,
          ctx.store.idx.files,
          (id) => {
            const f = ctx.store.files.get(id);
            if (!f || (t && !f.name.toLowerCase().includes(t))) return undefined;
            return renderFileV2(ctx.store, f);
          },
          100,
        ),
      );
    },
  },
  {
    method: 'POST',
    path: '/v2/semantic-search',
    handler: (ctx) => {
      const t = term(ctx, true) as string;
      return created(
        pageKeys(
          ctx,
          ctx.store.idx.companies,
          (id) => {
            const c = ctx.store.companies.get(id);
            if (!c || !c.name.toLowerCase().includes(t)) return undefined;
            return { type: 'company', company: companyData(ctx.store, id), score: 1, persons: c.personIds.slice(0, 3).map((p) => personData(ctx.store, p)) };
          },
          20,
        ),
      );
    },
  },
];
