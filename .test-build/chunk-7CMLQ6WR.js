import { createRequire as relsyncCreateRequire } from 'node:module';
const require = relsyncCreateRequire(import.meta.url);
import {
  createLogger
} from "./chunk-U6T6MHVZ.js";

// src/simulator/http/permissions.ts
var PERMISSIONS = ["emails", "merges", "companies", "persons", "lists", "duplicates", "older-single-reads"];
var mergeRoutes = (kind) => [
  ["*", `/v2/${kind}-merges`],
  ["GET", `/v2/${kind}-merges/{mergeId}`],
  ["GET", `/v2/tasks/${kind}-merges`],
  ["GET", `/v2/tasks/${kind}-merges/{taskId}`]
];
var GUARDS = {
  // OpenAPI GET /v2/emails: "This endpoint is currently in a Closed Beta; to get access reach out to your Affinity CSM."
  emails: { needs: "access to the /v2/emails closed beta", routes: [["GET", "/v2/emails"]] },
  // OpenAPI /v2/company-merges, /v2/person-merges, /v2/tasks/*: 'Requires the "Manage duplicates" permission and organization admin role.'
  merges: { needs: 'the "Manage duplicates" permission and the organization admin role', routes: [...mergeRoutes("company"), ...mergeRoutes("person")] },
  // The duplicate suggestions are beta in the seed and absent from the reference: a tenant without them gets 404.
  duplicates: {
    needs: "the duplicate suggestions beta",
    absent: true,
    routes: [
      ["GET", "/v2/duplicates/company-suggestions"],
      ["GET", "/v2/duplicates/person-suggestions"]
    ]
  },
  // The older interface's single reads retired (or a proxy that stops passing them on): their routes no longer
  // exist, and answer the route-level 404 of a path nothing serves, unlike a missing record's (docs/contract.md §3).
  "older-single-reads": {
    needs: "the older single-record reads",
    absent: true,
    routes: [
      ["GET", "/persons/{id}"],
      ["GET", "/organizations/{id}"],
      ["GET", "/opportunities/{id}"]
    ]
  },
  // OpenAPI GET /v2/companies, /v2/companies/{companyId}: 'Requires the "Export All Organizations directory" permission.'
  companies: {
    needs: 'the "Export All Organizations directory" permission',
    routes: [
      ["GET", "/v2/companies"],
      ["GET", "/v2/companies/{companyId}"]
    ]
  },
  // OpenAPI GET /v2/persons, /v2/persons/{personId}: 'Requires the "Export All People directory" permission.'
  persons: {
    needs: 'the "Export All People directory" permission',
    routes: [
      ["GET", "/v2/persons"],
      ["GET", "/v2/persons/{personId}"]
    ]
  },
  // OpenAPI list-entry, opportunity and */list-entries reads: 'Requires the "Export data from Lists" permission.'
  lists: {
    needs: 'the "Export data from Lists" permission',
    routes: [
      ["GET", "/v2/lists/{listId}/list-entries"],
      ["GET", "/v2/lists/{listId}/list-entries/{listEntryId}"],
      ["*", "/v2/lists/{listId}/list-entries/{listEntryId}/fields"],
      ["*", "/v2/lists/{listId}/list-entries/{listEntryId}/fields/{fieldId}"],
      ["GET", "/v2/lists/{listId}/saved-views/{viewId}/list-entries"],
      ["GET", "/v2/opportunities"],
      ["GET", "/v2/opportunities/{opportunityId}"],
      ["GET", "/v2/companies/{companyId}/list-entries"],
      ["GET", "/v2/persons/{personId}/list-entries"]
    ]
  }
};
function parseDeny(spec) {
  const names = (typeof spec === "string" ? spec.split(",") : spec ?? []).map((s) => s.trim()).filter(Boolean);
  const out = /* @__PURE__ */ new Set();
  for (const n of names) {
    if (!PERMISSIONS.includes(n)) throw new Error(`unknown permission "${n}" in deny (known: ${PERMISSIONS.join(", ")})`);
    out.add(n);
  }
  return out;
}
function deniedBy(deny, method, routePath, path = routePath) {
  for (const p of deny) {
    const g = GUARDS[p];
    if (g.routes.some(([m, route]) => route === routePath && (m === "*" || m === method))) {
      if (g.absent) return { permission: p, status: 404, message: `No route for ${method} ${path}` };
      return { permission: p, status: 403, message: `Permission denied: ${method} ${routePath} requires ${g.needs}.` };
    }
  }
  return null;
}

// src/simulator/contract.ts
var CONTRACT_NAMES = ["reference", "seed"];
var DEFAULT_CONTRACT = "reference";
var CONTRACTS = {
  reference: {
    name: "reference",
    envelope: "real",
    v2AssociationFields: true,
    opportunitySearchAssociations: true,
    personSearchCompanies: true,
    companySearchOpportunities: true,
    orgWideChangeLog: true,
    entityFilesUnscoped: true,
    listSizeInListing: true
  },
  seed: {
    name: "seed",
    envelope: "seed",
    v2AssociationFields: false,
    opportunitySearchAssociations: false,
    personSearchCompanies: false,
    companySearchOpportunities: false,
    orgWideChangeLog: false,
    entityFilesUnscoped: false,
    listSizeInListing: false
  }
};
function contractProfile(name) {
  const n = name ?? DEFAULT_CONTRACT;
  if (!CONTRACT_NAMES.includes(n)) throw new Error(`contract must be one of ${CONTRACT_NAMES.join(", ")} (got "${n}")`);
  return CONTRACTS[n];
}

// src/simulator/prng.ts
function mix32(x) {
  let h = x | 0;
  h ^= h >>> 16;
  h = Math.imul(h, 2246822507);
  h ^= h >>> 13;
  h = Math.imul(h, 3266489909);
  h ^= h >>> 16;
  return h >>> 0;
}
function hash32(...parts) {
  let h = 2654435769;
  for (const p of parts) {
    const hi = Math.floor(p / 4294967296);
    h = mix32(h ^ mix32((p >>> 0) + 2135587861));
    if (hi !== 0) h = mix32(h ^ mix32(hi + 374761393));
  }
  return h >>> 0;
}
var Rng = class {
  a;
  constructor(seed) {
    this.a = seed >>> 0;
  }
  next() {
    this.a = this.a + 1831565813 >>> 0;
    let t = this.a;
    t = Math.imul(t ^ t >>> 15, t | 1);
    t ^= t + Math.imul(t ^ t >>> 7, t | 61);
    return ((t ^ t >>> 14) >>> 0) / 4294967296;
  }
  f() {
    return this.next();
  }
  /** Integer in [min, max] inclusive. */
  int(min, max) {
    return min + Math.floor(this.f() * (max - min + 1));
  }
  chance(p) {
    return this.f() < p;
  }
  pick(arr) {
    if (arr.length === 0) throw new Error("pick from empty array");
    return arr[Math.floor(this.f() * arr.length)];
  }
  /** k distinct items (or all when k >= length), order of first selection. */
  sample(arr, k) {
    if (k >= arr.length) return arr.slice();
    const out = [];
    const seen = /* @__PURE__ */ new Set();
    while (out.length < k) {
      const i = Math.floor(this.f() * arr.length);
      if (seen.has(i)) continue;
      seen.add(i);
      out.push(arr[i]);
    }
    return out;
  }
  /** A version-4-shaped UUID built from the stream (deterministic). */
  uuid() {
    const hex = [];
    for (let i = 0; i < 32; i++) hex.push(Math.floor(this.f() * 16).toString(16));
    hex[12] = "4";
    hex[16] = (parseInt(hex[16] ?? "0", 16) & 3 | 8).toString(16);
    const s = hex.join("");
    return `${s.slice(0, 8)}-${s.slice(8, 12)}-${s.slice(12, 16)}-${s.slice(16, 20)}-${s.slice(20)}`;
  }
};

