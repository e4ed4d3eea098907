/**
 * Permission denials that a test or `simulate --deny` switches on: a guarded `/v2` route answers 403 with
 * the documented body `{"errors":[{"code":"authorization","message":…}]}` (docs/contract.md §3: "`authorization` |
 * **403** (explicit `AuthorizationErrors`)"). Each permission is one the documents name for those routes.
 */

export const PERMISSIONS = ['emails', 'merges', 'companies', 'persons', 'lists', 'duplicates', 'older-single-reads'] as const;
export type Permission = (typeof PERMISSIONS)[number];

interface Guard {
  /** What the service calls it (used in the 403 message). */
  needs: string;
  /** A tenant without the feature: its routes do not exist (a route-level 404), as where no document lists them. */
  absent?: boolean;
  /** Route templates (method + path as in the route table); '*' = any method. */
  routes: ReadonlyArray<[method: string, path: string]>;
}

const mergeRoutes = (kind: 'company' | 'person'): Array<[string, string]> => [
  ['*', `/v2/${kind}-merges`],
  ['GET', `/v2/${kind}-merges/{mergeId}`],
  ['GET', `/v2/tasks/${kind}-merges`],
  ['GET', `/v2/tasks/${kind}-merges/{taskId}`],
];

const GUARDS: Record<Permission, Guard> = {
  // OpenAPI GET /v2/emails: "This endpoint is currently in a Closed Beta; to get access reach out to your Affinity CSM."
  emails: { needs: 'access to the /v2/emails closed beta', routes: [['GET', '/v2/emails']] },
  // OpenAPI /v2/company-merges, /v2/person-merges, /v2/tasks/*: 'Requires the "Manage duplicates" permission and organization admin role.'
  merges: { needs: 'the "Manage duplicates" permission and the organization admin role', routes: [...mergeRoutes('company'), ...mergeRoutes('person')] },
  // The duplicate suggestions are beta in the seed and absent from the reference: a tenant without them gets 404.
  duplicates: {
    needs: 'the duplicate suggestions beta',
    absent: true,
    routes: [
      ['GET', '/v2/duplicates/company-suggestions'],
      ['GET', '/v2/duplicates/person-suggestions'],
    ],
  },
  // The older interface's single reads retired (or a proxy that stops passing them on): their routes no longer
  // exist, and answer the route-level 404 of a path nothing serves, unlike a missing record's (docs/contract.md §3).
  'older-single-reads': {
    needs: 'the older single-record reads',
    absent: true,
    routes: [
      ['GET', '/persons/{id}'],
      ['GET', '/organizations/{id}'],
      ['GET', '/opportunities/{id}'],
    ],
  },
  // OpenAPI GET /v2/companies, /v2/companies/{companyId}: 'Requires the "Export All Organizations directory" permission.'
  companies: {
    needs: 'the "Export All Organizations directory" permission',
    routes: [
      ['GET', '/v2/companies'],
      ['GET', '/v2/companies/{companyId}'],
    ],
  },
  // OpenAPI GET /v2/persons, /v2/persons/{personId}: 'Requires the "Export All People directory" permission.'
  persons: {
    needs: 'the "Export All People directory" permission',
    routes: [
      ['GET', '/v2/persons'],
      ['GET', '/v2/persons/{personId}'],
    ],
  },
  // OpenAPI list-entry, opportunity and */list-entries reads: 'Requires the "Export data from Lists" permission.'
  lists: {
    needs: 'the "Export data from Lists" permission',
    routes: [
      ['GET', '/v2/lists/{listId}/list-entries'],
      ['GET', '/v2/lists/{listId}/list-entries/{listEntryId}'],
      ['*', '/v2/lists/{listId}/list-entries/{listEntryId}/fields'],
      ['*', '/v2/lists/{listId}/list-entries/{listEntryId}/fields/{fieldId}'],
      ['GET', '/v2/lists/{listId}/saved-views/{viewId}/list-entries'],
      ['GET', '/v2/opportunities'],
      ['GET', '/v2/opportunities/{opportunityId}'],
      ['GET', '/v2/companies/{companyId}/list-entries'],
      ['GET', '/v2/persons/{personId}/list-entries'],
    ],
  },
};

/** Parse `emails,merges` (or an array); unknown names are an error naming the known ones. */
export function parseDeny(spec: string | readonly string[] | undefined): Set<Permission> {
  const names = (typeof spec === 'string' ? spec.split(',') : (spec ?? [])).map((s) => s.trim()).filter(Boolean);
  const out = new Set<Permission>();
  for (const n of names) {
    if (!(PERMISSIONS as readonly string[]).includes(n)) throw new Error(`unknown permission "${n}" in deny (known: ${PERMISSIONS.join(', ')})`);
    out.add(n as Permission);
  }
  return out;
}

/** The denied permission guarding this route, with the status and message of its answer; null when allowed. */
export function deniedBy(
  deny: ReadonlySet<Permission>,
  method: string,
  routePath: string,
  path: string = routePath,
): { permission: Permission; status: 403 | 404; message: string } | null {
  for (const p of deny) {
    const g = GUARDS[p];
    if (g.routes.some(([m, route]) => route === routePath && (m === '*' || m === method))) {
      if (g.absent) return { permission: p, status: 404, message: `No route for ${method} ${path}` };
      return { permission: p, status: 403, message: `Permission denied: ${method} ${routePath} requires ${g.needs}.` };
    }
  }
  return null;
}
