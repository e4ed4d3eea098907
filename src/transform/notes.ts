import { addUpdates, emptyBatch, type RowBatch, type RowOf } from '../load/schema/row-batch.ts';
import type { V1Note, V2Note } from '../extract/schemas/index.ts';
import { addUpsert, htmlToText, rawJson, replaceSet, uniqueIds, v1InteractionKind } from './rows.ts';
import { normalizeTimestamp } from './timestamps.ts';

/**
 * Notes (v2 and v1) → `notes` rows + `note_attachments` (the persons, companies and opportunities a
 * note is attached to or mentions), replaced per note when the attachment lists are complete. Each row
 * says which: `attached` (v1 `person_ids` / `organization_ids` / `opportunity_ids`, v2 previews and
 * attached-* lists) and `mentioned` (v1 `mentioned_person_ids`, v2 `mentions`); a person may be both.
 */

interface IdLike {
  id: number;
}

/** Complete attachment lists from `/v2/notes/{id}/attached-companies|persons|opportunities`. */
export interface NoteAttached {
  companies?: readonly IdLike[];
  persons?: readonly IdLike[];
  opportunities?: readonly IdLike[];
}

/**
 * `personsComplete`: `persons` is the whole attached list, so a mentioned person outside it is not
 * attached. Otherwise (a cut or missing preview) that is unknown and `attached` is left out of the row
 * (kept as stored on update, null on insert). Mentions are always whole; only persons are mentioned.
 */
function attachmentRows(
  noteId: number,
  persons: number[],
  mentioned: number[],
  companies: number[],
  opportunities: number[],
  personsComplete: boolean,
): Array<RowOf<'note_attachments'>> {
  const attachedPersons = new Set(persons);
  const mentionedPersons = new Set(mentioned);
  const entity = (entity_type: string, entity_id: number) => ({ note_id: noteId, entity_type, entity_id, attached: true, mentioned: false });
  return [
    ...uniqueIds([...persons, ...mentioned]).map((id) => ({
      note_id: noteId,
      entity_type: 'person',
      entity_id: id,
      mentioned: mentionedPersons.has(id),
      ...(attachedPersons.has(id) || personsComplete ? { attached: attachedPersons.has(id) } : {}),
    })),
    ...uniqueIds(companies).map((id) => entity('company', id)),
    ...uniqueIds(opportunities).map((id) => entity('opportunity', id)),
  ];
}

type Preview = { data?: readonly IdLike[] | null; totalCount?: number | null } | null | undefined;

function previewComplete(p: Preview): boolean {
  if (!p) return false;
  const n = p.data?.length ?? 0;
  return typeof p.totalCount !== 'number' || p.totalCount <= n;
}

const ids = (xs: readonly IdLike[] | null | undefined): number[] => (xs ?? []).map((x) => x.id);

/**
 * `/v2/notes` item (or reply). Attachments: from `attached` when the caller read the attached-* lists
 * (complete → replace); else from the previews (`includes=…Preview`) + person mentions — replaced when
 * all three previews are present and none is cut short, only upserted otherwise. Replies carry no
 * attachments of their own.
 */
export function v2NoteRows(note: V2Note, raw?: unknown, attached?: NoteAttached): RowBatch {
  const b = emptyBatch();
  const html = note.content?.html ?? null;
  addUpsert(b, 'notes', {
    id: note.id,
    type: note.type,
    parent_id: note.parent?.id ?? null,
    content_html: html,
    content_text: htmlToText(html),
    creator_id: note.creator?.id ?? null,
    interaction_id: note.interaction?.id ?? null,
    interaction_type: note.interaction?.type ?? null,
    // Only /v2/notes carries it (AI-notetaker notes, from API version 2026-09-17; null there means none):
    // absent says nothing, so the stored value stays.
    transcript_id: note.transcriptId,
    created_at: normalizeTimestamp(note.createdAt),
    updated_at: normalizeTimestamp(note.updatedAt ?? null),
    _raw: rawJson(raw, note),
  });
  if (note.parent) return b;
  const mentioned = (note.mentions ?? []).flatMap((m) => (m.type === 'person' && m.person ? [m.person.id] : []));
  if (attached) {
    const rows = attachmentRows(
      note.id,
      ids(attached.persons),
      mentioned,
      ids(attached.companies),
      ids(attached.opportunities),
      attached.persons !== undefined,
    );
    b.replace.push(replaceSet('note_attachments', ['note_id'], [{ note_id: note.id }], rows));
    return b;
  }
  const previews = [note.personsPreview, note.companiesPreview, note.opportunitiesPreview];
  const rows = attachmentRows(
    note.id,
    ids(note.personsPreview?.data),
    mentioned,
    ids(note.companiesPreview?.data),
    ids(note.opportunitiesPreview?.data),
    previewComplete(note.personsPreview),
  );
  if (previews.every(previewComplete)) {
    b.replace.push(replaceSet('note_attachments', ['note_id'], [{ note_id: note.id }], rows));
  } else {
    addUpsert(b, 'note_attachments', ...rows);
  }
  return b;
}

/**
 * Only the transcript of a `/v2/notes` item, as an update of the note's row (never a new row): for a
 * read whose notes the older listing has just written whole (notes-updates.ts, its first read), so
 * that `/v2` adds what only it carries and leaves the rest (and `_raw`) as the sweep wrote them.
 */
export function v2NoteTranscriptRows(note: V2Note): RowBatch {
  const b = emptyBatch();
  if (note.transcriptId !== undefined) addUpdates(b, 'notes', [{ id: note.id, transcript_id: note.transcriptId }]);
  return b;
}

/** v1 note type → v2 note type (docs/warehouse.md): replies by parent, 3 AI notetaker, 1 email/interaction. */
function v1NoteType(note: V1Note): string {
  if (note.parent_id != null) return note.type === 3 ? 'ai-notetaker-reply' : 'user-reply';
  if (note.type === 3) return 'ai-notetaker';
  if (note.type === 1 || note.interaction_id != null) return 'interaction';
  return 'entities';
}

/**
 * v1 `GET /notes` item → notes row + attachments (`person_ids` ∪ `mentioned_person_ids`,
 * `organization_ids`, `opportunity_ids`; complete, so replaced per note). HTML notes (type 2 and AI
 * summaries) fill `content_html` and a derived `content_text`; plain notes fill `content_text` only.
 */
export function v1NoteRows(note: V1Note, raw?: unknown): RowBatch {
  const b = emptyBatch();
  const isHtml = note.type === 2 || note.type === 3;
  const content = note.content ?? null;
  addUpsert(b, 'notes', {
    id: note.id,
    type: v1NoteType(note),
    parent_id: note.parent_id ?? null,
    content_html: isHtml ? content : null,
    content_text: isHtml ? htmlToText(content) : content,
    creator_id: note.creator_id ?? null,
    interaction_id: note.interaction_id ?? null,
    interaction_type: v1InteractionKind(note.interaction_type),
    created_at: normalizeTimestamp(note.created_at),
    updated_at: normalizeTimestamp(note.updated_at ?? null),
    _raw: rawJson(raw, note),
  });
  const rows = attachmentRows(note.id, note.person_ids ?? [], note.mentioned_person_ids ?? [], note.organization_ids ?? [], note.opportunity_ids ?? [], true);
  b.replace.push(replaceSet('note_attachments', ['note_id'], [{ note_id: note.id }], rows));
  return b;
}