// src/simulator/store/sorted-ids.ts
var SortedIds = class {
  a = [];
  get length() {
    return this.a.length;
  }
  /** Ids are mostly allocated in increasing order, so add is usually a push. */
  add(id) {
    const n = this.a.length;
    if (n === 0 || id > this.a[n - 1]) {
      this.a.push(id);
      return;
    }
    const i = this.lowerBound(id);
    if (this.a[i] === id) return;
    this.a.splice(i, 0, id);
  }
  remove(id) {
    const i = this.lowerBound(id);
    if (this.a[i] !== id) return false;
    this.a.splice(i, 1);
    return true;
  }
  has(id) {
    return this.a[this.lowerBound(id)] === id;
  }
  at(i) {
    return this.a[i];
  }
  /** First index whose id is >= id. */
  lowerBound(id) {
    let lo = 0;
    let hi = this.a.length;
    while (lo < hi) {
      const mid = lo + hi >>> 1;
      if (this.a[mid] < id) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }
  /** First index whose id is > id. */
  upperBound(id) {
    let lo = 0;
    let hi = this.a.length;
    while (lo < hi) {
      const mid = lo + hi >>> 1;
      if (this.a[mid] <= id) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }
  values() {
    return this.a;
  }
};

// src/simulator/store/store-support.ts
var ID_BASE = {
  person: 1e8,
  company: 2e8,
  opportunity: 3e8,
  listEntry: 4e8,
  list: 1e3,
  field: 2e3,
  dropdownOption: 5e4,
  note: 5e6,
  reminder: 6e6,
  interaction: 7e6,
  transcript: 8e6,
  file: 9e6,
  savedView: 3e3,
  webhook: 100,
  team: 10,
  merge: 0,
  fieldValueChange: 0
};
function noteEntityKeys(n) {
  return [...n.personIds, ...n.companyIds, ...n.opportunityIds];
}
function pushTo(m, k, v, sorted = false) {
  const arr = m.get(k);
  if (!arr) {
    m.set(k, [v]);
    return;
  }
  if (arr.includes(v)) return;
  arr.push(v);
  if (sorted) arr.sort((a, b) => a - b);
}
function removeFrom(m, k, v) {
  const arr = m.get(k);
  if (!arr) return;
  const i = arr.indexOf(v);
  if (i >= 0) arr.splice(i, 1);
  if (arr.length === 0) m.delete(k);
}

// src/simulator/store/store-values.ts
function rowSpace(field) {
  return field.listId === null ? field.entityType : "listEntry";
}
function isMulti(field) {
  return field.valueType.endsWith("-multi");
}
function cellKey(field, rowKey) {
  return `${field.key}|${rowKey}`;
}
function getCell(store, field, rowKey) {
  if (field.association) return associationValue(store, field, rowKey);
  const o = store.overrides.get(cellKey(field, rowKey));
  if (o) return o.value;
  if (rowKey > store.generatedMax[rowSpace(field)]) return null;
  return store.source.baseline(field, rowKey);
}
function cellTimes(store, field, rowKey) {
  const o = store.overrides.get(cellKey(field, rowKey));
  if (o) return { createdAt: o.createdAt, updatedAt: o.updatedAt };
  return store.source.baselineTimes(field, rowKey);
}
function associationValue(store, field, rowKey) {
  const entry2 = store.listEntries.get(rowKey);
  if (!entry2) return null;
  let ids3;
  if (entry2.entityType === "opportunity") {
    const opp = store.opportunities.get(entry2.entityId);
    ids3 = field.id === "persons" ? opp?.personIds : opp?.companyIds;
  } else if (entry2.entityType === "person" && field.id === "companies") {
    ids3 = store.persons.get(entry2.entityId)?.companyIds;
  } else if (entry2.entityType === "company" && field.id === "persons") {
    ids3 = store.companies.get(entry2.entityId)?.personIds;
  }
  if (!ids3 || ids3.length === 0) return null;
  return { type: field.valueType, data: ids3.map((id) => ({ id })) };
}
function setCell(store, w) {
  const { field } = w;
  const rowKey = field.listId === null ? w.entityId : w.listEntryId;
  const before = getCell(store, field, rowKey);
  const at = w.at ?? store.now();
  const value = normaliseEmpty(w.value);
  const prev = store.overrides.get(cellKey(field, rowKey));
  const createdAt = prev?.createdAt ?? (before ? cellTimes(store, field, rowKey).createdAt : at);
  store.overrides.set(cellKey(field, rowKey), { value, createdAt, updatedAt: at });
  if (!field.trackChanges) return [];
  const actions = [];
  const log = (actionType, v) => {
    actions.push(actionType);
    store.appendChange({
      fieldKey: field.key,
      entityType: w.entityType,
      entityId: w.entityId,
      listEntryId: field.listId === null ? null : w.listEntryId,
      actionType,
      changedAt: at,
      changerId: w.changerId,
      value: v
    });
  };
  if (isMulti(field)) {
    const oldEls = elements(before);
    const newEls = elements(value);
    const oldKeys = oldEls.map((e) => JSON.stringify(e));
    const newKeys = newEls.map((e) => JSON.stringify(e));
    oldEls.forEach((e, i) => {
      if (!newKeys.includes(oldKeys[i])) log("delete", { type: field.valueType, data: e });
    });
    newEls.forEach((e, i) => {
      if (!oldKeys.includes(newKeys[i])) log("add", { type: field.valueType, data: e });
    });
  } else if (before === null && value !== null) {
    log("add", value);
  } else if (before !== null && value === null) {
    log("delete", before);
  } else if (before !== null && value !== null && JSON.stringify(before.data) !== JSON.stringify(value.data)) {
    log("update", value);
  }
  return actions;
}
function normaliseEmpty(v) {
  if (!v) return null;
  if (v.data === null || v.data === void 0) return null;
  if (Array.isArray(v.data) && v.data.length === 0) return null;
  return v;
}
function elements(v) {
  if (!v || v.data === null || v.data === void 0) return [];
  return Array.isArray(v.data) ? v.data : [v.data];
}
var ROW_MOD = 1e8;
var ELEMS = 64;
var FIELD_MUL = 1e10;
function v1FieldValueId(field, rowKey, elem) {
  return field.ordinal * FIELD_MUL + rowKey % ROW_MOD * ELEMS + elem;
}
function decodeV1FieldValueId(store, id) {
  if (!Number.isSafeInteger(id) || id <= 0) return null;
  const field = store.fieldsByOrdinal.get(Math.floor(id / FIELD_MUL));
  if (!field) return null;
  const rem = id % FIELD_MUL;
  const rowKey = ID_BASE[rowSpace(field)] + Math.floor(rem / ELEMS);
  return { field, rowKey, elem: rem % ELEMS };
}
var MAX_V1_ELEMENTS = ELEMS;

// src/simulator/store/store-mutations.ts
function without(arr, id) {
  return arr.filter((x) => x !== id);
}
function addUnique(arr, id) {
  if (!arr.includes(id)) {
    arr.push(id);
    arr.sort((a, b) => a - b);
  }
}
function createCompany(store, p) {
  const c = {
    id: store.allocId("company"),
    name: p.name,
    domain: p.domain ?? null,
    domains: p.domain ? [p.domain] : [],
    isGlobal: false,
    personIds: [],
    opportunityIds: [],
    createdAt: store.now()
  };
  store.addCompany(c);
  setCompanyPersons(store, c, p.personIds ?? []);
  return c;
}
function createPerson(store, p) {
  const emails = p.emails ?? [];
  const person2 = {
    id: store.allocId("person"),
    firstName: p.firstName,
    lastName: p.lastName ?? null,
    primaryEmailAddress: emails[0] ?? null,
    emailAddresses: emails,
    type: "external",
    companyIds: [],
    currentCompanyIds: [],
    opportunityIds: [],
    createdAt: store.now()
  };
  store.addPerson(person2);
  setPersonCompanies(store, person2, p.companyIds ?? []);
  return person2;
}
function createOpportunity(store, p) {
  const now = store.now();
  const o = { id: store.allocId("opportunity"), name: p.name, listId: p.listId, personIds: [], companyIds: [], createdAt: now };
  store.addOpportunity(o);
  setOpportunityAssociations(store, o, p.personIds ?? [], p.companyIds ?? []);
  const entry2 = addListEntry(store, p.listId, "opportunity", o.id, p.creatorId ?? null);
  return { opportunity: o, entry: entry2 };
}
function addListEntry(store, listId, entityType, entityId, creatorId) {
  const e = { id: store.allocId("listEntry"), listId, entityType, entityId, createdAt: store.now(), creatorId };
  store.addListEntry(e);
  return e;
}
function setCompanyPersons(store, c, personIds) {
  for (const pid of c.personIds) {
    const p = store.persons.get(pid);
    if (p) {
      p.companyIds = without(p.companyIds, c.id);
      p.currentCompanyIds = without(p.currentCompanyIds, c.id);
    }
  }
  c.personIds = [];
  for (const pid of personIds) {
    const p = store.persons.get(pid);
    if (!p) continue;
    addUnique(c.personIds, pid);
    addUnique(p.companyIds, c.id);
  }
}
function setPersonCompanies(store, p, companyIds) {
  for (const cid of p.companyIds) {
    const c = store.companies.get(cid);
    if (c) c.personIds = without(c.personIds, p.id);
  }
  p.companyIds = [];
  for (const cid of companyIds) {
    const c = store.companies.get(cid);
    if (!c) continue;
    addUnique(p.companyIds, cid);
    addUnique(c.personIds, p.id);
  }
  p.currentCompanyIds = p.currentCompanyIds.filter((id) => p.companyIds.includes(id));
  if (p.currentCompanyIds.length === 0 && p.companyIds.length > 0) p.currentCompanyIds = [p.companyIds[0]];
}
function setOpportunityAssociations(store, o, personIds, companyIds) {
  if (personIds) {
    for (const pid of o.personIds) {
      const p = store.persons.get(pid);
      if (p) p.opportunityIds = without(p.opportunityIds, o.id);
    }
    o.personIds = [];
    for (const pid of personIds) {
      const p = store.persons.get(pid);
      if (!p) continue;
      addUnique(o.personIds, pid);
      addUnique(p.opportunityIds, o.id);
    }
  }
  if (companyIds) {
    for (const cid of o.companyIds) {
      const c = store.companies.get(cid);
      if (c) c.opportunityIds = without(c.opportunityIds, o.id);
    }
    o.companyIds = [];
    for (const cid of companyIds) {
      const c = store.companies.get(cid);
      if (!c) continue;
      addUnique(o.companyIds, cid);
      addUnique(c.opportunityIds, o.id);
    }
  }
}
function renameCompany(store, id, name) {
  const c = store.companies.get(id);
  if (!c) return false;
  c.name = name;
  return true;
}
function detachActivity(store, type, id) {
  for (const nid of store.notesByEntity.get(id)?.slice() ?? []) {
    const n = store.notes.get(nid);
    if (!n) continue;
    const before = noteEntityKeys(n);
    if (type === "person") n.personIds = without(n.personIds, id);
    if (type === "company") n.companyIds = without(n.companyIds, id);
    if (type === "opportunity") n.opportunityIds = without(n.opportunityIds, id);
    store.reindexNote(n, before);
  }
  for (const r of store.reminders.values()) {
    if (type === "person" && r.personId === id) r.personId = null;
    if (type === "company" && r.companyId === id) r.companyId = null;
    if (type === "opportunity" && r.opportunityId === id) r.opportunityId = null;
  }
}
function removeEntries(store, type, id) {
  for (const e of store.entriesOf(type, id)) store.removeListEntry(e.id);
}
function deleteCompany(store, id) {
  const c = store.companies.get(id);
  if (!c) return false;
  setCompanyPersons(store, c, []);
  for (const oid of c.opportunityIds) {
    const o = store.opportunities.get(oid);
    if (o) o.companyIds = without(o.companyIds, id);
  }
  removeEntries(store, "company", id);
  detachActivity(store, "company", id);
  store.companies.delete(id);
  store.idx.companies.remove(id);
  return true;
}
function deletePerson(store, id) {
  const p = store.persons.get(id);
  if (!p) return false;
  setPersonCompanies(store, p, []);
  for (const oid of p.opportunityIds) {
    const o = store.opportunities.get(oid);
    if (o) o.personIds = without(o.personIds, id);
  }
  removeEntries(store, "person", id);
  detachActivity(store, "person", id);
  store.persons.delete(id);
  store.idx.persons.remove(id);
  return true;
}
function deleteOpportunity(store, id) {
  const o = store.opportunities.get(id);
  if (!o) return false;
  setOpportunityAssociations(store, o, [], []);
  removeEntries(store, "opportunity", id);
  detachActivity(store, "opportunity", id);
  store.opportunities.delete(id);
  store.idx.opportunities.remove(id);
  return true;
}
function deleteListEntry(store, entryId) {
  const e = store.listEntries.get(entryId);
  if (!e) return false;
  if (e.entityType === "opportunity") return deleteOpportunity(store, e.entityId);
  return store.removeListEntry(entryId) !== void 0;
}

// src/simulator/store/store-types.ts
var LATE_VALUE_TYPES = /* @__PURE__ */ new Set(["note", "reminder", "list-multi"]);
var DROPDOWN_COLORS = ["gray", "red", "orange", "yellow", "green", "blue", "purple", "pink"];

// src/simulator/store/store.ts
var SimStore = class {
  seed;
  tenant = { id: 1, name: "Simulated Ventures", subdomain: "simulated" };
  users = /* @__PURE__ */ new Map();
  teams = /* @__PURE__ */ new Map();
  companies = /* @__PURE__ */ new Map();
  persons = /* @__PURE__ */ new Map();
  opportunities = /* @__PURE__ */ new Map();
  lists = /* @__PURE__ */ new Map();
  listEntries = /* @__PURE__ */ new Map();
  /** Keyed by SimField.key. */
  fields = /* @__PURE__ */ new Map();
  /** Options of dropdown / ranked-dropdown fields, keyed by SimField.key. */
  dropdownOptions = /* @__PURE__ */ new Map();
  /** Append-only, ascending by id, which is also ascending by changedAt. */
  fieldValueChanges = [];
  notes = /* @__PURE__ */ new Map();
  reminders = /* @__PURE__ */ new Map();
  /** All interaction kinds; ids are unique across kinds in the simulator. */
  interactions = /* @__PURE__ */ new Map();
  transcripts = /* @__PURE__ */ new Map();
  files = /* @__PURE__ */ new Map();
  savedViews = /* @__PURE__ */ new Map();
  webhooks = /* @__PURE__ */ new Map();
  /** Company and person merges (completed ones, plus any in progress). */
  merges = /* @__PURE__ */ new Map();
  /** Old id -> survivor id of completed merges. */
  mergedInto = { company: /* @__PURE__ */ new Map(), person: /* @__PURE__ */ new Map() };
  /** Written or deleted field values, keyed `${fieldKey}|${rowKey}`; overrides the generated baseline. */
  overrides = /* @__PURE__ */ new Map();
  source = {
    baseline: () => null,
    baselineTimes: () => ({ createdAt: "2020-01-01T00:00:00.000Z", updatedAt: "2020-01-01T00:00:00.000Z" })
  };
  /** Highest row id per row space that the baseline may answer for (later rows have no generated values). */
  generatedMax = { person: 0, company: 0, opportunity: 0, listEntry: 0 };
  /** Sorted id indexes used for paging. */
  idx = {
    companies: new SortedIds(),
    persons: new SortedIds(),
    opportunities: new SortedIds(),
    rootNotes: new SortedIds(),
    notes: new SortedIds(),
    reminders: new SortedIds(),
    transcripts: new SortedIds(),
    files: new SortedIds(),
    interactions: {
      email: new SortedIds(),
      meeting: new SortedIds(),
      call: new SortedIds(),
      "chat-message": new SortedIds()
    }
  };
  entriesByList = /* @__PURE__ */ new Map();
  /** Entity id -> list entry ids (entity id spaces are disjoint, so the id alone is a key). */
  entriesByEntity = /* @__PURE__ */ new Map();
  repliesByNote = /* @__PURE__ */ new Map();
  /** Entity id -> root note ids attached to it. */
  notesByEntity = /* @__PURE__ */ new Map();
  /** Field keys per entity type (non-list fields) and per list (list fields), ascending by ordinal. */
  fieldsByEntity = /* @__PURE__ */ new Map();
  fieldsByList = /* @__PURE__ */ new Map();
  fieldsByOrdinal = /* @__PURE__ */ new Map();
  /** Wall-clock ms until which a v1-created record is invisible on /v2, keyed `${LagKind}:${id}`. */
  hiddenUntil = /* @__PURE__ */ new Map();
  counters = { ...ID_BASE };
  lastNowMs = 0;
  /**
   * The store's time source: the wall clock, or a simulated clock shared with relsync (the month bench
   * runs 30 simulated days in minutes). Writes are stamped from it.
   */
  clock = () => Date.now();
  constructor(seed) {
    this.seed = seed;
  }
  /** Monotonic store clock for writes: `clock` time, but strictly increasing across calls. */
  nowMs() {
    const t = Math.max(this.clock(), this.lastNowMs + 1);
    this.lastNowMs = t;
    return t;
  }
  now() {
    return new Date(this.nowMs()).toISOString();
  }
  allocId(kind) {
    this.counters[kind] += 1;
    return this.counters[kind];
  }
  /** Make sure later allocations do not collide with an id assigned explicitly (generator). */
  reserveId(kind, id) {
    if (id > this.counters[kind]) this.counters[kind] = id;
  }
  // ---- visibility (v1 create -> /v2 lag) ----
  hide(kind, id, untilMs) {
    this.hiddenUntil.set(`${kind}:${id}`, untilMs);
  }
  visibleOnV2(kind, id, nowMs = Date.now()) {
    if (this.hiddenUntil.size === 0) return true;
    const until = this.hiddenUntil.get(`${kind}:${id}`);
    if (until === void 0) return true;
    if (nowMs >= until) {
      this.hiddenUntil.delete(`${kind}:${id}`);
      return true;
    }
    return false;
  }
  // ---- fields ----
  addField(f) {
    this.fields.set(f.key, f);
    this.fieldsByOrdinal.set(f.ordinal, f);
    const bucket = f.listId === null ? this.fieldsByEntity : this.fieldsByList;
    const k = f.listId ?? f.entityType;
    const arr = bucket.get(k) ?? [];
    arr.push(f);
    arr.sort((a, b) => a.ordinal - b.ordinal);
    bucket.set(k, arr);
  }
  /** Remove a field (v1 DELETE /fields/{id}); its values and change history stay unreachable. */
  removeField(f) {
    this.fields.delete(f.key);
    this.fieldsByOrdinal.delete(f.ordinal);
    const arr = f.listId === null ? this.fieldsByEntity.get(f.entityType) : this.fieldsByList.get(f.listId);
    if (arr) arr.splice(arr.indexOf(f), 1);
  }
  /** Non-list fields of an entity type plus, with a list id, that list's fields. */
  applicableFields(entityType, listId) {
    const own = this.fieldsByEntity.get(entityType) ?? [];
    if (listId === null) return own;
    return own.concat(this.fieldsByList.get(listId) ?? []);
  }
  /** Resolve a wire field id in the context of an entity type (and list). */
  findField(entityType, wireId, listId) {
    return this.applicableFields(entityType, listId).find((f) => f.id === wireId);
  }
  fieldByV1Id(v1Id) {
    const f = this.fields.get(`field-${v1Id}`);
    return f && f.v1Id === v1Id ? f : void 0;
  }
  options(field) {
    return this.dropdownOptions.get(field.key) ?? [];
  }
  // ---- registration (generator and writes keep the indexes in step) ----
  addCompany(c) {
    this.companies.set(c.id, c);
    this.idx.companies.add(c.id);
    this.reserveId("company", c.id);
  }
  addPerson(p) {
    this.persons.set(p.id, p);
    this.idx.persons.add(p.id);
    this.reserveId("person", p.id);
  }
  addOpportunity(o) {
    this.opportunities.set(o.id, o);
    this.idx.opportunities.add(o.id);
    this.reserveId("opportunity", o.id);
  }
  addList(l) {
    this.lists.set(l.id, l);
    if (!this.entriesByList.has(l.id)) this.entriesByList.set(l.id, new SortedIds());
    this.reserveId("list", l.id);
  }
  addListEntry(e) {
    this.listEntries.set(e.id, e);
    let byList = this.entriesByList.get(e.listId);
    if (!byList) this.entriesByList.set(e.listId, byList = new SortedIds());
    byList.add(e.id);
    pushTo(this.entriesByEntity, e.entityId, e.id);
    this.reserveId("listEntry", e.id);
  }
  removeListEntry(id) {
    const e = this.listEntries.get(id);
    if (!e) return void 0;
    this.listEntries.delete(id);
    this.entriesByList.get(e.listId)?.remove(id);
    removeFrom(this.entriesByEntity, e.entityId, id);
    return e;
  }
  entriesOf(entityType, entityId) {
    const ids3 = this.entriesByEntity.get(entityId) ?? [];
    const out = [];
    for (const id of ids3) {
      const e = this.listEntries.get(id);
      if (e) out.push(e);
    }
    return out;
  }
  addNote(n) {
    this.notes.set(n.id, n);
    this.idx.notes.add(n.id);
    if (n.parentId === null) {
      this.idx.rootNotes.add(n.id);
      for (const key of noteEntityKeys(n)) pushTo(this.notesByEntity, key, n.id);
    } else {
      pushTo(this.repliesByNote, n.parentId, n.id);
    }
    this.reserveId("note", n.id);
  }
  removeNote(id) {
    const n = this.notes.get(id);
    if (!n) return void 0;
    this.notes.delete(id);
    this.idx.notes.remove(id);
    if (n.parentId === null) {
      this.idx.rootNotes.remove(id);
      for (const key of noteEntityKeys(n)) removeFrom(this.notesByEntity, key, id);
      for (const r of this.repliesByNote.get(id) ?? []) {
        this.notes.delete(r);
        this.idx.notes.remove(r);
      }
      this.repliesByNote.delete(id);
    } else {
      removeFrom(this.repliesByNote, n.parentId, id);
    }
    return n;
  }
  /** Re-index a root note after its entity arrays changed. */
  reindexNote(n, before) {
    for (const key of before) removeFrom(this.notesByEntity, key, n.id);
    for (const key of noteEntityKeys(n)) pushTo(this.notesByEntity, key, n.id, true);
  }
  addReminder(r) {
    this.reminders.set(r.id, r);
    this.idx.reminders.add(r.id);
    this.reserveId("reminder", r.id);
  }
  removeReminder(id) {
    this.idx.reminders.remove(id);
    return this.reminders.delete(id);
  }
  addInteraction(i) {
    this.interactions.set(i.id, i);
    this.idx.interactions[i.kind].add(i.id);
    this.reserveId("interaction", i.id);
  }
  addTranscript(t) {
    this.transcripts.set(t.id, t);
    this.idx.transcripts.add(t.id);
    this.reserveId("transcript", t.id);
  }
  addFile(f) {
    this.files.set(f.id, f);
    this.idx.files.add(f.id);
    this.reserveId("file", f.id);
  }
  addSavedView(v) {
    this.savedViews.set(v.id, v);
    this.reserveId("savedView", v.id);
  }
  addWebhook(w) {
    this.webhooks.set(w.id, w);
    this.reserveId("webhook", w.id);
  }
  addTeam(t) {
    this.teams.set(t.id, t);
    this.reserveId("team", t.id);
  }
  addMerge(m) {
    this.merges.set(m.id, m);
    this.reserveId("merge", m.id);
  }
  /** Bulk append (generator): ids assigned in order. */
  appendChanges(cs) {
    for (const c of cs) {
      c.id = this.allocId("fieldValueChange");
      this.fieldValueChanges.push(c);
    }
  }
  appendChange(c) {
    const full = { id: this.allocId("fieldValueChange"), ...c };
    this.fieldValueChanges.push(full);
    return full;
  }
  // ---- convenience for tests (HTTP writes go through the same functions) ----
  /** Current value of a field on an entity (listEntryId for list fields), null when empty. */
  getFieldValue(fieldKey, entityId, listEntryId = null) {
    const f = this.fields.get(fieldKey);
    if (!f) throw new Error(`unknown field ${fieldKey}`);
    return getCell(this, f, f.listId === null ? entityId : listEntryId);
  }
  /** Write a value (null clears) exactly as an API write would, logging changes on tracked fields. */
  updateFieldValue(fieldKey, entityId, listEntryId, value, changerId2 = null) {
    const f = this.fields.get(fieldKey);
    if (!f) throw new Error(`unknown field ${fieldKey}`);
    const entityType = f.listId === null ? f.entityType : this.listEntries.get(listEntryId)?.entityType ?? f.entityType;
    setCell(this, { field: f, entityType, entityId, listEntryId: f.listId === null ? null : listEntryId, value, changerId: changerId2 });
  }
  renameCompany(id, name) {
    return renameCompany(this, id, name);
  }
  /** Follow merge records to the surviving id (or the id itself). */
  resolveMerged(kind, id) {
    let cur = id;
    for (let i = 0; i < 20; i++) {
      const next = this.mergedInto[kind].get(cur);
      if (next === void 0) return cur;
      cur = next;
    }
    return cur;
  }
};

// src/simulator/generate/generate-names.ts
var FIRST_NAMES = [
  "Ada",
  "Alan",
  "Grace",
  "Linus",
  "Margaret",
  "Dennis",
  "Barbara",
  "Ken",
  "Frances",
  "Edsger",
  "Radia",
  "Tim",
  "Hedy",
  "John",
  "Katherine",
  "Donald",
  "Mary",
  "Niklaus",
  "Sophie",
  "Guido",
  "Lin",
  "Yukihiro",
  "Anita",
  "Bjarne",
  "Shafi",
  "Leslie",
  "Jean",
  "Fernando",
  "Adele",
  "Vint",
  "Karen",
  "Whitfield",
  "Annie",
  "Robert",
  "Evelyn",
  "Ivan",
  "Joan",
  "Martin",
  "Carol",
  "Ralph",
  "Elena",
  "Omar",
  "Priya",
  "Wei",
  "Amara",
  "Mateo",
  "Sofia",
  "Kenji",
  "Zanele",
  "Lucas",
  "Ingrid",
  "Tariq",
  "Mei",
  "Olga",
  "Rafael",
  "Noor",
  "Henrik",
  "Aiko",
  "Diego",
  "Fatima"
];
var LAST_NAMES = [
  "Lovelace",
  "Turing",
  "Hopper",
  "Torvalds",
  "Hamilton",
  "Ritchie",
  "Liskov",
  "Thompson",
  "Allen",
  "Dijkstra",
  "Perlman",
  "Berners-Lee",
  "Lamarr",
  "Backus",
  "Johnson",
  "Knuth",
  "Keller",
  "Wirth",
  "Wilson",
  "van Rossum",
  "Chen",
  "Matsumoto",
  "Borg",
  "Stroustrup",
  "Goldwasser",
  "Lamport",
  "Sammet",
  "Corbato",
  "Goldberg",
  "Cerf",
  "Sparck Jones",
  "Diffie",
  "Easley",
  "Kahn",
  "Boyd",
  "Sutherland",
  "Clarke",
  "Fowler",
  "Shaw",
  "Merkle",
  "Okafor",
  "Nakamura",
  "Haddad",
  "Patel",
  "Silva",
  "Kowalski",
  "Novak",
  "Andersen",
  "Moreau",
  "Rossi",
  "Mbeki",
  "Ibrahim",
  "Larsen",
  "Dubois",
  "O'Brien",
  "Schmidt",
  "Tanaka",
  "Garcia",
  "Nguyen",
  "Kim"
];
var COMPANY_WORDS_A = [
  "Acme",
  "Globex",
  "Initech",
  "Umbrella",
  "Stark",
  "Wayne",
  "Tyrell",
  "Cyberdyne",
  "Soylent",
  "Hooli",
  "Vandelay",
  "Wonka",
  "Aperture",
  "Black Mesa",
  "Oscorp",
  "Gringotts",
  "Monarch",
  "Pied Piper",
  "Massive",
  "Nakatomi",
  "Blue Sun",
  "Weyland",
  "Dunder",
  "Sterling",
  "Prestige",
  "Bluth",
  "Gekko",
  "Oceanic",
  "Virtucon",
  "Zorg"
];
var COMPANY_WORDS_B = [
  "Labs",
  "Systems",
  "Dynamics",
  "Analytics",
  "Robotics",
  "Capital",
  "Health",
  "Energy",
  "Logistics",
  "Foods",
  "Networks",
  "Bio",
  "Software",
  "Ventures",
  "Materials",
  "Media",
  "Security",
  "Mobility",
  "Cloud",
  "Finance"
];
var TLDS = ["com", "io", "co", "ai", "dev", "net"];
var INDUSTRIES = ["Software", "Fintech", "Healthcare", "Climate", "Retail", "Logistics", "Media", "Biotech", "Security", "Robotics"];
var CITIES = [
  ["San Francisco", "California", "United States", "North America"],
  ["New York", "New York", "United States", "North America"],
  ["London", "England", "United Kingdom", "Europe"],
  ["Berlin", "Berlin", "Germany", "Europe"],
  ["Paris", "Ile-de-France", "France", "Europe"],
  ["Toronto", "Ontario", "Canada", "North America"],
  ["Singapore", "Singapore", "Singapore", "Asia"],
  ["Lagos", "Lagos", "Nigeria", "Africa"],
  ["Sao Paulo", "Sao Paulo", "Brazil", "South America"],
  ["Sydney", "New South Wales", "Australia", "Oceania"]
];
var STREETS = ["Main Street", "Market Street", "High Street", "Broadway", "King Street", "Elm Avenue"];
var STAGES = ["Lead", "Contacted", "Qualified", "Diligence", "Term Sheet", "Won", "Lost"];
var TAGS = ["hot", "cold", "warm", "priority", "follow-up", "intro", "portfolio", "watch"];
var WORDS = [
  "quarterly",
  "update",
  "intro",
  "pipeline",
  "follow",
  "up",
  "pricing",
  "contract",
  "renewal",
  "board",
  "deck",
  "metrics",
  "hiring",
  "roadmap",
  "security",
  "review",
  "launch",
  "partnership",
  "feedback",
  "demo",
  "budget"
];
var GEN_START_MS = Date.UTC(2020, 0, 1);
var GEN_END_MS = Date.UTC(2025, 5, 30);
function genTime(rng, fromMs = GEN_START_MS, toMs = GEN_END_MS) {
  const span = Math.max(1, Math.floor((toMs - fromMs) / 1e3));
  return fromMs + rng.int(0, span - 1) * 1e3;
}
var p2 = (n) => n < 10 ? `0${n}` : `${n}`;
var p3 = (n) => n < 10 ? `00${n}` : n < 100 ? `0${n}` : `${n}`;
var dayPrefix = /* @__PURE__ */ new Map();
function iso(ms) {
  const days = Math.floor(ms / 864e5);
  let rem = ms - days * 864e5;
  let pre = dayPrefix.get(days);
  if (pre === void 0) {
    pre = new Date(days * 864e5).toISOString().slice(0, 11);
    dayPrefix.set(days, pre);
  }
  const h = Math.floor(rem / 36e5);
  rem -= h * 36e5;
  const mi = Math.floor(rem / 6e4);
  rem -= mi * 6e4;
  const sec = Math.floor(rem / 1e3);
  return `${pre}${p2(h)}:${p2(mi)}:${p2(sec)}.${p3(rem - sec * 1e3)}Z`;
}
function genDate(rng) {
  const day = Math.floor(genTime(rng) / 864e5) * 864e5;
  return iso(day + 8 * 36e5);
}
function slug(s) {
  return s.toLowerCase().replace(/[^a-z0-9]+/g, "");
}
function sentence(rng, words) {
  const out = [];
  for (let i = 0; i < words; i++) out.push(rng.pick(WORDS));
  const s = out.join(" ");
  return s.charAt(0).toUpperCase() + s.slice(1);
}

// src/simulator/generate/generate-core.ts
var TENANT_DOMAIN = "simulated.vc";
function generateCore(store, rng, counts) {
  const userCount = Math.max(5, Math.min(40, Math.round(counts.persons / 200)));
  const companies = generateCompanies(store, rng, counts.companies);
  const persons2 = generatePersons(store, rng, counts.persons, userCount, companies);
  associatePersons(rng, companies, persons2, userCount, counts);
  generateLists(store, rng, counts.lists, userCount);
  generateOpportunities(store, rng, counts, userCount);
  generateListEntries(store, rng, counts, userCount);
  store.generatedMax.company = ID_BASE.company + counts.companies;
  store.generatedMax.person = ID_BASE.person + counts.persons;
  store.generatedMax.opportunity = ID_BASE.opportunity + counts.opportunities;
  let maxEntry = ID_BASE.listEntry;
  for (const ids3 of store.entriesByList.values()) maxEntry = Math.max(maxEntry, ids3.at(ids3.length - 1) ?? 0);
  store.generatedMax.listEntry = maxEntry;
}
var RELEVANT_STRIDE = 7919;
function relevantCompany(rng, counts) {
  const all = counts.companies;
  const r = counts.relevantCompanies ?? all;
  if (r >= all) return ID_BASE.company + rng.int(1, all);
  return relevantAt(rng.int(1, r) - 1, all);
}
function relevantAt(k, all) {
  const stride = all % RELEVANT_STRIDE === 0 ? 1 : RELEVANT_STRIDE;
  return ID_BASE.company + k * stride % all + 1;
}
function relevantCompanyIds(counts) {
  const r = Math.min(counts.companies, counts.relevantCompanies ?? counts.companies);
  const out = /* @__PURE__ */ new Set();
  for (let k = 0; k < r; k++) out.add(relevantAt(k, counts.companies));
  return out;
}
function userId(rng, userCount) {
  return ID_BASE.person + rng.int(1, userCount);
}
function generateCompanies(store, rng, n) {
  const out = [];
  const combos = COMPANY_WORDS_A.length * COMPANY_WORDS_B.length;
  for (let i = 0; i < n; i++) {
    const a = COMPANY_WORDS_A[i % COMPANY_WORDS_A.length];
    const b = COMPANY_WORDS_B[Math.floor(i / COMPANY_WORDS_A.length) % COMPANY_WORDS_B.length];
    const round = Math.floor(i / combos);
    const name = round === 0 ? `${a} ${b}` : `${a} ${b} ${round + 1}`;
    const tld = rng.pick(TLDS);
    const domain = rng.chance(0.04) ? null : `${slug(name)}.${tld}`;
    const domains = domain ? rng.chance(0.2) ? [domain, `${slug(name)}-hq.com`] : [domain] : [];
    const c = {
      id: ID_BASE.company + i + 1,
      name,
      domain,
      domains,
      isGlobal: rng.chance(0.1),
      personIds: [],
      opportunityIds: [],
      createdAt: iso(genTime(rng))
    };
    store.addCompany(c);
    out.push(c);
  }
  return out;
}
function generatePersons(store, rng, n, userCount, companies) {
  const out = [];
  for (let i = 0; i < n; i++) {
    const id = ID_BASE.person + i + 1;
    const internal = i < userCount;
    const firstName = rng.pick(FIRST_NAMES);
    const lastName = rng.chance(0.03) && !internal ? null : rng.pick(LAST_NAMES);
    const local = `${slug(firstName)}.${slug(lastName ?? "x")}${i + 1}`;
    let emails;
    if (internal) emails = [`${local}@${TENANT_DOMAIN}`];
    else if (rng.chance(0.05)) emails = [];
    else {
      const c = companies.length > 0 ? rng.pick(companies) : void 0;
      emails = [`${local}@${c?.domain ?? "gmail.com"}`];
      if (rng.chance(0.25)) emails.push(`${local}@gmail.com`);
    }
    const p = {
      id,
      firstName,
      lastName,
      primaryEmailAddress: emails[0] ?? null,
      emailAddresses: emails,
      type: internal ? "internal" : "external",
      companyIds: [],
      currentCompanyIds: [],
      opportunityIds: [],
      createdAt: iso(genTime(rng, GEN_START_MS))
    };
    store.addPerson(p);
    if (internal) store.users.set(id, { id, firstName, lastName, emailAddress: emails[0] });
    out.push(p);
  }
  return out;
}
function link(c, p) {
  if (p.companyIds.includes(c.id)) return;
  p.companyIds.push(c.id);
  c.personIds.push(p.id);
}
function associatePersons(rng, companies, persons2, userCount, counts) {
  if (companies.length === 0) return;
  const external = persons2.slice(userCount);
  for (const p of external) {
    const r = rng.next();
    const k = r < 0.15 ? 0 : r < 0.85 ? 1 : 2;
    for (let j = 0; j < k; j++) link(rng.pick(companies), p);
  }
  if (counts.companies >= 100 && external.length >= 300) {
    for (const [ci, size] of [
      [0, 150],
      [1, 120]
    ]) {
      const c = companies[ci];
      for (const p of rng.sample(external, size)) link(c, p);
    }
  }
  for (const c of companies) c.personIds.sort((a, b) => a - b);
  for (const p of persons2) p.currentCompanyIds = p.companyIds.slice(0, 1);
}
var LIST_NAMES = {
  opportunity: ["Deal Pipeline", "Fundraising", "Partnerships", "Hiring Pipeline", "Sales Pipeline"],
  company: ["Target Accounts", "Portfolio Companies", "Market Map", "Competitors", "Customers"],
  person: ["Founders", "Advisors", "Candidates", "Investors", "Event Contacts"]
};
function listTypesFor(n) {
  const opp = Math.max(1, Math.round(n / 4));
  const company = Math.max(n > 1 ? 1 : 0, Math.ceil((n - opp) / 2));
  const out = [];
  for (let i = 0; i < n; i++) out.push(i < opp ? "opportunity" : i < opp + company ? "company" : "person");
  return out;
}
function generateLists(store, rng, n, userCount) {
  const seen = { opportunity: 0, company: 0, person: 0 };
  listTypesFor(n).forEach((type, i) => {
    const k = seen[type]++;
    const names = LIST_NAMES[type];
    const base = names[k % names.length];
    const owner = userId(rng, userCount);
    store.addList({
      id: ID_BASE.list + i + 1,
      name: k < names.length ? base : `${base} ${Math.floor(k / names.length) + 1}`,
      type,
      isPublic: rng.chance(0.75),
      ownerId: owner,
      creatorId: rng.chance(0.7) ? owner : userId(rng, userCount),
      createdAt: iso(genTime(rng, GEN_START_MS, GEN_START_MS + 180 * 864e5))
    });
  });
}
function generateOpportunities(store, rng, counts, userCount) {
  const oppLists = [...store.lists.values()].filter((l) => l.type === "opportunity").map((l) => l.id);
  const externalCount = counts.persons - userCount;
  for (let i = 0; i < counts.opportunities; i++) {
    const id = ID_BASE.opportunity + i + 1;
    const companyIds = [];
    const personIds = [];
    const nc = counts.companies > 0 ? rng.int(0, 2) : 0;
    for (let j = 0; j < nc; j++) {
      const c = relevantCompany(rng, counts);
      if (!companyIds.includes(c)) companyIds.push(c);
    }
    const np = externalCount > 0 ? rng.int(0, 4) : 0;
    for (let j = 0; j < np; j++) {
      const p = ID_BASE.person + userCount + rng.int(1, externalCount);
      if (!personIds.includes(p)) personIds.push(p);
    }
    if (i < 2 && counts.opportunities >= 100 && externalCount >= 300) {
      const target = i === 0 ? 130 : 105;
      while (personIds.length < target) {
        const p = ID_BASE.person + userCount + rng.int(1, externalCount);
        if (!personIds.includes(p)) personIds.push(p);
      }
    }
    personIds.sort((a, b) => a - b);
    companyIds.sort((a, b) => a - b);
    const firstCompany = companyIds[0] === void 0 ? void 0 : store.companies.get(companyIds[0]);
    const name = `${firstCompany?.name ?? rng.pick(COMPANY_WORDS_A)} - ${rng.pick(STAGES)} ${i + 1}`;
    store.addOpportunity({
      id,
      name,
      listId: oppLists[i % oppLists.length],
      personIds,
      companyIds,
      createdAt: iso(genTime(rng))
    });
    for (const p of personIds) store.persons.get(p)?.opportunityIds.push(id);
    for (const c of companyIds) store.companies.get(c)?.opportunityIds.push(id);
  }
}
function generateListEntries(store, rng, counts, userCount) {
  let next = ID_BASE.listEntry;
  const lists = [...store.lists.values()].sort((a, b) => a.id - b.id);
  for (const list of lists) {
    const creator = () => rng.chance(0.05) ? null : userId(rng, userCount);
    if (list.type === "opportunity") {
      for (const o of store.opportunities.values()) {
        if (o.listId !== list.id) continue;
        store.addListEntry({ id: ++next, listId: list.id, entityType: "opportunity", entityId: o.id, createdAt: o.createdAt, creatorId: creator() });
      }
      continue;
    }
    const company = list.type === "company";
    const pool = company ? Math.min(counts.companies, counts.relevantCompanies ?? counts.companies) : counts.persons;
    if (pool === 0) continue;
    const frac = company ? 0.2 : 0.1;
    const size = Math.min(pool, Math.max(10, Math.round(pool * frac)));
    const chosen = /* @__PURE__ */ new Set();
    while (chosen.size < size) chosen.add(company ? relevantCompany(rng, counts) : ID_BASE.person + rng.int(1, pool));
    const ids3 = [...chosen].sort((a, b) => a - b);
    const dupes = rng.sample(ids3, Math.max(1, Math.floor(ids3.length / 100)));
    const listCreated = Date.parse(list.createdAt);
    for (const entityId of ids3.concat(dupes)) {
      store.addListEntry({
        id: ++next,
        listId: list.id,
        entityType: list.type,
        entityId,
        createdAt: iso(genTime(rng, listCreated)),
        creatorId: creator()
      });
    }
  }
}

// src/simulator/generate/generate-fields.ts
var TRACKABLE = /* @__PURE__ */ new Set([
  "person",
  "person-multi",
  "company",
  "company-multi",
  "number",
  "number-multi",
  "location",
  "location-multi",
  "datetime",
  "ranked-dropdown"
]);
var RI_FIELDS = [
  ["first-email", "First Email", "interaction"],
  ["last-email", "Last Email", "interaction"],
  ["first-event", "First Event", "interaction"],
  ["last-event", "Last Event", "interaction"],
  ["next-event", "Next Event", "interaction"],
  ["first-chat-message", "First Chat Message", "interaction"],
  ["last-chat-message", "Last Chat Message", "interaction"],
  ["last-contact", "Last Contact", "interaction"],
  ["source-of-introduction", "Source of Introduction", "person"]
];
var ENRICHED = {
  company: [
    ["affinity-data-description", "Description", "text", "affinity-data"],
    ["affinity-data-location", "Location", "location", "affinity-data"],
    ["affinity-data-industry", "Industry", "filterable-text-multi", "affinity-data"],
    ["affinity-data-company-type", "Company Type", "filterable-text", "affinity-data"],
    ["affinity-data-number-of-employees", "Number of Employees", "number", "affinity-data"],
    ["affinity-data-year-founded", "Year Founded", "number", "affinity-data"],
    ["dealroom-total-funding", "Total Funding Amount (USD)", "number", "dealroom"],
    ["dealroom-investors", "Investors", "filterable-text-multi", "dealroom"]
  ],
  person: [
    ["affinity-data-job-title", "Job Titles", "filterable-text", "affinity-data"],
    ["affinity-data-location", "Location", "location", "affinity-data"],
    ["affinity-data-linkedin-url", "LinkedIn URL", "text", "affinity-data"]
  ]
};
var GLOBAL = {
  company: [
    ["Sector", "dropdown"],
    ["Focus Areas", "dropdown-multi"],
    ["Priority", "ranked-dropdown", true],
    ["Headcount", "number", true],
    ["Funding Rounds (USD)", "number-multi", true],
    ["Last Funding Date", "datetime", true],
    ["Headquarters", "location", true],
    ["Offices", "location-multi", true],
    ["Relationship Owner", "person", true],
    ["Key Contacts", "person-multi", true],
    ["Parent Company", "company", true],
    ["Competitors", "company-multi"],
    ["Summary", "text"],
    ["Engagement Score", "formula-number"],
    ["Latest Note", "note"],
    ["Next Reminder", "reminder"],
    ["On Lists", "list-multi"]
  ],
  person: [
    ["Role", "dropdown"],
    ["Seniority", "ranked-dropdown", true],
    ["Birthday", "datetime"],
    ["Phone", "text"],
    ["Employer", "company", true],
    ["Introduced By", "person"],
    ["Expertise", "dropdown-multi"],
    ["Check Size", "number", true],
    ["Home Base", "location"]
  ]
};
var LIST_FIELDS = [
  ["Status", "ranked-dropdown", true],
  ["Amount", "number", true],
  ["Close Date", "datetime", true],
  ["Owner", "person", true],
  ["Comments", "text"],
  ["Tags", "dropdown-multi"],
  ["Source", "dropdown"],
  ["Deal Team", "person-multi", true],
  ["Co-investors", "company-multi", true],
  ["Region", "location"],
  ["Expected Value", "formula-number"],
  ["Checkpoints", "number-multi"]
];
function generateFields(store, rng) {
  let ordinal = 0;
  let customN = ID_BASE.field;
  const created2 = () => iso(genTime(rng, Date.UTC(2019, 0, 1), Date.UTC(2020, 0, 1)));
  const add = (p) => {
    const f = { ...p, key: p.key ?? p.id, ordinal: ++ordinal };
    store.addField(f);
    if (f.valueType === "dropdown" || f.valueType === "dropdown-multi" || f.valueType === "ranked-dropdown") addOptions(store, rng, f);
    return f;
  };
  const custom = (def, entityType, listId) => {
    const n = ++customN;
    store.reserveId("field", n);
    const [name, valueType, track] = def;
    const tracked = Boolean(track) && TRACKABLE.has(valueType);
    add({
      id: `field-${n}`,
      v1Id: n,
      name,
      type: listId === null ? "global" : "list",
      entityType,
      listId,
      valueType,
      allowsMultiple: valueType.endsWith("-multi"),
      trackChanges: tracked,
      enrichmentSource: null,
      association: false,
      createdAt: created2()
    });
  };
  const system = (entityType, id, name, type, valueType, src, listId = null) => add({
    key: `${entityType}/${listId ?? ""}/${id}`,
    id,
    v1Id: null,
    name,
    type,
    entityType,
    listId,
    valueType,
    allowsMultiple: valueType.endsWith("-multi"),
    trackChanges: false,
    enrichmentSource: src,
    association: id === "persons" || id === "companies",
    createdAt: null
  });
  for (const et of ["company", "person"]) {
    for (const [id, name, vt, src] of ENRICHED[et]) system(et, id, name, "enriched", vt, src);
    for (const [id, name, vt] of RI_FIELDS) system(et, id, name, "relationship-intelligence", vt, null);
    for (const def of GLOBAL[et]) custom(def, et, null);
  }
  for (const list of [...store.lists.values()].sort((a, b) => a.id - b.id)) {
    if (list.type === "opportunity") {
      system("opportunity", "persons", "People", "list", "person-multi", null, list.id);
      system("opportunity", "companies", "Organizations", "list", "company-multi", null, list.id);
    } else if (list.type === "person") {
      system("person", "companies", "Organizations", "list", "company-multi", null, list.id);
    }
    for (const def of LIST_FIELDS) custom(def, list.type, list.id);
  }
}
function addOptions(store, rng, f) {
  const texts = f.valueType === "ranked-dropdown" ? STAGES : f.name === "Tags" ? TAGS : INDUSTRIES.slice(0, rng.int(4, INDUSTRIES.length));
  store.dropdownOptions.set(
    f.key,
    texts.map((text, i) => ({ id: store.allocId("dropdownOption"), text, rank: i + 1, color: i % 8 }))
  );
}

// src/simulator/generate/generate-activity.ts
var RECENT_MS = 365 * 864e5;
function generateActivity(store, rng, counts, userCount) {
  const P = counts.persons;
  const external = () => P > userCount ? ID_BASE.person + rng.int(userCount + 1, P) : userId(rng, userCount);
  const recent = recentPersonPicker(store, rng, counts, external);
  generateInteractions(store, rng, P, userCount, (date) => date >= GEN_END_MS - RECENT_MS ? recent() : external());
  generateNotes(store, rng, counts, userCount, external);
  generateReminders(store, rng, counts, userCount, external);
  generateFiles(store, rng, counts, userCount, external);
}
function recentPersonPicker(store, rng, counts, external) {
  const r = counts.relevantCompanies ?? counts.companies;
  if (r >= counts.companies) return external;
  const relevant = relevantCompanyIds(counts);
  const people = [];
  for (const p of store.persons.values()) if (p.type === "external" && p.companyIds.length > 0 && p.companyIds.every((c) => relevant.has(c))) people.push(p.id);
  return people.length === 0 ? external : () => rng.pick(people);
}
function generateInteractions(store, rng, P, userCount, atDate) {
  const plan = [
    ["email", Math.max(20, Math.round(P / 4))],
    ["meeting", Math.max(10, Math.round(P / 8))],
    ["call", Math.max(5, Math.round(P / 20))],
    ["chat-message", Math.max(5, Math.round(P / 20))]
  ];
  let id = ID_BASE.interaction;
  for (const [kind, n] of plan) {
    for (let i = 0; i < n; i++) {
      const date = genTime(rng);
      const external = () => atDate(date);
      const people = [.../* @__PURE__ */ new Set([external(), ...rng.chance(0.5) ? [external()] : [], userId(rng, userCount)])];
      const created2 = date + rng.int(0, 3600) * 1e3;
      const it = {
        id: ++id,
        kind,
        title: null,
        date: iso(date),
        endTime: null,
        allDay: false,
        direction: rng.chance(0.5) ? "sent" : "received",
        loggingType: rng.chance(0.85) ? "automated" : "manual",
        creatorId: null,
        fromPersonId: null,
        personIds: people,
        ccPersonIds: [],
        externalEmails: [],
        createdAt: iso(created2),
        updatedAt: rng.chance(0.3) ? iso(created2 + rng.int(1, 86400) * 1e3) : null
      };
      if (kind === "email") {
        it.loggingType = "automated";
        it.title = rng.chance(0.05) ? null : sentence(rng, rng.int(2, 6));
        it.fromPersonId = it.direction === "sent" ? userId(rng, userCount) : people[0];
        it.personIds = people.filter((p) => p !== it.fromPersonId);
        if (it.personIds.length === 0) it.personIds = [external()];
        it.ccPersonIds = rng.chance(0.3) ? [external()] : [];
        if (rng.chance(0.1)) it.externalEmails = [`someone${rng.int(1, 999)}@example.org`];
      } else if (kind === "meeting") {
        it.title = rng.chance(0.05) ? null : `${rng.pick(WORDS)} ${rng.pick(WORDS)}`;
        it.allDay = rng.chance(0.05);
        it.endTime = it.allDay ? null : iso(date + rng.int(1, 4) * 18e5);
        it.fromPersonId = userId(rng, userCount);
        it.creatorId = it.loggingType === "manual" ? it.fromPersonId : null;
      } else if (kind === "call") {
        it.endTime = iso(date + rng.int(5, 60) * 6e4);
        it.creatorId = it.loggingType === "manual" ? userId(rng, userCount) : null;
      } else {
        it.creatorId = userId(rng, userCount);
      }
      store.addInteraction(it);
      if (kind === "meeting" && rng.chance(0.3)) {
        const fragments = [];
        let t = 0;
        for (let f = rng.int(3, 8); f > 0; f--) {
          const who = rng.pick(it.personIds);
          const p = store.persons.get(who);
          const len = rng.int(2, 40) * 1e3;
          fragments.push({
            speakerPersonId: who,
            speakerName: p ? `${p.firstName} ${p.lastName ?? ""}`.trim() : "Unknown",
            content: sentence(rng, rng.int(4, 14)),
            startMs: t,
            endMs: t + len
          });
          t += len;
        }
        store.addTranscript({
          id: store.allocId("transcript"),
          meetingId: it.id,
          title: it.title ?? "Meeting",
          language: "en",
          createdAt: it.endTime ?? it.date,
          fragments
        });
      }
    }
  }
}
function generateNotes(store, rng, counts, userCount, external) {
  const n = Math.max(20, Math.round(counts.persons / 4));
  const meetings = store.idx.interactions.meeting.values();
  const transcripts = [...store.transcripts.values()];
  for (let i = 0; i < n; i++) {
    const created2 = genTime(rng);
    const r = rng.next();
    const type = r < 0.75 ? "entities" : r < 0.92 ? "interaction" : "ai-notetaker";
    const note = {
      id: store.allocId("note"),
      type,
      parentId: null,
      contentHtml: `<p>${sentence(rng, rng.int(5, 25))}</p>`,
      creatorId: userId(rng, userCount),
      personIds: [],
      companyIds: [],
      opportunityIds: [],
      mentionedPersonIds: [],
      interaction: null,
      transcriptId: null,
      createdAt: iso(created2),
      updatedAt: rng.chance(0.5) ? iso(genTime(rng, created2)) : null
    };
    const np = rng.int(0, 3);
    for (let j = 0; j < np; j++) note.personIds.push(external());
    if (counts.companies > 0 && rng.chance(0.5)) note.companyIds.push(relevantCompany(rng, counts));
    if (counts.opportunities > 0 && rng.chance(0.25)) note.opportunityIds.push(ID_BASE.opportunity + rng.int(1, counts.opportunities));
    if (note.personIds.length + note.companyIds.length + note.opportunityIds.length === 0) note.personIds.push(external());
    note.personIds = [...new Set(note.personIds)].sort((a, b) => a - b);
    if (rng.chance(0.2)) note.mentionedPersonIds.push(external());
    if (type === "interaction") {
      const kind = rng.pick(["meeting", "email", "call", "chat-message"]);
      const ids3 = store.idx.interactions[kind].values();
      note.interaction = { id: ids3[rng.int(0, ids3.length - 1)], type: kind };
    } else if (type === "ai-notetaker") {
      const t = transcripts.length ? rng.pick(transcripts) : null;
      note.interaction = { id: t?.meetingId ?? meetings[0], type: "meeting" };
      note.transcriptId = t?.id ?? null;
    }
    store.addNote(note);
    if (rng.chance(0.2)) {
      for (let k = rng.int(1, 2); k > 0; k--) {
        const at = genTime(rng, created2);
        store.addNote({
          id: store.allocId("note"),
          type: type === "ai-notetaker" && rng.chance(0.5) ? "ai-notetaker-reply" : "user-reply",
          parentId: note.id,
          contentHtml: `<p>${sentence(rng, rng.int(3, 12))}</p>`,
          creatorId: userId(rng, userCount),
          personIds: [],
          companyIds: [],
          opportunityIds: [],
          mentionedPersonIds: [],
          interaction: null,
          transcriptId: null,
          createdAt: iso(at),
          updatedAt: null
        });
      }
    }
  }
}
function generateReminders(store, rng, counts, userCount, external) {
  const n = Math.max(10, Math.round(counts.persons / 10));
  for (let i = 0; i < n; i++) {
    const created2 = genTime(rng);
    const recurring = rng.chance(0.3);
    const due = created2 + rng.int(1, 120) * 864e5;
    const s = rng.next();
    const status = s < 0.4 ? "completed" : due > GEN_END_MS ? "active" : s < 0.7 ? "overdue" : "active";
    const owner = userId(rng, userCount);
    const target = rng.next();
    store.addReminder({
      id: store.allocId("reminder"),
      type: recurring ? "recurring" : "one-time",
      content: sentence(rng, rng.int(3, 10)),
      dueDate: iso(due),
      createdAt: iso(created2),
      updatedAt: rng.chance(0.3) ? iso(created2 + 36e5) : null,
      creatorId: rng.chance(0.8) ? owner : userId(rng, userCount),
      ownerId: owner,
      completerId: status === "completed" ? owner : null,
      completedAt: status === "completed" ? iso(due - 36e5) : null,
      resetType: recurring ? rng.pick(["interaction", "email", "meeting"]) : null,
      reminderDays: recurring ? rng.pick([7, 14, 30, 90]) : null,
      status,
      personId: target < 0.5 ? external() : null,
      companyId: target >= 0.5 && target < 0.8 && counts.companies > 0 ? relevantCompany(rng, counts) : null,
      opportunityId: target >= 0.8 && counts.opportunities > 0 ? ID_BASE.opportunity + rng.int(1, counts.opportunities) : null
    });
  }
}
function generateFiles(store, rng, counts, userCount, external) {
  const n = Math.max(10, Math.round(counts.persons / 10));
  const kinds = [
    ["pdf", "application/pdf"],
    ["xlsx", "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"],
    ["png", "image/png"]
  ];
  for (let i = 0; i < n; i++) {
    const [ext, contentType] = rng.pick(kinds);
    const target = rng.next();
    store.addFile({
      id: store.allocId("file"),
      name: `${rng.pick(WORDS)}-${rng.pick(WORDS)}-${i + 1}.${ext}`,
      size: rng.int(1e3, 5e6),
      contentType,
      personId: target < 0.4 ? external() : null,
      companyId: target >= 0.4 && target < 0.8 && counts.companies > 0 ? relevantCompany(rng, counts) : null,
      opportunityId: target >= 0.8 && counts.opportunities > 0 ? ID_BASE.opportunity + rng.int(1, counts.opportunities) : null,
      uploaderId: userId(rng, userCount),
      createdAt: iso(genTime(rng))
    });
  }
}

// src/simulator/store/store-merge.ts
var MergeError = class extends Error {
};
function mergeEntities(store, kind, primaryId, duplicateId, at) {
  const map = kind === "company" ? store.companies : store.persons;
  if (primaryId === duplicateId) throw new MergeError("primary and duplicate must differ");
  if (!map.has(primaryId)) throw new MergeError(`${kind} ${primaryId} not found`);
  if (!map.has(duplicateId)) throw new MergeError(`${kind} ${duplicateId} not found`);
  const when = at ?? store.now();
  moveEntries(store, kind, primaryId, duplicateId);
  moveValues(store, kind, primaryId, duplicateId, when);
  if (kind === "company") mergeCompanyAssociations(store, primaryId, duplicateId);
  else mergePersonAssociations(store, primaryId, duplicateId);
  moveActivity(store, kind, primaryId, duplicateId);
  if (kind === "company") {
    store.companies.delete(duplicateId);
    store.idx.companies.remove(duplicateId);
  } else {
    store.persons.delete(duplicateId);
    store.idx.persons.remove(duplicateId);
  }
  store.mergedInto[kind].set(duplicateId, primaryId);
  const id = store.allocId("merge");
  const m = {
    id,
    kind,
    primaryId,
    duplicateId,
    taskId: new Rng(hash32(store.seed, 991, id)).uuid(),
    status: "success",
    startedAt: when,
    completedAt: when,
    errorMessage: null
  };
  store.addMerge(m);
  return m;
}
function moveEntries(store, kind, primaryId, duplicateId) {
  for (const e of store.entriesOf(kind, duplicateId)) {
    removeFrom(store.entriesByEntity, duplicateId, e.id);
    e.entityId = primaryId;
    pushTo(store.entriesByEntity, primaryId, e.id, true);
  }
}
function moveValues(store, kind, primaryId, duplicateId, at) {
  for (const f of store.fieldsByEntity.get(kind) ?? []) {
    if (f.association || f.type === "relationship-intelligence") continue;
    const dup = getCell(store, f, duplicateId);
    if (!dup || getCell(store, f, primaryId)) continue;
    store.overrides.set(`${f.key}|${primaryId}`, { value: dup, createdAt: at, updatedAt: at });
  }
}
function mergeCompanyAssociations(store, primaryId, duplicateId) {
  const p = store.companies.get(primaryId);
  const d = store.companies.get(duplicateId);
  if (!p || !d) return;
  const persons2 = [.../* @__PURE__ */ new Set([...p.personIds, ...d.personIds])];
  setCompanyPersons(store, d, []);
  setCompanyPersons(store, p, persons2);
  for (const oid of d.opportunityIds.slice()) {
    const o = store.opportunities.get(oid);
    if (o) setOpportunityAssociations(store, o, void 0, [...o.companyIds.filter((c) => c !== duplicateId), primaryId]);
  }
}
function mergePersonAssociations(store, primaryId, duplicateId) {
  const p = store.persons.get(primaryId);
  const d = store.persons.get(duplicateId);
  if (!p || !d) return;
  const companies = [.../* @__PURE__ */ new Set([...p.companyIds, ...d.companyIds])];
  const emails = [.../* @__PURE__ */ new Set([...p.emailAddresses, ...d.emailAddresses])];
  setPersonCompanies(store, d, []);
  setPersonCompanies(store, p, companies);
  p.emailAddresses = emails;
  if (!p.primaryEmailAddress) p.primaryEmailAddress = emails[0] ?? null;
  for (const oid of d.opportunityIds.slice()) {
    const o = store.opportunities.get(oid);
    if (o) setOpportunityAssociations(store, o, [...o.personIds.filter((x) => x !== duplicateId), primaryId]);
  }
}
function moveActivity(store, kind, primaryId, duplicateId) {
  const swap = (arr) => [...new Set(arr.map((x) => x === duplicateId ? primaryId : x))].sort((a, b) => a - b);
  for (const nid of store.notesByEntity.get(duplicateId)?.slice() ?? []) {
    const n = store.notes.get(nid);
    if (!n) continue;
    const before = noteEntityKeys(n);
    if (kind === "company") n.companyIds = swap(n.companyIds);
    else n.personIds = swap(n.personIds);
    store.reindexNote(n, before);
  }
  for (const r of store.reminders.values()) {
    if (kind === "company" && r.companyId === duplicateId) r.companyId = primaryId;
    if (kind === "person" && r.personId === duplicateId) r.personId = primaryId;
  }
  for (const f of store.files.values()) {
    if (kind === "company" && f.companyId === duplicateId) f.companyId = primaryId;
    if (kind === "person" && f.personId === duplicateId) f.personId = primaryId;
  }
  if (kind === "person") {
    for (const n of store.notes.values()) if (n.mentionedPersonIds.includes(duplicateId)) n.mentionedPersonIds = swap(n.mentionedPersonIds);
    for (const it of store.interactions.values()) {
      if (it.personIds.includes(duplicateId)) it.personIds = swap(it.personIds);
      if (it.ccPersonIds.includes(duplicateId)) it.ccPersonIds = swap(it.ccPersonIds);
      if (it.fromPersonId === duplicateId) it.fromPersonId = primaryId;
    }
  }
}

// src/simulator/generate/generate-misc.ts
function generateMisc(store, rng, counts, userCount) {
  for (const list of [...store.lists.values()].sort((a, b) => a.id - b.id)) {
    const fields = store.applicableFields(list.type, list.id);
    const views2 = [
      ["sheet", "All rows"],
      ["sheet", "Recent"],
      ["board", "Board"]
    ];
    for (const [type, name] of views2) {
      store.addSavedView({
        id: store.allocId("savedView"),
        listId: list.id,
        name,
        type,
        createdAt: iso(genTime(rng, Date.parse(list.createdAt))),
        fieldKeys: rng.sample(fields, Math.min(fields.length, 5)).sort((a, b) => a.ordinal - b.ordinal).map((f) => f.key),
        createdSince: name === "Recent" ? iso(Date.UTC(2023, 0, 1)) : null
      });
    }
  }
  const hooks = [
    ["https://hooks.example.com/affinity", [], "active"],
    ["https://hooks.example.com/crm-sync", ["organization.created", "organization.updated", "list_entry.created"], "active"],
    ["https://old.example.com/hook", ["person.created"], "disabled"]
  ];
  for (const [url, subscriptions, status] of hooks) {
    const created2 = genTime(rng);
    store.addWebhook({
      id: store.allocId("webhook"),
      url,
      subscriptions,
      status,
      creatorId: userId(rng, userCount),
      createdAt: iso(created2),
      updatedAt: status === "disabled" ? iso(genTime(rng, created2)) : null
    });
  }
  const users = [...store.users.keys()];
  const teamNames = ["Investments", "Platform", "Operations"];
  teamNames.forEach((name, i) => {
    const members = users.filter((_, j) => j % teamNames.length === i || j === 0);
    const lists = [...store.lists.keys()].filter((_, j) => j % 2 === i % 2);
    store.addTeam({ id: store.allocId("team"), name, memberIds: members, accessibleListIds: lists });
  });
  const mergeAt = () => iso(genTime(rng, GEN_END_MS - 60 * 864e5, GEN_END_MS));
  if (counts.companies >= 10) {
    for (let k = 0; k < 2; k++) {
      const dup = ID_BASE.company + counts.companies - k;
      const primary = ID_BASE.company + 3 + k;
      mergeEntities(store, "company", primary, dup, mergeAt());
    }
  }
  if (counts.persons - userCount >= 10) {
    mergeEntities(store, "person", ID_BASE.person + userCount + 1, ID_BASE.person + counts.persons, mergeAt());
  }
}

// src/simulator/generate/generate-values.ts
var RI_KIND = {
  "first-email": "email",
  "last-email": "email",
  "first-event": "meeting",
  "last-event": "meeting",
  "next-event": "meeting",
  "first-chat-message": "chat-message",
  "last-chat-message": "chat-message",
  "last-contact": "any"
};
function makeValueSource(store, pools) {
  return {
    baseline(field, rowKey) {
      const h = hash32(pools.seed, field.ordinal, rowKey);
      const fill = field.type === "list" ? 0.6 : field.type === "relationship-intelligence" ? 0.55 : 0.45;
      if (h / 4294967296 >= fill) return null;
      return randomValue(store, pools, field, new Rng(h));
    },
    baselineTimes(field, rowKey) {
      const rng = new Rng(hash32(pools.seed, field.ordinal, rowKey, 7));
      const created2 = genTime(rng);
      return { createdAt: iso(created2), updatedAt: iso(genTime(rng, created2)) };
    }
  };
}
function pickFrom(rng, ids3) {
  return ids3.length === 0 ? null : ids3[rng.int(0, ids3.length - 1)];
}
function location(rng) {
  const [city, state, country, continent] = rng.pick(CITIES);
  return { streetAddress: rng.chance(0.5) ? `${rng.int(1, 999)} ${rng.pick(STREETS)}` : null, city, state, country, continent };
}
var FILTERABLE = ["Private", "Public", "Founder", "Partner", "Engineer", "Analyst"];
var ANY_KIND = ["email", "meeting", "call", "chat-message"];
function randomElement(store, pools, field, base, rng) {
  const { counts, userCount } = pools;
  switch (base) {
    case "text":
      return field.id === "affinity-data-linkedin-url" ? `https://www.linkedin.com/in/sim-${rng.int(1, 1e6)}` : sentence(rng, rng.int(2, 8));
    case "filterable-text":
      return field.valueType === "filterable-text-multi" ? rng.pick(INDUSTRIES) : rng.pick(FILTERABLE);
    case "number":
      return field.valueType === "number-multi" ? rng.int(1, 50) * 1e5 : field.id === "affinity-data-year-founded" ? rng.int(1950, 2024) : rng.int(1, 1e6);
    case "datetime":
      return genDate(rng);
    case "location":
      return location(rng);
    case "dropdown":
    case "ranked-dropdown": {
      const options = store.options(field);
      return options.length ? { dropdownOptionId: rng.pick(options).id } : null;
    }
    case "person":
      if (field.name.includes("Owner") || field.id === "source-of-introduction" || field.name === "Deal Team")
        return { id: ID_BASE.person + rng.int(1, userCount) };
      return counts.persons > 0 ? { id: ID_BASE.person + rng.int(1, counts.persons) } : null;
    case "company":
      return counts.companies > 0 ? { id: ID_BASE.company + rng.int(1, counts.companies) } : null;
    case "formula-number":
      return { calculatedValue: rng.int(0, 1e4) / 100 };
    case "interaction": {
      const kind = RI_KIND[field.id] ?? "any";
      const id = pickFrom(rng, pools.interactions[kind === "any" ? rng.pick(ANY_KIND) : kind]);
      return id === null ? null : { id };
    }
    case "note": {
      const id = pickFrom(rng, pools.noteIds);
      return id === null ? null : { id };
    }
    case "reminder": {
      const id = pickFrom(rng, pools.reminderIds);
      return id === null ? null : { id };
    }
    case "list": {
      const id = pickFrom(rng, pools.listIds);
      return id === null ? null : { id };
    }
    default:
      return null;
  }
}
var MULTI_MAX = { "person-multi": 4, "list-multi": 2 };
function randomValue(store, pools, field, rng) {
  const t = field.valueType;
  if (!t.endsWith("-multi")) {
    const data = randomElement(store, pools, field, t, rng);
    return data === null || data === void 0 ? null : { type: t, data };
  }
  const base = t.slice(0, -6);
  const out = [];
  const keys = [];
  for (let i = rng.int(1, MULTI_MAX[t] ?? 3); i > 0; i--) {
    const v = randomElement(store, pools, field, base, rng);
    if (v === null) continue;
    const k = typeof v === "object" ? JSON.stringify(v) : String(v);
    if (keys.includes(k)) continue;
    keys.push(k);
    out.push(v);
  }
  return out.length ? { type: t, data: out } : null;
}
function generateHistory(store, pools, rate) {
  const out = [];
  const emit = (field, entityType, entityId, listEntryId, actionType, t, rng, value) => {
    const changerId2 = rng.chance(0.1) ? null : ID_BASE.person + rng.int(1, pools.userCount);
    out.push({ fieldKey: field.key, entityType, entityId, listEntryId, actionType, changedAt: iso(t), changerId: changerId2, value, t, i: out.length });
  };
  const visit = (field, entityType, entityId, listEntryId, rng) => {
    const current = getCell(store, field, listEntryId ?? entityId);
    if (!current) return;
    let t = genTime(rng, GEN_START_MS, GEN_END_MS - 90 * 864e5);
    if (isMulti(field)) {
      const now = elements(current);
      const nowKeys = now.map((e) => JSON.stringify(e));
      const gone = elements(randomValue(store, pools, field, rng)).find((e) => !nowKeys.includes(JSON.stringify(e)));
      if (gone !== void 0) {
        t += rng.int(60, 30 * 86400) * 1e3;
        emit(field, entityType, entityId, listEntryId, "add", t, rng, { type: field.valueType, data: gone });
        t += rng.int(60, 30 * 86400) * 1e3;
        emit(field, entityType, entityId, listEntryId, "delete", t, rng, { type: field.valueType, data: gone });
      }
      for (const e of now) {
        t += rng.int(60, 30 * 86400) * 1e3;
        emit(field, entityType, entityId, listEntryId, "add", t, rng, { type: field.valueType, data: e });
      }
      return;
    }
    let first = true;
    for (let v = rng.int(0, 2); v > 0; v--) {
      const prior = randomValue(store, pools, field, rng);
      if (!prior) continue;
      t += rng.int(60, 30 * 86400) * 1e3;
      emit(field, entityType, entityId, listEntryId, first ? "add" : "update", t, rng, prior);
      first = false;
    }
    t += rng.int(60, 30 * 86400) * 1e3;
    emit(field, entityType, entityId, listEntryId, first ? "add" : "update", t, rng, current);
  };
  const logRate = Math.log(1 - rate);
  const sample = (field, rows, listRows) => {
    const rng = new Rng(hash32(pools.seed, 77, field.ordinal));
    for (let i = Math.floor(Math.log(1 - rng.next()) / logRate); i < rows.length; i += 1 + Math.floor(Math.log(1 - rng.next()) / logRate)) {
      const row = rows[i];
      if (!listRows) visit(field, field.entityType, row, null, rng);
      else {
        const e = store.listEntries.get(row);
        if (e) visit(field, e.entityType, e.entityId, e.id, rng);
      }
    }
  };
  for (const [entityType, fields] of [...store.fieldsByEntity.entries()].sort((a, b) => a[0] < b[0] ? -1 : 1)) {
    const ids3 = entityType === "company" ? store.idx.companies : entityType === "person" ? store.idx.persons : store.idx.opportunities;
    for (const f of fields) if (f.trackChanges) sample(f, ids3.values(), false);
  }
  for (const [listId, fields] of [...store.fieldsByList.entries()].sort((a, b) => a[0] - b[0])) {
    const rows = store.entriesByList.get(listId)?.values() ?? [];
    for (const f of fields) if (f.trackChanges) sample(f, rows, true);
  }
  out.sort((a, b) => a.t - b.t || a.i - b.i);
  store.appendChanges(
    out.map((p) => ({
      fieldKey: p.fieldKey,
      entityType: p.entityType,
      entityId: p.entityId,
      listEntryId: p.listEntryId,
      actionType: p.actionType,
      changedAt: p.changedAt,
      changerId: p.changerId,
      value: p.value
    }))
  );
}

// src/simulator/generate/generate.ts
var SCALES = {
  tiny: { companies: 30, persons: 60, lists: 3, opportunities: 20 },
  small: { companies: 500, persons: 1e3, lists: 4, opportunities: 300 },
  // A real tenant's companies come mostly from email and calendar auto-creation and are never looked at again:
  // at medium and large only ~6% / ~5% are listed, on deals, noted or recently emailed (README "Relevance tiers").
  medium: { companies: 2e4, persons: 4e4, lists: 8, opportunities: 5e3, relevantCompanies: 1200 },
  large: { companies: 1e5, persons: 2e5, lists: 20, opportunities: 25e3, relevantCompanies: 5e3 }
};
function resolveScale(scale) {
  if (scale === void 0) return SCALES.small;
  if (typeof scale === "string") {
    const s = SCALES[scale];
    if (!s) throw new Error(`unknown scale "${String(scale)}" (use tiny, small, medium or large)`);
    return s;
  }
  for (const k of ["companies", "persons", "lists", "opportunities"]) {
    const v = scale[k];
    if (!Number.isInteger(v) || v < 0 || v > 1e7) throw new Error(`scale.${k} must be a non-negative integer (got ${String(v)})`);
  }
  const r = scale.relevantCompanies;
  if (r !== void 0 && (!Number.isInteger(r) || r < 1 || r > scale.companies))
    throw new Error(`scale.relevantCompanies must be an integer from 1 to scale.companies (got ${String(r)})`);
  if (scale.persons < 1) throw new Error("scale.persons must be at least 1 (users are persons)");
  if (scale.lists < 1) throw new Error("scale.lists must be at least 1");
  return scale;
}
function generateStore(seed, scale) {
  const counts = resolveScale(scale);
  const store = new SimStore(seed);
  const stream = (n) => new Rng(hash32(seed, n));
  generateCore(store, stream(1), counts);
  const userCount = store.users.size;
  generateFields(store, stream(2));
  generateActivity(store, stream(3), counts, userCount);
  const pools = {
    seed,
    counts,
    userCount,
    noteIds: store.idx.rootNotes.values().slice(),
    reminderIds: store.idx.reminders.values().slice(),
    listIds: [...store.lists.keys()].sort((a, b) => a - b),
    interactions: {
      email: store.idx.interactions.email.values().slice(),
      meeting: store.idx.interactions.meeting.values().slice(),
      call: store.idx.interactions.call.values().slice(),
      "chat-message": store.idx.interactions["chat-message"].values().slice()
    }
  };
  store.source = makeValueSource(store, pools);
  generateMisc(store, stream(4), counts, userCount);
  const historyRate = counts.persons > 1e4 ? 0.04 : 0.15;
  generateHistory(store, pools, historyRate);
  return store;
}

// src/simulator/generate/generate-edge-values.ts
var EDGE_EVERY = 5;
function earlyYear(iso2) {
  const yy = iso2.slice(2, 4);
  return `00${yy === "00" ? "04" : yy}${iso2.slice(4)}`;
}
function applyEdgeValues(store) {
  const companies = [...store.companies.values()].filter((c) => !c.isGlobal && c.domain !== null).sort((a, b) => a.id - b.id);
  companies.forEach((c, i) => {
    if (i % EDGE_EVERY === 0) c.domain = "";
  });
  const ids3 = [...store.listEntries.keys()].sort((a, b) => a - b);
  ids3.forEach((id, i) => {
    const e = store.listEntries.get(id);
    if (!e || i % EDGE_EVERY !== 0) return;
    e.createdAt = i / EDGE_EVERY % 2 === 0 ? `${e.createdAt.slice(0, 10)}T00:00:00.000Z` : earlyYear(e.createdAt);
  });
}

// src/simulator/server.ts
import { createServer } from "node:http";

// src/simulator/http/http-types.ts
var KNOWN_VERSIONS = ["2024-01-01", "2026-07-15", "2026-09-17"];
var CURRENT_VERSION = "2026-09-17";
var HttpError = class extends Error {
  constructor(status, code, message, param) {
    super(message);
    this.status = status;
    this.code = code;
    this.param = param;
  }
  status;
  code;
  param;
};
var notFound = (what) => new HttpError(404, "not-found", `${what} not found`);
var badParam = (param, message) => new HttpError(400, "validation", message, param);
function errorBody(iface, err) {
  if (iface === "v1") return { error: err.message };
  const item = { code: err.code, message: err.message };
  if (err.param !== void 0) item.param = err.param;
  return { errors: [item] };
}
function routeMissing(method, path) {
  const problem = { type: "about:blank", title: "Not Found", status: 404, detail: `No route for ${method} ${path}` };
  return { status: 404, raw: { data: JSON.stringify(problem), contentType: "application/problem+json" } };
}
function ok(body, status = 200) {
  return { status, body };
}

// src/simulator/http/router.ts
var Router = class {
  byLen = /* @__PURE__ */ new Map();
  constructor(routes) {
    for (const def of routes) {
      const segs = def.path.split("/").filter(Boolean);
      const names = segs.map((s) => s.startsWith("{") && s.endsWith("}") ? s.slice(1, -1) : null);
      const arr = this.byLen.get(segs.length) ?? [];
      arr.push({ def, segs, names });
      this.byLen.set(segs.length, arr);
    }
    for (const arr of this.byLen.values()) arr.sort((a, b) => literalScore(b) - literalScore(a));
  }
  /** Routes matching the path, for any method. */
  match(path) {
    const segs = path.split("/").filter(Boolean);
    const out = [];
    for (const c of this.byLen.get(segs.length) ?? []) {
      const params = {};
      let okay = true;
      for (let i = 0; i < segs.length; i++) {
        const name = c.names[i];
        const seg = segs[i];
        if (name === null || name === void 0) {
          if (c.segs[i] !== seg) {
            okay = false;
            break;
          }
        } else {
          params[name] = safeDecode(seg);
        }
      }
      if (okay) out.push({ def: c.def, params });
    }
    return out;
  }
};
function literalScore(c) {
  return c.names.reduce((acc, n, i) => acc + (n === null ? 2 ** (20 - i) : 0), 0);
}
function safeDecode(s) {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
}

// src/simulator/http/rate-limit.ts
var RateLimiter = class {
  perMin;
  monthly;
  windows = /* @__PURE__ */ new Map();
  monthUsed = 0;
  monthKey = "";
  constructor(perMin, monthly) {
    this.perMin = perMin;
    this.monthly = monthly;
  }
  setPerMinute(n) {
    this.perMin = n;
  }
  resetWindows() {
    this.windows.clear();
  }
  window(key, now) {
    let w = this.windows.get(key);
    if (!w || now - w.start >= 6e4) {
      w = { start: now, used: 0 };
      this.windows.set(key, w);
    }
    return w;
  }
  rollMonth(now) {
    const d = new Date(now);
    const key = `${d.getUTCFullYear()}-${d.getUTCMonth()}`;
    if (key !== this.monthKey) {
      this.monthKey = key;
      this.monthUsed = 0;
    }
  }
  /**
   * Try to spend one call. Returns whether it was allowed and the budgets AFTER the attempt.
   * `countMonthly` false for the endpoints the service exempts (rate-limit status, whoami).
   */
  take(key, now, countMonthly) {
    const w = this.window(key, now);
    this.rollMonth(now);
    const monthFull = this.monthly !== null && countMonthly && this.monthUsed >= this.monthly;
    const allowed = w.used < this.perMin && !monthFull;
    if (allowed) {
      w.used += 1;
      if (countMonthly) this.monthUsed += 1;
    }
    const retryAfterS = monthFull && w.used < this.perMin ? secondsToMonthEnd(now) : Math.max(1, Math.ceil((w.start + 6e4 - now) / 1e3));
    return { allowed, state: this.state(key, now), retryAfterS };
  }
  /** Budgets without spending anything. */
  state(key, now) {
    const w = this.window(key, now);
    this.rollMonth(now);
    const user = {
      limit: this.perMin,
      remaining: Math.max(0, this.perMin - w.used),
      used: w.used,
      reset: Math.max(0, Math.ceil((w.start + 6e4 - now) / 1e3))
    };
    const org = this.monthly === null ? null : {
      limit: this.monthly,
      remaining: Math.max(0, this.monthly - this.monthUsed),
      used: this.monthUsed,
      reset: secondsToMonthEnd(now)
    };
    return { user, org };
  }
};
function secondsToMonthEnd(now) {
  const d = new Date(now);
  const next = Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 1);
  return Math.ceil((next - now) / 1e3);
}
function rateHeaders(state, iface) {
  const names = [
    ["X-Ratelimit-Limit-User", state.user.limit],
    ["X-Ratelimit-Limit-User-Remaining", state.user.remaining],
    ["X-Ratelimit-Limit-User-Reset", state.user.reset]
  ];
  if (state.org) {
    names.push(
      ["X-Ratelimit-Limit-Org", state.org.limit],
      ["X-Ratelimit-Limit-Org-Remaining", state.org.remaining],
      ["X-Ratelimit-Limit-Org-Reset", state.org.reset]
    );
  }
  return names.map(([k, v]) => [iface === "v2" ? k.toLowerCase() : k, String(v)]);
}

// src/simulator/http/faults.ts
var FAULT_KINDS = ["5xx", "reset", "html", "slow", "malformed"];
var SLOW_PAUSE_MS = 2e3;
var DELIVERY_FAULTS = ["webhook-drop"];
function parseFaults(spec) {
  const out = {};
  const text = spec.trim();
  if (text === "" || text === "none") return out;
  let total = 0;
  for (const part of text.split(",")) {
    const item = part.trim();
    if (item === "") continue;
    const m = /^([a-z0-9-]+)\s*=\s*([0-9]*\.?[0-9]+(?:e-?[0-9]+)?)$/i.exec(item);
    if (!m) throw new Error(`bad fault "${item}": expected name=probability, e.g. 5xx=0.05`);
    const name = m[1].toLowerCase();
    const delivery = DELIVERY_FAULTS.includes(name);
    if (!delivery && !FAULT_KINDS.includes(name)) {
      throw new Error(`unknown fault "${name}" in "${item}": use ${[...FAULT_KINDS, ...DELIVERY_FAULTS].join(", ")}`);
    }
    const p = Number(m[2]);
    if (!Number.isFinite(p) || p < 0 || p > 1) throw new Error(`bad probability in "${item}": must be between 0 and 1`);
    out[name] = p;
    if (!delivery) total += p;
  }
  if (total > 1 + 1e-9) throw new Error(`fault probabilities add up to ${total}, more than 1, in "${spec}"`);
  return out;
}
var FaultInjector = class {
  spec;
  rng;
  constructor(spec, seed) {
    this.spec = spec;
    this.rng = new Rng((seed ^ 1592654359) >>> 0);
  }
  set(spec) {
    this.spec = spec;
  }
  /** One draw per GET: which fault (if any) this request gets. */
  draw() {
    const kinds = FAULT_KINDS.filter((k) => (this.spec[k] ?? 0) > 0);
    if (kinds.length === 0) return null;
    const r = this.rng.next();
    let acc = 0;
    for (const k of kinds) {
      acc += this.spec[k] ?? 0;
      if (r < acc) return k;
    }
    return null;
  }
  /** Secondary draw (e.g. 500 vs 503). */
  coin() {
    return this.rng.next() < 0.5;
  }
};
var HTML_502 = "<html><body><h1>502 Bad Gateway</h1><p>The server returned an invalid or incomplete response.</p></body></html>\n";

// src/simulator/http/paging.ts
function arraySeq(a) {
  return {
    length: a.length,
    at: (i) => a[i],
    upperBound(key) {
      let lo = 0;
      let hi = a.length;
      while (lo < hi) {
        const mid = lo + hi >>> 1;
        if (a[mid] <= key) lo = mid + 1;
        else hi = mid;
      }
      return lo;
    }
  };
}
function strHash(s) {
  let h = 0;
  for (let i = 0; i < s.length; i++) h = Math.imul(h, 31) + s.charCodeAt(i) | 0;
  return hash32(h >>> 0);
}
function encodeCursor(pos, path, query, nowMs) {
  const q = new URLSearchParams(query);
  q.delete("cursor");
  const payload = { p: pos, t: nowMs, r: strHash(path), q: q.toString() };
  return Buffer.from(JSON.stringify(payload)).toString("base64url");
}
function decodeCursor(raw, path, nowMs, ttlMs) {
  let payload;
  try {
    payload = JSON.parse(Buffer.from(raw, "base64url").toString("utf8"));
  } catch {
    throw badParam("cursor", "The cursor is not valid.");
  }
  if (typeof payload !== "object" || payload === null || typeof payload.p !== "number" || typeof payload.t !== "number" || payload.r !== strHash(path)) {
    throw badParam("cursor", "The cursor is not valid.");
  }
  if (nowMs - payload.t > ttlMs) throw badParam("cursor", "The cursor has expired; start again without a cursor.");
  return { pos: payload.p, query: new URLSearchParams(typeof payload.q === "string" ? payload.q : "") };
}
function parseLimit(ctx, def, max = 100, min = 1) {
  const raw = ctx.query.get("limit");
  if (raw === null || raw === "") return capped(ctx, def);
  const n = Number(raw);
  if (!Number.isInteger(n) || n < min || n > max) {
    throw badParam("limit", `limit must be an integer between ${min} and ${max}.`);
  }
  return capped(ctx, n);
}
function capped(ctx, asked) {
  return ctx.settings.maxPageSize === null ? asked : Math.min(asked, ctx.settings.maxPageSize);
}
function envelope(ctx, data, nextPos) {
  const cursor = nextPos === null ? null : encodeCursor(nextPos, ctx.path, ctx.query, ctx.nowMs);
  if (ctx.settings.contract.envelope === "seed") {
    return { status: 200, body: cursor === null ? { data } : { data, next_cursor: cursor } };
  }
  let nextUrl = null;
  if (cursor !== null) {
    const q = new URLSearchParams(ctx.query);
    q.delete("cursor");
    q.append("cursor", cursor);
    nextUrl = `${ctx.baseUrl}${ctx.path}?${q.toString()}`;
  }
  return { status: 200, body: { data, pagination: { prevUrl: null, nextUrl } } };
}
function collectPage(keys, start, size, load) {
  const data = [];
  let last = null;
  let i = start;
  for (; i < keys.length && data.length < size; i++) {
    const k = keys.at(i);
    const item = load(k);
    if (item === void 0) continue;
    data.push(item);
    last = k;
  }
  let more = false;
  for (; i < keys.length; i++) {
    if (load(keys.at(i)) !== void 0) {
      more = true;
      break;
    }
  }
  return { data, last, more };
}
function pageKeys(ctx, keys, load, def, opts = {}) {
  const limit = parseLimit(ctx, def, opts.max ?? 100, opts.min ?? 1);
  let i = ctx.cursorPos === void 0 ? 0 : keys.upperBound(ctx.cursorPos);
  if (opts.floor !== void 0 && opts.floor > i) i = opts.floor;
  const { data, last, more } = collectPage(keys, i, limit, load);
  const reply = envelope(ctx, data, more && last !== null ? last : null);
  if (opts.extra) Object.assign(reply.body.pagination ?? {}, opts.extra);
  return reply;
}
function pageArray(ctx, items, render2, def, opts = {}) {
  const limit = parseLimit(ctx, def, opts.max ?? 100, opts.min ?? 1);
  const start = ctx.cursorPos ?? 0;
  const slice = items.slice(start, start + limit);
  const end = start + slice.length;
  const reply = envelope(ctx, slice.map(render2), end < items.length && slice.length > 0 ? end : null);
  if (opts.totalCount && ctx.settings.contract.envelope === "real") {
    reply.body.pagination.totalCount = items.length;
  }
  return reply;
}
function v1PageSize(ctx, def = 500, max = 500) {
  const raw = ctx.query.get("page_size");
  if (raw === null || raw === "") return void 0;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 1 || n > max) {
    throw new HttpError(422, "unprocessable-entity", `page_size must be an integer between 1 and ${max}`);
  }
  void def;
  return n;
}
function otherParams(ctx) {
  const pairs = [...ctx.query.entries()].filter(([k]) => k !== "page_token").sort((a, b) => a[0] + a[1] < b[0] + b[1] ? -1 : 1);
  return `${ctx.path}?${new URLSearchParams(pairs).toString()}`;
}
function v1TokenPos(ctx) {
  const raw = ctx.query.get("page_token");
  if (raw === null || raw === "") return void 0;
  try {
    const t = JSON.parse(Buffer.from(raw, "base64url").toString("utf8"));
    if (typeof t.p === "number" && t.h === strHash(otherParams(ctx))) return t.p;
  } catch {
  }
  throw new HttpError(422, "unprocessable-entity", "Invalid page_token variable");
}
function v1Token(ctx, pos) {
  return Buffer.from(JSON.stringify({ p: pos, h: strHash(otherParams(ctx)) })).toString("base64url");
}
function v1PageKeys(ctx, resourceKey, keys, load, def = 500, max = 500) {
  const size = capped(ctx, v1PageSize(ctx, def, max) ?? def);
  const after = v1TokenPos(ctx);
  const { data, last, more } = collectPage(keys, after === void 0 ? 0 : keys.upperBound(after), size, load);
  return { status: 200, body: { [resourceKey]: data, next_page_token: more && last !== null ? v1Token(ctx, last) : null } };
}

