/**
 * The query parameters each read route accepts: what the reference (docs/contract.md) or the
 * seed describes for it, and that the simulator models. Anything else is refused, never ignored (an
 * ignored filter would hand back an unfiltered listing): `/v2` 400 `{"errors":[{"code":"validation",
 * "param":…}]}` (docs/contract.md §3 "`bad-request`, `validation` | **400**"), older interface 422 (docs/contract.md §3 v1:
 * "Status codes listed: 401, 403 …, 404, 422, … (400 is **not** listed)").
 *
 * Both spellings are accepted where the documents differ (`fieldTypes` in the OpenAPI file, `field_types`
 * in the seed, docs/contract.md §S12). Documented parameters the simulator does not model (v1 `min_/max_*_date`,
 * `internal_person_id`, `direction`, `logging_type`, `with_modified_names`, the older list `force`
 * option, `/v2/companies/{id}` interaction options) are refused too: stingier than the documents, never kinder.
 */
import { HttpError } from './http-types.ts';

const PAGE = ['limit', 'cursor'];
const V1_PAGE = ['page_size', 'page_token'];
const FIELD_SELECT = ['fieldIds', 'fieldTypes', 'field_ids', 'field_types'];
/** docs/contract.md §6.1 / §6.2: `with_interaction_dates`, `with_interaction_persons`, `with_opportunities`. */
const V1_WITH = ['with_interaction_dates', 'with_interaction_persons', 'with_opportunities'];
const V1_SCOPE = ['person_id', 'organization_id', 'opportunity_id'];
/** OpenAPI notes listings: `filter`, `cursor`, `limit`, `totalCount`. */
const NOTES = [...PAGE, 'filter', 'totalCount'];