// src/simulator/render/render-v2-activity.ts
function preview(items, cap = 100) {
  return { data: items.slice(0, cap), totalCount: items.length };
}
function renderNoteV2(ctx, n) {
  const { store } = ctx;
  const out = {
    id: n.id,
    type: n.type,
    content: { html: n.contentHtml },
    creator: personData(store, n.creatorId),
    mentions: n.mentionedPersonIds.map((pid, i) => ({ id: n.id * 10 + i, type: "person", person: personData(store, pid) })),
    createdAt: n.createdAt,
    updatedAt: n.updatedAt
  };
  if (n.parentId !== null) {
    out.parent = { id: n.parentId };
  } else {
    out.permissions = { owner: personData(store, n.creatorId), sharingType: "public" };
  }
  if (n.interaction && n.type !== "entities" && n.type !== "user-reply") out.interaction = n.interaction;
  if ((n.type === "ai-notetaker" || n.type === "ai-notetaker-reply") && ctx.version >= "2026-09-17") out.transcriptId = n.transcriptId;
  const includes = new Set(ctx.query.getAll("includes"));
  if (n.parentId === null) {
    if (includes.has("companiesPreview")) out.companiesPreview = preview(n.companyIds.map((id) => companyData(store, id)).filter(Boolean));
    if (includes.has("personsPreview")) out.personsPreview = preview(n.personIds.map((id) => personData(store, id)).filter(Boolean));
    if (includes.has("opportunitiesPreview")) {
      out.opportunitiesPreview = preview(
        n.opportunityIds.map((id) => store.opportunities.get(id)).filter((o) => o !== void 0).map((o) => renderOpportunity(ctx, o))
      );
    }
    if (includes.has("repliesCount")) out.repliesCount = store.repliesByNote.get(n.id)?.length ?? 0;
  }
  return out;
}
function renderReminderV2(store, r) {
  const opp = r.opportunityId === null ? void 0 : store.opportunities.get(r.opportunityId);
  return {
    id: r.id,
    type: r.type,
    content: r.content,
    dueDate: r.dueDate,
    createdAt: r.createdAt,
    updatedAt: r.updatedAt,
    completedAt: r.completedAt,
    status: r.status,
    resetType: r.resetType,
    reminderDays: r.reminderDays,
    creator: personData(store, r.creatorId),
    owner: personData(store, r.ownerId),
    completer: r.completerId === null ? null : personData(store, r.completerId),
    person: r.personId === null ? null : personData(store, r.personId),
    company: r.companyId === null ? null : companyData(store, r.companyId),
    opportunity: opp ? { id: opp.id, name: opp.name, listId: opp.listId } : null
  };
}
function renderInteractionV2(store, it) {
  const people = (ids3) => preview(ids3.map((id) => attendee(store, id)));
  const creator = it.creatorId === null ? null : attendee(store, it.creatorId);
  switch (it.kind) {
    case "email":
      return {
        id: it.id,
        subject: it.title,
        sentAt: it.date,
        createdAt: it.createdAt,
        updatedAt: it.updatedAt,
        direction: it.direction,
        loggingType: "automated",
        from: attendee(store, it.fromPersonId),
        toParticipantsPreview: preview([...it.personIds.map((id) => attendee(store, id)), ...it.externalEmails.map((e) => attendee(store, null, e))]),
        ccParticipantsPreview: people(it.ccPersonIds)
      };
    case "meeting":
      return {
        id: it.id,
        loggingType: it.loggingType,
        title: it.title,
        startTime: it.date,
        endTime: it.endTime,
        allDay: it.allDay,
        creator,
        organizer: it.fromPersonId === null ? null : attendee(store, it.fromPersonId),
        createdAt: it.createdAt,
        updatedAt: it.updatedAt,
        attendeesPreview: people(it.personIds)
      };
    case "call":
      return {
        id: it.id,
        loggingType: it.loggingType,
        startTime: it.date,
        endTime: it.endTime,
        creator,
        createdAt: it.createdAt,
        updatedAt: it.updatedAt,
        attendeesPreview: people(it.personIds)
      };
    default:
      return {
        id: it.id,
        loggingType: it.loggingType,
        direction: it.direction,
        sentAt: it.date,
        creator,
        createdAt: it.createdAt,
        updatedAt: it.updatedAt,
        participantsPreview: people(it.personIds)
      };
  }
}
function renderTranscriptV2(store, t) {
  return { id: t.id, title: t.title, language: t.language, createdAt: t.createdAt, meeting: { id: t.meetingId }, fragmentsCount: t.fragments.length };
}
function renderFragmentsV2(store, t) {
  return t.fragments.map((f, i) => ({
    id: i + 1,
    content: f.content,
    startTimestamp: f.startMs,
    endTimestamp: f.endMs,
    speaker: { name: f.speakerName, person: f.speakerPersonId === null ? null : personData(store, f.speakerPersonId) }
  }));
}
function renderFileV2(store, f) {
  return {
    id: f.id,
    name: f.name,
    sizeInBytes: f.size,
    contentType: f.contentType,
    createdAt: f.createdAt,
    creator: personData(store, f.uploaderId),
    personId: f.personId,
    companyId: f.companyId,
    opportunityId: f.opportunityId
  };
}
function renderUserV2(u) {
  return { id: u.id, firstName: u.firstName, lastName: u.lastName, emailAddress: u.emailAddress };
}
function renderWebhookV2(w) {
  return {
    id: w.id,
    url: w.url,
    subscriptions: w.subscriptions,
    status: w.status,
    creator: { id: w.creatorId },
    createdAt: w.createdAt,
    updatedAt: w.updatedAt
  };
}
function renderMergeV2(m) {
  const [p, d] = m.kind === "company" ? ["primaryCompanyId", "duplicateCompanyId"] : ["primaryPersonId", "duplicatePersonId"];
  return {
    id: m.id,
    status: m.status,
    taskId: m.taskId,
    startedAt: m.startedAt,
    [p]: m.primaryId,
    [d]: m.duplicateId,
    completedAt: m.completedAt,
    errorMessage: m.errorMessage
  };
}
function renderTaskV2(m) {
  const done = m.status === "success" ? 1 : 0;
  return {
    id: m.taskId,
    status: m.status,
    resultsSummary: { total: 1, inProgress: m.status === "in-progress" ? 1 : 0, success: done, failed: m.status === "failed" ? 1 : 0 }
  };
}
function changeValue(store, field, v) {
  const d = v.data;
  const base = v.type.replace(/-multi$/, "");
  if (base === "person") {
    const p = personData(store, d.id);
    return p ? { referenceType: "entity", ...p } : { referenceType: "deleted-entity", displayValue: `Person ${String(d.id)}` };
  }
  if (base === "company") {
    const c = companyData(store, d.id);
    return c ? { referenceType: "entity", ...c } : { referenceType: "deleted-entity", displayValue: `Company ${String(d.id)}` };
  }
  if (base === "dropdown" || base === "ranked-dropdown") {
    const o = store.options(field).find((x) => x.id === d.dropdownOptionId);
    if (!o) return { referenceType: "deleted-entity", displayValue: String(d.dropdownOptionId) };
    return base === "ranked-dropdown" ? { referenceType: "entity", dropdownOptionId: o.id, text: o.text, rank: o.rank, color: DROPDOWN_COLORS[o.color] } : { referenceType: "entity", dropdownOptionId: o.id, text: o.text };
  }
  return v.data;
}
function renderChangeV2(store, c) {
  const field = store.fields.get(c.fieldKey);
  if (!field) return void 0;
  const changer2 = c.changerId === null ? null : store.users.get(c.changerId) ?? null;
  const entry2 = c.listEntryId === null ? null : { id: c.listEntryId, listId: field.listId };
  return {
    id: c.id,
    type: field.valueType,
    actionType: c.actionType,
    changedAt: c.changedAt,
    field: { id: field.id, name: field.name, type: field.type, entityType: field.entityType },
    entity: { id: c.entityId },
    listEntry: entry2,
    changer: changer2 ? { id: changer2.id, firstName: changer2.firstName, lastName: changer2.lastName, emailAddress: changer2.emailAddress } : null,
    value: changeValue(store, field, c.value)
  };
}

// src/simulator/render/edge-values.ts
function edgeTime(ctx, iso2, id) {
  if (!ctx.settings.edgeValues) return iso2;
  if (iso2.endsWith("T00:00:00.000Z") && !iso2.startsWith("0000-01-01")) {
    const dayBefore = new Date(Date.parse(iso2) - 864e5).toISOString().slice(0, 10);
    return `${dayBefore}T23:59:60Z`;
  }
  return id % 3 === 0 ? iso2.replace("T", "t").replace("Z", "z") : iso2;
}

// src/simulator/render/render-v2.ts
var ASSOC_TRUNCATE = 100;
function personData(store, id) {
  const p = store.persons.get(store.resolveMerged("person", id));
  if (!p) return null;
  return { id: p.id, firstName: p.firstName, lastName: p.lastName, primaryEmailAddress: p.primaryEmailAddress, type: p.type };
}
function companyData(store, id) {
  const c = store.companies.get(store.resolveMerged("company", id));
  if (!c) return null;
  return { id: c.id, name: c.name, domain: c.domain };
}
function attendee(store, personId, email) {
  const p = personId === null ? void 0 : store.persons.get(personId);
  return { emailAddress: p?.primaryEmailAddress ?? email ?? null, person: personId === null ? null : personData(store, personId) };
}
function fieldVisible(ctx, f) {
  if (f.association && !ctx.settings.contract.v2AssociationFields) return false;
  return !LATE_VALUE_TYPES.has(f.valueType) || ctx.version >= "2026-09-17";
}
function fieldMeta(f) {
  return { id: f.id, name: f.name, type: f.type, enrichmentSource: f.enrichmentSource, valueType: f.valueType };
}
function expandValue(ctx, f, v) {
  if (!v) return null;
  const { store } = ctx;
  const d = v.data;
  const opt = (x, ranked) => {
    const o = store.options(f).find((y) => y.id === x.dropdownOptionId);
    if (!o) return null;
    return ranked ? { dropdownOptionId: o.id, text: o.text, rank: o.rank, color: DROPDOWN_COLORS[o.color] ?? "gray" } : { dropdownOptionId: o.id, text: o.text };
  };
  const list = (arr, fn, cap = Infinity) => {
    const out = arr.map(fn).filter((x) => x !== null).slice(0, cap);
    return out.length ? out : null;
  };
  switch (v.type) {
    case "dropdown":
      return opt(d, false);
    case "ranked-dropdown":
      return opt(d, true);
    case "dropdown-multi":
      return list(d, (x) => opt(x, false));
    case "person":
      return personData(store, d.id);
    case "person-multi":
      return list(d, (x) => personData(store, x.id), ASSOC_TRUNCATE);
    case "company":
      return companyData(store, d.id);
    case "company-multi":
      return list(d, (x) => companyData(store, x.id), ASSOC_TRUNCATE);
    case "interaction": {
      const it = store.interactions.get(d.id);
      return it ? interactionValue(store, it) : null;
    }
    case "note": {
      const n = store.notes.get(d.id);
      return n ? renderNoteV2(ctx, n) : null;
    }
    case "reminder": {
      const r = store.reminders.get(d.id);
      return r ? { id: r.id, type: r.type, content: r.content, dueDate: r.dueDate, createdAt: r.createdAt } : null;
    }
    case "list-multi":
      return list(d, (x) => {
        const l = store.lists.get(x.id);
        return l ? { id: l.id, name: l.name, type: l.type, entityCount: store.entriesByList.get(l.id)?.length ?? 0 } : null;
      });
    default:
      return Array.isArray(d) && d.length === 0 ? null : d;
  }
}
function interactionValue(store, it) {
  const people = (ids3) => ids3.map((id) => attendee(store, id));
  switch (it.kind) {
    case "email":
      return {
        type: "email",
        id: it.id,
        subject: it.title,
        sentAt: it.date,
        from: attendee(store, it.fromPersonId),
        to: [...people(it.personIds), ...it.externalEmails.map((e) => attendee(store, null, e))],
        cc: people(it.ccPersonIds)
      };
    case "meeting":
      return { type: "meeting", id: it.id, title: it.title, allDay: it.allDay, startTime: it.date, endTime: it.endTime, attendees: people(it.personIds) };
    case "call":
      return { type: "call", id: it.id, startTime: it.date, attendees: people(it.personIds) };
    default:
      return {
        type: "chat-message",
        id: it.id,
        direction: it.direction,
        sentAt: it.date,
        manualCreator: personData(store, it.creatorId ?? it.personIds[0] ?? 0),
        participants: it.personIds.map((id) => personData(store, id)).filter(Boolean)
      };
  }
}
function renderField(ctx, f, rowKey) {
  return {
    id: f.id,
    name: f.name,
    type: f.type,
    enrichmentSource: f.enrichmentSource,
    value: { type: f.valueType, data: expandValue(ctx, f, getCell(ctx.store, f, rowKey)) }
  };
}
function multi(ctx, ...names) {
  const out = [];
  for (const n of names) for (const v of ctx.query.getAll(n)) out.push(...v.split(",").filter(Boolean));
  return out;
}
function selectFields(ctx, candidates, allowedTypes, names = { ids: ["fieldIds", "field_ids"], types: ["fieldTypes", "field_types"] }) {
  const ids3 = multi(ctx, ...names.ids);
  const types = multi(ctx, ...names.types);
  if (ids3.length === 0 && types.length === 0) return null;
  for (const t of types) {
    if (!allowedTypes.includes(t)) throw badParam(names.types[0], `Invalid field type "${t}"; allowed: ${allowedTypes.join(", ")}.`);
  }
  const visible = candidates.filter((f) => fieldVisible(ctx, f));
  for (const id of ids3) {
    if (!visible.some((f) => f.id === id)) throw badParam(names.ids[0], `Field "${id}" does not exist here.`);
  }
  return visible.filter((f) => ids3.includes(f.id) || types.includes(f.type));
}
function renderCompany(ctx, c, fields) {
  return {
    id: c.id,
    name: c.name,
    domain: c.domain,
    domains: c.domains,
    isGlobal: c.isGlobal,
    fields: fields ? fields.map((f) => renderField(ctx, f, c.id)) : []
  };
}
function renderPerson(ctx, p, fields) {
  return {
    id: p.id,
    firstName: p.firstName,
    lastName: p.lastName,
    primaryEmailAddress: p.primaryEmailAddress,
    emailAddresses: p.emailAddresses,
    type: p.type,
    fields: fields ? fields.map((f) => renderField(ctx, f, p.id)) : []
  };
}
function renderOpportunity(ctx, o) {
  const base = { id: o.id, name: o.name, listId: o.listId };
  if (ctx.version >= "2026-09-17") {
    base.listName = ctx.store.lists.get(o.listId)?.name ?? null;
    base.isRedacted = false;
    base.isRestricted = false;
  }
  return base;
}
function renderList(ctx, l, withType = true) {
  const out = { id: l.id, name: l.name };
  if (withType) out.type = l.type;
  Object.assign(out, { isPublic: l.isPublic, ownerId: l.ownerId, creatorId: l.creatorId });
  if (withType && ctx.version >= "2026-07-15") out.createdAt = l.createdAt;
  return out;
}
function renderEntryWithEntity(ctx, e, fields) {
  const { store } = ctx;
  const pick = (f) => f.listId === null ? e.entityId : e.id;
  let entity;
  if (e.entityType === "company") {
    const c = store.companies.get(e.entityId);
    if (!c) return void 0;
    entity = renderCompany(ctx, c, null);
  } else if (e.entityType === "person") {
    const p = store.persons.get(e.entityId);
    if (!p) return void 0;
    entity = renderPerson(ctx, p, null);
  } else {
    const o = store.opportunities.get(e.entityId);
    if (!o) return void 0;
    entity = { ...renderOpportunity(ctx, o), fields: [] };
  }
  entity.fields = fields ? fields.map((f) => renderField(ctx, f, pick(f))) : [];
  return { id: e.id, listId: e.listId, type: e.entityType, createdAt: edgeTime(ctx, e.createdAt, e.id), creatorId: e.creatorId, entity };
}
function renderEntryFlat(ctx, e) {
  const fields = ctx.store.applicableFields(e.entityType, e.listId).filter((f) => fieldVisible(ctx, f));
  return {
    id: e.id,
    listId: e.listId,
    createdAt: edgeTime(ctx, e.createdAt, e.id),
    creatorId: e.creatorId,
    fields: fields.map((f) => renderField(ctx, f, f.listId === null ? e.entityId : e.id))
  };
}

// src/simulator/routes/route-helpers.ts
function idParam(ctx, name) {
  const raw = ctx.params[name] ?? "";
  const n = Number(raw);
  if (!/^\d+$/.test(raw) || !Number.isSafeInteger(n)) {
    if (ctx.iface === "v2") throw new HttpError(400, "validation", `${name} must be an integer`, name);
    throw new HttpError(404, "not-found", `${raw} is not a valid id`);
  }
  return n;
}
function queryInt(ctx, ...names) {
  for (const name of names) {
    const raw = ctx.query.get(name);
    if (raw === null || raw === "") continue;
    const n = Number(raw);
    if (!Number.isSafeInteger(n)) {
      throw ctx.iface === "v2" ? new HttpError(400, "validation", `${name} must be an integer`, name) : new HttpError(422, "unprocessable-entity", `${name} must be an integer`);
    }
    return n;
  }
  return void 0;
}
function queryInts(ctx, ...names) {
  const out = [];
  for (const name of names) {
    for (const raw of ctx.query.getAll(name)) {
      for (const part of raw.split(",")) {
        if (part === "") continue;
        const n = Number(part);
        if (!Number.isSafeInteger(n)) throw new HttpError(400, "validation", `${name} must hold integers`, name);
        out.push(n);
      }
    }
  }
  return out;
}
function flag(ctx, name) {
  const v = ctx.query.get(name);
  return v === "true" || v === "1";
}
function mergedCheck(ctx, kind, id) {
  const into = ctx.store.mergedInto[kind].get(id);
  if (into !== void 0) {
    throw new HttpError(422, "unprocessable-entity", `${id} no longer exists as it has been merged into ${ctx.store.resolveMerged(kind, id)}`);
  }
}
function lagCheck(ctx, kind, id, what) {
  if (ctx.iface === "v2" && !ctx.store.visibleOnV2(kind, id, ctx.nowMs)) throw notFound(what);
}
function getCompany(ctx, id) {
  const c = ctx.store.companies.get(id);
  if (!c) {
    mergedCheck(ctx, "company", id);
    throw notFound(`Company ${id}`);
  }
  lagCheck(ctx, "company", id, `Company ${id}`);
  return c;
}
function getPerson(ctx, id) {
  const p = ctx.store.persons.get(id);
  if (!p) {
    mergedCheck(ctx, "person", id);
    throw notFound(`Person ${id}`);
  }
  lagCheck(ctx, "person", id, `Person ${id}`);
  return p;
}
function getOpportunity(ctx, id) {
  const o = ctx.store.opportunities.get(id);
  if (!o) throw notFound(`Opportunity ${id}`);
  lagCheck(ctx, "opportunity", id, `Opportunity ${id}`);
  return o;
}
function getList(ctx, id) {
  const l = ctx.store.lists.get(id);
  if (!l) throw notFound(`List ${id}`);
  return l;
}
function getEntry(ctx, listId, entryId) {
  const e = ctx.store.listEntries.get(entryId);
  if (!e || e.listId !== listId) throw notFound(`List entry ${entryId}`);
  lagCheck(ctx, "listEntry", entryId, `List entry ${entryId}`);
  return e;
}
function listedOnV2(ctx, kind, id) {
  return ctx.store.visibleOnV2(kind, id, ctx.nowMs);
}
function bodyObject(ctx) {
  const b = ctx.body;
  if (b === void 0) return {};
  if (typeof b !== "object" || b === null || Array.isArray(b)) {
    throw new HttpError(ctx.iface === "v2" ? 400 : 422, "bad-request", "The request body must be a JSON object.");
  }
  return b;
}