const ROUTE_PARAMS: Record<string, readonly string[]> = {
  // ---- /v2 (OpenAPI parameters unless noted) ----
  'GET /v2/auth/whoami': [],
  // The seed, docs/contract.md §S12, lists a `filter` on /v2/companies; docs/contract.md §7.2 says "**No filter, sort or updated-since
  // parameters.**" and the OpenAPI file has none: the stingier document wins in both profiles.
  'GET /v2/companies': [...PAGE, 'ids', ...FIELD_SELECT],
  'GET /v2/persons': [...PAGE, 'ids', ...FIELD_SELECT],
  'GET /v2/companies/{companyId}': FIELD_SELECT,
  'GET /v2/persons/{personId}': FIELD_SELECT,
  // OpenAPI: cursor, limit; the seed, docs/contract.md §S12: "optional `field_types` filter".
  'GET /v2/companies/fields': [...PAGE, 'fieldTypes', 'field_types'],
  'GET /v2/persons/fields': [...PAGE, 'fieldTypes', 'field_types'],
  'GET /v2/companies/fields/{fieldId}/dropdown-options': PAGE,
  'GET /v2/persons/fields/{fieldId}/dropdown-options': PAGE,
  // docs/contract.md §7.4: "`GET …/list-entries/{listEntryId}/fields` (`ids`, `types`, paged, default 20)"; the same family on companies/persons.
  'GET /v2/companies/{companyId}/fields': [...PAGE, 'ids', 'types'],
  'GET /v2/persons/{personId}/fields': [...PAGE, 'ids', 'types'],
  'GET /v2/companies/{companyId}/fields/{fieldId}': [],
  'GET /v2/persons/{personId}/fields/{fieldId}': [],
  'GET /v2/companies/{companyId}/fields/{fieldId}/values': PAGE,
  'GET /v2/persons/{personId}/fields/{fieldId}/values': PAGE,
  'GET /v2/companies/{companyId}/list-entries': PAGE,
  'GET /v2/persons/{personId}/list-entries': PAGE,
  'GET /v2/companies/{companyId}/lists': PAGE,
  'GET /v2/persons/{personId}/lists': PAGE,
  'GET /v2/companies/{companyId}/notes': NOTES,
  'GET /v2/persons/{personId}/notes': NOTES,
  'GET /v2/opportunities/{opportunityId}/notes': NOTES,
  'GET /v2/companies/{companyId}/relationships': PAGE,
  'GET /v2/persons/{personId}/relationships': PAGE,
  'GET /v2/opportunities': [...PAGE, 'ids'],
  'GET /v2/opportunities/{opportunityId}': [],
  'GET /v2/lists': PAGE,
  'GET /v2/lists/{listId}': [],
  'GET /v2/lists/{listId}/fields': PAGE,
  'GET /v2/lists/{listId}/fields/{fieldId}/dropdown-options': PAGE,
  'GET /v2/lists/{listId}/fields/{fieldId}/dropdown-options/{dropdownOptionId}': [],
  'GET /v2/lists/{listId}/list-entries': [...PAGE, ...FIELD_SELECT],
  'GET /v2/lists/{listId}/list-entries/{listEntryId}': FIELD_SELECT,
  'GET /v2/lists/{listId}/list-entries/{listEntryId}/fields': [...PAGE, 'ids', 'types'],
  'GET /v2/lists/{listId}/list-entries/{listEntryId}/fields/{fieldId}': [],
  'GET /v2/lists/{listId}/list-entries/{listEntryId}/fields/{fieldId}/values': PAGE,
  'GET /v2/lists/{listId}/list-entries/{listEntryId}/field-value-changes': PAGE,
  'GET /v2/lists/{listId}/saved-views': PAGE,
  'GET /v2/lists/{listId}/saved-views/{viewId}': [],
  'GET /v2/lists/{listId}/saved-views/{viewId}/list-entries': PAGE,
  'GET /v2/notes': [...NOTES, 'includes'],
  'GET /v2/notes/{noteId}': ['includes'],
  'GET /v2/notes/{noteId}/attached-companies': [...PAGE, 'totalCount'],
  'GET /v2/notes/{noteId}/attached-persons': [...PAGE, 'totalCount'],
  'GET /v2/notes/{noteId}/attached-opportunities': [...PAGE, 'totalCount'],
  'GET /v2/notes/{noteId}/replies': NOTES,
  // OpenAPI: cursor, limit, filter; docs/contract.md §7.8: calls and chat messages "analogous".
  'GET /v2/emails': [...PAGE, 'filter'],
  'GET /v2/meetings': [...PAGE, 'filter'],
  'GET /v2/calls': [...PAGE, 'filter'],
  'GET /v2/chat-messages': [...PAGE, 'filter'],
  'GET /v2/meetings/{meetingId}': [],
  // docs/contract.md §7.9: "`GET /v2/field-value-changes?filter=…&orderBy=changedAt|-changedAt&cursor=&limit=`".
  'GET /v2/field-value-changes': [...PAGE, 'filter', 'orderBy'],
  // Neither document describes a reminders filter; docs/contract.md §4: totalCount on "later reminders/webhooks/search".
  'GET /v2/reminders': [...PAGE, 'totalCount'],
  'GET /v2/reminders/{reminderId}': [],
  // docs/contract.md §7.1 lists the transcript routes only; no filter is described.
  'GET /v2/transcripts': PAGE,
  'GET /v2/transcripts/{transcriptId}': [],
  'GET /v2/transcripts/{transcriptId}/fragments': PAGE,
  'GET /v2/files': PAGE,
  'GET /v2/files/{fileId}': [],
  'GET /v2/rate-limit': [],
  'GET /v2/users': PAGE,
  'GET /v2/users/{userId}': [],
  'GET /v2/teams': PAGE,
  'GET /v2/teams/{teamId}': [],
  'GET /v2/teams/{teamId}/members': PAGE,
  'GET /v2/teams/{teamId}/accessible-lists': PAGE,
  'GET /v2/webhooks': [...PAGE, 'totalCount'],
  'GET /v2/webhooks/{webhookId}': [],
  'GET /v2/company-merges': [...PAGE, 'filter'],
  'GET /v2/person-merges': [...PAGE, 'filter'],
  'GET /v2/company-merges/{mergeId}': [],
  'GET /v2/person-merges/{mergeId}': [],
  'GET /v2/tasks/company-merges': [...PAGE, 'filter'],
  'GET /v2/tasks/person-merges': [...PAGE, 'filter'],
  'GET /v2/tasks/company-merges/{taskId}': [],
  'GET /v2/tasks/person-merges/{taskId}': [],
  'GET /v2/duplicates/company-suggestions': PAGE,
  'GET /v2/duplicates/person-suggestions': PAGE,
  // Seed lists these beta routes without parameters ("Payload shapes … not shown"); the simulator needs a subject.
  'GET /v2/inferred-connections/coworkers': [...PAGE, 'personId', 'companyId'],
  'GET /v2/inferred-connections/investor-executive-connections': [...PAGE, 'personId', 'companyId'],

  // ---- older interface (docs/contract.md §6) ----
  'GET /auth/whoami': [],
  'GET /rate-limit': [],
  'GET /organizations': ['term', ...V1_WITH, ...V1_PAGE],
  'GET /organizations/{id}': V1_WITH,
  'GET /persons': ['term', ...V1_WITH, 'with_current_organizations', ...V1_PAGE],
  'GET /persons/{id}': [...V1_WITH, 'with_current_organizations'],
  // docs/contract.md §6.3 / the seed, docs/contract.md §S12: "`term` (optional string; when absent all are returned), `page_size` …, `page_token`".
  'GET /opportunities': ['term', ...V1_PAGE],
  'GET /opportunities/{id}': [],
  'GET /organizations/fields': [],
  'GET /persons/fields': [],
  'GET /fields': ['list_id', 'value_type', 'entity_type', 'exclude_dropdown_options'],
  'GET /lists': [],
  'GET /lists/{listId}': [],
  'GET /lists/{listId}/list-entries': V1_PAGE,
  'GET /lists/{listId}/list-entries/{entryId}': [],
  // docs/contract.md §6.6: "needs **exactly one** of `person_id`, `organization_id`, `opportunity_id`, `list_entry_id`".
  'GET /field-values': [...V1_SCOPE, 'list_entry_id'],
  // docs/contract.md §6.7: "`field_id` (**required**), `action_type` (0/1/2), and entity scope …"; the SDK-only
  // extras (`changed_after`, `limit`, `order_by`, `after_id`) are "Treat as unverified": refused.
  'GET /field-value-changes': ['field_id', 'action_type', ...V1_SCOPE, 'list_entry_id'],
  'GET /notes': [...V1_SCOPE, 'creator_id', ...V1_PAGE],
  'GET /notes/{id}': [],
  'GET /reminders': [...V1_SCOPE, 'creator_id', 'owner_id', 'completer_id', 'type', 'reset_type', 'status', 'due_before', 'due_after', ...V1_PAGE],
  'GET /reminders/{id}': [],
  'GET /interactions': ['type', 'start_time', 'end_time', ...V1_SCOPE, ...V1_PAGE],
  'GET /interactions/{id}': ['type'],
  'GET /entity-files': [...V1_SCOPE, ...V1_PAGE],
  'GET /entity-files/{id}': [],
  'GET /entity-files/download/{id}': [],
  // The seed, docs/contract.md §S11: "filtered by a person identifier".
  'GET /relationships-strengths': ['external_id', 'internal_id'],
  'GET /webhook': [],
  'GET /webhook/{id}': [],
};

/** Known route keys (for the test that every GET route has an entry). */
export function routeParamKeys(): string[] {
  return Object.keys(ROUTE_PARAMS);
}

/** Throws the interface's refusal for the first query parameter the route does not take. */
export function checkParams(iface: 'v1' | 'v2', method: string, routePath: string, query: URLSearchParams): void {
  if (method !== 'GET') return;
  const allowed = ROUTE_PARAMS[`${method} ${routePath}`];
  if (!allowed) throw new Error(`simulator: no parameter list for ${method} ${routePath}`);
  for (const name of new Set(query.keys())) {
    if (allowed.includes(name)) continue;
    const message = `Unsupported query parameter "${name}" for ${method} ${routePath}${allowed.length ? `; supported: ${allowed.join(', ')}` : ''}.`;
    throw iface === 'v2' ? new HttpError(400, 'validation', message, name) : new HttpError(422, 'unprocessable-entity', message);
  }
}