// src/simulator/http/filter.ts
var kindOf = (p) => typeof p === "string" ? p : p.kind;
function parseFilter(ctx, allowed) {
  const raw = ctx.query.get("filter");
  if (raw === null || raw.trim() === "") return null;
  const groups = raw.split("|").map((g) => g.split("&").map((t) => parseTerm(t, allowed)));
  const cmp = (a, op, b) => {
    switch (op) {
      case "=":
        return a === b;
      case "!=":
        return a !== b;
      case ">":
        return a > b;
      case ">=":
        return a >= b;
      case "<":
        return a < b;
      default:
        return a <= b;
    }
  };
  return {
    test(get) {
      return groups.some(
        (g) => g.every((t) => {
          let v = get(t.prop);
          if (v === null) return t.op === "!=";
          if (kindOf(allowed[t.prop]) === "date") v = Date.parse(String(v));
          return cmp(v, t.op, t.value);
        })
      );
    },
    lowerBound(prop) {
      if (groups.length !== 1) return null;
      let best = null;
      for (const t of groups[0]) {
        if (t.prop !== prop || t.op !== ">" && t.op !== ">=") continue;
        const ms = t.value;
        if (!best || ms > best.ms) best = { ms, inclusive: t.op === ">=" };
      }
      return best;
    },
    equals(prop) {
      if (groups.length !== 1) return null;
      return groups[0].find((t) => t.prop === prop && t.op === "=")?.value ?? null;
    },
    everyGroupEquals(prop) {
      return groups.every((g) => g.some((t) => t.prop === prop && t.op === "="));
    }
  };
}
function parseTerm(text, allowed) {
  const m = /^\s*([A-Za-z][A-Za-z.]*)\s*(>=|<=|!=|=|>|<)\s*(.*?)\s*$/.exec(text);
  if (!m) throw badParam("filter", `Could not parse filter term "${text.trim()}".`);
  const prop = m[1];
  const op = m[2];
  let value = m[3].replace(/^["']|["']$/g, "");
  const spec = allowed[prop];
  if (!spec) throw badParam("filter", `Filtering on "${prop}" is not supported; use ${Object.keys(allowed).join(", ")}.`);
  const kind = kindOf(spec);
  if (typeof spec !== "string" && spec.ops && !spec.ops.includes(op)) {
    throw badParam("filter", `The operator ${op} does not apply to ${prop}; use ${spec.ops.join(" ")}.`);
  }
  if (typeof spec !== "string" && spec.values && !spec.values.includes(value.trim())) {
    throw badParam("filter", `"${value.trim()}" is not a value of ${prop}; use ${spec.values.join(", ")}.`);
  }
  if (kind === "date") {
    const ms = Date.parse(value);
    if (!/^\d{4}-\d{2}-\d{2}/.test(value) || Number.isNaN(ms)) throw badParam("filter", `"${value}" is not a valid datetime for ${prop}.`);
    return { prop, op, value: ms };
  }
  if (kind === "int") {
    const n = Number(value);
    if (!Number.isInteger(n)) throw badParam("filter", `"${value}" is not an integer for ${prop}.`);
    return { prop, op, value: n };
  }
  if (op !== "=" && op !== "!=") throw badParam("filter", `Only = and != apply to ${prop}.`);
  value = value.trim();
  return { prop, op, value };
}

// src/simulator/routes/routes-v2-notes.ts
var NOTE_FILTER = { id: "int", "creator.id": "int", createdAt: "date", updatedAt: "date" };
function notesPage(ctx, ids3) {
  const filter = parseFilter(ctx, NOTE_FILTER);
  const match = (n) => !filter || filter.test((p) => {
    if (p === "id") return n.id;
    if (p === "creator.id") return n.creatorId;
    return p === "createdAt" ? n.createdAt : n.updatedAt;
  });
  const load = (id) => {
    const n = ctx.store.notes.get(id);
    return n && listedOnV2(ctx, "note", id) && match(n) ? renderNoteV2(ctx, n) : void 0;
  };
  const seq = Array.isArray(ids3) ? arraySeq(ids3) : ids3;
  const extra = {};
  if (flag(ctx, "totalCount")) {
    let total = 0;
    for (let i = 0; i < seq.length; i++) {
      const n = ctx.store.notes.get(seq.at(i));
      if (n && match(n)) total++;
    }
    extra.totalCount = total;
  }
  return pageKeys(ctx, seq, load, 20, { min: 0, extra });
}
function getNote(ctx) {
  const id = idParam(ctx, "noteId");
  const n = ctx.store.notes.get(id);
  if (!n || !listedOnV2(ctx, "note", id)) throw notFound(`Note ${id}`);
  return n;
}
function attached(kind) {
  return (ctx) => {
    const n = getNote(ctx);
    const { store } = ctx;
    const items = kind === "companies" ? n.companyIds.map((id) => companyData(store, id)) : kind === "persons" ? n.personIds.map((id) => personData(store, id)) : n.opportunityIds.map((id) => store.opportunities.get(id)).map((o) => o ? renderOpportunity(ctx, o) : null);
    return pageArray(
      ctx,
      items.filter((x) => x !== null),
      (x) => x,
      20,
      { min: 0, totalCount: flag(ctx, "totalCount") }
    );
  };
}
var V2_NOTE_ROUTES = [
  { method: "GET", path: "/v2/notes", handler: (ctx) => notesPage(ctx, ctx.store.idx.rootNotes) },
  { method: "GET", path: "/v2/notes/{noteId}", handler: (ctx) => ok(renderNoteV2(ctx, getNote(ctx))) },
  { method: "GET", path: "/v2/notes/{noteId}/attached-companies", handler: attached("companies") },
  { method: "GET", path: "/v2/notes/{noteId}/attached-persons", handler: attached("persons") },
  { method: "GET", path: "/v2/notes/{noteId}/attached-opportunities", handler: attached("opportunities") },
  {
    method: "GET",
    path: "/v2/notes/{noteId}/replies",
    handler: (ctx) => notesPage(
      ctx,
      (ctx.store.repliesByNote.get(getNote(ctx).id) ?? []).slice().sort((a, b) => a - b)
    )
  }
];

// src/simulator/routes/routes-v2-entities.ts
var ENTITY_TYPES = ["enriched", "global", "relationship-intelligence"];
function ownFields(ctx, kind) {
  return (ctx.store.fieldsByEntity.get(kind) ?? []).filter((f) => fieldVisible(ctx, f));
}
function render(ctx, kind, id, fields) {
  if (kind === "company") {
    const c = ctx.store.companies.get(id);
    return c ? renderCompany(ctx, c, fields) : void 0;
  }
  const p = ctx.store.persons.get(id);
  return p ? renderPerson(ctx, p, fields) : void 0;
}
function collection(kind) {
  return (ctx) => {
    const fields = selectFields(ctx, ctx.store.fieldsByEntity.get(kind) ?? [], ENTITY_TYPES);
    const ids3 = queryInts(ctx, "ids");
    const load = (id) => listedOnV2(ctx, kind, id) ? render(ctx, kind, id, fields) : void 0;
    if (ids3.length > 0) {
      if (ids3.length > 100) throw badParam("ids", "At most 100 ids per request.");
      return pageKeys(ctx, arraySeq([...new Set(ids3)].sort((a, b) => a - b)), load, 100);
    }
    const idx = kind === "company" ? ctx.store.idx.companies : ctx.store.idx.persons;
    return pageKeys(ctx, idx, load, 100);
  };
}
function fieldTypesFilter(ctx) {
  return [...ctx.query.getAll("fieldTypes"), ...ctx.query.getAll("field_types"), ...ctx.query.getAll("types")].flatMap((s) => s.split(",")).filter(Boolean);
}
function fieldsMeta(kind) {
  return (ctx) => {
    const types = fieldTypesFilter(ctx);
    const fields = ownFields(ctx, kind).filter((f) => types.length === 0 || types.includes(f.type));
    return pageArray(ctx, fields, fieldMeta, 100);
  };
}
function renderOption(f, o) {
  return f.valueType === "ranked-dropdown" ? { id: o.id, text: o.text, rank: o.rank, color: DROPDOWN_COLORS[o.color] ?? "gray" } : { id: o.id, text: o.text };
}
function dropdownOptions(kind) {
  return (ctx) => {
    const f = ownFields(ctx, kind).find((x) => x.id === ctx.params.fieldId);
    if (!f) throw notFound(`Field ${ctx.params.fieldId ?? ""}`);
    return pageArray(ctx, ctx.store.options(f), (o) => renderOption(f, o), 100);
  };
}
function getOne(ctx, kind) {
  const id = idParam(ctx, kind === "company" ? "companyId" : "personId");
  if (kind === "company") getCompany(ctx, id);
  else getPerson(ctx, id);
  return id;
}
function single(kind) {
  return (ctx) => {
    const id = getOne(ctx, kind);
    const fields = selectFields(ctx, ctx.store.fieldsByEntity.get(kind) ?? [], ENTITY_TYPES);
    return ok(render(ctx, kind, id, fields));
  };
}
function entityFields(kind) {
  return (ctx) => {
    const id = getOne(ctx, kind);
    const sel = selectFields(ctx, ctx.store.fieldsByEntity.get(kind) ?? [], ENTITY_TYPES, { ids: ["ids", "fieldIds"], types: ["types", "fieldTypes"] });
    return pageArray(ctx, sel ?? ownFields(ctx, kind), (f) => renderField(ctx, f, id), 100);
  };
}
function findOwnField(ctx, kind) {
  const f = ownFields(ctx, kind).find((x) => x.id === ctx.params.fieldId);
  if (!f) throw notFound(`Field ${ctx.params.fieldId ?? ""}`);
  return f;
}
function entityField(kind) {
  return (ctx) => {
    const id = getOne(ctx, kind);
    return ok(renderField(ctx, findOwnField(ctx, kind), id));
  };
}
function valuesPage(ctx, f, rowKey) {
  const single2 = f.valueType.replace(/-multi$/, "");
  const els = elements(getCell(ctx.store, f, rowKey));
  const expanded = els.map((e) => expandValue(ctx, f, { type: single2, data: e })).filter((x) => x !== null);
  return pageArray(ctx, expanded, (x) => x, 100);
}
function entityFieldValues(kind) {
  return (ctx) => {
    const id = getOne(ctx, kind);
    return valuesPage(ctx, findOwnField(ctx, kind), id);
  };
}
function entityEntries(kind) {
  return (ctx) => {
    const id = getOne(ctx, kind);
    const ids3 = (ctx.store.entriesByEntity.get(id) ?? []).slice().sort((a, b) => a - b);
    return pageKeys(
      ctx,
      arraySeq(ids3),
      (eid) => {
        const e = ctx.store.listEntries.get(eid);
        return e && listedOnV2(ctx, "listEntry", eid) ? renderEntryFlat(ctx, e) : void 0;
      },
      100
    );
  };
}
function entityLists(kind) {
  return (ctx) => {
    const id = getOne(ctx, kind);
    const listIds = [...new Set(ctx.store.entriesOf(kind, id).map((e) => e.listId))].sort((a, b) => a - b);
    return pageKeys(
      ctx,
      arraySeq(listIds),
      (lid) => {
        const l = ctx.store.lists.get(lid);
        return l ? renderList(ctx, l, false) : void 0;
      },
      100
    );
  };
}
function entityNotes(kind) {
  return (ctx) => {
    let id;
    if (kind === "opportunity") getOpportunity(ctx, id = idParam(ctx, "opportunityId"));
    else id = getOne(ctx, kind);
    return notesPage(
      ctx,
      (ctx.store.notesByEntity.get(id) ?? []).slice().sort((a, b) => a - b)
    );
  };
}
function relationships(kind) {
  return (ctx) => {
    const id = getOne(ctx, kind);
    const users = [...ctx.store.users.keys()].sort((a, b) => a - b).filter((u) => hash32(ctx.store.seed, id, u) % 3 === 0);
    return pageKeys(
      ctx,
      arraySeq(users),
      (u) => ({
        internalPerson: personData(ctx.store, u),
        strength: hash32(ctx.store.seed, u, id) % 100 / 100
      }),
      100
    );
  };
}
function opportunities(ctx) {
  const ids3 = queryInts(ctx, "ids");
  const load = (id) => {
    const o = ctx.store.opportunities.get(id);
    return o && listedOnV2(ctx, "opportunity", id) ? renderOpportunity(ctx, o) : void 0;
  };
  if (ids3.length > 100) throw badParam("ids", "At most 100 ids per request.");
  if (ids3.length > 0) return pageKeys(ctx, arraySeq([...new Set(ids3)].sort((a, b) => a - b)), load, 100);
  return pageKeys(ctx, ctx.store.idx.opportunities, load, 100);
}
var V2_ENTITY_ROUTES = [];
for (const [kind, plural, idName] of [
  ["company", "companies", "companyId"],
  ["person", "persons", "personId"]
]) {
  const base = `/v2/${plural}`;
  V2_ENTITY_ROUTES.push(
    { method: "GET", path: base, handler: collection(kind) },
    { method: "GET", path: `${base}/fields`, handler: fieldsMeta(kind) },
    { method: "GET", path: `${base}/fields/{fieldId}/dropdown-options`, handler: dropdownOptions(kind) },
    { method: "GET", path: `${base}/{${idName}}`, handler: single(kind) },
    { method: "GET", path: `${base}/{${idName}}/fields`, handler: entityFields(kind) },
    { method: "GET", path: `${base}/{${idName}}/fields/{fieldId}`, handler: entityField(kind) },
    { method: "GET", path: `${base}/{${idName}}/fields/{fieldId}/values`, from: "2026-09-17", handler: entityFieldValues(kind) },
    { method: "GET", path: `${base}/{${idName}}/list-entries`, handler: entityEntries(kind) },
    { method: "GET", path: `${base}/{${idName}}/lists`, handler: entityLists(kind) },
    { method: "GET", path: `${base}/{${idName}}/notes`, handler: entityNotes(kind) },
    { method: "GET", path: `${base}/{${idName}}/relationships`, handler: relationships(kind) }
  );
}
V2_ENTITY_ROUTES.push(
  { method: "GET", path: "/v2/opportunities", handler: opportunities },
  {
    method: "GET",
    path: "/v2/opportunities/{opportunityId}",
    handler: (ctx) => ok(renderOpportunity(ctx, getOpportunity(ctx, idParam(ctx, "opportunityId"))))
  },
  { method: "GET", path: "/v2/opportunities/{opportunityId}/notes", handler: entityNotes("opportunity") }
);

// src/simulator/routes/routes-v2-lists.ts
var ENTRY_TYPES = ["enriched", "global", "list", "relationship-intelligence"];
function listFields(ctx, l) {
  return ctx.store.applicableFields(l.type, l.id).filter((f) => fieldVisible(ctx, f));
}
function findListField(ctx, l) {
  const f = listFields(ctx, l).find((x) => x.id === ctx.params.fieldId);
  if (!f) throw notFound(`Field ${ctx.params.fieldId ?? ""}`);
  return f;
}
function entries(ctx) {
  const l = getList(ctx, idParam(ctx, "listId"));
  const fields = selectFields(ctx, ctx.store.applicableFields(l.type, l.id), ENTRY_TYPES);
  const seq = ctx.store.entriesByList.get(l.id);
  if (!seq) return pageArray(ctx, [], (x) => x, 100);
  return pageKeys(
    ctx,
    seq,
    (id) => {
      const e = ctx.store.listEntries.get(id);
      return e && listedOnV2(ctx, "listEntry", id) ? renderEntryWithEntity(ctx, e, fields) : void 0;
    },
    100
  );
}
function entry(ctx) {
  const l = getList(ctx, idParam(ctx, "listId"));
  const e = getEntry(ctx, l.id, idParam(ctx, "listEntryId"));
  const fields = selectFields(ctx, ctx.store.applicableFields(l.type, l.id), ENTRY_TYPES);
  const out = renderEntryWithEntity(ctx, e, fields);
  if (!out) throw notFound(`List entry ${e.id}`);
  return ok(out);
}
function entryFields(ctx) {
  const l = getList(ctx, idParam(ctx, "listId"));
  const e = getEntry(ctx, l.id, idParam(ctx, "listEntryId"));
  const sel = selectFields(ctx, ctx.store.applicableFields(l.type, l.id), ENTRY_TYPES, { ids: ["ids", "fieldIds"], types: ["types", "fieldTypes"] });
  return pageArray(ctx, sel ?? listFields(ctx, l), (f) => renderField(ctx, f, f.listId === null ? e.entityId : e.id), 20);
}
function entryField(ctx) {
  const l = getList(ctx, idParam(ctx, "listId"));
  const e = getEntry(ctx, l.id, idParam(ctx, "listEntryId"));
  const f = findListField(ctx, l);
  return ok(renderField(ctx, f, f.listId === null ? e.entityId : e.id));
}
function entryFieldValues(ctx) {
  const l = getList(ctx, idParam(ctx, "listId"));
  const e = getEntry(ctx, l.id, idParam(ctx, "listEntryId"));
  const f = findListField(ctx, l);
  return valuesPage(ctx, f, f.listId === null ? e.entityId : e.id);
}
function entryChanges(ctx) {
  const l = getList(ctx, idParam(ctx, "listId"));
  const e = getEntry(ctx, l.id, idParam(ctx, "listEntryId"));
  const ids3 = ctx.store.fieldValueChanges.filter((c) => c.listEntryId === e.id).map((c) => c.id);
  return pageKeys(
    ctx,
    arraySeq(ids3),
    (id) => {
      const c = ctx.store.fieldValueChanges[id - 1];
      return c ? renderChangeV2(ctx.store, c) : void 0;
    },
    100
  );
}
function views(ctx) {
  const l = getList(ctx, idParam(ctx, "listId"));
  return [...ctx.store.savedViews.values()].filter((v) => v.listId === l.id).sort((a, b) => a.id - b.id);
}
function getView(ctx) {
  const id = idParam(ctx, "viewId");
  const v = views(ctx).find((x) => x.id === id);
  if (!v) throw notFound(`Saved view ${id}`);
  return v;
}
var renderView = (v) => ({ id: v.id, name: v.name, type: v.type, createdAt: v.createdAt });
function viewEntries(ctx) {
  const v = getView(ctx);
  if (v.type !== "sheet") throw new HttpError(400, "bad-request", "Only sheet views can list entries.");
  const fields = v.fieldKeys.map((k) => ctx.store.fields.get(k)).filter((f) => f !== void 0 && fieldVisible(ctx, f));
  const since = v.createdSince === null ? null : Date.parse(v.createdSince);
  const seq = ctx.store.entriesByList.get(v.listId);
  if (!seq) return pageArray(ctx, [], (x) => x, 100);
  return pageKeys(
    ctx,
    seq,
    (id) => {
      const e = ctx.store.listEntries.get(id);
      if (!e || !listedOnV2(ctx, "listEntry", id)) return void 0;
      if (since !== null && Date.parse(e.createdAt) < since) return void 0;
      return renderEntryWithEntity(ctx, e, fields);
    },
    100
  );
}
var V2_LIST_ROUTES = [
  {
    method: "GET",
    path: "/v2/lists",
    handler: (ctx) => pageKeys(
      ctx,
      arraySeq([...ctx.store.lists.keys()].sort((a, b) => a - b)),
      (id) => {
        const l = ctx.store.lists.get(id);
        return l ? renderList(ctx, l) : void 0;
      },
      100
    )
  },
  { method: "GET", path: "/v2/lists/{listId}", handler: (ctx) => ok(renderList(ctx, getList(ctx, idParam(ctx, "listId")))) },
  { method: "GET", path: "/v2/lists/{listId}/fields", handler: (ctx) => pageArray(ctx, listFields(ctx, getList(ctx, idParam(ctx, "listId"))), fieldMeta, 100) },
  {
    method: "GET",
    path: "/v2/lists/{listId}/fields/{fieldId}/dropdown-options",
    handler: (ctx) => {
      const f = findListField(ctx, getList(ctx, idParam(ctx, "listId")));
      return pageArray(ctx, ctx.store.options(f), (o) => renderOption(f, o), 100);
    }
  },
  {
    method: "GET",
    path: "/v2/lists/{listId}/fields/{fieldId}/dropdown-options/{dropdownOptionId}",
    handler: (ctx) => {
      const f = findListField(ctx, getList(ctx, idParam(ctx, "listId")));
      const oid = idParam(ctx, "dropdownOptionId");
      const o = ctx.store.options(f).find((x) => x.id === oid);
      if (!o) throw notFound(`Dropdown option ${oid}`);
      return ok(renderOption(f, o));
    }
  },
  { method: "GET", path: "/v2/lists/{listId}/list-entries", handler: entries },
  { method: "GET", path: "/v2/lists/{listId}/list-entries/{listEntryId}", handler: entry },
  { method: "GET", path: "/v2/lists/{listId}/list-entries/{listEntryId}/fields", handler: entryFields },
  { method: "GET", path: "/v2/lists/{listId}/list-entries/{listEntryId}/fields/{fieldId}", handler: entryField },
  { method: "GET", path: "/v2/lists/{listId}/list-entries/{listEntryId}/fields/{fieldId}/values", from: "2026-09-17", handler: entryFieldValues },
  { method: "GET", path: "/v2/lists/{listId}/list-entries/{listEntryId}/field-value-changes", from: "2026-07-15", handler: entryChanges },
  { method: "GET", path: "/v2/lists/{listId}/saved-views", handler: (ctx) => pageArray(ctx, views(ctx), renderView, 100) },
  { method: "GET", path: "/v2/lists/{listId}/saved-views/{viewId}", handler: (ctx) => ok(renderView(getView(ctx))) },
  { method: "GET", path: "/v2/lists/{listId}/saved-views/{viewId}/list-entries", handler: viewEntries }
];

// src/simulator/routes/routes-v2-activity.ts
function interactions(kind, dateProp) {
  const allowed = { id: "int", [dateProp]: "date", createdAt: "date", updatedAt: "date" };
  return (ctx) => {
    const filter = parseFilter(ctx, allowed);
    return pageKeys(
      ctx,
      ctx.store.idx.interactions[kind],
      (id) => {
        const it = ctx.store.interactions.get(id);
        if (!it) return void 0;
        if (filter && !filter.test((p) => p === "id" ? it.id : p === dateProp ? it.date : p === "createdAt" ? it.createdAt : it.updatedAt)) return void 0;
        return renderInteractionV2(ctx.store, it);
      },
      100
    );
  };
}
function interaction(kind, param) {
  return (ctx) => {
    const id = idParam(ctx, param);
    const it = ctx.store.interactions.get(id);
    if (!it || it.kind !== kind) throw notFound(`${kind} ${id}`);
    return ok(renderInteractionV2(ctx.store, it));
  };
}
function changeSeq(changes, descending) {
  const n = changes.length;
  if (!descending) {
    return { length: n, at: (i) => changes[i]?.id, upperBound: (key) => Math.max(0, Math.min(n, Math.floor(key))) };
  }
  return { length: n, at: (i) => i < n ? -(n - i) : void 0, upperBound: (key) => Math.max(0, Math.min(n, Math.floor(n + key) + 1)) };
}
function timeFloor(changes, ms, inclusive) {
  let lo = 0;
  let hi = changes.length;
  while (lo < hi) {
    const mid = lo + hi >>> 1;
    const t = Date.parse(changes[mid].changedAt);
    if (inclusive ? t < ms : t <= ms) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}
var CHANGE_FILTER = {
  "field.id": { kind: "string", ops: ["="] },
  "listEntry.id": { kind: "int", ops: ["="] },
  "changer.id": { kind: "int", ops: ["="] },
  changedAt: { kind: "date", ops: [">", "<", ">=", "<="] },
  actionType: { kind: "string", ops: ["="], values: ["add", "update", "delete"] }
};
function fieldValueChanges(ctx) {
  const orderBy = ctx.query.get("orderBy");
  if (orderBy !== null && orderBy !== "changedAt" && orderBy !== "-changedAt") {
    throw new HttpError(400, "validation", "orderBy must be changedAt or -changedAt.", "orderBy");
  }
  const filter = parseFilter(ctx, CHANGE_FILTER);
  if (!ctx.settings.contract.orgWideChangeLog && !filter?.everyGroupEquals("field.id")) {
    throw new HttpError(400, "validation", "The global field value change listing requires a field identifier filter (field.id=\u2026).", "filter");
  }
  const descending = orderBy === "-changedAt";
  const changes = ctx.store.fieldValueChanges;
  const lb = descending ? null : filter?.lowerBound("changedAt") ?? null;
  const floor = lb ? timeFloor(changes, lb.ms, lb.inclusive) : 0;
  return pageKeys(
    ctx,
    changeSeq(changes, descending),
    (key) => {
      const c = changes[Math.abs(key) - 1];
      if (!c) return void 0;
      const fieldId = ctx.store.fields.get(c.fieldKey)?.id ?? null;
      const pass = !filter || filter.test((p) => {
        switch (p) {
          case "changedAt":
            return c.changedAt;
          case "field.id":
            return fieldId;
          case "listEntry.id":
            return c.listEntryId;
          case "changer.id":
            return c.changerId;
          default:
            return c.actionType;
        }
      });
      return pass ? renderChangeV2(ctx.store, c) : void 0;
    },
    100,
    { floor }
  );
}
function reminders(ctx) {
  return pageKeys(
    ctx,
    ctx.store.idx.reminders,
    (id) => {
      const r = ctx.store.reminders.get(id);
      if (!r || !listedOnV2(ctx, "reminder", id)) return void 0;
      return renderReminderV2(ctx.store, r);
    },
    100
  );
}
function getTranscript(ctx) {
  const id = idParam(ctx, "transcriptId");
  const t = ctx.store.transcripts.get(id);
  if (!t) throw notFound(`Transcript ${id}`);
  return t;
}
var V2_ACTIVITY_ROUTES = [
  { method: "GET", path: "/v2/emails", handler: interactions("email", "sentAt") },
  { method: "GET", path: "/v2/meetings", handler: interactions("meeting", "startTime") },
  { method: "GET", path: "/v2/meetings/{meetingId}", from: "2026-07-15", handler: interaction("meeting", "meetingId") },
  { method: "GET", path: "/v2/calls", handler: interactions("call", "startTime") },
  { method: "GET", path: "/v2/chat-messages", handler: interactions("chat-message", "sentAt") },
  { method: "GET", path: "/v2/field-value-changes", from: "2026-07-15", handler: fieldValueChanges },
  { method: "GET", path: "/v2/reminders", handler: reminders },
  {
    method: "GET",
    path: "/v2/reminders/{reminderId}",
    from: "2026-07-15",
    handler: (ctx) => {
      const id = idParam(ctx, "reminderId");
      const r = ctx.store.reminders.get(id);
      if (!r || !listedOnV2(ctx, "reminder", id)) throw notFound(`Reminder ${id}`);
      return ok(renderReminderV2(ctx.store, r));
    }
  },
  // No transcript filter is described (docs/contract.md §7.1 names the route only): params.ts refuses one.
  {
    method: "GET",
    path: "/v2/transcripts",
    handler: (ctx) => pageKeys(
      ctx,
      ctx.store.idx.transcripts,
      (id) => {
        const t = ctx.store.transcripts.get(id);
        return t ? renderTranscriptV2(ctx.store, t) : void 0;
      },
      100
    )
  },
  { method: "GET", path: "/v2/transcripts/{transcriptId}", handler: (ctx) => ok(renderTranscriptV2(ctx.store, getTranscript(ctx))) },
  {
    method: "GET",
    path: "/v2/transcripts/{transcriptId}/fragments",
    handler: (ctx) => pageArray(ctx, renderFragmentsV2(ctx.store, getTranscript(ctx)), (x) => x, 100)
  },
  {
    method: "GET",
    path: "/v2/files",
    from: "2026-09-17",
    handler: (ctx) => pageKeys(
      ctx,
      ctx.store.idx.files,
      (id) => {
        const f = ctx.store.files.get(id);
        return f ? renderFileV2(ctx.store, f) : void 0;
      },
      100
    )
  },
  {
    method: "GET",
    path: "/v2/files/{fileId}",
    from: "2026-09-17",
    handler: (ctx) => {
      const id = idParam(ctx, "fileId");
      const f = ctx.store.files.get(id);
      if (!f) throw notFound(`File ${id}`);
      return ok(renderFileV2(ctx.store, f));
    }
  }
];

// src/simulator/routes/routes-v2-misc.ts
function whoamiUser(ctx) {
  const ids3 = [...ctx.store.users.keys()].sort((a, b) => a - b);
  return ctx.store.users.get(ids3[0] ?? ID_BASE.person + 1);
}
function whoami(ctx) {
  const u = whoamiUser(ctx);
  return ok({
    tenant: ctx.store.tenant,
    user: { id: u?.id ?? 1, firstName: u?.firstName ?? "Sim", lastName: u?.lastName ?? null, emailAddress: u?.emailAddress ?? "sim@simulated.vc" },
    grant: { type: "api-key", scopes: ["api"], createdAt: "2024-01-01T00:00:00Z" }
  });
}
function rateLimit(ctx) {
  const body = { callerPerMinute: ctx.rate.user };
  if (ctx.rate.org) body.orgPerMonth = ctx.rate.org;
  return ok(body);
}
var MERGE_STATUS = { kind: "string", ops: ["="], values: ["in-progress", "success", "failed"] };
var MERGE_FILTER = { status: MERGE_STATUS, taskId: { kind: "string", ops: ["="] } };
function merges(kind, def) {
  return (ctx) => {
    const filter = parseFilter(ctx, MERGE_FILTER);
    const items = [...ctx.store.merges.values()].filter((m) => m.kind === kind).sort((a, b) => b.id - a.id);
    return pageKeys(
      ctx,
      arraySeq(items.map((m) => -m.id)),
      (key) => {
        const m = ctx.store.merges.get(-key);
        if (filter && !filter.test((prop) => prop === "status" ? m.status : m.taskId)) return void 0;
        return renderMergeV2(m);
      },
      def
    );
  };
}
function merge(kind) {
  return (ctx) => {
    const id = idParam(ctx, "mergeId");
    const m = ctx.store.merges.get(id);
    if (!m || m.kind !== kind) throw notFound(`Merge ${id}`);
    return ok(renderMergeV2(m));
  };
}
function tasks(kind, def) {
  return (ctx) => {
    const filter = parseFilter(ctx, { status: MERGE_STATUS });
    const items = [...ctx.store.merges.values()].filter((m) => m.kind === kind && (!filter || filter.test(() => m.status))).sort((a, b) => a.id - b.id);
    return pageArray(ctx, items, renderTaskV2, def);
  };
}
function task(kind) {
  return (ctx) => {
    const taskId = ctx.params.taskId ?? "";
    const m = [...ctx.store.merges.values()].find((x) => x.kind === kind && x.taskId === taskId);
    if (!m) throw notFound(`Task ${taskId}`);
    return ok(renderTaskV2(m));
  };
}
function getTeam(ctx) {
  const id = idParam(ctx, "teamId");
  const t = ctx.store.teams.get(id);
  if (!t) throw notFound(`Team ${id}`);
  return t;
}
function getWebhook(ctx) {
  const id = idParam(ctx, "webhookId");
  const w = ctx.store.webhooks.get(id);
  if (!w) throw notFound(`Webhook ${id}`);
  return w;
}
function companySuggestions(ctx) {
  const { store } = ctx;
  return pageKeys(
    ctx,
    store.idx.companies,
    (id) => {
      const c = store.companies.get(id);
      const m = c ? /^(.*) (\d+)$/.exec(c.name) : null;
      if (!c || !m || m[2] !== "2") return void 0;
      const twin = store.companies.get(id - 600);
      return twin && twin.name === m[1] ? { companies: [companyData(store, twin.id), companyData(store, c.id)], confidence: "medium" } : void 0;
    },
    100
  );
}
function personSuggestions(ctx) {
  const { store } = ctx;
  return pageKeys(
    ctx,
    store.idx.persons,
    (id) => {
      const p = store.persons.get(id);
      const q = store.persons.get(id + 1);
      if (!p || !q || p.firstName !== q.firstName || p.lastName !== q.lastName) return void 0;
      return { persons: [personData(store, p.id), personData(store, q.id)], confidence: "low" };
    },
    100
  );
}
function inferred(kind) {
  return (ctx) => {
    const { store } = ctx;
    const personId = queryInt(ctx, "personId");
    const companyId = queryInt(ctx, "companyId");
    if (personId === void 0 && companyId === void 0) throw new HttpError(400, "validation", "personId or companyId is required", "personId");
    const companies = personId !== void 0 ? store.persons.get(personId)?.companyIds ?? [] : [companyId];
    const out = [];
    for (const cid of companies) {
      const c = store.companies.get(cid);
      for (const pid of c?.personIds ?? []) {
        if (pid === personId) continue;
        out.push({ person: personData(store, pid), company: companyData(store, cid), type: kind });
      }
    }
    return pageArray(ctx, out, (x) => x, 100);
  };
}
var V2_MISC_ROUTES = [
  { method: "GET", path: "/v2/auth/whoami", handler: whoami },
  { method: "GET", path: "/v2/rate-limit", from: "2026-07-15", handler: rateLimit },
  {
    method: "GET",
    path: "/v2/users",
    handler: (ctx) => pageKeys(
      ctx,
      arraySeq([...ctx.store.users.keys()].sort((a, b) => a - b)),
      (id) => {
        const u = ctx.store.users.get(id);
        return u ? renderUserV2(u) : void 0;
      },
      100
    )
  },
  {
    method: "GET",
    path: "/v2/users/{userId}",
    handler: (ctx) => {
      const id = idParam(ctx, "userId");
      const u = ctx.store.users.get(id);
      if (!u) throw notFound(`User ${id}`);
      return ok(renderUserV2(u));
    }
  },
  {
    method: "GET",
    path: "/v2/teams",
    from: "2026-09-17",
    handler: (ctx) => pageArray(
      ctx,
      [...ctx.store.teams.values()].sort((a, b) => a.id - b.id),
      (t) => ({ id: t.id, name: t.name }),
      100
    )
  },
  {
    method: "GET",
    path: "/v2/teams/{teamId}",
    from: "2026-09-17",
    handler: (ctx) => {
      const t = getTeam(ctx);
      return ok({ id: t.id, name: t.name });
    }
  },
  {
    method: "GET",
    path: "/v2/teams/{teamId}/members",
    from: "2026-09-17",
    handler: (ctx) => pageArray(
      ctx,
      getTeam(ctx).memberIds.map((id) => ctx.store.users.get(id)).filter((u) => u !== void 0),
      renderUserV2,
      100
    )
  },
  {
    method: "GET",
    path: "/v2/teams/{teamId}/accessible-lists",
    from: "2026-09-17",
    handler: (ctx) => pageArray(
      ctx,
      getTeam(ctx).accessibleListIds.map((id) => ctx.store.lists.get(id)).filter((l) => l !== void 0),
      (l) => renderList(ctx, l),
      100
    )
  },
  {
    method: "GET",
    path: "/v2/webhooks",
    from: "2026-07-15",
    handler: (ctx) => pageArray(
      ctx,
      [...ctx.store.webhooks.values()].sort((a, b) => a.id - b.id),
      renderWebhookV2,
      100
    )
  },
  { method: "GET", path: "/v2/webhooks/{webhookId}", from: "2026-07-15", handler: (ctx) => ok(renderWebhookV2(getWebhook(ctx))) },
  { method: "GET", path: "/v2/company-merges", handler: merges("company", 100) },
  { method: "GET", path: "/v2/company-merges/{mergeId}", handler: merge("company") },
  { method: "GET", path: "/v2/person-merges", handler: merges("person", 25) },
  { method: "GET", path: "/v2/person-merges/{mergeId}", handler: merge("person") },
  { method: "GET", path: "/v2/tasks/company-merges", handler: tasks("company", 100) },
  { method: "GET", path: "/v2/tasks/company-merges/{taskId}", handler: task("company") },
  { method: "GET", path: "/v2/tasks/person-merges", handler: tasks("person", 25) },
  { method: "GET", path: "/v2/tasks/person-merges/{taskId}", handler: task("person") },
  { method: "GET", path: "/v2/duplicates/company-suggestions", from: "2026-07-15", handler: companySuggestions },
  { method: "GET", path: "/v2/duplicates/person-suggestions", from: "2026-07-15", handler: personSuggestions },
  { method: "GET", path: "/v2/inferred-connections/coworkers", handler: inferred("coworkers") },
  { method: "GET", path: "/v2/inferred-connections/investor-executive-connections", handler: inferred("investor-executive") }
];

// src/simulator/render/render-v1.ts
var OFFSETS_MIN = [-480, -420, -300, -240, 0, 60, 120, 330];
function v1Date(isoUtc, salt) {
  if (isoUtc === null) return null;
  const ms = Date.parse(isoUtc);
  if (Number.isNaN(ms)) return isoUtc;
  const off = OFFSETS_MIN[Math.abs(salt) % OFFSETS_MIN.length];
  const local = new Date(ms + off * 6e4).toISOString().slice(0, 23);
  const sign = off < 0 ? "-" : "+";
  const a = Math.abs(off);
  return `${local}${sign}${String(Math.floor(a / 60)).padStart(2, "0")}:${String(a % 60).padStart(2, "0")}`;
}
var ENTITY_INT = { person: 0, company: 1, opportunity: 8 };
var INT_ENTITY = { 0: "person", 1: "company", 8: "opportunity" };
var V1_TYPE = {
  person: 0,
  "person-multi": 0,
  company: 1,
  "company-multi": 1,
  dropdown: 2,
  "dropdown-multi": 2,
  number: 3,
  "number-multi": 3,
  "formula-number": 3,
  datetime: 4,
  location: 5,
  "location-multi": 5,
  text: 6,
  "ranked-dropdown": 7,
  "filterable-text": 10,
  "filterable-text-multi": 10
};
function v1ValueType(f) {
  return V1_TYPE[f.valueType] ?? null;
}
function v1Visible(f) {
  return f.v1Id !== null && v1ValueType(f) !== null;
}
function v1Person(p) {
  return {
    id: p.id,
    type: p.type === "internal" ? 1 : 0,
    first_name: p.firstName,
    last_name: p.lastName,
    primary_email: p.primaryEmailAddress,
    emails: p.emailAddresses
  };
}
function v1Org(c, withCrunchbase = false) {
  return withCrunchbase ? { id: c.id, name: c.name, domain: c.domain, domains: c.domains, crunchbase_uuid: null, global: c.isGlobal } : { id: c.id, name: c.name, domain: c.domain, domains: c.domains, global: c.isGlobal };
}
function v1PersonById(store, id) {
  if (id === null) return null;
  const p = store.persons.get(store.resolveMerged("person", id));
  return p ? v1Person(p) : null;
}
function v1Entry(store, e, withEntity) {
  const out = {
    id: e.id,
    list_id: e.listId,
    creator_id: e.creatorId,
    entity_id: e.entityId,
    entity_type: ENTITY_INT[e.entityType],
    created_at: v1Date(e.createdAt, e.id)
  };
  if (withEntity) {
    if (e.entityType === "person") {
      const p = store.persons.get(e.entityId);
      out.entity = p ? v1Person(p) : null;
    } else if (e.entityType === "company") {
      const c = store.companies.get(e.entityId);
      out.entity = c ? v1Org(c, true) : null;
    } else {
      const o = store.opportunities.get(e.entityId);
      out.entity = o ? { id: o.id, name: o.name } : null;
    }
  }
  return out;
}
function v1Opportunity(store, o, withAssociations) {
  const out = { id: o.id, name: o.name };
  if (withAssociations) {
    out.person_ids = o.personIds;
    out.organization_ids = o.companyIds;
  }
  out.list_entries = store.entriesOf("opportunity", o.id).map((e) => v1Entry(store, e, false));
  return out;
}
function v1List(store, l, withSize = true) {
  return {
    id: l.id,
    type: ENTITY_INT[l.type],
    name: l.name,
    public: l.isPublic,
    owner_id: l.ownerId,
    creator_id: l.creatorId,
    ...withSize ? { list_size: store.entriesByList.get(l.id)?.length ?? 0 } : {},
    additional_permissions: []
  };
}
function v1Field(store, f, withOptions) {
  return {
    id: f.v1Id,
    name: f.name,
    list_id: f.listId,
    enrichment_source: f.enrichmentSource ?? "none",
    value_type: v1ValueType(f),
    allows_multiple: f.allowsMultiple,
    track_changes: f.trackChanges,
    dropdown_options: withOptions ? store.options(f).map((o) => ({ id: o.id, text: o.text, rank: o.rank, color: o.color })) : []
  };
}
function v1Location(l) {
  return { street_address: l.streetAddress, city: l.city, state: l.state, country: l.country, continent: l.continent };
}
function v1Element(store, f, el, salt) {
  const base = f.valueType.replace(/-multi$/, "");
  const d = el;
  switch (base) {
    case "person":
      return store.resolveMerged("person", d.id);
    case "company":
      return store.resolveMerged("company", d.id);
    case "dropdown":
      return store.options(f).find((o) => o.id === d.dropdownOptionId)?.text ?? null;
    case "ranked-dropdown": {
      const o = store.options(f).find((x) => x.id === d.dropdownOptionId);
      return o ? { id: o.id, text: o.text, rank: o.rank, color: o.color } : null;
    }
    case "formula-number":
      return d.calculatedValue;
    case "datetime":
      return v1Date(el, salt);
    case "location":
      return v1Location(el);
    default:
      return el;
  }
}
function v1CellValues(store, f, entityType, entityId, listEntryId) {
  const rowKey = f.listId === null ? entityId : listEntryId;
  const v = getCell(store, f, rowKey);
  if (!v) return [];
  const times = cellTimes(store, f, rowKey);
  const base = f.valueType.replace(/-multi$/, "");
  const out = [];
  elements(v).forEach((el, i) => {
    if (base === "person" || base === "company") {
      const id = store.resolveMerged(base, el.id);
      if (!(base === "person" ? store.persons.has(id) : store.companies.has(id))) return;
    }
    out.push({
      id: v1FieldValueId(f, rowKey, i),
      field_id: f.v1Id,
      list_entry_id: f.listId === null ? null : listEntryId,
      entity_id: entityId,
      entity_type: ENTITY_INT[entityType],
      value_type: v1ValueType(f),
      created_at: v1Date(times.createdAt, rowKey),
      updated_at: v1Date(times.updatedAt, rowKey),
      value: v1Element(store, f, el, rowKey)
    });
  });
  return out;
}
function v1Change(store, c) {
  const f = store.fields.get(c.fieldKey);
  if (!f) return void 0;
  const action = c.actionType === "add" ? 0 : c.actionType === "delete" ? 1 : 2;
  return {
    id: c.id,
    field_id: f.v1Id,
    entity_id: c.entityId,
    list_entry_id: c.listEntryId,
    action_type: action,
    changer: v1PersonById(store, c.changerId),
    changed_at: v1Date(c.changedAt, c.id),
    value: v1Element(store, f, Array.isArray(c.value.data) ? c.value.data[0] : c.value.data, c.id)
  };
}
function v1Note(n) {
  const isReply = n.parentId !== null;
  return {
    id: n.id,
    creator_id: n.creatorId,
    person_ids: isReply ? [] : n.personIds,
    associated_person_ids: isReply ? [] : n.personIds,
    interaction_person_ids: [],
    interaction_id: n.interaction?.id ?? null,
    interaction_type: n.interaction ? { meeting: 0, call: 1, "chat-message": 2, email: 3 }[n.interaction.type] : null,
    is_meeting: n.interaction?.type === "meeting",
    mentioned_person_ids: n.mentionedPersonIds,
    organization_ids: isReply ? [] : n.companyIds,
    opportunity_ids: isReply ? [] : n.opportunityIds,
    parent_id: n.parentId,
    content: n.contentHtml,
    type: n.type === "ai-notetaker" || n.type === "ai-notetaker-reply" ? 3 : 2,
    created_at: v1Date(n.createdAt, n.id),
    updated_at: v1Date(n.updatedAt, n.id)
  };
}
function v1Reminder(store, r) {
  const c = r.companyId === null ? void 0 : store.companies.get(r.companyId);
  const o = r.opportunityId === null ? void 0 : store.opportunities.get(r.opportunityId);
  return {
    id: r.id,
    type: r.type === "one-time" ? 0 : 1,
    created_at: v1Date(r.createdAt, r.id),
    completed_at: v1Date(r.completedAt, r.id),
    content: r.content,
    due_date: v1Date(r.dueDate, r.id),
    reset_type: r.resetType === null ? null : { interaction: 0, email: 1, meeting: 2 }[r.resetType],
    reminder_days: r.reminderDays,
    status: { completed: 0, active: 1, overdue: 2 }[r.status],
    creator: v1PersonById(store, r.creatorId),
    owner: v1PersonById(store, r.ownerId),
    completer: v1PersonById(store, r.completerId),
    person: v1PersonById(store, r.personId),
    organization: c ? v1Org(c, true) : null,
    opportunity: o ? { id: o.id, name: o.name } : null
  };
}

// src/simulator/render/interaction-dates.ts
var index = /* @__PURE__ */ new WeakMap();
function hitsOf(store, personIds) {
  let idx = index.get(store);
  if (!idx || idx.size !== store.interactions.size) {
    const byPerson = /* @__PURE__ */ new Map();
    for (const it of store.interactions.values()) {
      const persons2 = [.../* @__PURE__ */ new Set([...it.personIds, ...it.ccPersonIds, ...it.fromPersonId === null ? [] : [it.fromPersonId]])];
      const hit = { date: Date.parse(it.date), id: it.id, kind: it.kind, persons: persons2 };
      for (const p of persons2) {
        const arr = byPerson.get(p) ?? [];
        arr.push(hit);
        byPerson.set(p, arr);
      }
    }
    idx = { size: store.interactions.size, byPerson };
    index.set(store, idx);
  }
  const out = /* @__PURE__ */ new Map();
  for (const p of personIds) for (const h of idx.byPerson.get(p) ?? []) out.set(h.id, h);
  return [...out.values()];
}
function interactionMembers(store, personIds, withPersons, salt) {
  const hits = hitsOf(store, personIds);
  if (hits.length === 0) return null;
  const now = store.clock();
  const pick = (kinds, which) => {
    const c = hits.filter((h) => kinds.includes(h.kind) && (which === "next" ? h.date > now : h.date <= now));
    if (c.length === 0) return null;
    return c.reduce((a, b) => (which === "last" ? b.date > a.date : b.date < a.date) ? b : a);
  };
  const slots = [
    ["first_email", ["email"], "first"],
    ["last_email", ["email"], "last"],
    ["first_event", ["meeting"], "first"],
    ["last_event", ["meeting"], "last"],
    ["next_event", ["meeting"], "next"],
    ["last_chat_message", ["chat-message"], "last"],
    ["last_interaction", ["email", "meeting", "call", "chat-message"], "last"]
  ];
  const dates = {};
  const details = {};
  for (const [name, kinds, which] of slots) {
    const h = pick(kinds, which);
    const date = h ? v1Date(new Date(h.date).toISOString(), salt) : null;
    dates[`${name}_date`] = date;
    details[name] = h ? withPersons ? { date, person_ids: h.persons } : { date } : null;
  }
  return { interaction_dates: dates, interactions: details };
}

// src/simulator/routes/routes-v1-entities.ts
function withDates(ctx, out, personIds) {
  if (!flag(ctx, "with_interaction_dates")) return out;
  const m = interactionMembers(ctx.store, personIds, flag(ctx, "with_interaction_persons"), out.id);
  return m ? Object.assign(out, m) : void 0;
}
function term(ctx) {
  const t = ctx.query.get("term");
  return t === null || t.trim() === "" ? null : t.trim().toLowerCase();
}
function organizations(ctx) {
  const t = term(ctx);
  const withOpps = flag(ctx, "with_opportunities");
  return v1PageKeys(ctx, "organizations", ctx.store.idx.companies, (id) => {
    const c = ctx.store.companies.get(id);
    if (!c) return void 0;
    if (t && !c.name.toLowerCase().includes(t) && !c.domains.some((d) => d.includes(t))) return void 0;
    const out = v1Org(c);
    if (withOpps && ctx.settings.contract.companySearchOpportunities) out.opportunity_ids = c.opportunityIds;
    return withDates(ctx, out, c.personIds);
  });
}
function organization(ctx) {
  const c = getCompany(ctx, idParam(ctx, "id"));
  const out = {
    ...v1Org(c),
    person_ids: c.personIds,
    opportunity_ids: c.opportunityIds,
    list_entries: ctx.store.entriesOf("company", c.id).map((e) => v1Entry(ctx.store, e, false))
  };
  return ok(withDates(ctx, out, c.personIds) ?? out);
}
function persons(ctx) {
  const t = term(ctx);
  const withOpps = flag(ctx, "with_opportunities");
  const withCurrent = flag(ctx, "with_current_organizations");
  return v1PageKeys(ctx, "persons", ctx.store.idx.persons, (id) => {
    const p = ctx.store.persons.get(id);
    if (!p) return void 0;
    if (t && !`${p.firstName} ${p.lastName ?? ""}`.toLowerCase().includes(t) && !p.emailAddresses.some((e) => e.includes(t))) return void 0;
    const out = v1Person(p);
    if (withCurrent && ctx.settings.contract.personSearchCompanies) out.current_organization_ids = p.currentCompanyIds;
    if (withOpps) out.opportunity_ids = p.opportunityIds;
    return withDates(ctx, out, [p.id]);
  });
}
function person(ctx) {
  const p = getPerson(ctx, idParam(ctx, "id"));
  const out = {
    ...v1Person(p),
    organization_ids: p.companyIds,
    opportunity_ids: p.opportunityIds,
    current_organization_ids: p.currentCompanyIds,
    list_entries: ctx.store.entriesOf("person", p.id).map((e) => v1Entry(ctx.store, e, false))
  };
  return ok(withDates(ctx, out, [p.id]) ?? out);
}
function opportunities2(ctx) {
  const t = term(ctx);
  return v1PageKeys(ctx, "opportunities", ctx.store.idx.opportunities, (id) => {
    const o = ctx.store.opportunities.get(id);
    if (!o || t && !o.name.toLowerCase().includes(t)) return void 0;
    return v1Opportunity(ctx.store, o, ctx.settings.contract.opportunitySearchAssociations);
  });
}
function v1Fields(ctx, pool) {
  const listId = queryInt(ctx, "list_id");
  const valueType = queryInt(ctx, "value_type");
  const entityType = queryInt(ctx, "entity_type");
  const withOptions = !flag(ctx, "exclude_dropdown_options");
  const out = pool.filter(
    (f) => v1Visible(f) && (listId === void 0 || f.listId === listId) && (valueType === void 0 || v1ValueType(f) === valueType) && (entityType === void 0 || ENTITY_INT[f.entityType] === entityType)
  );
  return ok(out.sort((a, b) => a.v1Id - b.v1Id).map((f) => v1Field(ctx.store, f, withOptions)));
}
function listEntries(ctx) {
  const l = getList(ctx, idParam(ctx, "listId"));
  const seq = ctx.store.entriesByList.get(l.id);
  const load = (id) => {
    const e = ctx.store.listEntries.get(id);
    return e ? v1Entry(ctx.store, e, true) : void 0;
  };
  if (ctx.query.get("page_size") === null) {
    return ok((seq?.values() ?? []).map(load).filter((x) => x !== void 0));
  }
  return v1PageKeys(ctx, "list_entries", seq ?? arraySeq([]), load);
}
var SCOPES = [
  ["person_id", "person"],
  ["organization_id", "company"],
  ["opportunity_id", "opportunity"],
  ["list_entry_id", "entry"]
];
function scope(ctx, exactlyOne) {
  const given = SCOPES.map(([name, kind]) => ({ kind, id: queryInt(ctx, name) })).filter((s2) => s2.id !== void 0);
  if (given.length > 1 || exactlyOne && given.length === 0) {
    throw new HttpError(422, "unprocessable-entity", "Exactly one of person_id, organization_id, opportunity_id or list_entry_id is required");
  }
  const s = given[0];
  return s ? { kind: s.kind, id: s.id } : null;
}
function fieldValues(ctx) {
  const { store } = ctx;
  const s = scope(ctx, true);
  const out = [];
  const entryValues = (entryId) => {
    const e = store.listEntries.get(entryId);
    if (!e) return;
    for (const f of store.fieldsByList.get(e.listId) ?? []) if (v1Visible(f)) out.push(...v1CellValues(store, f, e.entityType, e.entityId, e.id));
  };
  if (s.kind === "entry") {
    if (!store.listEntries.has(s.id)) throw notFound(`List entry ${s.id}`);
    entryValues(s.id);
    return ok(out);
  }
  if (s.kind === "company") getCompany(ctx, s.id);
  else if (s.kind === "person") getPerson(ctx, s.id);
  else getOpportunity(ctx, s.id);
  for (const f of store.fieldsByEntity.get(s.kind) ?? []) if (v1Visible(f)) out.push(...v1CellValues(store, f, s.kind, s.id, null));
  for (const e of store.entriesOf(s.kind, s.id)) entryValues(e.id);
  return ok(out);
}
function fieldValueChanges2(ctx) {
  const fieldId = queryInt(ctx, "field_id");
  if (fieldId === void 0) throw new HttpError(422, "unprocessable-entity", "field_id is required");
  const f = ctx.store.fieldByV1Id(fieldId);
  if (!f) throw notFound(`Field ${fieldId}`);
  if (!f.trackChanges) throw new HttpError(422, "unprocessable-entity", "Tracking changes for this entity attribute is not yet supported");
  const s = scope(ctx, false);
  const action = queryInt(ctx, "action_type");
  const out = [];
  for (const c of ctx.store.fieldValueChanges) {
    if (c.fieldKey !== f.key) continue;
    if (s && (s.kind === "entry" ? c.listEntryId !== s.id : c.entityId !== s.id)) continue;
    const act = c.actionType === "add" ? 0 : c.actionType === "delete" ? 1 : 2;
    if (action !== void 0 && act !== action) continue;
    const r = v1Change(ctx.store, c);
    if (r) out.push(r);
  }
  return ok(out);
}
var V1_ENTITY_ROUTES = [
  { method: "GET", path: "/organizations", handler: organizations },
  { method: "GET", path: "/organizations/fields", handler: (ctx) => v1Fields(ctx, ctx.store.fieldsByEntity.get("company") ?? []) },
  { method: "GET", path: "/organizations/{id}", handler: organization },
  { method: "GET", path: "/persons", handler: persons },
  { method: "GET", path: "/persons/fields", handler: (ctx) => v1Fields(ctx, ctx.store.fieldsByEntity.get("person") ?? []) },
  { method: "GET", path: "/persons/{id}", handler: person },
  { method: "GET", path: "/opportunities", handler: opportunities2 },
  { method: "GET", path: "/opportunities/{id}", handler: (ctx) => ok(v1Opportunity(ctx.store, getOpportunity(ctx, idParam(ctx, "id")), true)) },
  {
    method: "GET",
    path: "/lists",
    handler: (ctx) => ok([...ctx.store.lists.values()].sort((a, b) => a.id - b.id).map((l) => v1List(ctx.store, l, ctx.settings.contract.listSizeInListing)))
  },
  {
    method: "GET",
    path: "/lists/{listId}",
    handler: (ctx) => {
      const l = getList(ctx, idParam(ctx, "listId"));
      return ok({ ...v1List(ctx.store, l), fields: (ctx.store.fieldsByList.get(l.id) ?? []).filter(v1Visible).map((f) => v1Field(ctx.store, f, true)) });
    }
  },
  { method: "GET", path: "/lists/{listId}/list-entries", handler: listEntries },
  {
    method: "GET",
    path: "/lists/{listId}/list-entries/{entryId}",
    handler: (ctx) => {
      const l = getList(ctx, idParam(ctx, "listId"));
      return ok(v1Entry(ctx.store, getEntry(ctx, l.id, idParam(ctx, "entryId")), true));
    }
  },
  { method: "GET", path: "/fields", handler: (ctx) => v1Fields(ctx, [...ctx.store.fields.values()]) },
  { method: "GET", path: "/field-values", handler: fieldValues },
  { method: "GET", path: "/field-value-changes", handler: fieldValueChanges2 }
];

// src/simulator/routes/routes-v1-activity.ts
var KIND_BY_INT = { 0: "meeting", 1: "call", 2: "chat-message", 3: "email" };
var KEY_BY_KIND = { meeting: "meetings", call: "calls", "chat-message": "chat_messages", email: "emails" };
var INT_BY_KIND = { meeting: 0, call: 1, "chat-message": 2, email: 3 };
function notes(ctx) {
  const person2 = queryInt(ctx, "person_id");
  const org = queryInt(ctx, "organization_id");
  const opp = queryInt(ctx, "opportunity_id");
  const creator = queryInt(ctx, "creator_id");
  return v1PageKeys(ctx, "notes", ctx.store.idx.notes, (id) => {
    const n = ctx.store.notes.get(id);
    if (!n) return void 0;
    if (person2 !== void 0 && !n.personIds.includes(person2)) return void 0;
    if (org !== void 0 && !n.companyIds.includes(org)) return void 0;
    if (opp !== void 0 && !n.opportunityIds.includes(opp)) return void 0;
    if (creator !== void 0 && n.creatorId !== creator) return void 0;
    return v1Note(n);
  });
}
function reminders2(ctx) {
  const q = (n) => queryInt(ctx, n);
  const [person2, org, opp, creatorId, ownerId, completerId, type, resetType, status] = [
    "person_id",
    "organization_id",
    "opportunity_id",
    "creator_id",
    "owner_id",
    "completer_id",
    "type",
    "reset_type",
    "status"
  ].map(q);
  const before = ctx.query.get("due_before");
  const after = ctx.query.get("due_after");
  return v1PageKeys(ctx, "reminders", ctx.store.idx.reminders, (id) => {
    const r = ctx.store.reminders.get(id);
    if (!r) return void 0;
    const v = v1Reminder(ctx.store, r);
    const checks = [
      [person2, r.personId],
      [org, r.companyId],
      [opp, r.opportunityId],
      [creatorId, r.creatorId],
      [ownerId, r.ownerId],
      [completerId, r.completerId],
      [type, v.type],
      [resetType, v.reset_type],
      [status, v.status]
    ];
    if (checks.some(([want, have]) => want !== void 0 && want !== have)) return void 0;
    if (before && Date.parse(r.dueDate) >= Date.parse(before)) return void 0;
    if (after && Date.parse(r.dueDate) <= Date.parse(after)) return void 0;
    return v;
  });
}
var noteIndex = /* @__PURE__ */ new WeakMap();
function notesOf(store, interactionId) {
  let idx = noteIndex.get(store);
  if (!idx || idx.size !== store.notes.size) {
    const byInteraction = /* @__PURE__ */ new Map();
    for (const n of store.notes.values()) {
      if (!n.interaction) continue;
      const arr = byInteraction.get(n.interaction.id) ?? [];
      arr.push(n.id);
      byInteraction.set(n.interaction.id, arr);
    }
    idx = { size: store.notes.size, byInteraction };
    noteIndex.set(store, idx);
  }
  return idx.byInteraction.get(interactionId) ?? [];
}
function v1Interaction(store, it) {
  const persons2 = it.personIds.map((id) => v1PersonById(store, id)).filter(Boolean);
  const date = v1Date(it.date, it.id);
  const base = { id: it.id, type: INT_BY_KIND[it.kind], date };
  if (it.kind === "email") {
    return {
      ...base,
      subject: it.title,
      from: v1PersonById(store, it.fromPersonId),
      to: persons2,
      cc: it.ccPersonIds.map((id) => v1PersonById(store, id)).filter(Boolean),
      direction: it.direction === "sent" ? 0 : 1
    };
  }
  if (it.kind === "chat-message") {
    return { ...base, direction: it.direction === "sent" ? 0 : 1, manual_creator_id: it.creatorId, persons: persons2, notes: notesOf(store, it.id) };
  }
  return {
    ...base,
    start_time: date,
    end_time: v1Date(it.endTime, it.id),
    updated_at: v1Date(it.updatedAt, it.id),
    title: it.title,
    attendees: it.personIds.map((id) => store.persons.get(id)?.primaryEmailAddress).filter(Boolean),
    manual_creator_id: it.creatorId,
    notes: notesOf(store, it.id),
    persons: persons2
  };
}
function interactionKind(ctx) {
  const t = queryInt(ctx, "type");
  const kind = t === void 0 ? void 0 : KIND_BY_INT[t];
  if (!kind) throw new HttpError(422, "unprocessable-entity", "type is required: 0 meeting, 1 call, 2 chat message, 3 email");
  return kind;
}
function interactions2(ctx) {
  const { store } = ctx;
  const kind = interactionKind(ctx);
  const start = Date.parse(ctx.query.get("start_time") ?? "");
  const end = Date.parse(ctx.query.get("end_time") ?? "");
  if (Number.isNaN(start) || Number.isNaN(end)) throw new HttpError(422, "unprocessable-entity", "start_time and end_time are required (ISO 8601)");
  if (start >= end || end - start > 366 * 864e5)
    throw new HttpError(422, "unprocessable-entity", "start_time must be before end_time and the span at most one year");
  const personId = queryInt(ctx, "person_id");
  const orgId = queryInt(ctx, "organization_id");
  const oppId = queryInt(ctx, "opportunity_id");
  let people;
  if (personId !== void 0) people = /* @__PURE__ */ new Set([personId]);
  else if (orgId !== void 0) people = new Set(store.companies.get(orgId)?.personIds ?? []);
  else if (oppId !== void 0) people = new Set(store.opportunities.get(oppId)?.personIds ?? []);
  else throw new HttpError(422, "unprocessable-entity", "One of person_id, organization_id or opportunity_id is required");
  return v1PageKeys(
    ctx,
    KEY_BY_KIND[kind],
    store.idx.interactions[kind],
    (id) => {
      const it = store.interactions.get(id);
      if (!it) return void 0;
      const t = Date.parse(it.date);
      if (t < start || t >= end) return void 0;
      if (!it.personIds.some((p) => people.has(p)) && !(it.fromPersonId !== null && people.has(it.fromPersonId)) && !it.ccPersonIds.some((p) => people.has(p)))
        return void 0;
      return v1Interaction(store, it);
    },
    100,
    100
  );
}
function v1File(f) {
  return {
    id: f.id,
    name: f.name,
    size: f.size,
    person_id: f.personId,
    organization_id: f.companyId,
    opportunity_id: f.opportunityId,
    uploader_id: f.uploaderId,
    created_at: v1Date(f.createdAt, f.id)
  };
}
function getFile(ctx) {
  const id = idParam(ctx, "id");
  const f = ctx.store.files.get(id);
  if (!f) throw notFound(`File ${id}`);
  return f;
}
function v1Webhook(w) {
  return { id: w.id, webhook_url: w.url, subscriptions: w.subscriptions, disabled: w.status === "disabled", created_by: w.creatorId };
}
var V1_ACTIVITY_ROUTES = [
  { method: "GET", path: "/notes", handler: notes },
  {
    method: "GET",
    path: "/notes/{id}",
    handler: (ctx) => {
      const id = idParam(ctx, "id");
      const n = ctx.store.notes.get(id);
      if (!n) throw notFound(`Note ${id}`);
      return ok(v1Note(n));
    }
  },
  { method: "GET", path: "/reminders", handler: reminders2 },
  {
    method: "GET",
    path: "/reminders/{id}",
    handler: (ctx) => {
      const id = idParam(ctx, "id");
      const r = ctx.store.reminders.get(id);
      if (!r) throw notFound(`Reminder ${id}`);
      return ok(v1Reminder(ctx.store, r));
    }
  },
  { method: "GET", path: "/interactions", handler: interactions2 },
  {
    method: "GET",
    path: "/interactions/{id}",
    handler: (ctx) => {
      const kind = interactionKind(ctx);
      const id = idParam(ctx, "id");
      const it = ctx.store.interactions.get(id);
      if (!it || it.kind !== kind) throw notFound(`Interaction ${id}`);
      return ok(v1Interaction(ctx.store, it));
    }
  },
  {
    method: "GET",
    path: "/entity-files",
    handler: (ctx) => {
      const person2 = queryInt(ctx, "person_id");
      const org = queryInt(ctx, "organization_id");
      const opp = queryInt(ctx, "opportunity_id");
      const scopes = [person2, org, opp].filter((x) => x !== void 0).length;
      if (!ctx.settings.contract.entityFilesUnscoped && scopes !== 1) {
        throw new HttpError(422, "unprocessable-entity", "Exactly one of person_id, organization_id or opportunity_id is required");
      }
      return v1PageKeys(ctx, "entity_files", ctx.store.idx.files, (id) => {
        const f = ctx.store.files.get(id);
        if (!f || person2 !== void 0 && f.personId !== person2 || org !== void 0 && f.companyId !== org || opp !== void 0 && f.opportunityId !== opp)
          return void 0;
        return v1File(f);
      });
    }
  },
  { method: "GET", path: "/entity-files/{id}", handler: (ctx) => ok(v1File(getFile(ctx))) },
  {
    method: "GET",
    path: "/entity-files/download/{id}",
    handler: (ctx) => {
      const f = getFile(ctx);
      return { status: 200, raw: { data: `simulated content of ${f.name}
`, contentType: f.contentType } };
    }
  },
  {
    method: "GET",
    path: "/relationships-strengths",
    handler: (ctx) => {
      const external = queryInt(ctx, "external_id");
      if (external === void 0) throw new HttpError(422, "unprocessable-entity", "external_id is required");
      const internal = queryInt(ctx, "internal_id");
      const users = [...ctx.store.users.keys()].sort((a, b) => a - b).filter((u) => internal === void 0 ? hash32(ctx.store.seed, external, u) % 3 === 0 : u === internal);
      return ok(users.map((u) => ({ internal_id: u, external_id: external, strength: hash32(ctx.store.seed, u, external) % 100 / 100 })));
    }
  },
  { method: "GET", path: "/webhook", handler: (ctx) => ok([...ctx.store.webhooks.values()].sort((a, b) => a.id - b.id).map(v1Webhook)) },
  {
    method: "GET",
    path: "/webhook/{id}",
    handler: (ctx) => {
      const id = idParam(ctx, "id");
      const w = ctx.store.webhooks.get(id);
      if (!w) throw notFound(`Webhook ${id}`);
      return ok(v1Webhook(w));
    }
  },
  {
    method: "GET",
    path: "/auth/whoami",
    handler: (ctx) => {
      const u = whoamiUser(ctx);
      return ok({
        tenant: ctx.store.tenant,
        user: { id: u?.id ?? 1, firstName: u?.firstName ?? "Sim", lastName: u?.lastName ?? null, email: u?.emailAddress ?? "sim@simulated.vc" },
        grant: { type: "api_key", scope: "external_api", createdAt: "2024-01-01T00:00:00.000-05:00" }
      });
    }
  },
  {
    method: "GET",
    path: "/rate-limit",
    handler: (ctx) => {
      const org = ctx.rate.org ?? { limit: null, remaining: null, reset: null, used: 0 };
      return ok({ rate: { org_monthly: org, api_key_per_minute: ctx.rate.user } });
    }
  }
];

// src/simulator/routes/values-input.ts
var READ_ONLY = /* @__PURE__ */ new Set(["formula-number", "interaction", "note", "reminder", "list-multi"]);
function writable(f) {
  return !f.association && f.type !== "relationship-intelligence" && !READ_ONLY.has(f.valueType);
}
function midnightPacific(input) {
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(input);
  if (!m || Number.isNaN(Date.parse(input))) return null;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const nthSunday = (month, n) => {
    const first = new Date(Date.UTC(y, month, 1)).getUTCDay();
    return 1 + (7 - first) % 7 + (n - 1) * 7;
  };
  const day = Date.UTC(y, mo - 1, d);
  const dstStart = Date.UTC(y, 2, nthSunday(2, 2));
  const dstEnd = Date.UTC(y, 10, nthSunday(10, 1));
  const offsetH = day >= dstStart && day < dstEnd ? 7 : 8;
  return new Date(day + offsetH * 36e5).toISOString();
}
function bad(message, iface) {
  return iface === "v2" ? new HttpError(400, "validation", message, "value") : new HttpError(422, "unprocessable-entity", message);
}
function refId(x) {
  if (typeof x === "number" && Number.isSafeInteger(x)) return x;
  if (x && typeof x === "object" && typeof x.id === "number") return x.id;
  return null;
}
function normaliseElement(store, f, el, iface) {
  const base = f.valueType.replace(/-multi$/, "");
  switch (base) {
    case "person":
    case "company": {
      const id = refId(el);
      const exists = id !== null && (base === "person" ? store.persons.has(id) : store.companies.has(id));
      if (!exists) throw bad(`${base} ${String(id ?? JSON.stringify(el))} does not exist`, iface);
      return { id };
    }
    case "dropdown":
    case "ranked-dropdown": {
      const opts = store.options(f);
      let o;
      if (typeof el === "string") o = opts.find((x) => x.text === el);
      else if (typeof el === "number") o = opts.find((x) => x.id === el);
      else if (el && typeof el === "object") {
        const id = el.dropdownOptionId ?? el.id;
        o = opts.find((x) => x.id === id);
      }
      if (!o) throw bad(`not a dropdown option of field ${f.id}: ${JSON.stringify(el)}`, iface);
      return { dropdownOptionId: o.id };
    }
    case "number":
      if (typeof el !== "number" || !Number.isFinite(el)) throw bad(`field ${f.id} takes numbers`, iface);
      return el;
    case "datetime": {
      const v = typeof el === "string" ? midnightPacific(el) : null;
      if (!v) throw bad(`field ${f.id} takes ISO 8601 dates`, iface);
      return v;
    }
    case "location": {
      if (!el || typeof el !== "object") throw bad(`field ${f.id} takes a location object`, iface);
      const o = el;
      const s = (a, b) => typeof o[a] === "string" ? o[a] : typeof o[b] === "string" ? o[b] : null;
      return {
        streetAddress: s("streetAddress", "street_address"),
        city: s("city", "city"),
        state: s("state", "state"),
        country: s("country", "country"),
        continent: s("continent", "continent")
      };
    }
    default:
      if (typeof el !== "string") throw bad(`field ${f.id} takes text`, iface);
      return el;
  }
}
function normaliseV2Value(store, f, input) {
  if (!writable(f)) throw new HttpError(400, "validation", `Field ${f.id} cannot be written`, "fieldId");
  if (input === null || input === void 0) return null;
  if (typeof input !== "object") throw bad("value must be an object {type, data}", "v2");
  const { type, data } = input;
  if (type !== f.valueType) throw bad(`value.type must be "${f.valueType}" for field ${f.id}`, "v2");
  if (data === null || data === void 0) return null;
  if (f.valueType.endsWith("-multi")) {
    if (!Array.isArray(data)) throw bad(`value.data must be an array for ${f.valueType}`, "v2");
    if (data.length === 0) return null;
    const seen = /* @__PURE__ */ new Set();
    const out = data.map((e) => normaliseElement(store, f, e, "v2")).filter((e) => {
      const k = JSON.stringify(e);
      if (seen.has(k)) return false;
      seen.add(k);
      return true;
    });
    return { type: f.valueType, data: out };
  }
  return { type: f.valueType, data: normaliseElement(store, f, data, "v2") };
}

// src/simulator/routes/routes-v2-writes.ts
var SUCCESS = { success: true };
function changer(ctx) {
  return whoamiUser(ctx)?.id ?? null;
}
function entityTarget(kind) {
  return (ctx) => {
    const id = idParam(ctx, kind === "company" ? "companyId" : "personId");
    if (kind === "company") getCompany(ctx, id);
    else getPerson(ctx, id);
    return { entityType: kind, entityId: id, listEntryId: null, fields: ctx.store.fieldsByEntity.get(kind) ?? [] };
  };
}
function entryTarget(ctx) {
  const l = getList(ctx, idParam(ctx, "listId"));
  const e = getEntry(ctx, l.id, idParam(ctx, "listEntryId"));
  return { entityType: e.entityType, entityId: e.entityId, listEntryId: e.id, fields: ctx.store.applicableFields(l.type, l.id) };
}
function writeOne(ctx, t, fieldId, value) {
  const f = t.fields.find((x) => x.id === fieldId && fieldVisible(ctx, x));
  if (!f) throw notFound(`Field ${fieldId}`);
  const v = normaliseV2Value(ctx.store, f, value);
  setCell(ctx.store, {
    field: f,
    entityType: t.entityType,
    entityId: t.entityId,
    listEntryId: f.listId === null ? null : t.listEntryId,
    value: v,
    changerId: changer(ctx)
  });
}
function postField(target) {
  return (ctx) => {
    const t = target(ctx);
    const body = bodyObject(ctx);
    if (!("value" in body)) throw new HttpError(400, "validation", 'Body must be {"value": {"type": \u2026, "data": \u2026}}', "value");
    writeOne(ctx, t, ctx.params.fieldId ?? "", body.value);
    return { status: 204 };
  };
}
function patchFields(target) {
  return (ctx) => {
    const t = target(ctx);
    const body = bodyObject(ctx);
    let updates;
    if (body.operation !== void 0) {
      if (body.operation !== "update-fields" || !Array.isArray(body.updates)) {
        throw new HttpError(400, "validation", 'operation must be "update-fields" with an updates array', "operation");
      }
      updates = body.updates.map((u) => ({ id: String(u.id), value: u.value ?? null }));
    } else {
      updates = Object.entries(body).map(([id, value]) => ({ id, value }));
    }
    if (updates.length > 100) throw new HttpError(400, "validation", "At most 100 updates per request", "updates");
    for (const u of updates) writeOne(ctx, t, u.id, u.value);
    return ok({ operation: "update-fields" });
  };
}
function ids(v) {
  return Array.isArray(v) ? v.filter((x) => typeof x === "number" && Number.isSafeInteger(x)) : [];
}
function html(content) {
  if (typeof content === "string") return content;
  if (content && typeof content === "object" && typeof content.html === "string") return content.html;
  throw new HttpError(400, "validation", "content is required", "content");
}
function createNote(ctx) {
  const b = bodyObject(ctx);
  const { store } = ctx;
  const parentId = typeof b.parentId === "number" ? b.parentId : null;
  if (parentId !== null && store.notes.get(parentId)?.parentId !== null) throw new HttpError(400, "validation", "parentId must be a root note", "parentId");
  const now = store.now();
  const n = {
    id: store.allocId("note"),
    type: parentId === null ? "entities" : "user-reply",
    parentId,
    contentHtml: html(b.content),
    creatorId: changer(ctx) ?? 0,
    personIds: parentId === null ? ids(b.personIds).filter((id) => store.persons.has(id)) : [],
    companyIds: parentId === null ? ids(b.companyIds).filter((id) => store.companies.has(id)) : [],
    opportunityIds: parentId === null ? ids(b.opportunityIds).filter((id) => store.opportunities.has(id)) : [],
    mentionedPersonIds: [],
    interaction: null,
    transcriptId: null,
    createdAt: now,
    updatedAt: null
  };
  store.addNote(n);
  return ok(renderNoteV2(ctx, n), 201);
}
function getNote2(ctx) {
  const id = idParam(ctx, "noteId");
  const n = ctx.store.notes.get(id);
  if (!n) throw notFound(`Note ${id}`);
  return n;
}
function reminderFromBody(ctx, b, prev) {
  const { store } = ctx;
  const type = b.type ?? prev?.type ?? "one-time";
  if (type !== "one-time" && type !== "recurring") throw new HttpError(400, "validation", "type must be one-time or recurring", "type");
  const due = typeof b.dueDate === "string" ? b.dueDate : prev?.dueDate;
  if (!due || Number.isNaN(Date.parse(due))) throw new HttpError(400, "validation", "dueDate is required (ISO 8601)", "dueDate");
  const owner = typeof b.ownerId === "number" ? b.ownerId : prev?.ownerId ?? changer(ctx) ?? 0;
  const num2 = (k, p) => typeof b[k] === "number" ? b[k] : p ?? null;
  const now = store.now();
  return {
    id: prev?.id ?? store.allocId("reminder"),
    type,
    content: typeof b.content === "string" ? b.content : prev?.content ?? "",
    dueDate: new Date(Date.parse(due)).toISOString(),
    createdAt: prev?.createdAt ?? now,
    updatedAt: prev ? now : null,
    creatorId: prev?.creatorId ?? changer(ctx) ?? owner,
    ownerId: owner,
    completerId: prev?.completerId ?? null,
    completedAt: prev?.completedAt ?? null,
    resetType: type === "recurring" ? b.resetType ?? prev?.resetType ?? "interaction" : null,
    reminderDays: type === "recurring" ? num2("reminderDays", prev?.reminderDays) ?? 30 : null,
    status: prev?.status ?? (Date.parse(due) > Date.now() ? "active" : "overdue"),
    personId: num2("personId", prev?.personId),
    companyId: num2("companyId", prev?.companyId),
    opportunityId: num2("opportunityId", prev?.opportunityId)
  };
}
function merge2(kind) {
  return (ctx) => {
    const b = bodyObject(ctx);
    const [pk, dk] = kind === "company" ? ["primaryCompanyId", "duplicateCompanyId"] : ["primaryPersonId", "duplicatePersonId"];
    const primary = b[pk];
    const dup = b[dk];
    if (typeof primary !== "number" || typeof dup !== "number") throw new HttpError(400, "validation", `${pk} and ${dk} are required integers`, pk);
    try {
      const m = mergeEntities(ctx.store, kind, primary, dup);
      return ok({ taskUrl: `${ctx.baseUrl}/v2/tasks/${kind}-merges/${m.taskId}` }, 202);
    } catch (err) {
      if (err instanceof MergeError) throw new HttpError(400, "validation", err.message, pk);
      throw err;
    }
  };
}
var V2_WRITE_ROUTES = [
  { method: "POST", path: "/v2/companies/{companyId}/fields/{fieldId}", handler: postField(entityTarget("company")) },
  { method: "PATCH", path: "/v2/companies/{companyId}/fields", handler: patchFields(entityTarget("company")) },
  { method: "POST", path: "/v2/persons/{personId}/fields/{fieldId}", handler: postField(entityTarget("person")) },
  { method: "PATCH", path: "/v2/persons/{personId}/fields", handler: patchFields(entityTarget("person")) },
  { method: "POST", path: "/v2/lists/{listId}/list-entries/{listEntryId}/fields/{fieldId}", handler: postField(entryTarget) },
  { method: "PATCH", path: "/v2/lists/{listId}/list-entries/{listEntryId}/fields", handler: patchFields(entryTarget) },
  { method: "POST", path: "/v2/notes", handler: createNote },
  {
    method: "POST",
    path: "/v2/notes/{noteId}",
    handler: (ctx) => {
      const n = getNote2(ctx);
      n.contentHtml = html(bodyObject(ctx).content);
      n.updatedAt = ctx.store.now();
      return ok(renderNoteV2(ctx, n));
    }
  },
  {
    method: "DELETE",
    path: "/v2/notes/{noteId}",
    handler: (ctx) => {
      ctx.store.removeNote(getNote2(ctx).id);
      return ok(SUCCESS);
    }
  },
  {
    method: "POST",
    path: "/v2/reminders",
    handler: (ctx) => {
      const r = reminderFromBody(ctx, bodyObject(ctx));
      ctx.store.addReminder(r);
      return ok(renderReminderV2(ctx.store, r), 201);
    }
  },
  {
    method: "POST",
    path: "/v2/reminders/{reminderId}",
    from: "2026-09-17",
    handler: (ctx) => {
      const id = idParam(ctx, "reminderId");
      const prev = ctx.store.reminders.get(id);
      if (!prev) throw notFound(`Reminder ${id}`);
      const b = bodyObject(ctx);
      if (b.type !== void 0 && b.type !== prev.type)
        throw new HttpError(400, "validation", "The reminder type can be changed only through the older interface", "type");
      const r = reminderFromBody(ctx, b, prev);
      ctx.store.reminders.set(id, r);
      return ok(renderReminderV2(ctx.store, r));
    }
  },
  {
    method: "DELETE",
    path: "/v2/reminders/{reminderId}",
    from: "2026-07-15",
    handler: (ctx) => {
      const id = idParam(ctx, "reminderId");
      if (!ctx.store.removeReminder(id)) throw notFound(`Reminder ${id}`);
      return ok(SUCCESS);
    }
  },
  {
    method: "POST",
    path: "/v2/webhooks",
    from: "2026-07-15",
    handler: (ctx) => {
      const b = bodyObject(ctx);
      if (typeof b.url !== "string") throw new HttpError(400, "validation", "url is required", "url");
      if ([...ctx.store.webhooks.values()].some((w2) => w2.url === b.url)) throw new HttpError(409, "conflict", "A webhook with this url exists");
      const w = {
        id: ctx.store.allocId("webhook"),
        url: b.url,
        subscriptions: Array.isArray(b.subscriptions) ? b.subscriptions.map(String) : [],
        status: "active",
        creatorId: changer(ctx) ?? 0,
        createdAt: ctx.store.now(),
        updatedAt: null
      };
      ctx.store.addWebhook(w);
      return ok(renderWebhookV2(w), 201);
    }
  },
  {
    method: "POST",
    path: "/v2/webhooks/{webhookId}",
    from: "2026-07-15",
    handler: (ctx) => {
      const id = idParam(ctx, "webhookId");
      const w = ctx.store.webhooks.get(id);
      if (!w) throw notFound(`Webhook ${id}`);
      const b = bodyObject(ctx);
      if (typeof b.url === "string") w.url = b.url;
      if (Array.isArray(b.subscriptions)) w.subscriptions = b.subscriptions.map(String);
      if (b.status === "active" || b.status === "disabled") w.status = b.status;
      w.updatedAt = ctx.store.now();
      return ok(renderWebhookV2(w));
    }
  },
  {
    method: "DELETE",
    path: "/v2/webhooks/{webhookId}",
    from: "2026-07-15",
    handler: (ctx) => {
      if (!ctx.store.webhooks.delete(idParam(ctx, "webhookId"))) throw notFound("Webhook");
      return ok(SUCCESS);
    }
  },
  { method: "POST", path: "/v2/company-merges", handler: merge2("company") },
  { method: "POST", path: "/v2/person-merges", handler: merge2("person") }
];

// src/simulator/routes/routes-v2-search.ts
function term2(ctx, required) {
  const b = bodyObject(ctx);
  for (const k of ["filters", "sorts"]) {
    const v = b[k];
    const empty = v === void 0 || v === null || Array.isArray(v) && v.length === 0;
    if (!empty) throw new HttpError(400, "validation", `Search ${k} are not supported by the simulator; send search.term only.`, k);
  }
  const s = b.search;
  const t = typeof s?.term === "string" ? s.term : typeof b.query === "string" ? b.query : typeof b.term === "string" ? b.term : null;
  if (t === null) {
    if (required) throw new HttpError(400, "validation", "search.term is required", "search.term");
    return null;
  }
  if (t.trim().length < 3) throw new HttpError(400, "validation", "search.term must have at least 3 characters", "search.term");
  return t.trim().toLowerCase();
}
var created = (r) => ({ ...r, status: 201 });
function entryName(ctx, e) {
  const s = ctx.store;
  if (e.entityType === "company") return s.companies.get(e.entityId)?.name ?? "";
  if (e.entityType === "opportunity") return s.opportunities.get(e.entityId)?.name ?? "";
  const p = s.persons.get(e.entityId);
  return p ? `${p.firstName} ${p.lastName ?? ""}` : "";
}
var V2_SEARCH_ROUTES = [
  {
    method: "POST",
    path: "/v2/companies/search",
    handler: (ctx) => {
      const t = term2(ctx, false);
      return created(
        pageKeys(
          ctx,
          ctx.store.idx.companies,
          (id) => {
            const c = ctx.store.companies.get(id);
            if (!c || !listedOnV2(ctx, "company", id)) return void 0;
            if (t && !c.name.toLowerCase().includes(t) && !c.domains.some((d) => d.includes(t))) return void 0;
            return renderCompany(ctx, c, null);
          },
          100
        )
      );
    }
  },
  {
    method: "POST",
    path: "/v2/persons/search",
    handler: (ctx) => {
      const t = term2(ctx, false);
      return created(
        pageKeys(
          ctx,
          ctx.store.idx.persons,
          (id) => {
            const p = ctx.store.persons.get(id);
            if (!p || !listedOnV2(ctx, "person", id)) return void 0;
            if (t && !`${p.firstName} ${p.lastName ?? ""}`.toLowerCase().includes(t) && !p.emailAddresses.some((e) => e.includes(t))) return void 0;
            return renderPerson(ctx, p, null);
          },
          100
        )
      );
    }
  },
  {
    method: "POST",
    path: "/v2/lists/{listId}/list-entries/search",
    handler: (ctx) => {
      const l = getList(ctx, idParam(ctx, "listId"));
      const t = term2(ctx, false);
      const seq = ctx.store.entriesByList.get(l.id);
      if (!seq) return created({ status: 200, body: { data: [], pagination: { prevUrl: null, nextUrl: null } } });
      return created(
        pageKeys(
          ctx,
          seq,
          (id) => {
            const e = ctx.store.listEntries.get(id);
            if (!e || t && !entryName(ctx, e).toLowerCase().includes(t)) return void 0;
            return renderEntryWithEntity(ctx, e, null);
          },
          100
        )
      );
    }
  },
  {
    method: "POST",
    path: "/v2/notes/search",
    handler: (ctx) => {
      const t = term2(ctx, false);
      return created(
        pageKeys(
          ctx,
          ctx.store.idx.rootNotes,
          (id) => {
            const n = ctx.store.notes.get(id);
            if (!n || t && !n.contentHtml.toLowerCase().includes(t)) return void 0;
            return renderNoteV2(ctx, n);
          },
          20
        )
      );
    }
  },
  {
    method: "POST",
    path: "/v2/files/search",
    handler: (ctx) => {
      const t = term2(ctx, false);
      return created(
        pageKeys(
          ctx,
          ctx.store.idx.files,
          (id) => {
            const f = ctx.store.files.get(id);
            if (!f || t && !f.name.toLowerCase().includes(t)) return void 0;
            return renderFileV2(ctx.store, f);
          },
          100
        )
      );
    }
  },
  {
    method: "POST",
    path: "/v2/semantic-search",
    handler: (ctx) => {
      const t = term2(ctx, true);
      return created(
        pageKeys(
          ctx,
          ctx.store.idx.companies,
          (id) => {
            const c = ctx.store.companies.get(id);
            if (!c || !c.name.toLowerCase().includes(t)) return void 0;
            return { type: "company", company: companyData(ctx.store, id), score: 1, persons: c.personIds.slice(0, 3).map((p) => personData(ctx.store, p)) };
          },
          20
        )
      );
    }
  }
];

// src/simulator/routes/routes-more-writes.ts
var SUCCESS2 = { success: true };
var me = (ctx) => whoamiUser(ctx)?.id ?? 0;
function listField(ctx) {
  const l = getList(ctx, idParam(ctx, "listId"));
  const f = ctx.store.applicableFields(l.type, l.id).find((x) => x.id === ctx.params.fieldId);
  if (!f || !["dropdown", "dropdown-multi", "ranked-dropdown"].includes(f.valueType)) throw notFound(`Dropdown field ${ctx.params.fieldId ?? ""}`);
  return f;
}
function optionPatch(b) {
  const color = typeof b.color === "string" ? DROPDOWN_COLORS.indexOf(b.color) : typeof b.color === "number" ? b.color : -1;
  return {
    text: typeof b.text === "string" ? b.text : void 0,
    rank: typeof b.rank === "number" ? b.rank : void 0,
    color: color >= 0 ? color : void 0
  };
}
var KINDS = { 0: "meeting", 1: "call", 2: "chat-message", 3: "email" };
function interactionById(ctx) {
  const id = idParam(ctx, "id");
  const t = Number(ctx.query.get("type") ?? bodyObject(ctx).type);
  const it = ctx.store.interactions.get(id);
  if (!it || KINDS[t] !== it.kind) throw notFound(`Interaction ${id} of type ${String(t)}`);
  return it;
}
function upload(ctx) {
  const raw = typeof ctx.body?.raw === "string" ? ctx.body.raw : JSON.stringify(ctx.body ?? {});
  const field = (name2) => {
    const m = new RegExp(`name="${name2}"\\r?\\n\\r?\\n(\\d+)`).exec(raw) ?? new RegExp(`"${name2}"\\s*:\\s*(\\d+)`).exec(raw);
    return m ? Number(m[1]) : null;
  };
  const name = /filename="([^"]+)"/.exec(raw)?.[1] ?? /"name"\s*:\s*"([^"]+)"/.exec(raw)?.[1] ?? "upload.bin";
  const f = {
    id: ctx.store.allocId("file"),
    name,
    size: raw.length,
    contentType: "application/octet-stream",
    personId: field("person_id"),
    companyId: field("organization_id"),
    opportunityId: field("opportunity_id"),
    uploaderId: me(ctx),
    createdAt: ctx.store.now()
  };
  if (f.personId === null && f.companyId === null && f.opportunityId === null)
    throw new HttpError(422, "unprocessable-entity", "person_id, organization_id or opportunity_id is required");
  ctx.store.addFile(f);
  return ok(SUCCESS2);
}
var MORE_WRITE_ROUTES = [
  { method: "POST", path: "/v2/feedback", handler: () => ({ status: 204 }) },
  {
    method: "POST",
    path: "/v2/lists",
    handler: (ctx) => {
      const b = bodyObject(ctx);
      if (typeof b.name !== "string" || !["company", "person", "opportunity"].includes(String(b.type)) || typeof b.isPublic !== "boolean") {
        throw new HttpError(400, "validation", "name, type (company|person|opportunity) and isPublic are required", "name");
      }
      const l = {
        id: ctx.store.allocId("list"),
        name: b.name,
        type: b.type,
        isPublic: b.isPublic,
        ownerId: me(ctx),
        creatorId: me(ctx),
        createdAt: ctx.store.now()
      };
      ctx.store.addList(l);
      return ok(renderList(ctx, l), 201);
    }
  },
  {
    method: "POST",
    path: "/v2/lists/{listId}/fields/{fieldId}/dropdown-options",
    handler: (ctx) => {
      const f = listField(ctx);
      const p = optionPatch(bodyObject(ctx));
      if (!p.text) throw new HttpError(400, "validation", "text is required", "text");
      const opts = ctx.store.options(f);
      const o = { id: ctx.store.allocId("dropdownOption"), text: p.text, rank: p.rank ?? opts.length + 1, color: p.color ?? 0 };
      ctx.store.dropdownOptions.set(f.key, [...opts, o]);
      return ok(renderOption(f, o), 201);
    }
  },
  {
    method: "POST",
    path: "/v2/lists/{listId}/fields/{fieldId}/dropdown-options/{dropdownOptionId}",
    handler: (ctx) => {
      const f = listField(ctx);
      const id = idParam(ctx, "dropdownOptionId");
      const o = ctx.store.options(f).find((x) => x.id === id);
      if (!o) throw notFound(`Dropdown option ${id}`);
      const p = optionPatch(bodyObject(ctx));
      if (p.text !== void 0) o.text = p.text;
      if (p.rank !== void 0) o.rank = p.rank;
      if (p.color !== void 0) o.color = p.color;
      return ok(renderOption(f, o));
    }
  },
  {
    method: "DELETE",
    path: "/v2/lists/{listId}/fields/{fieldId}/dropdown-options/{dropdownOptionId}",
    handler: (ctx) => {
      const f = listField(ctx);
      const id = idParam(ctx, "dropdownOptionId");
      const opts = ctx.store.options(f);
      if (!opts.some((x) => x.id === id)) throw notFound(`Dropdown option ${id}`);
      ctx.store.dropdownOptions.set(
        f.key,
        opts.filter((x) => x.id !== id)
      );
      return ok(SUCCESS2);
    }
  },
  {
    method: "DELETE",
    path: "/fields/{id}",
    handler: (ctx) => {
      const f = ctx.store.fieldByV1Id(idParam(ctx, "id"));
      if (!f) throw notFound("Field");
      ctx.store.removeField(f);
      return ok(SUCCESS2);
    }
  },
  {
    method: "POST",
    path: "/interactions",
    handler: (ctx) => {
      const b = bodyObject(ctx);
      const kind = typeof b.type === "number" ? KINDS[b.type] : void 0;
      const persons2 = Array.isArray(b.person_ids) ? b.person_ids.filter((x) => typeof x === "number" && ctx.store.persons.has(x)) : [];
      if (!kind || persons2.length === 0 || typeof b.date !== "string" || Number.isNaN(Date.parse(b.date))) {
        throw new HttpError(422, "unprocessable-entity", "type (0-3), person_ids and date are required");
      }
      const now = ctx.store.now();
      const it = {
        id: ctx.store.allocId("interaction"),
        kind,
        title: typeof b.content === "string" ? b.content.slice(0, 80) : null,
        date: new Date(Date.parse(b.date)).toISOString(),
        endTime: null,
        allDay: false,
        direction: b.direction === 1 ? "received" : "sent",
        loggingType: "manual",
        creatorId: me(ctx),
        fromPersonId: kind === "email" ? me(ctx) : null,
        personIds: persons2,
        ccPersonIds: [],
        externalEmails: [],
        createdAt: now,
        updatedAt: null
      };
      ctx.store.addInteraction(it);
      return ok(v1Interaction(ctx.store, it));
    }
  },
  {
    method: "PUT",
    path: "/interactions/{id}",
    handler: (ctx) => {
      const it = interactionById(ctx);
      const b = bodyObject(ctx);
      if (typeof b.content === "string") it.title = b.content.slice(0, 80);
      it.updatedAt = ctx.store.now();
      return ok(v1Interaction(ctx.store, it));
    }
  },
  {
    method: "DELETE",
    path: "/interactions/{id}",
    handler: (ctx) => {
      const it = interactionById(ctx);
      ctx.store.interactions.delete(it.id);
      ctx.store.idx.interactions[it.kind].remove(it.id);
      return ok(SUCCESS2);
    }
  },
  { method: "POST", path: "/entity-files", handler: upload }
];

// src/simulator/routes/routes-v1-writes.ts
var SUCCESS3 = { success: true };
var unprocessable = (m) => new HttpError(422, "unprocessable-entity", m);
function hide(ctx, kind, id) {
  if (ctx.settings.createLagMs > 0) ctx.store.hide(kind, id, ctx.nowMs + ctx.settings.createLagMs);
}
function str(b, k, required) {
  const v = b[k];
  if (v === void 0 || v === null) {
    if (required) throw unprocessable(`${k} is required`);
    return void 0;
  }
  if (typeof v !== "string") throw unprocessable(`${k} must be a string`);
  return v;
}
function idList(b, k) {
  const v = b[k];
  if (v === void 0 || v === null) return void 0;
  if (!Array.isArray(v) || !v.every((x) => typeof x === "number" && Number.isSafeInteger(x))) throw unprocessable(`${k} must be an array of ids`);
  return v;
}
function orgFull(ctx, id) {
  const c = getCompany(ctx, id);
  return {
    ...v1Org(c),
    person_ids: c.personIds,
    opportunity_ids: c.opportunityIds,
    list_entries: ctx.store.entriesOf("company", id).map((e) => v1Entry(ctx.store, e, false))
  };
}
function personFull(ctx, id) {
  const p = getPerson(ctx, id);
  return {
    ...v1Person(p),
    organization_ids: p.companyIds,
    opportunity_ids: p.opportunityIds,
    current_organization_ids: p.currentCompanyIds,
    list_entries: ctx.store.entriesOf("person", id).map((e) => v1Entry(ctx.store, e, false))
  };
}
function postOrganization(ctx) {
  const b = bodyObject(ctx);
  const c = createCompany(ctx.store, {
    name: str(b, "name", true),
    domain: str(b, "domain", false) ?? null,
    personIds: idList(b, "person_ids") ?? []
  });
  hide(ctx, "company", c.id);
  return ok(orgFull(ctx, c.id));
}
function putOrganization(ctx) {
  const c = getCompany(ctx, idParam(ctx, "id"));
  const b = bodyObject(ctx);
  const name = str(b, "name", false);
  const domain = str(b, "domain", false);
  if (c.isGlobal && (name !== void 0 || domain !== void 0)) throw unprocessable("The name and domain of a global organization cannot be changed");
  if (name !== void 0) c.name = name;
  if (domain !== void 0) {
    c.domain = domain;
    c.domains = [domain, ...c.domains.filter((d) => d !== domain)];
  }
  const persons2 = idList(b, "person_ids");
  if (persons2) setCompanyPersons(ctx.store, c, persons2);
  return ok(orgFull(ctx, c.id));
}
function postPerson(ctx) {
  const b = bodyObject(ctx);
  const emails = Array.isArray(b.emails) ? b.emails.filter((e) => typeof e === "string") : [];
  const p = createPerson(ctx.store, {
    firstName: str(b, "first_name", true),
    lastName: str(b, "last_name", false) ?? null,
    emails,
    companyIds: idList(b, "organization_ids") ?? []
  });
  hide(ctx, "person", p.id);
  return ok(personFull(ctx, p.id));
}
function putPerson(ctx) {
  const p = getPerson(ctx, idParam(ctx, "id"));
  const b = bodyObject(ctx);
  const first = str(b, "first_name", false);
  const last = str(b, "last_name", false);
  if (first !== void 0) p.firstName = first;
  if (last !== void 0) p.lastName = last;
  if (Array.isArray(b.emails)) {
    p.emailAddresses = b.emails.filter((e) => typeof e === "string");
    p.primaryEmailAddress = p.emailAddresses[0] ?? null;
  }
  const orgs = idList(b, "organization_ids");
  if (orgs) setPersonCompanies(ctx.store, p, orgs);
  return ok(personFull(ctx, p.id));
}
function postOpportunity(ctx) {
  const b = bodyObject(ctx);
  const name = str(b, "name", true);
  const listId = b.list_id;
  if (typeof listId !== "number") throw unprocessable("list_id is required");
  const l = ctx.store.lists.get(listId);
  if (!l || l.type !== "opportunity") throw unprocessable(`list ${listId} is not an opportunity list`);
  const { opportunity, entry: entry2 } = createOpportunity(ctx.store, {
    name,
    listId,
    personIds: idList(b, "person_ids") ?? [],
    companyIds: idList(b, "organization_ids") ?? idList(b, "company_ids") ?? [],
    creatorId: whoamiUser(ctx)?.id ?? null
  });
  hide(ctx, "opportunity", opportunity.id);
  hide(ctx, "listEntry", entry2.id);
  return ok(v1Opportunity(ctx.store, opportunity, true));
}
function putOpportunity(ctx) {
  const o = getOpportunity(ctx, idParam(ctx, "id"));
  const b = bodyObject(ctx);
  const name = str(b, "name", false);
  if (name !== void 0) o.name = name;
  setOpportunityAssociations(ctx.store, o, idList(b, "person_ids"), idList(b, "organization_ids") ?? idList(b, "company_ids"));
  return ok(v1Opportunity(ctx.store, o, true));
}
function postListEntry(ctx) {
  const l = getList(ctx, idParam(ctx, "listId"));
  const b = bodyObject(ctx);
  const entityId = b.entity_id;
  if (typeof entityId !== "number") throw unprocessable("entity_id is required");
  if (l.type === "opportunity") throw unprocessable("Opportunities are added to their list by POST /opportunities");
  const exists = l.type === "company" ? ctx.store.companies.has(entityId) : ctx.store.persons.has(entityId);
  if (!exists) throw unprocessable(`${l.type === "company" ? "organization" : "person"} ${entityId} does not exist`);
  const creator = typeof b.creator_id === "number" ? b.creator_id : whoamiUser(ctx)?.id ?? null;
  const e = addListEntry(ctx.store, l.id, l.type, entityId, creator);
  hide(ctx, "listEntry", e.id);
  return ok(v1Entry(ctx.store, e, true));
}
function cellFor(ctx, f, entityId, listEntryId) {
  if (f.listId === null) {
    const map = f.entityType === "company" ? ctx.store.companies : f.entityType === "person" ? ctx.store.persons : ctx.store.opportunities;
    if (!map.has(entityId)) throw unprocessable(`entity ${entityId} does not exist`);
    return { entityType: f.entityType, entityId, listEntryId: null };
  }
  const entries2 = ctx.store.entriesOf(f.entityType, entityId).filter((e) => e.listId === f.listId);
  const entry2 = typeof listEntryId === "number" ? entries2.find((e) => e.id === listEntryId) : entries2.length === 1 ? entries2[0] : void 0;
  if (!entry2) throw unprocessable(`list_entry_id is required and must be an entry of entity ${entityId} on list ${String(f.listId)}`);
  return { entityType: f.entityType, entityId, listEntryId: entry2.id };
}
function changerId(ctx) {
  return whoamiUser(ctx)?.id ?? null;
}
function postFieldValue(ctx) {
  const b = bodyObject(ctx);
  const f = typeof b.field_id === "number" ? ctx.store.fieldByV1Id(b.field_id) : void 0;
  if (!f || !v1Visible(f) || !writable(f)) throw unprocessable("field_id must name a writable field");
  if (typeof b.entity_id !== "number") throw unprocessable("entity_id is required");
  const cell = cellFor(ctx, f, b.entity_id, b.list_entry_id);
  const el = normaliseElement(ctx.store, f, b.value, "v1");
  const rowKey = cell.listEntryId ?? cell.entityId;
  const current = elements(getCell(ctx.store, f, rowKey));
  let next;
  if (isMulti(f)) {
    const data = current.some((x) => JSON.stringify(x) === JSON.stringify(el)) ? current : [...current, el];
    if (data.length > MAX_V1_ELEMENTS) throw unprocessable("too many values in one cell");
    next = { type: f.valueType, data };
  } else {
    next = { type: f.valueType, data: el };
  }
  setCell(ctx.store, { field: f, ...cell, value: next, changerId: changerId(ctx) });
  const key = JSON.stringify(el);
  const index2 = elements(getCell(ctx.store, f, rowKey)).findIndex((x) => JSON.stringify(x) === key);
  const fvId = v1FieldValueId(f, rowKey, Math.max(0, index2));
  return ok(v1CellValues(ctx.store, f, cell.entityType, cell.entityId, cell.listEntryId).find((r) => r.id === fvId) ?? null);
}
function editFieldValue(ctx, remove) {
  const id = idParam(ctx, "id");
  const dec = decodeV1FieldValueId(ctx.store, id);
  if (!dec) throw notFound(`Field value ${id}`);
  const { field: f, rowKey, elem } = dec;
  const els = elements(getCell(ctx.store, f, rowKey));
  if (elem >= els.length) throw notFound(`Field value ${id}`);
  let entityType = f.entityType;
  let entityId = rowKey;
  let listEntryId = null;
  if (f.listId !== null) {
    const e = ctx.store.listEntries.get(rowKey);
    if (!e) throw notFound(`Field value ${id}`);
    entityType = e.entityType;
    entityId = e.entityId;
    listEntryId = e.id;
  }
  let data;
  if (remove) data = els.filter((_, i) => i !== elem);
  else {
    const b = bodyObject(ctx);
    if (!("value" in b)) throw unprocessable("value is required");
    const el = normaliseElement(ctx.store, f, b.value, "v1");
    data = els.map((x, i) => i === elem ? el : x);
  }
  const value = data.length === 0 ? null : { type: f.valueType, data: isMulti(f) ? data : data[0] };
  setCell(ctx.store, { field: f, entityType, entityId, listEntryId, value, changerId: changerId(ctx) });
  if (remove) return ok(SUCCESS3);
  return ok(v1CellValues(ctx.store, f, entityType, entityId, listEntryId).find((r) => r.id === id) ?? null);
}
var V1_WRITE_ROUTES = [
  { method: "POST", path: "/organizations", handler: postOrganization },
  { method: "PUT", path: "/organizations/{id}", handler: putOrganization },
  {
    method: "DELETE",
    path: "/organizations/{id}",
    handler: (ctx) => {
      const c = getCompany(ctx, idParam(ctx, "id"));
      if (c.isGlobal) throw unprocessable("Global organizations cannot be deleted");
      deleteCompany(ctx.store, c.id);
      return ok(SUCCESS3);
    }
  },
  { method: "POST", path: "/persons", handler: postPerson },
  { method: "PUT", path: "/persons/{id}", handler: putPerson },
  {
    method: "DELETE",
    path: "/persons/{id}",
    handler: (ctx) => {
      deletePerson(ctx.store, getPerson(ctx, idParam(ctx, "id")).id);
      return ok(SUCCESS3);
    }
  },
  { method: "POST", path: "/opportunities", handler: postOpportunity },
  { method: "PUT", path: "/opportunities/{id}", handler: putOpportunity },
  {
    method: "DELETE",
    path: "/opportunities/{id}",
    handler: (ctx) => {
      deleteOpportunity(ctx.store, getOpportunity(ctx, idParam(ctx, "id")).id);
      return ok(SUCCESS3);
    }
  },
  { method: "POST", path: "/lists/{listId}/list-entries", handler: postListEntry },
  {
    method: "DELETE",
    path: "/lists/{listId}/list-entries/{entryId}",
    handler: (ctx) => {
      const l = getList(ctx, idParam(ctx, "listId"));
      const id = idParam(ctx, "entryId");
      const e = ctx.store.listEntries.get(id);
      if (!e || e.listId !== l.id) throw notFound(`List entry ${id}`);
      deleteListEntry(ctx.store, id);
      return ok(SUCCESS3);
    }
  },
  { method: "POST", path: "/field-values", handler: postFieldValue },
  { method: "PUT", path: "/field-values/{id}", handler: (ctx) => editFieldValue(ctx, false) },
  { method: "DELETE", path: "/field-values/{id}", handler: (ctx) => editFieldValue(ctx, true) }
];

// src/simulator/routes/routes-v1-writes-activity.ts
var SUCCESS4 = { success: true };
var unprocessable2 = (m) => new HttpError(422, "unprocessable-entity", m);
var me2 = (ctx) => whoamiUser(ctx)?.id ?? 0;
function ids2(b, k) {
  const v = b[k];
  return Array.isArray(v) ? v.filter((x) => typeof x === "number" && Number.isSafeInteger(x)) : [];
}
function postNote(ctx) {
  const { store } = ctx;
  const b = bodyObject(ctx);
  if (typeof b.content !== "string") throw unprocessable2("content is required");
  const parentId = typeof b.parent_id === "number" ? b.parent_id : null;
  if (parentId !== null && store.notes.get(parentId)?.parentId !== null) throw unprocessable2("parent_id must name a root note");
  const n = {
    id: store.allocId("note"),
    type: parentId === null ? "entities" : "user-reply",
    parentId,
    contentHtml: b.content,
    creatorId: typeof b.creator_id === "number" ? b.creator_id : me2(ctx),
    personIds: parentId === null ? ids2(b, "person_ids").filter((id) => store.persons.has(id)) : [],
    companyIds: parentId === null ? ids2(b, "organization_ids").filter((id) => store.companies.has(id)) : [],
    opportunityIds: parentId === null ? ids2(b, "opportunity_ids").filter((id) => store.opportunities.has(id)) : [],
    mentionedPersonIds: [],
    interaction: null,
    transcriptId: null,
    createdAt: store.now(),
    updatedAt: null
  };
  store.addNote(n);
  if (ctx.settings.createLagMs > 0) store.hide("note", n.id, ctx.nowMs + ctx.settings.createLagMs);
  return ok(v1Note(n));
}
function putNote(ctx) {
  const id = idParam(ctx, "id");
  const n = ctx.store.notes.get(id);
  if (!n) throw notFound(`Note ${id}`);
  const b = bodyObject(ctx);
  if (typeof b.content === "string") n.contentHtml = b.content;
  if (n.parentId === null && (b.person_ids || b.organization_ids || b.opportunity_ids)) {
    const before = noteEntityKeys(n);
    if (b.person_ids) n.personIds = ids2(b, "person_ids");
    if (b.organization_ids) n.companyIds = ids2(b, "organization_ids");
    if (b.opportunity_ids) n.opportunityIds = ids2(b, "opportunity_ids");
    ctx.store.reindexNote(n, before);
  }
  n.updatedAt = ctx.store.now();
  return ok(v1Note(n));
}
var RESET = ["interaction", "email", "meeting"];
function reminderFrom(ctx, b, prev) {
  const { store } = ctx;
  const typeInt = typeof b.type === "number" ? b.type : prev ? prev.type === "one-time" ? 0 : 1 : void 0;
  if (typeInt !== 0 && typeInt !== 1) throw unprocessable2("type is required: 0 one-time, 1 recurring");
  const owner = typeof b.owner_id === "number" ? b.owner_id : prev?.ownerId;
  if (owner === void 0) throw unprocessable2("owner_id is required");
  const due = typeof b.due_date === "string" ? b.due_date : prev?.dueDate;
  if (typeInt === 0 && (!due || Number.isNaN(Date.parse(due)))) throw unprocessable2("due_date is required for one-time reminders");
  const recurring = typeInt === 1;
  const resetInt = typeof b.reset_type === "number" ? b.reset_type : void 0;
  const num2 = (k, p) => typeof b[k] === "number" ? b[k] : p ?? null;
  const now = store.now();
  const dueIso = due ? new Date(Date.parse(due)).toISOString() : now;
  return {
    id: prev?.id ?? store.allocId("reminder"),
    type: recurring ? "recurring" : "one-time",
    content: typeof b.content === "string" ? b.content : prev?.content ?? "",
    dueDate: dueIso,
    createdAt: prev?.createdAt ?? now,
    updatedAt: prev ? now : null,
    creatorId: prev?.creatorId ?? me2(ctx),
    ownerId: owner,
    completerId: prev?.completerId ?? null,
    completedAt: prev?.completedAt ?? null,
    resetType: recurring ? resetInt !== void 0 ? RESET[resetInt] ?? "interaction" : prev?.resetType ?? "interaction" : null,
    reminderDays: recurring ? num2("reminder_days", prev?.reminderDays) ?? 30 : null,
    status: prev?.status ?? (Date.parse(dueIso) > Date.now() ? "active" : "overdue"),
    personId: num2("person_id", prev?.personId),
    companyId: num2("organization_id", prev?.companyId),
    opportunityId: num2("opportunity_id", prev?.opportunityId)
  };
}
var V1_VALUE_TYPES = {
  0: "person",
  1: "company",
  2: "dropdown",
  3: "number",
  4: "datetime",
  5: "location",
  6: "text",
  7: "ranked-dropdown"
};
function postField2(ctx) {
  const { store } = ctx;
  const b = bodyObject(ctx);
  if (typeof b.name !== "string") throw unprocessable2("name is required");
  const entityType = typeof b.entity_type === "number" ? INT_ENTITY[b.entity_type] : void 0;
  const base = typeof b.value_type === "number" ? V1_VALUE_TYPES[b.value_type] : void 0;
  if (!entityType || !base) throw unprocessable2("entity_type (0, 1, 8) and value_type (0-7) are required");
  const listId = typeof b.list_id === "number" ? b.list_id : null;
  if (listId !== null && store.lists.get(listId)?.type !== entityType) throw unprocessable2("list_id must be a list of that entity type");
  const multi2 = b.allows_multiple === true && base !== "text" && base !== "datetime" && base !== "ranked-dropdown";
  const valueType = multi2 ? `${base}-multi` : base;
  const n = store.allocId("field");
  const ordinal = Math.max(0, ...store.fieldsByOrdinal.keys()) + 1;
  const f = {
    key: `field-${n}`,
    id: `field-${n}`,
    v1Id: n,
    name: b.name,
    type: listId === null ? "global" : "list",
    entityType,
    listId,
    valueType,
    allowsMultiple: multi2,
    trackChanges: b.track_changes === true,
    enrichmentSource: null,
    association: false,
    ordinal,
    createdAt: store.now()
  };
  store.addField(f);
  if (base === "dropdown" || base === "ranked-dropdown") store.dropdownOptions.set(f.key, []);
  return ok(v1Field(store, f, true));
}
var V1_WRITE_ACTIVITY_ROUTES = [
  { method: "POST", path: "/notes", handler: postNote },
  { method: "PUT", path: "/notes/{id}", handler: putNote },
  {
    method: "DELETE",
    path: "/notes/{id}",
    handler: (ctx) => {
      if (!ctx.store.removeNote(idParam(ctx, "id"))) throw notFound("Note");
      return ok(SUCCESS4);
    }
  },
  {
    method: "POST",
    path: "/reminders",
    handler: (ctx) => {
      const r = reminderFrom(ctx, bodyObject(ctx));
      ctx.store.addReminder(r);
      if (ctx.settings.createLagMs > 0) ctx.store.hide("reminder", r.id, ctx.nowMs + ctx.settings.createLagMs);
      return ok(v1Reminder(ctx.store, r));
    }
  },
  {
    method: "PUT",
    path: "/reminders/{id}",
    handler: (ctx) => {
      const id = idParam(ctx, "id");
      const prev = ctx.store.reminders.get(id);
      if (!prev) throw notFound(`Reminder ${id}`);
      const r = reminderFrom(ctx, bodyObject(ctx), prev);
      ctx.store.reminders.set(id, r);
      return ok(v1Reminder(ctx.store, r));
    }
  },
  {
    method: "DELETE",
    path: "/reminders/{id}",
    handler: (ctx) => {
      if (!ctx.store.removeReminder(idParam(ctx, "id"))) throw notFound("Reminder");
      return ok(SUCCESS4);
    }
  },
  {
    method: "POST",
    path: "/webhook/subscribe",
    handler: (ctx) => {
      const b = bodyObject(ctx);
      if (typeof b.webhook_url !== "string") throw unprocessable2("webhook_url is required");
      if (ctx.store.webhooks.size >= 3) throw unprocessable2("At most 3 webhook subscriptions per instance");
      const w = {
        id: ctx.store.allocId("webhook"),
        url: b.webhook_url,
        subscriptions: Array.isArray(b.subscriptions) ? b.subscriptions.map(String) : [],
        status: "active",
        creatorId: me2(ctx),
        createdAt: ctx.store.now(),
        updatedAt: null
      };
      ctx.store.addWebhook(w);
      return ok(v1Webhook(w));
    }
  },
  {
    method: "PUT",
    path: "/webhook/{id}",
    handler: (ctx) => {
      const id = idParam(ctx, "id");
      const w = ctx.store.webhooks.get(id);
      if (!w) throw notFound(`Webhook ${id}`);
      const b = bodyObject(ctx);
      if (typeof b.webhook_url === "string") w.url = b.webhook_url;
      if (Array.isArray(b.subscriptions)) w.subscriptions = b.subscriptions.map(String);
      if (typeof b.disabled === "boolean") w.status = b.disabled ? "disabled" : "active";
      w.updatedAt = ctx.store.now();
      return ok(v1Webhook(w));
    }
  },
  {
    method: "DELETE",
    path: "/webhook/{id}",
    handler: (ctx) => {
      if (!ctx.store.webhooks.delete(idParam(ctx, "id"))) throw notFound("Webhook");
      return ok(SUCCESS4);
    }
  },
  { method: "POST", path: "/fields", handler: postField2 },
  {
    method: "POST",
    path: "/lists",
    handler: (ctx) => {
      const b = bodyObject(ctx);
      if (typeof b.name !== "string" || typeof b.type !== "number" || !INT_ENTITY[b.type] || typeof b.is_public !== "boolean") {
        throw unprocessable2("name, type (0, 1, 8) and is_public are required");
      }
      const owner = typeof b.owner_id === "number" ? b.owner_id : me2(ctx);
      const l = {
        id: ctx.store.allocId("list"),
        name: b.name,
        type: INT_ENTITY[b.type],
        isPublic: b.is_public,
        ownerId: owner,
        creatorId: me2(ctx),
        createdAt: ctx.store.now()
      };
      ctx.store.addList(l);
      return ok(v1List(ctx.store, l));
    }
  }
];

// src/simulator/routes/routes.ts
var ALL_ROUTES = [
  ...V2_ENTITY_ROUTES,
  ...V2_LIST_ROUTES,
  ...V2_NOTE_ROUTES,
  ...V2_ACTIVITY_ROUTES,
  ...V2_MISC_ROUTES,
  ...V1_ENTITY_ROUTES,
  ...V1_ACTIVITY_ROUTES,
  ...V2_WRITE_ROUTES,
  ...V2_SEARCH_ROUTES,
  ...V1_WRITE_ROUTES,
  ...V1_WRITE_ACTIVITY_ROUTES,
  ...MORE_WRITE_ROUTES
];

// src/simulator/http/auth.ts
import { timingSafeEqual } from "node:crypto";
function same(a, b) {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}
function checkAuth(header, iface, apiKey) {
  if (!header) return { ok: false, message: "No API key was provided (send Authorization: Bearer <key>)." };
  const m = /^(\w+)\s+(.+)$/.exec(header.trim());
  if (!m) return { ok: false, message: "The Authorization header is malformed." };
  const scheme = m[1].toLowerCase();
  const value = m[2].trim();
  if (scheme === "bearer") {
    return same(value, apiKey) ? { ok: true } : { ok: false, message: "The API key is not valid." };
  }
  if (scheme === "basic") {
    if (iface === "v2") return { ok: false, message: "The /v2 API accepts Bearer authentication only." };
    let decoded;
    try {
      decoded = Buffer.from(value, "base64").toString("utf8");
    } catch {
      return { ok: false, message: "The Basic credentials are malformed." };
    }
    const i = decoded.indexOf(":");
    const user = i < 0 ? decoded : decoded.slice(0, i);
    const password = i < 0 ? "" : decoded.slice(i + 1);
    if (user === "" && same(password, apiKey)) return { ok: true };
    return { ok: false, message: "The API key is not valid (Basic: empty user name, key as the password)." };
  }
  return { ok: false, message: `Unsupported authorization scheme "${m[1]}".` };
}

// src/simulator/http/params.ts
var PAGE = ["limit", "cursor"];
var V1_PAGE = ["page_size", "page_token"];
var FIELD_SELECT = ["fieldIds", "fieldTypes", "field_ids", "field_types"];
var V1_WITH = ["with_interaction_dates", "with_interaction_persons", "with_opportunities"];
var V1_SCOPE = ["person_id", "organization_id", "opportunity_id"];
var NOTES = [...PAGE, "filter", "totalCount"];
var ROUTE_PARAMS = {
  // ---- /v2 (OpenAPI parameters unless noted) ----
  "GET /v2/auth/whoami": [],
  // The seed, docs/contract.md §S12, lists a `filter` on /v2/companies; docs/contract.md §7.2 says "**No filter, sort or updated-since
  // parameters.**" and the OpenAPI file has none: the stingier document wins in both profiles.
  "GET /v2/companies": [...PAGE, "ids", ...FIELD_SELECT],
  "GET /v2/persons": [...PAGE, "ids", ...FIELD_SELECT],
  "GET /v2/companies/{companyId}": FIELD_SELECT,
  "GET /v2/persons/{personId}": FIELD_SELECT,
  // OpenAPI: cursor, limit; the seed, docs/contract.md §S12: "optional `field_types` filter".
  "GET /v2/companies/fields": [...PAGE, "fieldTypes", "field_types"],
  "GET /v2/persons/fields": [...PAGE, "fieldTypes", "field_types"],
  "GET /v2/companies/fields/{fieldId}/dropdown-options": PAGE,
  "GET /v2/persons/fields/{fieldId}/dropdown-options": PAGE,
  // docs/contract.md §7.4: "`GET …/list-entries/{listEntryId}/fields` (`ids`, `types`, paged, default 20)"; the same family on companies/persons.
  "GET /v2/companies/{companyId}/fields": [...PAGE, "ids", "types"],
  "GET /v2/persons/{personId}/fields": [...PAGE, "ids", "types"],
  "GET /v2/companies/{companyId}/fields/{fieldId}": [],
  "GET /v2/persons/{personId}/fields/{fieldId}": [],
  "GET /v2/companies/{companyId}/fields/{fieldId}/values": PAGE,
  "GET /v2/persons/{personId}/fields/{fieldId}/values": PAGE,
  "GET /v2/companies/{companyId}/list-entries": PAGE,
  "GET /v2/persons/{personId}/list-entries": PAGE,
  "GET /v2/companies/{companyId}/lists": PAGE,
  "GET /v2/persons/{personId}/lists": PAGE,
  "GET /v2/companies/{companyId}/notes": NOTES,
  "GET /v2/persons/{personId}/notes": NOTES,
  "GET /v2/opportunities/{opportunityId}/notes": NOTES,
  "GET /v2/companies/{companyId}/relationships": PAGE,
  "GET /v2/persons/{personId}/relationships": PAGE,
  "GET /v2/opportunities": [...PAGE, "ids"],
  "GET /v2/opportunities/{opportunityId}": [],
  "GET /v2/lists": PAGE,
  "GET /v2/lists/{listId}": [],
  "GET /v2/lists/{listId}/fields": PAGE,
  "GET /v2/lists/{listId}/fields/{fieldId}/dropdown-options": PAGE,
  "GET /v2/lists/{listId}/fields/{fieldId}/dropdown-options/{dropdownOptionId}": [],
  "GET /v2/lists/{listId}/list-entries": [...PAGE, ...FIELD_SELECT],
  "GET /v2/lists/{listId}/list-entries/{listEntryId}": FIELD_SELECT,
  "GET /v2/lists/{listId}/list-entries/{listEntryId}/fields": [...PAGE, "ids", "types"],
  "GET /v2/lists/{listId}/list-entries/{listEntryId}/fields/{fieldId}": [],
  "GET /v2/lists/{listId}/list-entries/{listEntryId}/fields/{fieldId}/values": PAGE,
  "GET /v2/lists/{listId}/list-entries/{listEntryId}/field-value-changes": PAGE,
  "GET /v2/lists/{listId}/saved-views": PAGE,
  "GET /v2/lists/{listId}/saved-views/{viewId}": [],
  "GET /v2/lists/{listId}/saved-views/{viewId}/list-entries": PAGE,
  "GET /v2/notes": [...NOTES, "includes"],
  "GET /v2/notes/{noteId}": ["includes"],
  "GET /v2/notes/{noteId}/attached-companies": [...PAGE, "totalCount"],
  "GET /v2/notes/{noteId}/attached-persons": [...PAGE, "totalCount"],
  "GET /v2/notes/{noteId}/attached-opportunities": [...PAGE, "totalCount"],
  "GET /v2/notes/{noteId}/replies": NOTES,
  // OpenAPI: cursor, limit, filter; docs/contract.md §7.8: calls and chat messages "analogous".
  "GET /v2/emails": [...PAGE, "filter"],
  "GET /v2/meetings": [...PAGE, "filter"],
  "GET /v2/calls": [...PAGE, "filter"],
  "GET /v2/chat-messages": [...PAGE, "filter"],
  "GET /v2/meetings/{meetingId}": [],
  // docs/contract.md §7.9: "`GET /v2/field-value-changes?filter=…&orderBy=changedAt|-changedAt&cursor=&limit=`".
  "GET /v2/field-value-changes": [...PAGE, "filter", "orderBy"],
  // Neither document describes a reminders filter; docs/contract.md §4: totalCount on "later reminders/webhooks/search".
  "GET /v2/reminders": [...PAGE, "totalCount"],
  "GET /v2/reminders/{reminderId}": [],
  // docs/contract.md §7.1 lists the transcript routes only; no filter is described.
  "GET /v2/transcripts": PAGE,
  "GET /v2/transcripts/{transcriptId}": [],
  "GET /v2/transcripts/{transcriptId}/fragments": PAGE,
  "GET /v2/files": PAGE,
  "GET /v2/files/{fileId}": [],
  "GET /v2/rate-limit": [],
  "GET /v2/users": PAGE,
  "GET /v2/users/{userId}": [],
  "GET /v2/teams": PAGE,
  "GET /v2/teams/{teamId}": [],
  "GET /v2/teams/{teamId}/members": PAGE,
  "GET /v2/teams/{teamId}/accessible-lists": PAGE,
  "GET /v2/webhooks": [...PAGE, "totalCount"],
  "GET /v2/webhooks/{webhookId}": [],
  "GET /v2/company-merges": [...PAGE, "filter"],
  "GET /v2/person-merges": [...PAGE, "filter"],
  "GET /v2/company-merges/{mergeId}": [],
  "GET /v2/person-merges/{mergeId}": [],
  "GET /v2/tasks/company-merges": [...PAGE, "filter"],
  "GET /v2/tasks/person-merges": [...PAGE, "filter"],
  "GET /v2/tasks/company-merges/{taskId}": [],
  "GET /v2/tasks/person-merges/{taskId}": [],
  "GET /v2/duplicates/company-suggestions": PAGE,
  "GET /v2/duplicates/person-suggestions": PAGE,
  // Seed lists these beta routes without parameters ("Payload shapes … not shown"); the simulator needs a subject.
  "GET /v2/inferred-connections/coworkers": [...PAGE, "personId", "companyId"],
  "GET /v2/inferred-connections/investor-executive-connections": [...PAGE, "personId", "companyId"],
  // ---- older interface (docs/contract.md §6) ----
  "GET /auth/whoami": [],
  "GET /rate-limit": [],
  "GET /organizations": ["term", ...V1_WITH, ...V1_PAGE],
  "GET /organizations/{id}": V1_WITH,
  "GET /persons": ["term", ...V1_WITH, "with_current_organizations", ...V1_PAGE],
  "GET /persons/{id}": [...V1_WITH, "with_current_organizations"],
  // docs/contract.md §6.3 / the seed, docs/contract.md §S12: "`term` (optional string; when absent all are returned), `page_size` …, `page_token`".
  "GET /opportunities": ["term", ...V1_PAGE],
  "GET /opportunities/{id}": [],
  "GET /organizations/fields": [],
  "GET /persons/fields": [],
  "GET /fields": ["list_id", "value_type", "entity_type", "exclude_dropdown_options"],
  "GET /lists": [],
  "GET /lists/{listId}": [],
  "GET /lists/{listId}/list-entries": V1_PAGE,
  "GET /lists/{listId}/list-entries/{entryId}": [],
  // docs/contract.md §6.6: "needs **exactly one** of `person_id`, `organization_id`, `opportunity_id`, `list_entry_id`".
  "GET /field-values": [...V1_SCOPE, "list_entry_id"],
  // docs/contract.md §6.7: "`field_id` (**required**), `action_type` (0/1/2), and entity scope …"; the SDK-only
  // extras (`changed_after`, `limit`, `order_by`, `after_id`) are "Treat as unverified": refused.
  "GET /field-value-changes": ["field_id", "action_type", ...V1_SCOPE, "list_entry_id"],
  "GET /notes": [...V1_SCOPE, "creator_id", ...V1_PAGE],
  "GET /notes/{id}": [],
  "GET /reminders": [...V1_SCOPE, "creator_id", "owner_id", "completer_id", "type", "reset_type", "status", "due_before", "due_after", ...V1_PAGE],
  "GET /reminders/{id}": [],
  "GET /interactions": ["type", "start_time", "end_time", ...V1_SCOPE, ...V1_PAGE],
  "GET /interactions/{id}": ["type"],
  "GET /entity-files": [...V1_SCOPE, ...V1_PAGE],
  "GET /entity-files/{id}": [],
  "GET /entity-files/download/{id}": [],
  // The seed, docs/contract.md §S11: "filtered by a person identifier".
  "GET /relationships-strengths": ["external_id", "internal_id"],
  "GET /webhook": [],
  "GET /webhook/{id}": []
};
function checkParams(iface, method, routePath, query) {
  if (method !== "GET") return;
  const allowed = ROUTE_PARAMS[`${method} ${routePath}`];
  if (!allowed) throw new Error(`simulator: no parameter list for ${method} ${routePath}`);
  for (const name of new Set(query.keys())) {
    if (allowed.includes(name)) continue;
    const message = `Unsupported query parameter "${name}" for ${method} ${routePath}${allowed.length ? `; supported: ${allowed.join(", ")}` : ""}.`;
    throw iface === "v2" ? new HttpError(400, "validation", message, name) : new HttpError(422, "unprocessable-entity", message);
  }
}

// src/simulator/server.ts
var MONTHLY_EXEMPT = /* @__PURE__ */ new Set(["/rate-limit", "/v2/rate-limit", "/auth/whoami", "/v2/auth/whoami"]);
var router = new Router(ALL_ROUTES);
var SimServer = class {
  constructor(store, limiter, faults, opts) {
    this.store = store;
    this.limiter = limiter;
    this.faults = faults;
    this.opts = opts;
    this.server = createServer((req, res) => {
      void this.handle(req, res).catch((err) => {
        opts.log?.error({ err }, "simulator request failed");
        if (!res.headersSent) res.writeHead(500, ["Content-Type", "application/json"]);
        res.end('{"errors":[{"code":"server","message":"internal simulator error"}]}');
      });
    });
    this.server.keepAliveTimeout = 5e3;
  }
  store;
  limiter;
  faults;
  opts;
  server;
  stats = { requests: 0, byEndpoint: /* @__PURE__ */ new Map(), rateLimited: 0 };
  baseUrl = "";
  timers = /* @__PURE__ */ new Set();
  /** Cancel pending slow bodies and latency waits (used by close()). */
  clearTimers() {
    for (const t of this.timers) clearTimeout(t);
    this.timers.clear();
  }
  later(ms) {
    return new Promise((resolve) => {
      const t = setTimeout(() => {
        this.timers.delete(t);
        resolve();
      }, ms);
      this.timers.add(t);
    });
  }
  async handle(req, res) {
    const started = Date.now();
    this.stats.requests += 1;
    const url = new URL(req.url ?? "/", "http://127.0.0.1");
    const path = url.pathname.length > 1 ? url.pathname.replace(/\/+$/, "") : url.pathname;
    const iface = path === "/v2" || path.startsWith("/v2/") ? "v2" : "v1";
    const method = (req.method ?? "GET").toUpperCase();
    const bodyText = await readBody(req);
    const { settings } = this.opts;
    const extra = [];
    let rate = this.limiter.state("", started);
    const send = (reply2, fault2 = null) => this.write(req, res, iface, reply2, rate, extra, fault2, started, method, path);
    const fail = (err) => send({ status: err.status, body: errorBody(iface, err) });
    const auth = checkAuth(req.headers.authorization, iface, settings.apiKey);
    if (!auth.ok) {
      this.count(`${method} (unauthenticated)`);
      return fail(new HttpError(401, "authentication", auth.message));
    }
    let version = settings.defaultApiVersion;
    if (iface === "v2") {
      const v = headerValue(req.headers["x-affinity-api-version"]);
      if (v !== void 0) {
        const resolved = v.trim().toLowerCase() === "current" ? CURRENT_VERSION : v.trim();
        if (!KNOWN_VERSIONS.includes(resolved)) {
          this.count(`${method} (bad version)`);
          return fail(new HttpError(400, "validation", `The provided version: '${v}' is not valid.`, "X-Affinity-Api-Version"));
        }
        version = resolved;
      }
      extra.push(["x-affinity-api-version", version]);
    }
    const taken = this.limiter.take(settings.apiKey, started, !MONTHLY_EXEMPT.has(path));
    rate = taken.state;
    const matches = router.match(path);
    const match = matches.find((m) => m.def.method === method);
    this.count(match ? `${method} ${match.def.path}` : `${method} (unmatched)`);
    if (!taken.allowed) {
      this.stats.rateLimited += 1;
      if (this.opts.retryAfter === "seconds") extra.push(["Retry-After", String(taken.retryAfterS)]);
      if (this.opts.retryAfter === "http-date") extra.push(["Retry-After", new Date(started + taken.retryAfterS * 1e3).toUTCString()]);
      return fail(new HttpError(429, "rate-limit", "Rate limit exceeded; retry after the window resets."));
    }
    if (!match || match.def.from !== void 0 && version < match.def.from) {
      if (!match && matches.length > 0) return fail(new HttpError(405, "method-not-allowed", `${method} is not allowed on ${path}`));
      return send(routeMissing(method, path));
    }
    const denied = deniedBy(settings.deny, method, match.def.path, path);
    if (denied) return denied.status === 404 ? send(routeMissing(method, path)) : fail(new HttpError(denied.status, "authorization", denied.message));
    let body;
    if ((req.headers["content-type"] ?? "").startsWith("multipart/form-data")) {
      body = { raw: bodyText };
    } else if (bodyText.length > 0) {
      try {
        body = JSON.parse(bodyText);
      } catch {
        return fail(new HttpError(400, "bad-request", "The request body is not valid JSON."));
      }
    }
    const ctx = {
      store: this.store,
      settings,
      iface,
      method,
      path,
      params: match.params,
      query: url.searchParams,
      body,
      version,
      baseUrl: this.baseUrl,
      cursorPos: void 0,
      nowMs: started,
      rate
    };
    const fault = method === "GET" ? this.faults.draw() : null;
    if (fault === "5xx") {
      const status = this.faults.coin() ? 500 : 503;
      return send({
        status,
        body: errorBody(iface, new HttpError(status, "server", status === 500 ? "Internal server error (simulated)" : "Service unavailable (simulated)"))
      });
    }
    if (fault === "html") return send({ status: 502, raw: { data: HTML_502, contentType: "text/html; charset=utf-8" } });
    if (fault === "reset") {
      if (this.opts.latencyMs > 0) await this.later(this.opts.latencyMs);
      const sock = req.socket;
      if (typeof sock.resetAndDestroy === "function") sock.resetAndDestroy();
      else sock.destroy();
      this.opts.log?.info({ method, path, fault }, "simulated connection reset");
      return;
    }
    let reply;
    try {
      if (iface === "v2") {
        const cursor = url.searchParams.get("cursor");
        if (cursor !== null && cursor !== "") {
          const dec = decodeCursor(cursor, path, started, settings.cursorTtlMs);
          const q = dec.query;
          for (const key of new Set(url.searchParams.keys())) {
            if (key === "cursor") continue;
            q.delete(key);
            for (const v of url.searchParams.getAll(key)) q.append(key, v);
          }
          ctx.query = q;
          ctx.cursorPos = dec.pos;
        }
      }
      checkParams(iface, method, match.def.path, ctx.query);
      reply = match.def.handler(ctx);
      this.opts.deliveries?.afterWrite(match.def.path, ctx, reply);
    } catch (err) {
      if (err instanceof HttpError) reply = { status: err.status, body: errorBody(iface, err) };
      else {
        this.opts.log?.error({ err, method, path }, "simulator handler error");
        reply = { status: 500, body: errorBody(iface, new HttpError(500, "server", "internal simulator error")) };
      }
    }
    return send(reply, fault);
  }
  count(key) {
    this.stats.byEndpoint.set(key, (this.stats.byEndpoint.get(key) ?? 0) + 1);
  }
  async write(req, res, iface, reply, rate, extra, fault, started, method, path) {
    let data;
    let contentType;
    if (reply.raw) {
      data = Buffer.isBuffer(reply.raw.data) ? reply.raw.data : Buffer.from(reply.raw.data);
      contentType = reply.raw.contentType;
    } else if (reply.body === void 0 || reply.status === 204) {
      data = Buffer.alloc(0);
      contentType = "application/json";
    } else {
      data = Buffer.from(JSON.stringify(reply.body));
      contentType = "application/json; charset=utf-8";
    }
    if (fault === "malformed") data = data.subarray(0, Math.max(1, Math.floor(data.length / 2)));
    if (this.opts.latencyMs > 0) await this.later(this.opts.latencyMs);
    if (res.destroyed) return;
    const headers = ["Content-Type", contentType, "Content-Length", String(data.length)];
    for (const [k, v] of rateHeaders(rate, iface)) headers.push(k, v);
    for (const [k, v] of extra) headers.push(k, v);
    res.writeHead(reply.status, headers);
    if (fault === "slow" && data.length > 1) {
      const half = Math.floor(data.length / 2);
      res.write(data.subarray(0, half));
      await this.later(this.opts.slowPauseMs);
      if (!res.destroyed) res.end(data.subarray(half));
    } else {
      res.end(data);
    }
    this.opts.log?.info({ method, path, status: reply.status, ms: Date.now() - started, fault, iface }, "simulator request");
    void req;
  }
};
function headerValue(v) {
  return Array.isArray(v) ? v[0] : v;
}
function readBody(req) {
  return new Promise((resolve, reject) => {
    const chunks = [];
    let size = 0;
    req.on("data", (c) => {
      size += c.length;
      if (size > 10 * 1024 * 1024) {
        reject(new Error("request body too large"));
        req.destroy();
        return;
      }
      chunks.push(c);
    });
    req.on("end", () => resolve(Buffer.concat(chunks).toString("utf8")));
    req.on("error", reject);
  });
}

// src/simulator/webhooks/webhook-events.ts
var replied = (type) => (_ctx, reply) => reply.body && typeof reply.body === "object" && !Array.isArray(reply.body) ? { type, body: reply.body } : null;
var num = (s) => s !== void 0 && /^\d+$/.test(s) ? Number(s) : null;
var deleted = (type, param) => (ctx) => {
  const id = num(ctx.params[param]);
  return id === null ? null : { type, body: { id } };
};
var fieldWrite = (target) => (ctx) => {
  const p = ctx.params;
  const id = num(p.companyId ?? p.personId ?? p.listEntryId);
  if (id === null) return null;
  const body = target === "entry" ? { list_entry_id: id, entity_id: null } : { entity_id: id, list_entry_id: null };
  return { type: "field_value.updated", body: { ...body, field_id: p.fieldId ?? null } };
};
var TABLE = {
  "POST /organizations": replied("organization.created"),
  "PUT /organizations/{id}": replied("organization.updated"),
  "DELETE /organizations/{id}": deleted("organization.deleted", "id"),
  "POST /persons": replied("person.created"),
  "PUT /persons/{id}": replied("person.updated"),
  "DELETE /persons/{id}": deleted("person.deleted", "id"),
  "POST /opportunities": replied("opportunity.created"),
  "PUT /opportunities/{id}": replied("opportunity.updated"),
  "DELETE /opportunities/{id}": deleted("opportunity.deleted", "id"),
  "POST /lists/{listId}/list-entries": replied("list_entry.created"),
  "DELETE /lists/{listId}/list-entries/{entryId}": (ctx) => {
    const id = num(ctx.params.entryId);
    return id === null ? null : { type: "list_entry.deleted", body: { id, list_id: num(ctx.params.listId) } };
  },
  "POST /field-values": replied("field_value.created"),
  "PUT /field-values/{id}": replied("field_value.updated"),
  "DELETE /field-values/{id}": deleted("field_value.deleted", "id"),
  "POST /notes": replied("note.created"),
  "PUT /notes/{id}": replied("note.updated"),
  "DELETE /notes/{id}": deleted("note.deleted", "id"),
  "POST /v2/companies/{companyId}/fields/{fieldId}": fieldWrite("company"),
  "PATCH /v2/companies/{companyId}/fields": fieldWrite("company"),
  "POST /v2/persons/{personId}/fields/{fieldId}": fieldWrite("person"),
  "PATCH /v2/persons/{personId}/fields": fieldWrite("person"),
  "POST /v2/lists/{listId}/list-entries/{listEntryId}/fields/{fieldId}": fieldWrite("entry"),
  "PATCH /v2/lists/{listId}/list-entries/{listEntryId}/fields": fieldWrite("entry"),
  "POST /v2/company-merges": (ctx) => {
    const b = ctx.body ?? {};
    return {
      type: "organization.merged",
      body: { changer: null, removed_company: { id: b.duplicateCompanyId }, company: { id: b.primaryCompanyId }, merged_at: ctx.store.now() }
    };
  }
};
function eventOf(routePath, ctx, reply) {
  if (ctx.method === "GET" || reply.status < 200 || reply.status >= 300) return null;
  return TABLE[`${ctx.method} ${routePath}`]?.(ctx, reply) ?? null;
}
function deliveryBody(e, contract, nowMs) {
  if (contract === "reference") return JSON.stringify({ type: e.type, body: e.body, sent_at: Math.floor(nowMs / 1e3) });
  const id = e.body.id ?? e.body.entity_id ?? e.body.list_entry_id;
  return JSON.stringify({
    event: e.type.replace("organization", "company"),
    occurredAt: new Date(nowMs).toISOString(),
    resource: { ref: id === void 0 ? null : String(id) }
  });
}

// src/simulator/webhooks/webhook-deliveries.ts
var DELIVERY_ATTEMPTS = 10;
var DELIVERY_RETRY_BASE_MS = 5;
var ATTEMPT_TIMEOUT_MS = 5e3;
var WebhookDeliveries = class {
  constructor(store, contract, seed, retryBaseMs = DELIVERY_RETRY_BASE_MS) {
    this.store = store;
    this.contract = contract;
    this.retryBaseMs = retryBaseMs;
    this.rng = new Rng((seed ^ 15401157) >>> 0);
  }
  store;
  contract;
  retryBaseMs;
  stats = { fired: 0, delivered: 0, dropped: 0, retried: 0, failed: 0, disabled: 0 };
  dropShare = 0;
  rng;
  inFlight = /* @__PURE__ */ new Set();
  closed = false;
  setDrop(share) {
    this.dropShare = share;
  }
  /** Called by the server after every handled request: fires the write's event, if any. */
  afterWrite(routePath, ctx, reply) {
    if (this.closed) return;
    const event = eventOf(routePath, ctx, reply);
    if (event) this.fire(event);
  }
  fire(event) {
    for (const w of this.store.webhooks.values()) {
      if (w.status !== "active" || !wants(w, event.type) || !onLoopback(w.url)) continue;
      this.stats.fired += 1;
      if (this.dropShare > 0 && this.rng.next() < this.dropShare) {
        this.stats.dropped += 1;
        continue;
      }
      const p = this.deliver(w, deliveryBody(event, this.contract, this.store.clock())).finally(() => this.inFlight.delete(p));
      this.inFlight.add(p);
    }
  }
  /** Resolves once every delivery in flight (retries included) has ended. */
  async idle() {
    while (this.inFlight.size > 0) await Promise.allSettled([...this.inFlight]);
  }
  close() {
    this.closed = true;
  }
  async deliver(w, body) {
    for (let attempt = 0; attempt < DELIVERY_ATTEMPTS; attempt += 1) {
      if (attempt > 0) {
        this.stats.retried += 1;
        await new Promise((r) => setTimeout(r, this.retryBaseMs * 2 ** (attempt - 1)));
      }
      if (this.closed || w.status !== "active") return;
      try {
        const res = await fetch(w.url, {
          method: "POST",
          headers: { "content-type": "application/json" },
          body,
          signal: AbortSignal.timeout(ATTEMPT_TIMEOUT_MS)
        });
        await res.arrayBuffer();
        if (res.status >= 200 && res.status < 300) {
          this.stats.delivered += 1;
          return;
        }
      } catch {
      }
    }
    this.stats.failed += 1;
    w.status = "disabled";
    w.updatedAt = this.store.now();
    this.stats.disabled += 1;
  }
};
function wants(w, type) {
  return w.subscriptions.length === 0 || w.subscriptions.includes(type);
}
function onLoopback(url) {
  try {
    const u = new URL(url);
    return u.protocol === "http:" && (u.hostname === "127.0.0.1" || u.hostname === "localhost");
  } catch {
    return false;
  }
}

// src/simulator/index.ts
var SIMULATOR_DEFAULT_KEY = "sim-key";
function nonNegInt(name, v, def, min = 0) {
  if (v === void 0) return def;
  if (!Number.isInteger(v) || v < min) throw new Error(`${name} must be an integer >= ${min} (got ${String(v)})`);
  return v;
}
async function startSimulator(opts = {}) {
  const seed = nonNegInt("seed", opts.seed, 1);
  const port = nonNegInt("port", opts.port, 0);
  const perMin = nonNegInt("rateLimitPerMin", opts.rateLimitPerMin, 900, 1);
  const monthly = opts.monthlyLimit === null ? null : nonNegInt("monthlyLimit", opts.monthlyLimit, 1e5);
  const faultSpec = parseFaults(opts.faults ?? "");
  const contract = contractProfile(opts.contract);
  const deny = parseDeny(opts.deny);
  let version = opts.defaultApiVersion ?? "2024-01-01";
  if (version === "current") version = CURRENT_VERSION;
  if (!KNOWN_VERSIONS.includes(version)) throw new Error(`defaultApiVersion must be one of ${KNOWN_VERSIONS.join(", ")} or current`);
  const apiKey = opts.apiKey ?? SIMULATOR_DEFAULT_KEY;
  if (apiKey === "") throw new Error("apiKey must not be empty");
  resolveScale(opts.scale);
  const store = generateStore(seed, opts.scale ?? "small");
  if (opts.edgeValues) applyEdgeValues(store);
  const limiter = new RateLimiter(perMin, monthly);
  const faults = new FaultInjector(faultSpec, seed);
  const log = opts.logRequests ? createLogger().child({ component: "simulator" }) : null;
  const deliveries = new WebhookDeliveries(store, contract.name, seed);
  deliveries.setDrop(faultSpec["webhook-drop"] ?? 0);
  const sim = new SimServer(store, limiter, faults, {
    settings: {
      apiKey,
      contract,
      deny,
      createLagMs: nonNegInt("createLagMs", opts.createLagMs, 300),
      defaultApiVersion: version,
      cursorTtlMs: nonNegInt("cursorTtlMs", opts.cursorTtlMs, 15 * 6e4, 1),
      maxPageSize: opts.maxPageSize === void 0 ? null : nonNegInt("maxPageSize", opts.maxPageSize, 100, 1),
      edgeValues: opts.edgeValues === true
    },
    latencyMs: nonNegInt("latencyMs", opts.latencyMs, 0),
    slowPauseMs: nonNegInt("slowPauseMs", opts.slowPauseMs, SLOW_PAUSE_MS),
    retryAfter: opts.retryAfter ?? "seconds",
    log,
    deliveries
  });
  await new Promise((resolve, reject) => {
    sim.server.once("error", reject);
    sim.server.listen(port, "127.0.0.1", () => {
      sim.server.off("error", reject);
      resolve();
    });
  });
  const actual = sim.server.address().port;
  const url = `http://127.0.0.1:${actual}`;
  sim.baseUrl = url;
  let closed = null;
  return {
    url,
    port: actual,
    apiKey,
    store,
    stats: sim.stats,
    contract: contract.name,
    setDeny: (spec) => {
      const next = parseDeny(spec);
      deny.clear();
      for (const p of next) deny.add(p);
    },
    setFaults: (spec) => {
      const parsed = parseFaults(spec);
      faults.set(parsed);
      deliveries.setDrop(parsed["webhook-drop"] ?? 0);
    },
    webhooks: deliveries,
    setLatency: (ms) => {
      sim.opts.latencyMs = nonNegInt("latencyMs", ms, 0);
    },
    setRateLimit: (n) => limiter.setPerMinute(nonNegInt("rateLimitPerMin", n, 900, 1)),
    resetRateWindow: () => limiter.resetWindows(),
    close: () => {
      closed ??= new Promise((resolve) => {
        deliveries.close();
        sim.clearTimers();
        sim.server.close(() => resolve());
        sim.server.closeAllConnections();
      });
      return closed;
    }
  };
}

export {
  PERMISSIONS,
  CONTRACT_NAMES,
  startSimulator
};
