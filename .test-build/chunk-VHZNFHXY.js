import { createRequire as relsyncCreateRequire } from 'node:module';
const require = relsyncCreateRequire(import.meta.url);
import {
  WAREHOUSE,
  parseCheckpoint,
  parseColumn,
  readCheckpoint,
  sql
} from "./chunk-C4J6S7LO.js";
import {
  DEFAULT_COLD_SHARE_SLACK,
  DEFAULT_FILTER_QUERY_MAX,
  DEFAULT_HINT_PRICING_DAYS,
  DEFAULT_HOT_PROMOTION_MS,
  DEFAULT_HOT_SHARE_SLACK,
  DEFAULT_ID_CHUNK,
  DEFAULT_LOOKUP_ATTEMPTS,
  DEFAULT_MAX_COLD_STRETCH,
  DEFAULT_SHARE_SLACK,
  DEFAULT_STATE_ROWS_PER_STATEMENT,
  EXIT_BUDGET,
  UserError,
  external_exports
} from "./chunk-CRSUMNAO.js";

// src/extract/http/classify.ts
var FAILURE_TABLE = {
  // 429: the service said "not now".
  "rate-limited": { errorClass: "RateLimitedError", retryable: true, stopsRun: false },
  // 500, 502, 503, 504: server or gateway trouble that passes.
  server: { errorClass: "TransientError", retryable: true, stopsRun: false },
  // 501, 505 and other 5xx: the server cannot do this at all; waiting will not change that.
  "server-permanent": { errorClass: "ServerError", retryable: false, stopsRun: false },
  // The connection dropped under us: the request may or may not have been processed.
  connection: { errorClass: "TransientError", retryable: true, stopsRun: false },
  // We gave up waiting (undici's timers or ours).
  timeout: { errorClass: "TransientError", retryable: true, stopsRun: false },
  // A 2xx whose body is not JSON: truncated or mangled on the way, like a reset.
  malformed: { errorClass: "MalformedResponseError", retryable: true, stopsRun: false },
  // 401: the key is missing, wrong or revoked; every request of the run would get the same answer.
  auth: { errorClass: "AuthError", retryable: false, stopsRun: true },
  // 403: the key lacks a permission for this endpoint; other endpoints may still answer.
  forbidden: { errorClass: "ForbiddenError", retryable: false, stopsRun: false },
  "not-found": { errorClass: "NotFoundError", retryable: false, stopsRun: false },
  // Every other 4xx: the request itself is wrong for this one endpoint.
  client: { errorClass: "ApiError", retryable: false, stopsRun: false },
  // Nothing answers at the base URL (refused, unknown host, no route): fix the URL or the network.
  unreachable: { errorClass: "UnreachableError", retryable: false, stopsRun: true },
  // The org's monthly calls fell to the reserve: every further call would eat into it.
  budget: { errorClass: "BudgetExhaustedError", retryable: false, stopsRun: true },
  other: { errorClass: "ApiError", retryable: false, stopsRun: false }
};
var STATUS_KINDS = /* @__PURE__ */ new Map([
  [401, "auth"],
  [403, "forbidden"],
  [404, "not-found"],
  [429, "rate-limited"],
  [500, "server"],
  [502, "server"],
  [503, "server"],
  [504, "server"]
]);
var OWN_TIMEOUT_CODE = "RELSYNC_TIMEOUT";
var NETWORK_KINDS = /* @__PURE__ */ new Map([
  ["ECONNRESET", "connection"],
  ["UND_ERR_SOCKET", "connection"],
  ["EPIPE", "connection"],
  ["ECONNABORTED", "connection"],
  // A name lookup that failed temporarily; a name that does not exist (ENOTFOUND) is unreachable.
  ["EAI_AGAIN", "connection"],
  ["UND_ERR_HEADERS_TIMEOUT", "timeout"],
  ["UND_ERR_BODY_TIMEOUT", "timeout"],
  ["UND_ERR_CONNECT_TIMEOUT", "timeout"],
  ["ETIMEDOUT", "timeout"],
  [OWN_TIMEOUT_CODE, "timeout"],
  ["ECONNREFUSED", "unreachable"],
  ["ENOTFOUND", "unreachable"],
  ["EHOSTUNREACH", "unreachable"],
  ["ENETUNREACH", "unreachable"]
]);
var RESET_MESSAGES = ["other side closed", "socket hang up", "terminated"];
function verdict(kind, idempotent) {
  const rule = FAILURE_TABLE[kind];
  return { kind, ...rule, retryable: rule.retryable && (idempotent || kind === "rate-limited") };
}
function statusKind(status) {
  const known = STATUS_KINDS.get(status);
  if (known) return known;
  if (status >= 400 && status < 500) return "client";
  if (status >= 500 && status < 600) return "server-permanent";
  return "other";
}
function classifyStatus(status, idempotent = true) {
  return verdict(statusKind(status), idempotent);
}
function classifyMalformed(status, idempotent = true) {
  if (status >= 200 && status < 300) return verdict("malformed", idempotent);
  return classifyStatus(status, idempotent);
}
function networkErrorCode(err) {
  const seen = /* @__PURE__ */ new Set();
  let e = err;
  while (typeof e === "object" && e !== null && !seen.has(e)) {
    seen.add(e);
    const code = e.code;
    if (typeof code === "string") return code;
    e = e.cause;
  }
  return void 0;
}
function networkKind(err) {
  const code = networkErrorCode(err);
  const known = code === void 0 ? void 0 : NETWORK_KINDS.get(code);
  if (known) return known;
  const message = err instanceof Error ? err.message.toLowerCase() : "";
  return RESET_MESSAGES.some((m) => message.includes(m)) ? "connection" : "other";
}
function classifyNetworkError(err, idempotent = true) {
  return verdict(networkKind(err), idempotent);
}

// src/extract/http/errors.ts
var ApiError = class extends UserError {
  status;
  method;
  path;
  endpoint;
  serviceMessage;
  code;
  param;
  kind;
  /** Set from the failure table and the idempotency gate; the client retries exactly the errors that say true. */
  retryable;
  /** From the failure table: no other stream can succeed either, so the runner stops the run. */
  stopsRun;
  retryAfterMs;
  answeredBy;
  constructor(message, init, exitCode = 1) {
    super(message, { exitCode, ...init.hint ? { hint: init.hint } : {}, cause: init.cause });
    this.name = "ApiError";
    this.status = init.status;
    this.method = init.method;
    this.path = init.path;
    this.endpoint = init.endpoint ?? `${init.method} ${init.path}`;
    this.serviceMessage = init.serviceMessage;
    this.code = init.code;
    this.param = init.param;
    this.kind = init.kind ?? "other";
    this.retryable = init.retryable ?? false;
    this.stopsRun = FAILURE_TABLE[this.kind].stopsRun;
    this.retryAfterMs = init.retryAfterMs ?? null;
    this.answeredBy = init.answeredBy ?? (init.status === null ? "nobody" : "service");
  }
};
var AuthError = class extends ApiError {
  constructor(message, init) {
    super(message, { ...init, kind: "auth" }, 2);
    this.name = "AuthError";
  }
};
var ForbiddenError = class extends ApiError {
  constructor(message, init) {
    super(message, { ...init, serviceMessage: init.serviceMessage ?? "no reason given", kind: "forbidden" });
    this.name = "ForbiddenError";
  }
};
var NotFoundError = class extends ApiError {
  /** True when the read-after-create lag retries were all spent and the record still was not there. */
  lagExhausted;
  /** What the body says the 404 is about; without a body that says, `foreign` (it proves nothing). */
  notFound;
  constructor(message, init) {
    super(message, { ...init, kind: "not-found" });
    this.name = "NotFoundError";
    this.lagExhausted = init.lagExhausted ?? false;
    this.notFound = init.notFound ?? "foreign";
  }
};
var MergedRecordError = class extends ApiError {
  oldId;
  newId;
  constructor(message, init) {
    super(message, init);
    this.name = "MergedRecordError";
    this.oldId = init.oldId;
    this.newId = init.newId;
  }
};
var CursorExpiredError = class extends ApiError {
  constructor(message, init) {
    super(message, init);
    this.name = "CursorExpiredError";
  }
};
var PageTokenMismatchError = class extends ApiError {
  constructor(message, init) {
    super(message, init);
    this.name = "PageTokenMismatchError";
  }
};
var RateLimitedError = class extends ApiError {
  constructor(message, init) {
    super(message, { ...init, kind: "rate-limited" });
    this.name = "RateLimitedError";
  }
};
var TransientError = class extends ApiError {
  constructor(message, init) {
    super(message, { ...init, kind: init.kind ?? "server" });
    this.name = "TransientError";
  }
};
var ServerError = class extends ApiError {
  constructor(message, init) {
    super(message, { ...init, kind: "server-permanent" });
    this.name = "ServerError";
  }
};
var UnreachableError = class extends ApiError {
  constructor(message, init) {
    super(message, { ...init, kind: "unreachable" });
    this.name = "UnreachableError";
  }
};
var MalformedResponseError = class extends ApiError {
  constructor(message, init) {
    super(message, { ...init, kind: "malformed" });
    this.name = "MalformedResponseError";
  }
};
var ForeignOriginError = class extends UserError {
  constructor(message) {
    super(message, { exitCode: 1 });
    this.name = "ForeignOriginError";
  }
};
var BudgetExhaustedError = class extends ApiError {
  remaining;
  reserve;
  resetAt;
  constructor(init) {
    const when = init.resetAt ? `resets ${init.resetAt.toISOString()}` : "reset time unknown";
    super(
      `Monthly API budget reached its reserve: ${init.remaining} calls remain this month and ${init.reserve} are kept in reserve (${when}).`,
      {
        status: null,
        method: init.request?.method ?? "",
        path: init.request?.path ?? "",
        endpoint: init.request?.endpoint ?? "any counted request",
        kind: "budget",
        hint: "Wait for the monthly reset, or lower the reserve (the `monthlyReserve` setting, e.g. 0) to spend it. What was read is kept; the next run carries on."
      },
      EXIT_BUDGET
    );
    this.name = "BudgetExhaustedError";
    this.remaining = init.remaining;
    this.reserve = init.reserve;
    this.resetAt = init.resetAt;
  }
};

// src/extract/limits.ts
var V1_SEARCH_PAGE = 500;
var V2_PAGE = 100;
var V2_IDS_BATCH = 100;
var ASSOCIATION_CAP = 100;

// src/extract/schemas/common.ts
var ISO_DATETIME_RE = /^(\d{4})-(\d{2})-(\d{2})[Tt ](\d{2}):(\d{2})(?::(\d{2})(?:[.,](\d+))?)?\s?(Z|z|[+-]\d{2}(?::?\d{2})?)$/;
var isoDateTimeSchema = external_exports.string().regex(ISO_DATETIME_RE, { message: "expected an ISO-8601 datetime with Z or a numeric UTC offset" });
var idSchema = external_exports.number().int().nonnegative();
var fieldIdSchema = external_exports.string().min(1);
var optString = external_exports.string().nullish();
var optNumber = external_exports.number().nullish();
var optInt = external_exports.number().int().nullish();
var optBool = external_exports.boolean().nullish();
var optId = idSchema.nullish();
var optDateTime = isoDateTimeSchema.nullish();
var optIdArray = external_exports.array(idSchema).nullish();
var optStringArray = external_exports.array(external_exports.string()).nullish();
var v2PersonDataSchema = external_exports.looseObject({
  id: idSchema,
  firstName: optString,
  lastName: optString,
  primaryEmailAddress: optString,
  type: optString
});
var v2CompanyDataSchema = external_exports.looseObject({
  id: idSchema,
  name: optString,
  domain: optString
});
var v2LocationSchema = external_exports.looseObject({
  streetAddress: optString,
  city: optString,
  state: optString,
  country: optString,
  continent: optString
});
var v2AttendeeSchema = external_exports.looseObject({
  emailAddress: optString,
  person: v2PersonDataSchema.nullish()
});
var v2AttendeesPreviewSchema = external_exports.looseObject({
  data: external_exports.array(v2AttendeeSchema).nullish(),
  totalCount: optInt
});
function previewOf(item) {
  return external_exports.looseObject({ data: external_exports.array(item).nullish(), totalCount: optInt });
}
var v1PersonSummarySchema = external_exports.looseObject({
  id: idSchema,
  type: optInt,
  first_name: optString,
  last_name: optString,
  primary_email: optString,
  emails: optStringArray
});
var v1OrganizationSummarySchema = external_exports.looseObject({
  id: idSchema,
  name: optString,
  domain: optString,
  domains: optStringArray,
  crunchbase_uuid: optString,
  global: optBool
});

// src/extract/schemas/v2-field-values.ts
var dropdownSchema = external_exports.looseObject({ dropdownOptionId: idSchema, text: optString });
var rankedDropdownSchema = external_exports.looseObject({
  dropdownOptionId: idSchema,
  text: optString,
  rank: optNumber,
  // /v2 sends a colour name ("gray"); v1-shaped data uses an integer.
  color: external_exports.union([external_exports.string(), external_exports.number()]).nullish()
});
var emailInteraction = external_exports.looseObject({
  type: external_exports.literal("email"),
  id: idSchema,
  subject: optString,
  sentAt: isoDateTimeSchema,
  from: v2AttendeeSchema.nullish(),
  to: external_exports.array(v2AttendeeSchema).nullish(),
  cc: external_exports.array(v2AttendeeSchema).nullish()
});
var meetingInteraction = external_exports.looseObject({
  type: external_exports.literal("meeting"),
  id: idSchema,
  title: optString,
  allDay: external_exports.boolean().nullish(),
  startTime: isoDateTimeSchema,
  endTime: optDateTime,
  attendees: external_exports.array(v2AttendeeSchema).nullish()
});
var callInteraction = external_exports.looseObject({
  type: external_exports.literal("call"),
  id: idSchema,
  startTime: isoDateTimeSchema,
  attendees: external_exports.array(v2AttendeeSchema).nullish()
});
var chatMessageInteraction = external_exports.looseObject({
  type: external_exports.literal("chat-message"),
  id: idSchema,
  direction: optString,
  sentAt: isoDateTimeSchema,
  manualCreator: v2PersonDataSchema.nullish(),
  participants: external_exports.array(v2PersonDataSchema).nullish()
});
var otherInteraction = external_exports.looseObject({
  type: external_exports.string(),
  id: idSchema,
  sentAt: optDateTime,
  startTime: optDateTime
});
var v2InteractionDataSchema = external_exports.union([
  external_exports.discriminatedUnion("type", [emailInteraction, meetingInteraction, callInteraction, chatMessageInteraction]),
  otherInteraction
]);
function variant(type, data) {
  return external_exports.looseObject({ type: external_exports.literal(type), data: data.nullable(), totalCount: optInt });
}
var knownFieldValueSchema = external_exports.discriminatedUnion("type", [
  variant("text", external_exports.string()),
  variant("filterable-text", external_exports.string()),
  variant("filterable-text-multi", external_exports.array(external_exports.string())),
  variant("number", external_exports.number()),
  variant("number-multi", external_exports.array(external_exports.number())),
  variant("datetime", isoDateTimeSchema),
  variant("location", v2LocationSchema),
  variant("location-multi", external_exports.array(v2LocationSchema)),
  variant("dropdown", dropdownSchema),
  variant("dropdown-multi", external_exports.array(dropdownSchema)),
  variant("ranked-dropdown", rankedDropdownSchema),
  variant("person", v2PersonDataSchema),
  variant("person-multi", external_exports.array(v2PersonDataSchema)),
  variant("company", v2CompanyDataSchema),
  variant("company-multi", external_exports.array(v2CompanyDataSchema)),
  variant("formula-number", external_exports.looseObject({ calculatedValue: optNumber })),
  variant("interaction", v2InteractionDataSchema),
  // 2026-09-17 additions.
  variant("list-multi", external_exports.array(external_exports.looseObject({ id: idSchema, name: optString, type: optString, entityCount: optInt }))),
  variant("note", external_exports.looseObject({ id: idSchema })),
  variant("reminder", external_exports.looseObject({ id: idSchema, type: optString, content: optString, dueDate: optDateTime, createdAt: optDateTime }))
]);
var KNOWN_VALUE_TYPES = /* @__PURE__ */ new Set([
  "text",
  "filterable-text",
  "filterable-text-multi",
  "number",
  "number-multi",
  "datetime",
  "location",
  "location-multi",
  "dropdown",
  "dropdown-multi",
  "ranked-dropdown",
  "person",
  "person-multi",
  "company",
  "company-multi",
  "formula-number",
  "interaction",
  "list-multi",
  "note",
  "reminder"
]);
var unknownFieldValueSchema = external_exports.looseObject({
  type: external_exports.string().refine((t) => !KNOWN_VALUE_TYPES.has(t), { message: "known value type with malformed data" }),
  data: external_exports.unknown()
});
var v2FieldValueSchema = external_exports.union([knownFieldValueSchema, unknownFieldValueSchema]);
function asKnownValue(value) {
  return KNOWN_VALUE_TYPES.has(value.type) ? value : null;
}
var v2FieldSchema = external_exports.looseObject({
  id: fieldIdSchema,
  name: optString,
  type: optString,
  // enriched | global | list | relationship-intelligence (+ hidden later)
  enrichmentSource: optString,
  value: v2FieldValueSchema
});
var v2FieldMetadataSchema = external_exports.looseObject({
  id: fieldIdSchema,
  name: external_exports.string(),
  type: optString,
  enrichmentSource: optString,
  valueType: external_exports.string(),
  createdAt: optDateTime,
  description: optString,
  isRequired: external_exports.boolean().nullish()
});
var v2DropdownOptionSchema = external_exports.looseObject({
  id: idSchema,
  text: external_exports.string(),
  rank: optNumber,
  color: external_exports.union([external_exports.string(), external_exports.number()]).nullish()
});
var v2FieldValueChangeSchema = external_exports.looseObject({
  id: idSchema,
  type: optString,
  actionType: external_exports.string(),
  changedAt: isoDateTimeSchema,
  field: external_exports.looseObject({ id: fieldIdSchema, name: optString, type: optString, entityType: optString }),
  entity: external_exports.looseObject({ id: idSchema }),
  listEntry: external_exports.looseObject({ id: idSchema, listId: idSchema.nullish() }).nullish(),
  changer: external_exports.looseObject({ id: idSchema }).nullish(),
  value: external_exports.unknown()
});

// src/extract/schemas/v2-entities.ts
var fieldsSchema = external_exports.array(v2FieldSchema).nullish();
var v2CompanySchema = external_exports.looseObject({
  id: idSchema,
  name: external_exports.string(),
  domain: optString,
  domains: optStringArray,
  isGlobal: optBool,
  fields: fieldsSchema
});
var v2PersonSchema = external_exports.looseObject({
  id: idSchema,
  firstName: optString,
  lastName: optString,
  primaryEmailAddress: optString,
  emailAddresses: optStringArray,
  type: optString,
  // internal | external (+ collaborator in PersonData)
  fields: fieldsSchema
});
var v2OpportunitySchema = external_exports.looseObject({
  id: idSchema,
  name: optString,
  listId: optId,
  listName: optString,
  isRedacted: optBool,
  isRestricted: optBool,
  fields: fieldsSchema
});
var v2ListSchema = external_exports.looseObject({
  id: idSchema,
  name: external_exports.string(),
  type: external_exports.string(),
  isPublic: optBool,
  ownerId: optId,
  creatorId: optId,
  createdAt: optDateTime
});
var v2ListSummarySchema = v2ListSchema.extend({ type: optString });
var listEntryBase = {
  id: idSchema,
  listId: idSchema,
  createdAt: isoDateTimeSchema,
  creatorId: optId,
  listName: optString
};
var v2ListEntryWithEntitySchema = external_exports.discriminatedUnion("type", [
  external_exports.looseObject({ ...listEntryBase, type: external_exports.literal("company"), entity: v2CompanySchema }),
  external_exports.looseObject({ ...listEntryBase, type: external_exports.literal("person"), entity: v2PersonSchema }),
  external_exports.looseObject({ ...listEntryBase, type: external_exports.literal("opportunity"), entity: v2OpportunitySchema })
]);
var v2ListEntrySchema = external_exports.looseObject({
  ...listEntryBase,
  fields: external_exports.array(v2FieldSchema).nullish()
});
var v2SavedViewSchema = external_exports.looseObject({
  id: idSchema,
  name: external_exports.string(),
  type: optString,
  // sheet | board | dashboard
  createdAt: optDateTime,
  listId: optId,
  isDefault: optBool,
  entityCount: optInt
});

// src/extract/schemas/v2-notes.ts
var v2NoteMentionSchema = external_exports.looseObject({
  id: optId,
  type: external_exports.string(),
  person: v2PersonDataSchema.nullish()
});
var opportunitySummary = external_exports.looseObject({ id: idSchema, name: optString, listId: optId });
var v2NoteSchema = external_exports.looseObject({
  id: idSchema,
  type: external_exports.string(),
  content: external_exports.looseObject({ html: optString }).nullish(),
  creator: v2PersonDataSchema.nullish(),
  mentions: external_exports.array(v2NoteMentionSchema).nullish(),
  createdAt: isoDateTimeSchema,
  updatedAt: optDateTime,
  parent: external_exports.looseObject({ id: idSchema }).nullish(),
  interaction: external_exports.looseObject({ id: idSchema, type: optString }).nullish(),
  transcriptId: optId,
  companiesPreview: previewOf(v2CompanyDataSchema).nullish(),
  personsPreview: previewOf(v2PersonDataSchema).nullish(),
  opportunitiesPreview: previewOf(opportunitySummary).nullish(),
  repliesCount: optInt,
  permissions: external_exports.looseObject({ sharingType: optString, owner: v2PersonDataSchema.nullish() }).nullish()
}).refine((n) => !n.type.endsWith("-reply") || n.parent != null, {
  message: "a reply note must carry parent.id",
  path: ["parent"]
});
var v2ReminderSchema = external_exports.looseObject({
  id: idSchema,
  type: external_exports.string(),
  // one-time | recurring
  content: optString,
  dueDate: optDateTime,
  createdAt: optDateTime,
  updatedAt: optDateTime,
  completedAt: optDateTime,
  status: optString,
  // active | completed | overdue
  resetType: optString,
  // interaction | email | meeting
  reminderDays: optInt,
  isCompleted: optBool,
  creator: v2PersonDataSchema.nullish(),
  owner: v2PersonDataSchema.nullish(),
  completer: v2PersonDataSchema.nullish(),
  person: v2PersonDataSchema.nullish(),
  company: v2CompanyDataSchema.nullish(),
  opportunity: opportunitySummary.nullish()
});

// src/extract/schemas/v2-interactions.ts
var v2EmailSchema = external_exports.looseObject({
  id: idSchema,
  subject: optString,
  sentAt: isoDateTimeSchema,
  createdAt: optDateTime,
  updatedAt: optDateTime,
  direction: optString,
  loggingType: optString,
  from: v2AttendeeSchema.nullish(),
  toParticipantsPreview: v2AttendeesPreviewSchema.nullish(),
  ccParticipantsPreview: v2AttendeesPreviewSchema.nullish()
});
var v2MeetingSchema = external_exports.looseObject({
  id: idSchema,
  title: optString,
  allDay: optBool,
  startTime: isoDateTimeSchema,
  endTime: optDateTime,
  loggingType: optString,
  creator: v2AttendeeSchema.nullish(),
  organizer: v2AttendeeSchema.nullish(),
  createdAt: optDateTime,
  updatedAt: optDateTime,
  attendeesPreview: v2AttendeesPreviewSchema.nullish()
});
var v2CallSchema = external_exports.looseObject({
  id: idSchema,
  title: optString,
  allDay: optBool,
  startTime: isoDateTimeSchema,
  endTime: optDateTime,
  loggingType: optString,
  creator: v2AttendeeSchema.nullish(),
  createdAt: optDateTime,
  updatedAt: optDateTime,
  attendeesPreview: v2AttendeesPreviewSchema.nullish()
});
var v2PersonOrAttendeeSchema = external_exports.union([v2PersonDataSchema, v2AttendeeSchema]);
var v2ChatMessageSchema = external_exports.looseObject({
  id: idSchema,
  sentAt: isoDateTimeSchema,
  direction: optString,
  loggingType: optString,
  creator: v2PersonOrAttendeeSchema.nullish(),
  createdAt: optDateTime,
  updatedAt: optDateTime,
  participantsPreview: previewOf(v2PersonOrAttendeeSchema).nullish()
});
var v2TranscriptFragmentSchema = external_exports.looseObject({
  id: optId,
  content: external_exports.string(),
  speaker: external_exports.union([external_exports.string(), external_exports.looseObject({ name: optString, person: v2PersonDataSchema.nullish() })]).nullish(),
  startTimestamp: external_exports.union([external_exports.string(), external_exports.number()]).nullish(),
  endTimestamp: external_exports.union([external_exports.string(), external_exports.number()]).nullish()
});
var v2TranscriptSchema = external_exports.looseObject({
  id: idSchema,
  title: optString,
  createdAt: optDateTime,
  languageCode: optString,
  language: optString,
  meeting: external_exports.looseObject({ id: idSchema }).nullish(),
  note: external_exports.looseObject({
    id: idSchema,
    interaction: external_exports.looseObject({ id: idSchema, type: optString }).nullish()
  }).nullish(),
  fragmentsPreview: previewOf(v2TranscriptFragmentSchema).nullish(),
  fragmentsCount: optInt
});

// src/extract/schemas/v2-misc.ts
var v2FileSchema = external_exports.looseObject({
  id: idSchema,
  name: optString,
  size: optInt,
  sizeInBytes: optInt,
  contentType: optString,
  createdAt: optDateTime,
  uploaderId: optId,
  uploader: external_exports.looseObject({ id: idSchema }).nullish(),
  creator: external_exports.looseObject({ id: idSchema }).nullish(),
  personId: optId,
  companyId: optId,
  opportunityId: optId
});
var v2UserSchema = external_exports.looseObject({
  id: idSchema,
  firstName: optString,
  lastName: optString,
  emailAddress: optString,
  type: optString
});
var v2TeamSchema = external_exports.looseObject({
  id: idSchema,
  name: optString,
  description: optString,
  createdAt: optDateTime
});
var v2TeamMemberSchema = v2UserSchema.extend({ role: optString });
var v2WebhookSchema = external_exports.looseObject({
  id: idSchema,
  url: external_exports.string(),
  subscriptions: optStringArray,
  status: optString,
  // active | disabled
  creator: external_exports.looseObject({ id: idSchema }).nullish(),
  createdAt: optDateTime,
  updatedAt: optDateTime
});
var mergeStateBase = {
  id: idSchema,
  status: external_exports.string(),
  // in-progress | success | failed
  taskId: optString,
  startedAt: optDateTime,
  completedAt: optDateTime,
  errorMessage: optString
};
var v2CompanyMergeSchema = external_exports.looseObject({
  ...mergeStateBase,
  primaryCompanyId: idSchema,
  duplicateCompanyId: idSchema
});
var v2PersonMergeSchema = external_exports.looseObject({
  ...mergeStateBase,
  primaryPersonId: idSchema,
  duplicatePersonId: idSchema
});
var v2MergeTaskSchema = external_exports.looseObject({
  id: external_exports.string().min(1),
  status: external_exports.string(),
  resultsSummary: external_exports.looseObject({ total: optInt, inProgress: optInt, success: optInt, failed: optInt }).nullish()
});
var v2WhoAmISchema = external_exports.looseObject({
  tenant: external_exports.looseObject({ id: idSchema, name: optString, subdomain: optString }),
  user: v2UserSchema,
  grant: external_exports.looseObject({ type: optString, scopes: optStringArray, createdAt: optDateTime }).nullish()
});
var rateWindow = external_exports.looseObject({
  limit: external_exports.number().nullable(),
  remaining: external_exports.number().nullable(),
  reset: optInt,
  used: optInt
});
var v2RateLimitSchema = external_exports.looseObject({
  callerPerMinute: rateWindow,
  orgPerMonth: rateWindow.nullish()
});

// src/extract/schemas/v1-entities.ts
var v1ListEntrySchema = external_exports.looseObject({
  id: idSchema,
  list_id: idSchema,
  creator_id: optId,
  entity_id: idSchema,
  entity_type: optInt,
  // 0 person, 1 organization, 8 opportunity
  created_at: isoDateTimeSchema,
  entity: external_exports.looseObject({ id: idSchema }).nullish()
});
var interactionDates = external_exports.record(external_exports.string(), external_exports.string().nullable()).nullish();
var interactions = external_exports.record(external_exports.string(), external_exports.looseObject({ date: optDateTime, person_ids: optIdArray }).nullable()).nullish();
var v1OrganizationSchema = external_exports.looseObject({
  id: idSchema,
  name: external_exports.string(),
  domain: optString,
  domains: optStringArray,
  global: optBool,
  crunchbase_uuid: optString,
  person_ids: optIdArray,
  opportunity_ids: optIdArray,
  list_entries: external_exports.array(v1ListEntrySchema).nullish(),
  interaction_dates: interactionDates,
  interactions
});
var v1PersonSchema = external_exports.looseObject({
  id: idSchema,
  type: optInt,
  // 0 external, 1 internal
  first_name: optString,
  last_name: optString,
  primary_email: optString,
  emails: optStringArray,
  organization_ids: optIdArray,
  opportunity_ids: optIdArray,
  current_organization_ids: optIdArray,
  list_entries: external_exports.array(v1ListEntrySchema).nullish(),
  interaction_dates: interactionDates,
  interactions
});
var v1OpportunitySchema = external_exports.looseObject({
  id: idSchema,
  name: optString,
  person_ids: optIdArray,
  organization_ids: optIdArray,
  list_entries: external_exports.array(v1ListEntrySchema).nullish()
});
var v1ListSchema = external_exports.looseObject({
  id: idSchema,
  type: external_exports.number().int(),
  // 0 person, 1 organization, 8 opportunity
  name: external_exports.string(),
  public: optBool,
  owner_id: optId,
  creator_id: optId,
  list_size: optInt,
  additional_permissions: external_exports.array(external_exports.looseObject({ internal_person_id: optId, role_id: optInt })).nullish(),
  fields: external_exports.array(external_exports.unknown()).nullish()
});

// src/extract/schemas/v1-fields.ts
var v1FieldIdSchema = external_exports.union([idSchema, external_exports.string().min(1)]);
var v1DropdownOptionSchema = external_exports.looseObject({
  id: idSchema,
  text: external_exports.string(),
  rank: optNumber,
  color: external_exports.union([external_exports.number(), external_exports.string()]).nullish()
});
var v1FieldSchema = external_exports.looseObject({
  id: idSchema,
  name: external_exports.string(),
  list_id: optId,
  // null ⇒ global field
  entity_type: optInt,
  enrichment_source: optString,
  value_type: external_exports.number().int(),
  // 0 person … 7 ranked dropdown, 10 filterable text
  allows_multiple: optBool,
  track_changes: optBool,
  dropdown_options: external_exports.array(v1DropdownOptionSchema).nullish()
});
var v1FieldValueSchema = external_exports.looseObject({
  id: idSchema,
  field_id: v1FieldIdSchema,
  entity_id: idSchema,
  list_entry_id: optId,
  entity_type: optInt,
  value_type: optInt,
  created_at: optDateTime,
  updated_at: optDateTime,
  value: external_exports.unknown()
});
var v1FieldValueChangeSchema = external_exports.looseObject({
  id: idSchema,
  field_id: v1FieldIdSchema,
  entity_id: idSchema,
  list_entry_id: optId,
  action_type: external_exports.number().int(),
  changer: v1PersonSummarySchema.nullish(),
  changed_at: isoDateTimeSchema,
  value: external_exports.unknown()
});
var V1_NO_ENRICHMENT = "none";

// src/extract/schemas/v1-activity.ts
var v1NoteSchema = external_exports.looseObject({
  id: idSchema,
  creator_id: optId,
  person_ids: optIdArray,
  associated_person_ids: optIdArray,
  interaction_person_ids: optIdArray,
  mentioned_person_ids: optIdArray,
  organization_ids: optIdArray,
  opportunity_ids: optIdArray,
  interaction_id: optId,
  interaction_type: optInt,
  is_meeting: optBool,
  parent_id: optId,
  content: optString,
  type: optInt,
  // 0 plain text, 1 email (deprecated), 2 HTML, 3 AI notetaker
  created_at: isoDateTimeSchema,
  updated_at: optDateTime
});
var v1ReminderSchema = external_exports.looseObject({
  id: idSchema,
  type: external_exports.number().int(),
  // 0 one-time, 1 recurring
  created_at: optDateTime,
  completed_at: optDateTime,
  content: optString,
  due_date: optDateTime,
  reset_type: optInt,
  // 0 interaction, 1 email, 2 meeting
  reminder_days: optInt,
  status: optInt,
  // 0 completed, 1 active, 2 overdue
  creator: v1PersonSummarySchema.nullish(),
  owner: v1PersonSummarySchema.nullish(),
  completer: v1PersonSummarySchema.nullish(),
  person: v1PersonSummarySchema.nullish(),
  organization: v1OrganizationSummarySchema.nullish(),
  opportunity: external_exports.looseObject({ id: idSchema, name: optString }).nullish()
});
var v1InteractionSchema = external_exports.looseObject({
  id: idSchema,
  type: external_exports.number().int(),
  date: optDateTime,
  start_time: optDateTime,
  end_time: optDateTime,
  updated_at: optDateTime,
  title: optString,
  subject: optString,
  attendees: optStringArray,
  manual_creator_id: optId,
  notes: optIdArray,
  persons: external_exports.array(v1PersonSummarySchema).nullish(),
  from: v1PersonSummarySchema.nullish(),
  to: external_exports.array(v1PersonSummarySchema).nullish(),
  cc: external_exports.array(v1PersonSummarySchema).nullish(),
  direction: optInt,
  // 0 sent, 1 received
  logging_type: optInt
  // 0 all, 1 manual
});
var v1EntityFileSchema = external_exports.looseObject({
  id: idSchema,
  name: optString,
  size: optInt,
  content_type: optString,
  person_id: optId,
  organization_id: optId,
  opportunity_id: optId,
  uploader_id: optId,
  created_at: optDateTime
});
var v1RelationshipStrengthSchema = external_exports.looseObject({
  internal_id: idSchema,
  external_id: idSchema,
  strength: external_exports.number()
});
var v1WebhookSchema = external_exports.looseObject({
  id: idSchema,
  webhook_url: external_exports.string(),
  subscriptions: optStringArray,
  disabled: optBool,
  created_by: optId
});
var v1WhoAmISchema = external_exports.looseObject({
  tenant: external_exports.looseObject({ id: idSchema, name: optString, subdomain: optString }),
  user: external_exports.looseObject({ id: idSchema, firstName: optString, lastName: optString, email: optString }),
  grant: external_exports.looseObject({ type: optString, scope: optString, createdAt: optDateTime }).nullish()
});
var v1RateWindow = external_exports.looseObject({
  limit: external_exports.number().nullable(),
  remaining: external_exports.number().nullable(),
  reset: optInt,
  used: optInt
});
var v1RateLimitSchema = external_exports.looseObject({
  rate: external_exports.looseObject({ org_monthly: v1RateWindow.nullish(), api_key_per_minute: v1RateWindow })
});

// src/extract/schemas/v2-duplicates.ts
var member = external_exports.looseObject({ id: idSchema });
var v2CompanySuggestionSchema = external_exports.looseObject({
  companies: external_exports.array(member).min(2),
  confidence: optString
});
var v2PersonSuggestionSchema = external_exports.looseObject({
  persons: external_exports.array(member).min(2),
  confidence: optString
});

// src/transform/timestamps.ts
var TimestampError = class extends Error {
  constructor(input, reason) {
    super(`invalid timestamp ${JSON.stringify(input)}: ${reason} (expected ISO-8601 with Z or a numeric offset)`);
    this.input = input;
    this.name = "TimestampError";
  }
  input;
};
var DAYS_IN_MONTH = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];
function isLeap(y) {
  return y % 4 === 0 && y % 100 !== 0 || y % 400 === 0;
}
function normalizeTimestamp(s) {
  if (s === null || s === void 0) return null;
  if (typeof s !== "string") throw new TimestampError(String(s), "not a string");
  const m = ISO_DATETIME_RE.exec(s.trim());
  if (!m) throw new TimestampError(s, "unrecognised format");
  const [, ys, mos, ds, hs, mis, ss, frac, zone] = m;
  const y = Number(ys);
  const mo = Number(mos);
  const d = Number(ds);
  const h = Number(hs);
  const mi = Number(mis);
  const sec = ss === void 0 ? 0 : Number(ss);
  const ms = frac === void 0 ? 0 : Number(frac.slice(0, 3).padEnd(3, "0"));
  if (mo < 1 || mo > 12) throw new TimestampError(s, "month out of range");
  const dim = mo === 2 && isLeap(y) ? 29 : DAYS_IN_MONTH[mo - 1] ?? 31;
  if (d < 1 || d > dim) throw new TimestampError(s, "day out of range");
  if (h > 24 || h === 24 && (mi > 0 || sec > 0 || ms > 0)) throw new TimestampError(s, "hour out of range");
  if (mi > 59) throw new TimestampError(s, "minute out of range");
  if (sec > 60) throw new TimestampError(s, "second out of range");
  let offsetMin = 0;
  if (zone !== "Z" && zone !== "z") {
    const sign = zone.startsWith("-") ? -1 : 1;
    const digits = zone.slice(1).replace(":", "");
    const oh = Number(digits.slice(0, 2));
    const om = digits.length > 2 ? Number(digits.slice(2, 4)) : 0;
    if (oh > 23 || om > 59) throw new TimestampError(s, "offset out of range");
    offsetMin = sign * (oh * 60 + om);
  }
  const t = (/* @__PURE__ */ new Date(0)).setUTCFullYear(y, mo - 1, d) + ((h * 60 + mi - offsetMin) * 60 + sec) * 1e3 + ms;
  if (!Number.isFinite(t)) throw new TimestampError(s, "out of range");
  const iso = new Date(t).toISOString();
  if (!/^\d{4}-/.test(iso)) throw new TimestampError(s, "year out of range");
  return iso;
}
function offsetToMs(v) {
  if (v === null || v === void 0) return null;
  if (typeof v === "number") return Number.isFinite(v) && v >= 0 ? Math.round(v) : null;
  const m = /^(?:(\d+):)?(\d{1,2}):(\d{1,2}(?:\.\d+)?)$/.exec(v.trim());
  if (!m) {
    const n = Number(v);
    return v.trim() !== "" && Number.isFinite(n) && n >= 0 ? Math.round(n * 1e3) : null;
  }
  const [, hh, mm, ss] = m;
  return Math.round(((Number(hh ?? 0) * 60 + Number(mm)) * 60 + Number(ss)) * 1e3);
}

// src/load/batch.ts
function emptyBatch() {
  return { upserts: {}, replace: [] };
}
function addRows(b, table, rows) {
  if (rows && rows.length > 0) appendRows(b.upserts, table, rows);
  return b;
}
function appendRows(into, table, rows) {
  const list = into[table] ??= [];
  for (const r of rows) list.push(r);
}
function addUpdates(b, table, rows) {
  if (rows.length > 0) appendRows(b.updates ??= {}, table, rows);
  return b;
}
function addFills(b, table, rows) {
  if (rows.length > 0) appendRows(b.fills ??= {}, table, rows);
  return b;
}
function addReplace(b, set) {
  b.replace.push(set);
  return b;
}
function upsertTables(b) {
  return Object.keys(b.upserts).filter((t) => (b.upserts[t]?.length ?? 0) > 0);
}
function mergeBatch(a, b) {
  for (const table of Object.keys(b.upserts)) addRows(a, table, b.upserts[table]);
  for (const set of b.replace) a.replace.push(set);
  for (const table of Object.keys(b.updates ?? {})) addUpdates(a, table, b.updates?.[table] ?? []);
  for (const table of Object.keys(b.fills ?? {})) addFills(a, table, b.fills?.[table] ?? []);
  if (b.merges?.length) (a.merges ??= []).push(...b.merges);
  if (b.cellEdits?.length) (a.cellEdits ??= []).push(...b.cellEdits);
  return a;
}

// src/transform/rows.ts
function toJson(v) {
  return JSON.stringify(v === void 0 ? null : v);
}
function rawJson(raw, record) {
  return toJson(raw === void 0 ? record : raw);
}
function jsonArrayOrNull(v) {
  return v === null || v === void 0 ? null : toJson(v);
}
function withoutUndefined(row) {
  if (!Object.values(row).includes(void 0)) return row;
  return Object.fromEntries(Object.entries(row).filter(([, v]) => v !== void 0));
}
function single(table, row) {
  return addRows(emptyBatch(), table, [withoutUndefined(row)]);
}
function addUpsert(b, table, ...rows) {
  return addRows(b, table, rows.map(withoutUndefined));
}
function addUpdate(b, table, ...rows) {
  return addUpdates(b, table, rows.map(withoutUndefined));
}
function replaceSet(table, scope, owners, rows) {
  return { table, scope, owners, rows };
}
function uniqueIds(ids2) {
  return [...new Set(ids2)];
}
function fullName(first, last, email) {
  const name = [first, last].filter((p) => typeof p === "string" && p.trim() !== "").join(" ").trim();
  if (name !== "") return name;
  return email ?? null;
}
var ENTITIES = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'", nbsp: " " };
function htmlToText(html) {
  if (html === null || html === void 0) return null;
  const text = html.replace(/<br\s*\/?>/gi, "\n").replace(/<\/(p|div|li|h[1-6]|tr)>/gi, "\n").replace(/<[^>]*>/g, "").replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, ent) => {
    if (!ent.startsWith("#")) return ENTITIES[ent.toLowerCase()] ?? whole;
    const code = ent[1] === "x" || ent[1] === "X" ? parseInt(ent.slice(2), 16) : parseInt(ent.slice(1), 10);
    return code > 0 && code <= 1114111 ? String.fromCodePoint(code) : whole;
  }).replace(/[ \t]+\n/g, "\n").replace(/\n{3,}/g, "\n\n").trim();
  return text;
}
function v1EntityTypeName(t) {
  if (t === 0) return "person";
  if (t === 1) return "company";
  if (t === 8) return "opportunity";
  return null;
}
function v1InteractionKind(t) {
  switch (t) {
    case 0:
      return "meeting";
    case 1:
      return "call";
    case 2:
      return "chat-message";
    case 3:
      return "email";
    default:
      return null;
  }
}

// src/transform/field-values.ts
var NO_TYPED = { value_text: null, value_number: null, value_date: null, ref_id: null };
var ENTITY_LEVEL_FIELD_TYPES = /* @__PURE__ */ new Set(["global", "enriched", "relationship-intelligence"]);
function isMultiValueType(valueType) {
  return valueType.endsWith("-multi");
}
function locationText(loc) {
  if (!loc) return null;
  const parts = [loc.city, loc.state, loc.country].filter((p) => typeof p === "string" && p.trim() !== "");
  if (parts.length > 0) return parts.join(", ");
  const fallback = [loc.streetAddress, loc.continent].filter((p) => typeof p === "string" && p.trim() !== "");
  return fallback.length > 0 ? fallback.join(", ") : null;
}
function interactionColumns(i) {
  const r = i;
  const when = typeof r.sentAt === "string" ? r.sentAt : typeof r.startTime === "string" ? r.startTime : null;
  return { ...NO_TYPED, value_text: i.type, value_date: normalizeTimestamp(when), ref_id: i.id };
}
function noteText(note) {
  const content = note.content;
  const html = typeof content === "object" && content !== null ? content.html : void 0;
  return typeof html === "string" ? htmlToText(html) : null;
}
function knownCells(v) {
  if (v.data === null || v.data === void 0) return [];
  const one = (data, c) => [[data, { ...NO_TYPED, ...c }]];
  switch (v.type) {
    case "text":
    case "filterable-text":
      return one(v.data, { value_text: v.data });
    case "filterable-text-multi":
      return v.data.map((t) => [t, { ...NO_TYPED, value_text: t }]);
    case "number":
      return one(v.data, { value_number: v.data });
    case "number-multi":
      return v.data.map((n) => [n, { ...NO_TYPED, value_number: n }]);
    case "datetime":
      return one(v.data, { value_date: normalizeTimestamp(v.data) });
    case "location":
      return one(v.data, { value_text: locationText(v.data) });
    case "location-multi":
      return v.data.map((l) => [l, { ...NO_TYPED, value_text: locationText(l) }]);
    case "dropdown":
      return one(v.data, { value_text: v.data.text ?? null, ref_id: v.data.dropdownOptionId });
    case "dropdown-multi":
      return v.data.map((d) => [d, { ...NO_TYPED, value_text: d.text ?? null, ref_id: d.dropdownOptionId }]);
    case "ranked-dropdown":
      return one(v.data, { value_text: v.data.text ?? null, value_number: v.data.rank ?? null, ref_id: v.data.dropdownOptionId });
    case "person":
      return one(v.data, { value_text: fullName(v.data.firstName, v.data.lastName, v.data.primaryEmailAddress), ref_id: v.data.id });
    case "person-multi":
      return v.data.map((p) => [p, { ...NO_TYPED, value_text: fullName(p.firstName, p.lastName, p.primaryEmailAddress), ref_id: p.id }]);
    case "company":
      return one(v.data, { value_text: v.data.name ?? null, ref_id: v.data.id });
    case "company-multi":
      return v.data.map((c) => [c, { ...NO_TYPED, value_text: c.name ?? null, ref_id: c.id }]);
    case "formula-number":
      return v.data.calculatedValue === null || v.data.calculatedValue === void 0 ? [] : one(v.data, { value_number: v.data.calculatedValue });
    case "interaction":
      return [[v.data, interactionColumns(v.data)]];
    case "list-multi":
      return v.data.map((l) => [l, { ...NO_TYPED, value_text: l.name ?? null, ref_id: l.id }]);
    case "note":
      return one(v.data, { value_text: noteText(v.data), ref_id: v.data.id });
    case "reminder":
      return one(v.data, { value_text: v.data.content ?? null, value_date: normalizeTimestamp(v.data.dueDate), ref_id: v.data.id });
    default: {
      const never = v;
      return never;
    }
  }
}
function keyColumns(fieldId, owner) {
  return {
    field_id: fieldId,
    entity_type: owner.entityType,
    entity_id: owner.entityId,
    list_entry_id: owner.listEntryId ?? 0,
    list_id: owner.listEntryId ? owner.listId ?? null : null
  };
}
function valueRows(fieldId, value, owner) {
  const key = keyColumns(fieldId, owner);
  const known = asKnownValue(value);
  if (!known) {
    if (value.data === null || value.data === void 0) return [];
    return [{ ...key, value_index: 0, value_type: value.type, value_json: toJson(value.data), ...NO_TYPED }];
  }
  return knownCells(known).map(([data, typed], i) => ({
    ...key,
    value_index: i,
    value_type: known.type,
    value_json: toJson(data),
    ...typed
  }));
}
function elementTypedColumns(type, element) {
  if (element === null || element === void 0) return NO_TYPED;
  const parsed = v2FieldValueSchema.safeParse({ type, data: isMultiValueType(type) ? [element] : element });
  const known = parsed.success ? asKnownValue(parsed.data) : null;
  return (known && knownCells(known)[0]?.[1]) ?? NO_TYPED;
}
function v2FieldValueRows(field, owner) {
  return valueRows(field.id, field.value, owner);
}
var ASSOCIATION_FIELD_IDS = /* @__PURE__ */ new Set(["companies", "persons"]);
function v2FieldsToRows(fields, owner) {
  return fields.filter((f) => !ASSOCIATION_FIELD_IDS.has(f.id)).flatMap((f) => v2FieldValueRows(f, owner));
}
function fieldsKnown(fields, opts = {}) {
  if (fields === null || fields === void 0) return false;
  return fields.length > 0 || opts.fieldsRequested === true;
}
function entityFieldValuesReplace(fields, owner, opts = {}) {
  if (!fieldsKnown(fields, opts)) return null;
  const o = { entityType: owner.entityType, entityId: owner.entityId, listEntryId: 0 };
  return replaceSet(
    "field_values",
    ["entity_type", "entity_id", "list_entry_id"],
    [{ entity_type: owner.entityType, entity_id: owner.entityId, list_entry_id: 0 }],
    v2FieldsToRows(fields, o)
  );
}
function listEntryFieldValuesReplace(fields, owner, opts = {}) {
  if (!fieldsKnown(fields, opts)) return null;
  const keep = owner.entityType === "opportunity" ? fields : fields.filter((f) => !ENTITY_LEVEL_FIELD_TYPES.has(f.type ?? ""));
  return replaceSet("field_values", ["list_entry_id"], [{ list_entry_id: owner.listEntryId }], v2FieldsToRows(keep, owner));
}
function isTruncated(value) {
  if (value === null || value === void 0) return false;
  if (Array.isArray(value)) return value.length >= 100;
  const v = value;
  if (!Array.isArray(v.data)) return false;
  const n = v.data.length;
  return n >= 100 || typeof v.totalCount === "number" && v.totalCount > n;
}

// src/transform/field-values-v1.ts
var V1_VALUE_TYPES = {
  0: "person",
  1: "company",
  2: "dropdown",
  3: "number",
  4: "datetime",
  5: "location",
  6: "text",
  7: "ranked-dropdown",
  10: "filterable-text"
};
var HAS_MULTI = /* @__PURE__ */ new Set(["person", "company", "dropdown", "number", "location", "filterable-text"]);
function v1ValueTypeName(valueType, allowsMultiple) {
  const base = V1_VALUE_TYPES[valueType];
  if (base === void 0) return `v1-${valueType}`;
  return allowsMultiple && HAS_MULTI.has(base) ? `${base}-multi` : base;
}
function v1FieldId(id) {
  return typeof id === "number" ? `field-${id}` : id;
}

// src/transform/apply-changes.ts
var APPLICABLE = /* @__PURE__ */ new Set(["text", "filterable-text", "number", "datetime", "location", "dropdown", "ranked-dropdown", "person", "company"]);
var ENTITY_TYPES = /* @__PURE__ */ new Set(["company", "person", "opportunity"]);
function cellData(change) {
  const v = change.value;
  if (v !== null && typeof v === "object" && !Array.isArray(v) && "referenceType" in v) {
    const { referenceType, ...rest } = v;
    return referenceType === "entity" ? { ok: true, data: rest } : { ok: false };
  }
  return { ok: true, data: v ?? null };
}
function applyChange(change) {
  const type = change.type ?? null;
  const entityType = change.field.entityType;
  if (!type || !APPLICABLE.has(type) || ASSOCIATION_FIELD_IDS.has(change.field.id)) return null;
  if (!entityType || !ENTITY_TYPES.has(entityType)) return null;
  const d = cellData(change);
  if (!d.ok) return null;
  const owner = {
    entityType,
    entityId: change.entity.id,
    listEntryId: change.listEntry?.id ?? 0,
    listId: change.listEntry?.listId ?? null
  };
  const parsed = v2FieldValueSchema.safeParse({ type, data: change.actionType === "delete" ? null : d.data });
  if (!parsed.success) return null;
  const b = emptyBatch();
  b.replace.push(
    replaceSet(
      "field_values",
      ["field_id", "entity_type", "entity_id", "list_entry_id"],
      [{ field_id: change.field.id, entity_type: owner.entityType, entity_id: owner.entityId, list_entry_id: owner.listEntryId }],
      valueRows(change.field.id, parsed.data, owner)
    )
  );
  return b;
}
var MULTI_EDITABLE = /* @__PURE__ */ new Set(["filterable-text-multi", "number-multi", "location-multi", "dropdown-multi", "person-multi", "company-multi"]);
function multiCellEdit(change) {
  const type = change.type ?? null;
  const entityType = change.field.entityType;
  if (!type || !MULTI_EDITABLE.has(type) || ASSOCIATION_FIELD_IDS.has(change.field.id)) return null;
  if (!entityType || !ENTITY_TYPES.has(entityType)) return null;
  if (change.actionType !== "add" && change.actionType !== "delete") return null;
  const d = cellData(change);
  if (!d.ok || d.data === null || d.data === void 0) return null;
  return {
    fieldId: change.field.id,
    entityType,
    entityId: change.entity.id,
    listEntryId: change.listEntry?.id ?? 0,
    listId: change.listEntry?.listId ?? null,
    valueType: type,
    action: change.actionType,
    element: d.data
  };
}
function elementKey(e) {
  if (e !== null && typeof e === "object") {
    const o = e;
    if (typeof o.id === "number") return `id:${o.id}`;
    if (typeof o.dropdownOptionId === "number") return `opt:${o.dropdownOptionId}`;
    return JSON.stringify(
      Object.keys(o).sort().map((k) => [k, o[k]])
    );
  }
  return JSON.stringify(e);
}
function editCellRows(currentValueJson, edit) {
  const elements = currentValueJson.map((j) => JSON.parse(j));
  const key = elementKey(edit.element);
  const at = elements.findIndex((e) => elementKey(e) === key);
  if (edit.action === "add" && at < 0) elements.push(edit.element);
  if (edit.action === "delete" && at >= 0) elements.splice(at, 1);
  const parsed = v2FieldValueSchema.safeParse({ type: edit.valueType, data: elements.length > 0 ? elements : null });
  if (!parsed.success) throw new Error(`cell edit of ${edit.fieldId} does not validate: ${parsed.error.message}`);
  return valueRows(edit.fieldId, parsed.data, { entityType: edit.entityType, entityId: edit.entityId, listEntryId: edit.listEntryId, listId: edit.listId });
}

// src/transform/option-colours.ts
var DROPDOWN_TYPES = /* @__PURE__ */ new Set(["dropdown", "dropdown-multi", "ranked-dropdown"]);
function elementColour(fieldId, element) {
  if (element === null || typeof element !== "object" || Array.isArray(element)) return [];
  const { dropdownOptionId: id, color } = element;
  if (typeof id !== "number" || typeof color !== "string" || color === "") return [];
  return [{ field_id: fieldId, id, color }];
}
function valueOptionColours(fieldId, value) {
  if (!DROPDOWN_TYPES.has(value.type)) return [];
  const data = value.data;
  return Array.isArray(data) ? data.flatMap((e) => elementColour(fieldId, e)) : elementColour(fieldId, data);
}
function fieldsOptionColours(fields) {
  return (fields ?? []).flatMap((f) => valueOptionColours(f.id, f.value));
}
function changeOptionColours(change) {
  if (!change.type || !DROPDOWN_TYPES.has(change.type)) return [];
  const d = cellData(change);
  return d.ok ? elementColour(change.field.id, d.data) : [];
}
function addOptionColours(b, rows, fillOnly = false) {
  return fillOnly ? addFills(b, "dropdown_options", rows) : addUpdates(b, "dropdown_options", rows);
}

// src/transform/entities.ts
var COMPANIES_FIELD = "companies";
var PERSONS_FIELD = "persons";
function fieldById(fields, id) {
  return fields?.find((f) => f.id === id);
}
function referencedIds(field) {
  if (!field) return null;
  const data = field.value.data;
  if (data === null || data === void 0) return [];
  const items = Array.isArray(data) ? data : [data];
  const ids2 = [];
  for (const it of items) {
    const id = it?.id;
    if (typeof id === "number") ids2.push(id);
  }
  return uniqueIds(ids2);
}
function link(ownerColumn, ownerId, otherColumn, id) {
  return { [ownerColumn]: ownerId, [otherColumn]: id };
}
function ownerOf(ownerColumn, ownerId) {
  return { [ownerColumn]: ownerId };
}
function addAssociation(b, table, ownerColumn, ownerId, otherColumn, ids2, truncated = false) {
  if (ids2 === null || ids2 === void 0) return b;
  const rows = uniqueIds(ids2).map((id) => link(ownerColumn, ownerId, otherColumn, id));
  if (truncated) return addUpsert(b, table, ...rows);
  return addReplace(b, replaceSet(table, [ownerColumn], [ownerOf(ownerColumn, ownerId)], rows));
}
function v2AssociationState(fields, id) {
  const f = fieldById(fields, id);
  if (!f) return "absent";
  return isTruncated(f.value) ? "cut" : "complete";
}
function v2CompanyRows(company, raw, opts = {}) {
  const b = emptyBatch();
  addUpsert(b, "companies", {
    id: company.id,
    name: company.name,
    domain: company.domain ?? null,
    domains_json: jsonArrayOrNull(company.domains),
    is_global: company.isGlobal ?? null,
    _raw: rawJson(raw, company)
  });
  const fv = entityFieldValuesReplace(company.fields, { entityType: "company", entityId: company.id }, opts);
  if (fv) b.replace.push(fv);
  addOptionColours(b, fieldsOptionColours(company.fields));
  const persons = fieldById(company.fields, PERSONS_FIELD);
  addAssociation(b, "company_persons", "company_id", company.id, "person_id", referencedIds(persons), isTruncated(persons?.value));
  return b;
}
function v2PersonRows(person, raw, opts = {}) {
  const b = emptyBatch();
  addUpsert(b, "persons", {
    id: person.id,
    first_name: person.firstName ?? null,
    last_name: person.lastName ?? null,
    primary_email: person.primaryEmailAddress ?? null,
    emails_json: jsonArrayOrNull(person.emailAddresses),
    type: person.type ?? null,
    _raw: rawJson(raw, person)
  });
  const fv = entityFieldValuesReplace(person.fields, { entityType: "person", entityId: person.id }, opts);
  if (fv) b.replace.push(fv);
  addOptionColours(b, fieldsOptionColours(person.fields));
  const companies = fieldById(person.fields, COMPANIES_FIELD);
  addAssociation(b, "company_persons", "person_id", person.id, "company_id", referencedIds(companies), isTruncated(companies?.value));
  return b;
}
function v1OrganizationRead(org) {
  const b = emptyBatch();
  const domains = org.domains === void 0 ? void 0 : jsonArrayOrNull(org.domains);
  addUpdate(b, "companies", { id: org.id, name: org.name, domain: org.domain, domains_json: domains, is_global: org.global });
  addAssociation(b, "company_persons", "company_id", org.id, "person_id", org.person_ids);
  addAssociation(b, "opportunity_companies", "company_id", org.id, "opportunity_id", org.opportunity_ids);
  return b;
}
function v1PersonRead(person) {
  const b = emptyBatch();
  const emails = person.emails === void 0 ? void 0 : jsonArrayOrNull(person.emails);
  addUpdate(b, "persons", {
    id: person.id,
    first_name: person.first_name,
    last_name: person.last_name,
    primary_email: person.primary_email,
    emails_json: emails
  });
  addAssociation(b, "company_persons", "person_id", person.id, "company_id", person.organization_ids);
  addAssociation(b, "opportunity_persons", "person_id", person.id, "opportunity_id", person.opportunity_ids);
  return b;
}

// src/transform/opportunities.ts
function opportunityId(s) {
  const ids2 = [s.listEntry?.entity.id, s.v2?.id, s.v1?.id].filter((x) => typeof x === "number");
  const first = ids2[0];
  if (first === void 0) throw new Error("joinOpportunity: no source carries an opportunity id");
  if (ids2.some((x) => x !== first)) {
    throw new Error(`joinOpportunity: sources disagree on the opportunity id (${ids2.join(", ")})`);
  }
  return first;
}
function v1Entry(s) {
  return s.v1?.list_entries?.[0] ?? void 0;
}
function pick(...vals) {
  for (const v of vals) if (v !== void 0) return v;
  return void 0;
}
function joinOpportunity(s) {
  const id = opportunityId(s);
  const le = s.listEntry;
  const v1e = v1Entry(s);
  const b = emptyBatch();
  const createdAt = pick(le?.createdAt, v1e?.created_at);
  const raw = {};
  if (s.v2) raw.v2 = s.raw?.v2 ?? s.v2;
  if (le) raw.list_entry = s.raw?.listEntry ?? le;
  if (s.v1) raw.v1 = s.raw?.v1 ?? s.v1;
  addUpsert(b, "opportunities", {
    id,
    name: pick(le?.entity.name, s.v2?.name, s.v1?.name),
    list_id: pick(le?.listId, le?.entity.listId, s.v2?.listId, v1e?.list_id),
    list_entry_id: pick(le?.id, v1e?.id),
    created_at: createdAt === void 0 ? void 0 : normalizeTimestamp(createdAt),
    creator_id: pick(le?.creatorId, v1e?.creator_id),
    _raw: toJson(raw)
  });
  if (le) {
    addUpsert(b, "list_entries", {
      id: le.id,
      list_id: le.listId,
      entity_type: "opportunity",
      entity_id: id,
      created_at: normalizeTimestamp(le.createdAt),
      creator_id: le.creatorId ?? null,
      _raw: toJson(s.raw?.listEntry ?? le)
    });
    const fv = listEntryFieldValuesReplace(
      le.entity.fields,
      {
        entityType: "opportunity",
        entityId: id,
        listEntryId: le.id,
        listId: le.listId
      },
      { fieldsRequested: s.fieldsRequested ?? false }
    );
    if (fv) b.replace.push(fv);
    addOptionColours(b, fieldsOptionColours(le.entity.fields));
  }
  const fields = le?.entity.fields;
  const personsField = fields?.find((f) => f.id === PERSONS_FIELD);
  const companiesField = fields?.find((f) => f.id === COMPANIES_FIELD);
  if (s.v1?.person_ids != null) {
    addAssociation(b, "opportunity_persons", "opportunity_id", id, "person_id", s.v1.person_ids);
  } else {
    addAssociation(b, "opportunity_persons", "opportunity_id", id, "person_id", referencedIds(personsField), isTruncated(personsField?.value));
  }
  if (s.v1?.organization_ids != null) {
    addAssociation(b, "opportunity_companies", "opportunity_id", id, "company_id", s.v1.organization_ids);
  } else {
    addAssociation(b, "opportunity_companies", "opportunity_id", id, "company_id", referencedIds(companiesField), isTruncated(companiesField?.value));
  }
  return b;
}
function v1OpportunityAssociations(opp) {
  const b = emptyBatch();
  addAssociation(b, "opportunity_persons", "opportunity_id", opp.id, "person_id", opp.person_ids);
  addAssociation(b, "opportunity_companies", "opportunity_id", opp.id, "company_id", opp.organization_ids);
  return b;
}

// src/transform/lists.ts
function v2ListRows(list, raw) {
  return single("lists", {
    id: list.id,
    name: list.name,
    type: list.type,
    is_public: list.isPublic ?? null,
    owner_id: list.ownerId ?? null,
    creator_id: list.creatorId ?? null,
    created_at: list.createdAt === void 0 ? void 0 : normalizeTimestamp(list.createdAt),
    _raw: rawJson(raw, list)
  });
}
function v1ListRows(list, raw) {
  return single("lists", {
    id: list.id,
    name: list.name,
    type: v1EntityTypeName(list.type) ?? `v1-${list.type}`,
    is_public: list.public ?? null,
    owner_id: list.owner_id ?? null,
    creator_id: list.creator_id ?? null,
    size: list.list_size ?? void 0,
    _raw: rawJson(raw, list)
  });
}
function v2ListEntryRows(entry, raw, opts = {}) {
  if (entry.type === "opportunity") {
    return joinOpportunity({ listEntry: entry, raw: { listEntry: raw }, fieldsRequested: opts.fieldsRequested ?? false });
  }
  const b = emptyBatch();
  addUpsert(b, "list_entries", {
    id: entry.id,
    list_id: entry.listId,
    entity_type: entry.type,
    entity_id: entry.entity.id,
    created_at: normalizeTimestamp(entry.createdAt),
    creator_id: entry.creatorId ?? null,
    _raw: rawJson(raw, entry)
  });
  const fv = listEntryFieldValuesReplace(
    entry.entity.fields,
    {
      entityType: entry.type,
      entityId: entry.entity.id,
      listEntryId: entry.id,
      listId: entry.listId
    },
    opts
  );
  if (fv) b.replace.push(fv);
  addOptionColours(b, fieldsOptionColours(entry.entity.fields));
  return b;
}
function savedViewRows(view, listId, raw) {
  return single("saved_views", {
    id: view.id,
    list_id: view.listId ?? listId,
    name: view.name,
    type: view.type ?? null,
    created_at: normalizeTimestamp(view.createdAt ?? null),
    _raw: rawJson(raw, view)
  });
}

// src/transform/fields.ts
function v1IdOf(fieldId) {
  const m = /^field-(\d+)$/.exec(fieldId);
  return m ? Number(m[1]) : null;
}
function v2FieldRows(field, ctx = {}, raw) {
  const isList = field.type === "list";
  const v1Id = v1IdOf(field.id);
  const listId = isList ? ctx.listId ?? null : null;
  const b = single("fields", {
    id: field.id,
    v1_id: v1Id,
    name: field.name,
    value_type: field.valueType,
    enrichment_source: field.enrichmentSource ?? null,
    allows_multiple: field.valueType.endsWith("-multi"),
    ...v1Id === null ? {} : {
      type: field.type ?? null,
      entity_type: ctx.entityType === void 0 ? void 0 : ctx.entityType,
      list_id: listId,
      _raw: rawJson(raw, field)
    }
  });
  if (ctx.entityType) {
    addUpsert(b, "field_scopes", {
      field_id: field.id,
      entity_type: ctx.entityType,
      list_id: listId ?? 0,
      type: field.type ?? null,
      definition_json: rawJson(raw, field)
    });
  }
  return b;
}
function v1FieldType(field) {
  if (field.list_id !== null && field.list_id !== void 0) return "list";
  const src = field.enrichment_source;
  if (src !== null && src !== void 0 && src !== V1_NO_ENRICHMENT) return "enriched";
  return "global";
}
function v1FieldRows(field, raw) {
  const id = v1FieldId(field.id);
  const src = field.enrichment_source;
  const b = emptyBatch();
  addUpsert(b, "fields", {
    id,
    v1_id: field.id,
    name: field.name,
    type: v1FieldType(field),
    value_type: v1ValueTypeName(field.value_type, field.allows_multiple),
    entity_type: field.entity_type === void 0 ? void 0 : v1EntityTypeName(field.entity_type),
    list_id: field.list_id ?? null,
    enrichment_source: src === void 0 ? void 0 : src === V1_NO_ENRICHMENT ? null : src,
    allows_multiple: field.allows_multiple ?? void 0,
    track_changes: field.track_changes ?? void 0,
    _raw: rawJson(raw, field)
  });
  if (field.dropdown_options) b.replace.push(dropdownOptionsReplace(id, field.dropdown_options));
  return b;
}
function dropdownOptionsReplace(fieldId, options) {
  return {
    ...replaceSet(
      "dropdown_options",
      ["field_id"],
      [{ field_id: fieldId }],
      options.map((o) => ({
        field_id: fieldId,
        id: o.id,
        text: o.text,
        rank: typeof o.rank === "number" ? Math.round(o.rank) : null,
        // An explicit null says the option has no colour; an absent member says nothing (kept).
        ...typeof o.color === "number" || o.color === null ? { color_code: o.color === null ? null : Math.round(o.color) } : {},
        ...typeof o.color === "string" ? { color: o.color } : {}
      }))
    ),
    keep: { columns: ["color", "color_code"], unlessChanged: ["color_code"] }
  };
}

// src/transform/field-value-changes.ts
function v1ActionType(action) {
  switch (action) {
    case 0:
      return "add";
    case 1:
      return "delete";
    case 2:
      return "update";
    default:
      return `v1-${action}`;
  }
}
function v2FieldValueChangeRows(change, raw) {
  return single("field_value_changes", {
    id: change.id,
    field_id: change.field.id,
    entity_type: change.field.entityType ?? null,
    entity_id: change.entity.id,
    list_entry_id: change.listEntry?.id ?? null,
    list_id: change.listEntry?.listId ?? null,
    action_type: change.actionType,
    changed_at: normalizeTimestamp(change.changedAt),
    changer_id: change.changer?.id ?? null,
    value_type: change.type ?? null,
    value_json: toJson(changeValue(change)),
    // Typed like the field_values row of the same value; a deleted-entity reference has nothing to type.
    ...change.type ? elementTypedColumns(change.type, cellOrNull(change)) : NO_TYPED2,
    _raw: rawJson(raw, change)
  });
}
var NO_TYPED2 = { value_text: null, value_number: null, value_date: null, ref_id: null };
function changeValue(change) {
  const d = cellData(change);
  return d.ok ? d.data : change.value;
}
function cellOrNull(change) {
  const d = cellData(change);
  return d.ok ? d.data : null;
}
function v1TypedColumns(valueType, value) {
  if (!valueType) return NO_TYPED2;
  const base = valueType.replace(/-multi$/, "");
  if ((base === "dropdown" || base === "ranked-dropdown") && value !== null && typeof value === "object") {
    const o = value;
    if (typeof o.id !== "number") return NO_TYPED2;
    const rank = base === "ranked-dropdown" && typeof o.rank === "number" ? o.rank : null;
    return { ...NO_TYPED2, value_text: typeof o.text === "string" ? o.text : null, ref_id: o.id, value_number: rank };
  }
  if (base === "person" || base === "company") return typeof value === "number" ? { ...NO_TYPED2, ref_id: value } : NO_TYPED2;
  return elementTypedColumns(valueType, value);
}
function v1FieldValueChangeRows(change, ctx = {}, raw) {
  return single("field_value_changes", {
    id: change.id,
    field_id: v1FieldId(change.field_id),
    entity_type: ctx.entityType ?? null,
    entity_id: change.entity_id,
    list_entry_id: change.list_entry_id ?? null,
    list_id: change.list_entry_id ? ctx.listId ?? null : null,
    action_type: v1ActionType(change.action_type),
    changed_at: normalizeTimestamp(change.changed_at),
    changer_id: change.changer?.id ?? null,
    value_type: ctx.valueType ?? null,
    value_json: toJson(change.value),
    ...v1TypedColumns(ctx.valueType, change.value),
    _raw: rawJson(raw, change)
  });
}

// src/transform/notes.ts
function attachmentRows(noteId, persons, mentioned, companies, opportunities, personsComplete) {
  const attachedPersons = new Set(persons);
  const mentionedPersons = new Set(mentioned);
  const entity = (entity_type, entity_id) => ({ note_id: noteId, entity_type, entity_id, attached: true, mentioned: false });
  return [
    ...uniqueIds([...persons, ...mentioned]).map((id) => ({
      note_id: noteId,
      entity_type: "person",
      entity_id: id,
      mentioned: mentionedPersons.has(id),
      ...attachedPersons.has(id) || personsComplete ? { attached: attachedPersons.has(id) } : {}
    })),
    ...uniqueIds(companies).map((id) => entity("company", id)),
    ...uniqueIds(opportunities).map((id) => entity("opportunity", id))
  ];
}
function previewComplete(p) {
  if (!p) return false;
  const n = p.data?.length ?? 0;
  return typeof p.totalCount !== "number" || p.totalCount <= n;
}
var ids = (xs) => (xs ?? []).map((x) => x.id);
function v2NoteRows(note, raw, attached) {
  const b = emptyBatch();
  const html = note.content?.html ?? null;
  addUpsert(b, "notes", {
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
    _raw: rawJson(raw, note)
  });
  if (note.parent) return b;
  const mentioned = (note.mentions ?? []).flatMap((m) => m.type === "person" && m.person ? [m.person.id] : []);
  if (attached) {
    const rows2 = attachmentRows(
      note.id,
      ids(attached.persons),
      mentioned,
      ids(attached.companies),
      ids(attached.opportunities),
      attached.persons !== void 0
    );
    b.replace.push(replaceSet("note_attachments", ["note_id"], [{ note_id: note.id }], rows2));
    return b;
  }
  const previews = [note.personsPreview, note.companiesPreview, note.opportunitiesPreview];
  const rows = attachmentRows(
    note.id,
    ids(note.personsPreview?.data),
    mentioned,
    ids(note.companiesPreview?.data),
    ids(note.opportunitiesPreview?.data),
    previewComplete(note.personsPreview)
  );
  if (previews.every(previewComplete)) {
    b.replace.push(replaceSet("note_attachments", ["note_id"], [{ note_id: note.id }], rows));
  } else {
    addUpsert(b, "note_attachments", ...rows);
  }
  return b;
}
function v2NoteTranscriptRows(note) {
  const b = emptyBatch();
  if (note.transcriptId !== void 0) addUpdates(b, "notes", [{ id: note.id, transcript_id: note.transcriptId }]);
  return b;
}
function v1NoteType(note) {
  if (note.parent_id != null) return note.type === 3 ? "ai-notetaker-reply" : "user-reply";
  if (note.type === 3) return "ai-notetaker";
  if (note.type === 1 || note.interaction_id != null) return "interaction";
  return "entities";
}
function v1NoteRows(note, raw) {
  const b = emptyBatch();
  const isHtml = note.type === 2 || note.type === 3;
  const content = note.content ?? null;
  addUpsert(b, "notes", {
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
    _raw: rawJson(raw, note)
  });
  const rows = attachmentRows(note.id, note.person_ids ?? [], note.mentioned_person_ids ?? [], note.organization_ids ?? [], note.opportunity_ids ?? [], true);
  b.replace.push(replaceSet("note_attachments", ["note_id"], [{ note_id: note.id }], rows));
  return b;
}

// src/transform/reminders.ts
var V1_REMINDER_TYPES = { 0: "one-time", 1: "recurring" };
var V1_REMINDER_RESET_TYPES = { 0: "interaction", 1: "email", 2: "meeting" };
var V1_REMINDER_STATUSES = { 0: "completed", 1: "active", 2: "overdue" };
function named(table, v) {
  if (v === null || v === void 0) return null;
  return table[v] ?? `v1-${v}`;
}
function v2ReminderRows(r, raw) {
  return single("reminders", {
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
    _raw: rawJson(raw, r)
  });
}
function v1ReminderRows(r, raw) {
  return single("reminders", {
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
    _raw: rawJson(raw, r)
  });
}

// src/transform/interactions.ts
var fromAttendee = (role) => (a) => ({
  role,
  person_id: a.person?.id ?? null,
  email_address: a.emailAddress ?? a.person?.primaryEmailAddress ?? null
});
var fromPersonOrAttendee = (role) => (p) => "id" in p && typeof p.id === "number" ? { role, person_id: p.id, email_address: typeof p.primaryEmailAddress === "string" ? p.primaryEmailAddress : null } : fromAttendee(role)(p);
function personIdOf(p) {
  if (!p) return null;
  if ("id" in p && typeof p.id === "number") return p.id;
  return p.person?.id ?? null;
}
function interactionBatch(kind, id, row, participants, raw) {
  const b = emptyBatch();
  addUpsert(b, "interactions", { ...row, kind, id, _raw: raw });
  const positions = /* @__PURE__ */ new Map();
  const rows = participants.map((p) => {
    const position = positions.get(p.role) ?? 0;
    positions.set(p.role, position + 1);
    return { kind, interaction_id: id, role: p.role, position, person_id: p.person_id, email_address: p.email_address };
  });
  b.replace.push(replaceSet("interaction_participants", ["kind", "interaction_id"], [{ kind, interaction_id: id }], rows));
  return b;
}
var ts = (s) => normalizeTimestamp(s ?? null);
function v2EmailRows(e, raw) {
  return interactionBatch(
    "email",
    e.id,
    {
      subject: e.subject ?? null,
      started_at: ts(e.sentAt),
      ended_at: null,
      all_day: null,
      direction: e.direction ?? null,
      logging_type: e.loggingType ?? null,
      creator_id: null,
      created_at: ts(e.createdAt),
      updated_at: ts(e.updatedAt)
    },
    [
      ...e.from ? [fromAttendee("from")(e.from)] : [],
      ...(e.toParticipantsPreview?.data ?? []).map(fromAttendee("to")),
      ...(e.ccParticipantsPreview?.data ?? []).map(fromAttendee("cc"))
    ],
    rawJson(raw, e)
  );
}
function eventRows(kind, m, raw) {
  const organizer = "organizer" in m ? m.organizer : void 0;
  return interactionBatch(
    kind,
    m.id,
    {
      subject: m.title ?? null,
      started_at: ts(m.startTime),
      ended_at: ts(m.endTime),
      all_day: m.allDay ?? null,
      direction: null,
      logging_type: m.loggingType ?? null,
      creator_id: m.creator?.person?.id ?? null,
      created_at: ts(m.createdAt),
      updated_at: ts(m.updatedAt)
    },
    [...organizer ? [fromAttendee("organizer")(organizer)] : [], ...(m.attendeesPreview?.data ?? []).map(fromAttendee("attendee"))],
    rawJson(raw, m)
  );
}
function v2MeetingRows(m, raw) {
  return eventRows("meeting", m, raw);
}
function v2CallRows(c, raw) {
  return eventRows("call", c, raw);
}
function v2ChatMessageRows(c, raw) {
  return interactionBatch(
    "chat-message",
    c.id,
    {
      subject: null,
      started_at: ts(c.sentAt),
      ended_at: null,
      all_day: null,
      direction: c.direction ?? null,
      logging_type: c.loggingType ?? null,
      creator_id: personIdOf(c.creator),
      created_at: ts(c.createdAt),
      updated_at: ts(c.updatedAt)
    },
    (c.participantsPreview?.data ?? []).map(fromPersonOrAttendee("participant")),
    rawJson(raw, c)
  );
}

// src/transform/transcripts.ts
function transcriptFragmentsReplace(transcriptId, fragments) {
  return replaceSet(
    "transcript_fragments",
    ["transcript_id"],
    [{ transcript_id: transcriptId }],
    fragments.map((f, idx) => ({
      transcript_id: transcriptId,
      idx,
      speaker: typeof f.speaker === "string" ? f.speaker : f.speaker?.name ?? null,
      content: f.content,
      start_ms: offsetToMs(f.startTimestamp),
      end_ms: offsetToMs(f.endTimestamp)
    }))
  );
}
function transcriptRows(t, raw) {
  const b = emptyBatch();
  const interaction = t.note?.interaction;
  const noteMeeting = interaction && (interaction.type ?? "meeting") === "meeting" ? interaction.id : null;
  addUpsert(b, "transcripts", {
    id: t.id,
    title: t.title ?? null,
    meeting_id: t.meeting?.id ?? noteMeeting,
    language: t.languageCode ?? t.language ?? null,
    created_at: normalizeTimestamp(t.createdAt ?? null),
    _raw: rawJson(raw, t)
  });
  const preview = t.fragmentsPreview;
  if (preview?.data) {
    const complete = typeof preview.totalCount !== "number" || preview.totalCount <= preview.data.length;
    if (complete) b.replace.push(transcriptFragmentsReplace(t.id, preview.data));
  }
  return b;
}

// src/transform/misc.ts
function v1EntityFileRows(f, raw) {
  return single("files", {
    id: f.id,
    name: f.name ?? null,
    size: f.size ?? null,
    content_type: f.content_type ?? null,
    person_id: f.person_id ?? null,
    company_id: f.organization_id ?? null,
    opportunity_id: f.opportunity_id ?? null,
    uploader_id: f.uploader_id ?? null,
    created_at: normalizeTimestamp(f.created_at ?? null),
    _raw: rawJson(raw, f)
  });
}
function v2FileRows(f, raw) {
  return single("files", {
    id: f.id,
    name: f.name ?? null,
    size: f.size ?? f.sizeInBytes ?? null,
    content_type: f.contentType ?? null,
    person_id: f.personId ?? null,
    company_id: f.companyId ?? null,
    opportunity_id: f.opportunityId ?? null,
    uploader_id: f.uploaderId ?? f.uploader?.id ?? f.creator?.id ?? null,
    created_at: normalizeTimestamp(f.createdAt ?? null),
    _raw: rawJson(raw, f)
  });
}
function v2UserRows(u, raw) {
  return single("users", {
    id: u.id,
    first_name: u.firstName ?? null,
    last_name: u.lastName ?? null,
    email_address: u.emailAddress ?? null,
    type: u.type ?? null,
    _raw: rawJson(raw, u)
  });
}
function v2TeamRows(t, raw) {
  return single("teams", { id: t.id, name: t.name ?? null, _raw: rawJson(raw, t) });
}
function teamMembersRows(teamId, members) {
  const b = emptyBatch();
  b.replace.push(
    replaceSet(
      "team_members",
      ["team_id"],
      [{ team_id: teamId }],
      uniqueIds(members.map((m) => m.id)).map((userId) => ({ team_id: teamId, user_id: userId }))
    )
  );
  return b;
}
function v1WebhookRows(w, raw) {
  return single("webhooks", {
    id: w.id,
    url: w.webhook_url,
    subscriptions_json: jsonArrayOrNull(w.subscriptions),
    status: w.disabled === void 0 || w.disabled === null ? null : w.disabled ? "disabled" : "active",
    creator_id: w.created_by ?? null,
    _raw: rawJson(raw, w)
  });
}
function v2WebhookRows(w, raw) {
  return single("webhooks", {
    id: w.id,
    url: w.url,
    ...w.subscriptions !== void 0 ? { subscriptions_json: jsonArrayOrNull(w.subscriptions) } : {},
    ...w.status !== void 0 ? { status: w.status } : {},
    ...w.creator !== void 0 ? { creator_id: w.creator?.id ?? null } : {},
    ...w.createdAt !== void 0 ? { created_at: normalizeTimestamp(w.createdAt) } : {},
    ...w.updatedAt !== void 0 ? { updated_at: normalizeTimestamp(w.updatedAt) } : {},
    _raw: rawJson(raw, w)
  });
}
function mergeRow(entityType, m, primaryId, duplicateId, raw) {
  return single("merges", {
    entity_type: entityType,
    id: m.id,
    primary_id: primaryId,
    duplicate_id: duplicateId,
    status: m.status,
    error_message: m.errorMessage ?? null,
    task_id: m.taskId ?? null,
    created_at: normalizeTimestamp(m.startedAt ?? null),
    completed_at: normalizeTimestamp(m.completedAt ?? null),
    _raw: rawJson(raw, m)
  });
}
function companyMergeRows(m, raw) {
  return mergeRow("company", m, m.primaryCompanyId, m.duplicateCompanyId, raw);
}
function personMergeRows(m, raw) {
  return mergeRow("person", m, m.primaryPersonId, m.duplicatePersonId, raw);
}
function relationshipStrengthRows(r, raw) {
  return single("relationship_strengths", {
    internal_id: r.internal_id,
    external_id: r.external_id,
    strength: r.strength,
    _raw: rawJson(raw, r)
  });
}

// src/transform/duplicates.ts
function pairRow(entityType, members, confidence, raw) {
  const [a, b] = [members[0]?.id ?? 0, members[1]?.id ?? 0].sort((x, y) => x - y);
  return single("duplicate_suggestions", { entity_type: entityType, first_id: a, second_id: b, confidence: confidence ?? null, _raw: raw });
}
function companySuggestionRows(s, raw) {
  return pairRow("company", s.companies, s.confidence, rawJson(raw, s));
}
function personSuggestionRows(s, raw) {
  return pairRow("person", s.persons, s.confidence, rawJson(raw, s));
}

// src/streams/common.ts
function transformFailure(err) {
  return `transform: ${err instanceof Error ? err.message : String(err)}`;
}
function perRecordMarked(fn) {
  return (records, raws, page) => {
    const rows = emptyBatch();
    const marks = [];
    const quarantined = [];
    records.forEach((r, i) => {
      const raw = raws[i] ?? r;
      let out;
      try {
        out = fn(r, raw, page);
      } catch (err) {
        quarantined.push({ raw, error: transformFailure(err) });
        return;
      }
      mergeBatch(rows, out.rows);
      marks.push(...out.marks);
    });
    return { rows, marks, ...quarantined.length > 0 ? { quarantined } : {} };
  };
}
function perRecord(fn) {
  return perRecordMarked((r, raw, page) => ({ rows: fn(r, raw, page), marks: [] }));
}
function onlyId(page) {
  const id = page.ids[0];
  if (id === void 0 || page.ids.length !== 1) throw new Error("relsync: a per-record transform ran without exactly one batch id");
  return id;
}
var ENTITY_FIELD_TYPES = ["enriched", "global", "relationship-intelligence"];
function confirmByIds(path, endpoint, ids2) {
  return { path, query: { ids: [...ids2], limit: 100 }, paginator: "v2", endpoint };
}

// src/streams/define.ts
var WHOLE = { key: "", params: {} };
function defineStream(def) {
  return def;
}
function upstreamOf(def) {
  return [...def.needs ?? [], ...def.after ?? []];
}
function lowerRanksOf(def, all) {
  const slot = def.source;
  if (!slot) return [];
  return all.filter((s) => s.source?.capability === slot.capability && s.source.rank < slot.rank).map((s) => s.name);
}

// src/streams/feed.ts
function sinceFilter(prop, hw) {
  if (!hw) return void 0;
  const t = new Date(Math.floor(Date.parse(hw.at) / 1e3) * 1e3).toISOString().replace(".000Z", "Z");
  const props = typeof prop === "string" ? [prop] : prop;
  return props.map((pr) => `${pr}>=${t}`).join("|");
}
function feedMark(at, id) {
  return { at: normalizeTimestamp(at), id };
}
function updatedPosition(r) {
  const at = [r.updatedAt, r.createdAt].filter((x) => typeof x === "string").map((x) => normalizeTimestamp(x)).sort((a, b) => Date.parse(b) - Date.parse(a))[0];
  return at ? { at, id: null } : null;
}
function updatedSinceFeed(path, opts = {}) {
  const { includes, startAtNow } = opts;
  return {
    ordered: false,
    ...startAtNow ? { startAtNow } : {},
    request: (hw) => {
      const filter = sinceFilter(["createdAt", "updatedAt"], hw);
      return { path, query: { limit: V2_PAGE, ...filter ? { filter } : {}, ...includes ? { includes: [...includes] } : {} }, paginator: "v2" };
    },
    position: updatedPosition
  };
}

// src/streams/calls.ts
var callsStream = defineStream({
  name: "calls",
  description: "calls (GET /v2/calls)",
  group: "other",
  schema: v2CallSchema,
  read: {
    kind: "sweep",
    request: () => ({ path: "/v2/calls", query: { limit: V2_PAGE }, paginator: "v2" }),
    between: updatedSinceFeed("/v2/calls"),
    softDelete: { table: "interactions", scope: () => ({ kind: "call" }) }
  },
  transform: perRecord((r, raw) => v2CallRows(r, raw))
});

// src/streams/chat-messages.ts
var chatMessagesStream = defineStream({
  name: "chat_messages",
  description: "chat messages (GET /v2/chat-messages)",
  group: "other",
  schema: v2ChatMessageSchema,
  read: {
    kind: "sweep",
    request: () => ({ path: "/v2/chat-messages", query: { limit: V2_PAGE }, paginator: "v2" }),
    between: updatedSinceFeed("/v2/chat-messages"),
    softDelete: { table: "interactions", scope: () => ({ kind: "chat-message" }) }
  },
  transform: perRecord((r, raw) => v2ChatMessageRows(r, raw))
});

// src/planner/tiers.ts
var TIER_SLACK = { hot: DEFAULT_HOT_SHARE_SLACK, cold: DEFAULT_COLD_SHARE_SLACK };
function signalsOf(side, w) {
  const { cutoff, promotedSince, newSince } = w;
  const talked = sql`select ip.person_id from interaction_participants ip
    join interactions i on i.kind = ip.kind and i.id = ip.interaction_id
    where i.started_at >= ${cutoff} and i._deleted_at is null and ip.person_id is not null`;
  const viaInteraction = side === "person" ? talked : sql`select company_id from company_persons where person_id in (${talked})`;
  const [dealLinks, dealMember] = side === "company" ? ["opportunity_companies", "company_id"] : ["opportunity_persons", "person_id"];
  return [
    { name: "listed", rank: 0, ids: sql`select entity_id from list_entries where entity_type = ${side} and _deleted_at is null` },
    {
      name: "deal",
      rank: 1,
      ids: sql`select ${sql.ref(dealMember)} from ${sql.table(dealLinks)} where ${liveDeal(sql.ref("opportunity_id"), cutoff)}`
    },
    {
      name: "recent",
      rank: 2,
      ids: sql`${viaInteraction}
        union select na.entity_id from note_attachments na join notes n on n.id = na.note_id
          where na.entity_type = ${side} and n.created_at >= ${cutoff} and n._deleted_at is null
        union select entity_id from field_value_changes where entity_type = ${side} and changed_at >= ${promotedSince}
        union select id from sync_dirty where kind = ${side}
        union select id from sync_hinted where kind = ${side} and hinted_at >= ${promotedSince}${newSince === null ? sql`` : sql`
        union select id from ${sql.table(TABLE_OF_SIDE[side])} where _first_seen_at > ${newSince}`}`
    }
  ];
}
function liveDeal(opportunityId2, cutoff) {
  return sql`(${opportunityId2} not in (select id from opportunities where created_at is not null or _deleted_at is not null)
    or ${opportunityId2} in (select id from opportunities where _deleted_at is null and (created_at >= ${cutoff}
      or id in (select entity_id from field_value_changes where entity_type = 'opportunity' and changed_at >= ${cutoff})
      or id in (select na.entity_id from note_attachments na join notes n on n.id = na.note_id
        where na.entity_type = 'opportunity' and n.created_at >= ${cutoff} and n._deleted_at is null))))`;
}
async function newSinceOf(db, side, cutoff) {
  const { checkpoint } = await readCheckpoint(db, TABLE_OF_SIDE[side]);
  if (checkpoint.lastSweepCompletedAt === null) return null;
  const first = checkpoint.firstPassAt;
  return first !== null && first > cutoff ? first : cutoff;
}
async function hotSignals(db, side, now, hotWindowMs, graceMs = 0) {
  const cutoff = hotCutoff(now, hotWindowMs + graceMs);
  const promotedSince = hotCutoff(now, Math.min(hotWindowMs, DEFAULT_HOT_PROMOTION_MS) + graceMs);
  return signalsOf(side, { cutoff, promotedSince, newSince: await newSinceOf(db, side, cutoff) });
}
function anySignal(id, signals) {
  if (signals.length === 0) return sql`(1 = 0)`;
  return sql`(${sql.join(
    signals.map((s) => sql`${id} in (${s.ids})`),
    sql` or `
  )})`;
}
function hotCutoff(now, hotWindowMs) {
  return new Date(now.getTime() - hotWindowMs).toISOString();
}
var TABLE_OF_SIDE = { company: "companies", person: "persons" };
var LINKS_OF_SIDE = { company: "company_links", person: "person_links" };
async function tierCounts(db, side, now, hotWindowMs) {
  const signals = await hotSignals(db, side, now, hotWindowMs);
  const hot = anySignal(sql.ref("t.id"), signals);
  const out = {};
  for (const tier of ["hot", "cold"]) {
    const r = await sql`
      select count(*) as n, count(rw.read_at) as ${sql.ref("read")}, min(rw.read_at) as oldest
      from ${sql.table(TABLE_OF_SIDE[side])} t
      left join sync_read_whole rw on rw.kind = ${LINKS_OF_SIDE[side]} and rw.id = t.id
      where t._deleted_at is null and ${tier === "hot" ? hot : sql`not ${hot}`}`.execute(db);
    const row = r.rows[0];
    const records = Number(row?.n ?? 0);
    const read = Number(row?.read ?? 0);
    out[tier] = { records, neverRead: records - read, oldestReadAt: records > read || row?.oldest == null ? null : String(row.oldest) };
  }
  return out;
}

// src/planner/hot-refresh.ts
function refreshBefore(now, hotPeriodMs) {
  return new Date(now.getTime() - hotPeriodMs / TIER_SLACK.hot).toISOString();
}
async function hotRefreshIds(ctx, side, input) {
  if (!Number.isFinite(input.hotPeriodMs)) return async () => [];
  const hot = anySignal(sql.ref("t.id"), await hotSignals(ctx.db.kysely, side, input.now, input.hotWindowMs, input.hotPeriodMs));
  const before = refreshBefore(input.now, input.hotPeriodMs);
  return async (after, limit) => {
    const r = await sql`select t.id from ${sql.table(TABLE_OF_SIDE[side])} t
      where t._deleted_at is null and t._synced_at < ${before} and ${hot} and t.id > ${after}
      order by t.id limit ${limit}`.execute(ctx.db.kysely);
    return r.rows.map((x) => Number(x.id));
  };
}

// src/planner/id-chunks.ts
function fixedIds(ids2) {
  const sorted = [...new Set(ids2)].sort((a, b) => a - b);
  return async (after, limit) => {
    let lo = 0;
    let hi = sorted.length;
    while (lo < hi) {
      const mid = lo + hi >> 1;
      if (sorted[mid] <= after) lo = mid + 1;
      else hi = mid;
    }
    return sorted.slice(lo, lo + limit);
  };
}
function unionIds(...sources) {
  return async (after, limit) => {
    const parts = await Promise.all(sources.map((s) => s(after, limit)));
    return [...new Set(parts.flat())].sort((a, b) => a - b).slice(0, limit);
  };
}
async function collectIds(source, after, chunk) {
  let out = new Float64Array(chunk);
  let n = 0;
  for (let from = after; ; ) {
    const ids2 = await source(from, chunk);
    if (n + ids2.length > out.length) {
      const grown = new Float64Array(Math.max(out.length * 2, n + ids2.length));
      grown.set(out.subarray(0, n));
      out = grown;
    }
    out.set(ids2, n);
    n += ids2.length;
    if (ids2.length < chunk) return out.slice(0, n);
    from = ids2[ids2.length - 1];
  }
}

// src/state/dirty.ts
var TABLE_OF = {
  company: "companies",
  person: "persons",
  list_entry: "list_entries",
  opportunity_links: "opportunities",
  company_links: "companies",
  person_links: "persons"
};
async function resolveIfMissing(trx, marks) {
  const out = marks.filter((m) => !m.ifMissing);
  for (const kind of Object.keys(TABLE_OF)) {
    const ids2 = [...new Set(marks.filter((m) => m.ifMissing && m.kind === kind).map((m) => m.id))];
    if (ids2.length === 0) continue;
    const known = /* @__PURE__ */ new Set();
    for (let i = 0; i < ids2.length; i += CHUNK) {
      const rows = await trx.selectFrom(TABLE_OF[kind]).select("id").where("id", "in", ids2.slice(i, i + CHUNK)).execute();
      for (const r of rows) known.add(Number(r.id));
    }
    out.push(...marks.filter((m) => m.ifMissing && m.kind === kind && !known.has(m.id)));
  }
  return out;
}
var CHUNK = DEFAULT_STATE_ROWS_PER_STATEMENT;
async function settleMarks(trx, marks, now) {
  const kinds = new Set(marks.map((m) => m.kind));
  for (const kind of kinds) {
    const ids2 = [...new Set(marks.filter((m) => m.kind === kind).map((m) => m.id))];
    await clearDirty(trx, kind, ids2, now);
  }
}
async function markDirty(trx, _dialect, marks, now) {
  const settled = marks.filter((m) => m.settled);
  if (settled.length > 0) await settleMarks(trx, settled, now);
  const unique = /* @__PURE__ */ new Map();
  for (const m of await resolveIfMissing(
    trx,
    marks.filter((m2) => !m2.settled)
  ))
    unique.set(`${m.kind}:${m.id}`, m);
  const rows = [...unique.values()].map((m) => ({ kind: m.kind, id: m.id, list_id: m.listId ?? null, marked_at: now, attempts: 0 }));
  for (let i = 0; i < rows.length; i += CHUNK) {
    await trx.insertInto("sync_dirty").values(rows.slice(i, i + CHUNK)).onConflict((oc) => oc.columns(["kind", "id"]).doUpdateSet((eb) => ({ marked_at: eb.ref("excluded.marked_at"), list_id: eb.ref("excluded.list_id") }))).execute();
  }
  return rows.length;
}
async function liveDirtyIds(trx, kind, window, hintedSince) {
  let q = trx.selectFrom("sync_dirty").select("id").where("kind", "=", kind).where("id", "in", (eb) => eb.selectFrom(TABLE_OF[kind]).select("id").where("_deleted_at", "is", null)).where("id", ">", window.after);
  if (hintedSince !== void 0)
    q = q.where("id", "in", (eb) => eb.selectFrom("sync_hinted").select("id").where("kind", "=", kind).where("hinted_at", ">=", hintedSince));
  const rows = await q.orderBy("id").limit(window.limit).execute();
  return rows.map((r) => Number(r.id));
}
async function liveDirtyCount(trx, kind) {
  const r = await trx.selectFrom("sync_dirty").select((eb) => eb.fn.countAll().as("n")).where("kind", "=", kind).where("id", "in", (eb) => eb.selectFrom(TABLE_OF[kind]).select("id").where("_deleted_at", "is", null)).executeTakeFirst();
  return Number(r?.n ?? 0);
}
async function dirtyIds(trx, kind, window, listId) {
  let q = trx.selectFrom("sync_dirty").select("id").where("kind", "=", kind).where("id", ">", window.after);
  if (listId !== void 0) q = q.where("list_id", "=", listId);
  const rows = await q.orderBy("id").limit(window.limit).execute();
  return rows.map((r) => Number(r.id));
}
async function dirtyCount(trx, kind) {
  const r = await trx.selectFrom("sync_dirty").select((eb) => eb.fn.countAll().as("n")).where("kind", "=", kind).executeTakeFirst();
  return Number(r?.n ?? 0);
}
async function dirtyCountsByList(trx) {
  const rows = await trx.selectFrom("sync_dirty").select(["list_id", (eb) => eb.fn.countAll().as("n")]).where("kind", "=", "list_entry").groupBy("list_id").execute();
  return new Map(rows.filter((r) => r.list_id !== null).map((r) => [Number(r.list_id), Number(r.n)]));
}
async function clearDirty(trx, kind, ids2, before) {
  for (let i = 0; i < ids2.length; i += CHUNK) {
    await trx.deleteFrom("sync_dirty").where("kind", "=", kind).where("id", "in", ids2.slice(i, i + CHUNK)).where("marked_at", "<=", before).execute();
  }
}
var MAX_SWEEP_ATTEMPTS = 10;
async function clearDirtyBefore(trx, kind, before, listId) {
  const table = TABLE_OF[kind];
  let seen = trx.deleteFrom("sync_dirty").where("kind", "=", kind).where("marked_at", "<", before).where("id", "in", (eb) => eb.selectFrom(table).select("id").where("_synced_at", ">=", before));
  if (listId !== void 0) seen = seen.where("list_id", "=", listId);
  const r = await seen.executeTakeFirst();
  let rest = trx.updateTable("sync_dirty").set((eb) => ({ attempts: eb("attempts", "+", 1) })).where("kind", "=", kind).where("marked_at", "<", before);
  if (listId !== void 0) rest = rest.where("list_id", "=", listId);
  await rest.execute();
  let gone = trx.deleteFrom("sync_dirty").where("kind", "=", kind).where("attempts", ">=", MAX_SWEEP_ATTEMPTS);
  if (listId !== void 0) gone = gone.where("list_id", "=", listId);
  await gone.execute();
  return Number(r.numDeletedRows ?? 0);
}
async function bumpAttempts(trx, kind, ids2, giveUpAt = DEFAULT_LOOKUP_ATTEMPTS) {
  for (let i = 0; i < ids2.length; i += CHUNK) {
    const chunk = ids2.slice(i, i + CHUNK);
    await trx.updateTable("sync_dirty").set((eb) => ({ attempts: eb("attempts", "+", 1) })).where("kind", "=", kind).where("id", "in", chunk).execute();
    await trx.deleteFrom("sync_dirty").where("kind", "=", kind).where("id", "in", chunk).where("attempts", ">=", giveUpAt).execute();
  }
}

// src/planner/ids.ts
function markedIds(ctx, kind, listId) {
  return (after, limit) => dirtyIds(ctx.db.kysely, kind, { after, limit }, listId);
}
function liveMarkedIds(ctx, kind) {
  return (after, limit) => liveDirtyIds(ctx.db.kysely, kind, { after, limit }, ctx.hintedSince);
}

// src/streams/entity-rereads.ts
async function entityReReads(ctx, side) {
  const marked = markedIds(ctx, side);
  const caps = ctx.tierCaps;
  if (!ctx.config.tiers.enabled || !caps || ctx.hintedSince !== void 0) return marked;
  const now = ctx.now?.() ?? /* @__PURE__ */ new Date();
  return unionIds(marked, await hotRefreshIds(ctx, side, { now, hotWindowMs: ctx.config.tiers.hotWindow, hotPeriodMs: caps.hotPeriodMs }));
}

// src/streams/companies-changed.ts
var companiesChangedStream = defineStream({
  name: "companies_changed",
  description: "companies the change log, a hint or a row naming an unknown one marked, and the hot tier due its re-read, 100 per call (GET /v2/companies?ids=\u2026)",
  group: "metadata",
  after: ["field_value_changes", "field_value_changes_v1", "companies"],
  schema: v2CompanySchema,
  read: {
    kind: "ids",
    ids: (ctx) => entityReReads(ctx, "company"),
    batchSize: V2_IDS_BATCH,
    consumes: "company",
    request: (ids2) => ({
      path: "/v2/companies",
      query: { ids: [...ids2], fieldTypes: [...ENTITY_FIELD_TYPES], limit: V2_PAGE },
      paginator: "v2",
      endpoint: "GET /v2/companies?ids"
    })
  },
  transform: perRecord((c, raw) => v2CompanyRows(c, raw, { fieldsRequested: true }))
});

// src/planner/cheaper.ts
function planReRead(input) {
  const sweep = Math.ceil(input.total / V2_PAGE);
  const targeted = Math.ceil(input.changed / V2_IDS_BATCH);
  return targeted < sweep ? { strategy: "targeted", calls: targeted, alternativeCalls: sweep, reason: `${input.changed} of ${input.total} changed: ids lookups` } : { strategy: "bulk", calls: sweep, alternativeCalls: targeted, reason: `${input.changed} of ${input.total} changed: a sweep is as cheap` };
}
async function liveCount(ctx, table) {
  const r = await sql`select count(*) as n from ${sql.table(table)} where _deleted_at is null`.execute(ctx.db.kysely);
  return Number(r.rows[0]?.n ?? 0);
}
async function liveEntriesOfList(ctx, listId) {
  const r = await sql`select count(*) as n from list_entries where list_id = ${listId} and _deleted_at is null`.execute(ctx.db.kysely);
  return Number(r.rows[0]?.n ?? 0);
}
function sweepWhenCheaper(kind, table) {
  return async (ctx) => {
    const changed = await dirtyCount(ctx.db.kysely, kind);
    if (changed === 0) return false;
    return planReRead({ total: await liveCount(ctx, table), changed }).strategy === "bulk";
  };
}
async function listSweepCheaper(ctx, listId) {
  const changed = (await dirtyCountsByList(ctx.db.kysely)).get(listId) ?? 0;
  if (changed === 0) return false;
  const pages = Math.ceil(await liveEntriesOfList(ctx, listId) / V2_PAGE);
  return changed >= Math.max(1, pages);
}

// src/streams/link-marks.ts
function v1AssociationState(ids2) {
  if (ids2 === null || ids2 === void 0) return "absent";
  return ids2.length >= ASSOCIATION_CAP ? "cut" : "complete";
}
function linkMark(kind, id, states) {
  return states.every((s) => s === "complete") ? { kind, id, settled: true } : { kind, id };
}

// src/streams/companies.ts
var companiesStream = defineStream({
  name: "companies",
  description: "companies with enriched, global and relationship-intelligence fields (GET /v2/companies)",
  group: "tiered",
  after: ["field_value_changes", "field_value_changes_v1"],
  schema: v2CompanySchema,
  read: {
    kind: "sweep",
    request: () => ({ path: "/v2/companies", query: { limit: V2_PAGE, fieldTypes: [...ENTITY_FIELD_TYPES] }, paginator: "v2" }),
    sweepWhen: sweepWhenCheaper("company", "companies"),
    softDelete: { table: "companies" },
    clearsDirty: { kind: "company" }
  },
  transform: perRecordMarked((c, raw) => ({
    rows: v2CompanyRows(c, raw, { fieldsRequested: true }),
    marks: [linkMark("company_links", c.id, [v2AssociationState(c.fields, PERSONS_FIELD)])]
  }))
});

// src/streams/company-duplicate-suggestions.ts
var companyDuplicateSuggestionsStream = defineStream({
  name: "company_duplicate_suggestions",
  description: "suggested duplicate companies (GET /v2/duplicates/company-suggestions)",
  group: "other",
  minApiVersion: "2026-07-15",
  optional: true,
  schema: v2CompanySuggestionSchema,
  read: {
    kind: "sweep",
    request: () => ({ path: "/v2/duplicates/company-suggestions", query: { limit: V2_PAGE }, paginator: "v2" }),
    softDelete: { table: "duplicate_suggestions", scope: () => ({ entity_type: "company" }) }
  },
  transform: perRecord((s, raw) => companySuggestionRows(s, raw))
});

// src/streams/merge-op.ts
function withMergeOp(rows, m, entityType, duplicateId, survivorId) {
  if (m.status === "success") {
    (rows.merges ??= []).push({ entityType, duplicateId, survivorId, mergedAt: m.completedAt ?? m.startedAt ?? (/* @__PURE__ */ new Date(0)).toISOString() });
  }
  return rows;
}

// src/streams/company-merges.ts
var companyMergesStream = defineStream({
  name: "company_merges",
  description: "company merges (GET /v2/company-merges)",
  group: "metadata",
  after: ["companies", "list_entries", "company_persons_full", "opportunity_associations_full"],
  schema: v2CompanyMergeSchema,
  read: { kind: "sweep", request: () => ({ path: "/v2/company-merges", query: { limit: V2_PAGE }, paginator: "v2" }) },
  transform: perRecord((m, raw) => withMergeOp(companyMergeRows(m, raw), m, "company", m.duplicateCompanyId, m.primaryCompanyId))
});

// src/planner/pass-share.ts
function pagesPerRun(passCalls, effectivePeriodMs, runIntervalMs, slack = DEFAULT_SHARE_SLACK) {
  const pages = readsPerRun(passCalls, effectivePeriodMs, runIntervalMs, slack);
  return Number.isFinite(effectivePeriodMs) && Number.isFinite(pages) ? Math.max(1, Math.ceil(pages)) : pages;
}
function readsDue(records, effectivePeriodMs, runIntervalMs, nowMs, slack) {
  const perRun = readsPerRun(records, effectivePeriodMs, runIntervalMs, slack);
  if (!Number.isFinite(perRun)) return perRun;
  const perMs = perRun / runIntervalMs;
  return Math.floor(perMs * nowMs) - Math.floor(perMs * (nowMs - runIntervalMs));
}
function withNeverReadTail(share2, hasNeverRead, effectivePeriodMs) {
  return hasNeverRead && Number.isFinite(effectivePeriodMs) ? Math.max(1, share2) : share2;
}
function readsPerRun(records, effectivePeriodMs, runIntervalMs, slack) {
  if (effectivePeriodMs <= runIntervalMs) return Infinity;
  if (!Number.isFinite(effectivePeriodMs)) return 0;
  return records * slack * runIntervalMs / effectivePeriodMs;
}

// src/planner/tier-reads.ts
function fromEligible(side, eligible) {
  const marked = sql`t.id in (select id from sync_dirty where kind = ${LINKS_OF_SIDE[side]})`;
  const only = eligible === "live" ? sql`` : eligible === "marked" ? sql`and ${marked}` : sql`and (${marked} or rw.read_at is null)`;
  return sql`${sql.table(TABLE_OF_SIDE[side])} t
    left join sync_read_whole rw on rw.kind = ${LINKS_OF_SIDE[side]} and rw.id = t.id
    where t._deleted_at is null ${only}`;
}
function allIds(db, side, where, eligible) {
  const chunk = async (after, limit) => {
    const r = await sql`select t.id from ${fromEligible(side, eligible)} and ${where} and t.id > ${after} order by t.id limit ${limit}`.execute(db);
    return r.rows.map((x) => Number(x.id));
  };
  return collectIds(chunk, Number.MIN_SAFE_INTEGER, DEFAULT_ID_CHUNK);
}
async function oldestIds(db, side, where, limit) {
  if (limit <= 0) return new Float64Array(0);
  const r = await sql`select t.id from ${fromEligible(side, "live")} and ${where}
    order by case when rw.read_at is null then 0 else 1 end, rw.read_at, t.id limit ${limit}`.execute(db);
  return Float64Array.from(r.rows.map((x) => Number(x.id)));
}
async function countIds(db, side, where, atMost) {
  const from = sql`${fromEligible(side, "live")} and ${where}`;
  const q = atMost === void 0 ? sql`select count(*) as n from ${from}` : sql`select count(*) as n from (select 1 from ${from} limit ${atMost}) x`;
  const r = await sql`${q}`.execute(db);
  return Number(r.rows[0]?.n ?? 0);
}
function share(records, periodMs, caps, now, slack) {
  const n = readsDue(records, periodMs, caps.runIntervalMs, now.getTime(), slack);
  return Number.isFinite(n) ? n : records;
}
function readBefore(now, periodMs, slack) {
  const ageMs = Number.isFinite(periodMs) ? periodMs * (1 - 1 / slack) : 0;
  return sql`rw.read_at is not null and rw.read_at <= ${new Date(now.getTime() - ageMs).toISOString()}`;
}
function markedOrNew(side) {
  return sql`t.id in (select id from sync_dirty where kind = ${LINKS_OF_SIDE[side]}) or rw.read_at is null`;
}
function without(ids2, taken) {
  const seen = /* @__PURE__ */ new Set();
  for (const t of taken) for (const id of t) seen.add(id);
  return ids2.filter((id) => !seen.has(id));
}
async function tieredLinkReads(db, side, input) {
  const signals = await hotSignals(db, side, input.now, input.hotWindowMs);
  const id = sql.ref("t.id");
  const parts = [];
  const caps = input.caps;
  const whole = !caps ? "marked" : caps.neverReadAtOnce ? "markedOrNew" : null;
  for (const [i, s] of signals.entries()) {
    const earlier = anySignal(id, signals.slice(0, i));
    parts.push(await allIds(db, side, sql`${id} in (${s.ids}) and not ${earlier} and ${whole ? sql`1 = 1` : sql`rw.read_at is null`}`, whole ?? "live"));
  }
  const hot = anySignal(id, signals);
  const cold = sql`not ${hot}`;
  if (whole) parts.push(without(await allIds(db, side, sql`1 = 1`, whole), parts));
  if (caps) {
    const hotRead = sql`${hot} and ${readBefore(input.now, caps.hotPeriodMs, TIER_SLACK.hot)}${whole ? sql` and not (${markedOrNew(side)})` : sql``}`;
    const atOnce = whole ? 0 : parts.reduce((n, p) => n + p.length, 0);
    const hotShare = Math.max(0, share(await countIds(db, side, hot), caps.hotPeriodMs, caps, input.now, TIER_SLACK.hot) - atOnce);
    parts.push(await oldestIds(db, side, hotRead, hotShare));
    const coldBefore = readBefore(input.now, caps.coldPeriodMs, TIER_SLACK.cold);
    const coldRead = sql`${cold} and ${whole ? sql`${coldBefore} and not (${markedOrNew(side)})` : sql`(rw.read_at is null or ${coldBefore})`}`;
    const coldShare = share(await countIds(db, side, cold), caps.coldPeriodMs, caps, input.now, TIER_SLACK.cold);
    const tail = coldShare === 0 && !whole && await countIds(db, side, sql`${cold} and rw.read_at is null`, 1) > 0;
    parts.push(await oldestIds(db, side, coldRead, withNeverReadTail(coldShare, tail, caps.coldPeriodMs)));
  }
  const out = new Float64Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

// src/planner/associations.ts
function opportunityLinkReads(ctx) {
  return liveMarkedIds(ctx, "opportunity_links");
}
async function companyPersonSide(ctx) {
  const [companies, persons] = await Promise.all([liveDirtyCount(ctx.db.kysely, "company_links"), liveDirtyCount(ctx.db.kysely, "person_links")]);
  if (companies === 0 || persons === 0) return null;
  return companies <= persons ? "company" : "person";
}
async function companyPersonReads(ctx, side) {
  if (await companyPersonSide(ctx) !== side) return fixedIds([]);
  return liveMarkedIds(ctx, side === "company" ? "company_links" : "person_links");
}
async function companyPersonTiered(ctx, side, input) {
  const chosen = await companyPersonSide(ctx);
  if (chosen !== side && !(chosen === null && input.caps && await lastReadSide(ctx) === side)) return new Float64Array(0);
  return tieredLinkReads(ctx.db.kysely, side, input);
}
async function lastReadSide(ctx) {
  const rows = await ctx.db.kysely.selectFrom("sync_read_whole").select(["kind", (eb) => eb.fn.max("read_at").as("last")]).groupBy("kind").execute();
  const at = (kind) => {
    const v = rows.find((r) => r.kind === kind)?.last;
    return v == null ? null : new Date(v).getTime();
  };
  const [company, person] = [at("company_links"), at("person_links")];
  if (company === null && person === null) return null;
  return person !== null && (company === null || person > company) ? "person" : "company";
}

// src/streams/company-persons-full.ts
var companyPersonsFullStream = defineStream({
  name: "company_persons_full",
  description: "person lists of companies no cheaper read gave whole (GET /organizations/{id})",
  group: "entities",
  needs: ["companies", "persons"],
  schema: v1OrganizationSchema,
  read: {
    kind: "ids",
    ids: (ctx) => companyPersonReads(ctx, "company"),
    ranked: async (ctx) => ctx.config.tiers.enabled ? companyPersonTiered(ctx, "company", { now: ctx.now?.() ?? /* @__PURE__ */ new Date(), hotWindowMs: ctx.config.tiers.hotWindow, caps: ctx.tierCaps ?? null }) : null,
    batchSize: 1,
    consumes: "company_links",
    goneFrom: "companies",
    confirmGone: (ids2) => confirmByIds("/v2/companies", "GET /v2/companies?ids", ids2),
    request: (ids2) => ({ path: `/organizations/${ids2[0]}`, paginator: "single", endpoint: "GET /organizations/{id}" })
  },
  transform: perRecord((o) => v1OrganizationRead(o))
});

// src/streams/emails.ts
var emailsStream = defineStream({
  name: "emails",
  description: "emails (GET /v2/emails)",
  group: "other",
  schema: v2EmailSchema,
  read: {
    kind: "sweep",
    request: () => ({ path: "/v2/emails", query: { limit: V2_PAGE }, paginator: "v2" }),
    between: updatedSinceFeed("/v2/emails"),
    softDelete: { table: "interactions", scope: () => ({ kind: "email" }) }
  },
  transform: perRecord((r, raw) => v2EmailRows(r, raw))
});

// src/planner/field-batches.ts
import { createHash } from "node:crypto";
var WIDEST_MARK = "2000-01-01T00:00:00Z";
function fieldBatchFilter(fieldIds, since) {
  return fieldIds.map((id) => since ? `field.id=${id}&changedAt>=${since}` : `field.id=${id}`).join("|");
}
function encodedFilterLength(filter) {
  return "filter=".length + encodeURIComponent(filter).length;
}
function batchFieldIds(fieldIds, maxQuery = DEFAULT_FILTER_QUERY_MAX) {
  const batches = [];
  let current2 = [];
  for (const id of fieldIds) {
    const candidate = [...current2, id];
    if (current2.length > 0 && encodedFilterLength(fieldBatchFilter(candidate, WIDEST_MARK)) > maxQuery) {
      batches.push(current2);
      current2 = [id];
    } else {
      current2 = candidate;
    }
  }
  if (current2.length > 0) batches.push(current2);
  return batches;
}
function batchKey(fieldIds) {
  const hash = createHash("sha256").update(fieldIds.join(",")).digest("hex").slice(0, 10);
  return `${fieldIds[0] ?? ""}..${fieldIds[fieldIds.length - 1] ?? ""}#${fieldIds.length}-${hash}`;
}
async function trackedFieldBatches(ctx, maxQuery = DEFAULT_FILTER_QUERY_MAX) {
  const rows = await sql`
    select id from fields where _deleted_at is null and cast(track_changes as integer) = 1 order by id`.execute(ctx.db.kysely);
  return batchFieldIds(
    rows.rows.map((r) => r.id),
    maxQuery
  ).map((ids2) => ({ key: batchKey(ids2), params: { fieldIds: ids2 } }));
}

// src/streams/change-marks.ts
function changeMark(entityType, entityId, listEntryId, listId) {
  if (listEntryId) return { kind: "list_entry", id: listEntryId, listId: listId ?? null };
  if (entityType === "company" || entityType === "organization") return { kind: "company", id: entityId };
  if (entityType === "person") return { kind: "person", id: entityId };
  return null;
}

// src/streams/field-value-changes.ts
var fieldValueChangesStream = defineStream({
  name: "field_value_changes",
  source: { capability: "change_log", rank: 0 },
  description: "field value change log, from the last change seen (GET /v2/field-value-changes)",
  group: "other",
  minApiVersion: "2026-07-15",
  schema: v2FieldValueChangeSchema,
  read: {
    kind: "feed",
    ordered: true,
    request: (hw) => {
      const filter = sinceFilter("changedAt", hw);
      return { path: "/v2/field-value-changes", query: { limit: V2_PAGE, ...filter ? { filter } : {} }, paginator: "v2" };
    },
    position: (c) => feedMark(c.changedAt, c.id)
  },
  transform: (changes, raws, page) => changeLogRows(changes, raws, page)
});
var changeLogRows = perRecordMarked((c, raw, page) => {
  const rows = v2FieldValueChangeRows(c, raw);
  const marks = [];
  const applied = page.initialRead ? null : applyChange(c);
  const edit = page.initialRead || applied ? null : multiCellEdit(c);
  if (applied) mergeBatch(rows, applied);
  if (edit) (rows.cellEdits ??= []).push(edit);
  addOptionColours(rows, changeOptionColours(c), page.initialRead);
  const m = changeMark(c.field.entityType, c.entity.id, c.listEntry?.id, c.listEntry?.listId);
  if (m) marks.push(applied || edit ? { ...m, ifMissing: true } : m);
  return { rows, marks };
});

// src/streams/field-value-changes-by-field.ts
var fieldValueChangesByFieldStream = defineStream({
  name: "field_value_changes_by_field",
  description: "field value change log by batches of tracked fields, when the org-wide listing is refused (GET /v2/field-value-changes?filter=field.id=\u2026|\u2026)",
  group: "other",
  source: { capability: "change_log", rank: 1 },
  minApiVersion: "2026-07-15",
  needs: ["fields", "fields_v1"],
  schema: v2FieldValueChangeSchema,
  read: {
    kind: "feed",
    ordered: true,
    partitions: (ctx) => trackedFieldBatches(ctx),
    request: (hw, p) => {
      const since = sinceFilter("changedAt", hw)?.slice("changedAt>=".length);
      return {
        path: "/v2/field-value-changes",
        query: { limit: V2_PAGE, filter: fieldBatchFilter(p.params.fieldIds, since) },
        paginator: "v2",
        endpoint: "GET /v2/field-value-changes?filter=field.id"
      };
    },
    position: (c) => feedMark(c.changedAt, c.id)
  },
  transform: (changes, raws, page) => changeLogRows(changes, raws, page)
});

// src/planner/partitions.ts
async function listPartitions(ctx, type) {
  let q = ctx.db.kysely.selectFrom("lists").select(["id", "type"]).where("_deleted_at", "is", null);
  if (type) q = q.where("type", "=", type);
  const rows = await q.orderBy("id").execute();
  return rows.map((r) => ({ key: String(r.id), params: { listId: Number(r.id), listType: r.type ?? "" } }));
}
async function dirtyListPartitions(ctx) {
  const ids2 = [...(await dirtyCountsByList(ctx.db.kysely)).keys()].sort((a, b) => a - b);
  return ids2.map((id) => ({ key: String(id), params: { listId: id } }));
}
function entityTypeOf(t) {
  return t === "company" || t === "person" || t === "opportunity" ? t : null;
}
async function trackedFieldPartitions(ctx) {
  const rows = await sql`
    select id, v1_id, entity_type, list_id, value_type from fields
    where v1_id is not null and _deleted_at is null and cast(track_changes as integer) = 1 order by v1_id`.execute(ctx.db.kysely);
  return rows.rows.map((f) => ({
    key: f.id,
    params: {
      v1Id: Number(f.v1_id),
      entityType: entityTypeOf(f.entity_type),
      listId: f.list_id === null ? null : Number(f.list_id) || null,
      valueType: f.value_type
    }
  }));
}

// src/streams/field-value-changes-v1.ts
var fieldValueChangesV1Stream = defineStream({
  name: "field_value_changes_v1",
  description: "field value changes per tracked field, when the /v2 change log is refused or too new (GET /field-value-changes)",
  group: "other",
  source: { capability: "change_log", rank: 2 },
  needs: ["fields", "fields_v1"],
  schema: v1FieldValueChangeSchema,
  read: {
    kind: "feed",
    ordered: false,
    partitions: trackedFieldPartitions,
    request: (_hw, p) => ({ path: "/field-value-changes", query: { field_id: p.params.v1Id }, paginator: "v1-array", endpoint: "GET /field-value-changes" }),
    position: (c) => {
      const at = normalizeTimestamp(c.changed_at);
      return at ? { at, id: c.id } : null;
    }
  },
  transform: perRecordMarked((c, raw, page) => {
    const { entityType, valueType, listId } = page.partition.params;
    const m = changeMark(entityType, c.entity_id, c.list_entry_id, listId);
    return { rows: v1FieldValueChangeRows(c, { entityType, valueType, listId }, raw), marks: m ? [m] : [] };
  })
});

// src/streams/fields-v1.ts
var fieldsV1Stream = defineStream({
  name: "fields_v1",
  description: "change tracking and dropdown options (GET /fields, one call)",
  group: "metadata",
  schema: v1FieldSchema,
  read: { kind: "sweep", request: () => ({ path: "/fields", paginator: "v1-array" }) },
  transform: perRecord((f, raw) => v1FieldRows(f, raw))
});

// src/streams/fields.ts
var ENTITY_PARTITIONS = [
  { key: "companies", params: { entityType: "company", path: "/v2/companies/fields" } },
  { key: "persons", params: { entityType: "person", path: "/v2/persons/fields" } }
];
var fieldsStream = defineStream({
  name: "fields",
  description: "field metadata: company, person and each list (GET /v2/*/fields)",
  group: "metadata",
  needs: ["lists"],
  schema: v2FieldMetadataSchema,
  read: {
    kind: "sweep",
    partitions: async (ctx) => [
      ...ENTITY_PARTITIONS,
      ...(await listPartitions(ctx)).map((p) => ({
        key: `list-${p.key}`,
        params: { path: `/v2/lists/${p.key}/fields`, entityType: p.params.listType, listId: p.params.listId }
      }))
    ],
    request: (p) => ({ path: p.params.path, query: { limit: V2_PAGE }, paginator: "v2" }),
    // A field deleted upstream is missing from its completed partition: a list's own fields from that
    // list's, an entity type's global fields from that type's. A global field a list also shows is
    // written by that list's partition too (entity_type set, list_id null), so it is never taken for
    // gone by a list; fields without a numeric id (enrichment) carry no entity type and are never marked.
    softDelete: {
      table: "fields",
      scope: (p) => p.params.listId !== void 0 ? { list_id: p.params.listId } : { entity_type: p.params.entityType, list_id: null }
    }
  },
  transform: perRecord((f, raw, page) => {
    const { entityType, listId } = page.partition.params;
    return v2FieldRows(f, { entityType, ...listId !== void 0 ? { listId } : {} }, raw);
  })
});

// src/planner/entity-ids.ts
function liveEntityIds(ctx, table) {
  return async (after, limit) => {
    const rows = await sql`select id from ${sql.table(table)} where _deleted_at is null and id > ${after} order by id limit ${limit}`.execute(
      ctx.db.kysely
    );
    return rows.rows.map((r) => Number(r.id));
  };
}

// src/streams/files-per-entity.ts
var SCOPES = [
  { key: "persons", params: { table: "persons", param: "person_id" } },
  { key: "companies", params: { table: "companies", param: "organization_id" } },
  { key: "opportunities", params: { table: "opportunities", param: "opportunity_id" } }
];
var filesPerEntityStream = defineStream({
  name: "files_per_entity",
  description: "files, one older listing per person, company and opportunity (GET /entity-files?person_id=\u2026); opt-in",
  group: "other",
  source: { capability: "files", rank: 1 },
  enabled: (config) => config.filesPerEntity,
  needs: ["persons", "companies", "opportunities"],
  schema: v1EntityFileSchema,
  read: {
    kind: "ids",
    partitions: async () => SCOPES,
    ids: (ctx, p) => liveEntityIds(ctx, p.params.table),
    batchSize: 1,
    request: (ids2, p) => ({
      path: "/entity-files",
      query: { [p.params.param]: ids2[0] ?? 0, page_size: V1_SEARCH_PAGE },
      paginator: "v1-token",
      recordsKey: "entity_files",
      endpoint: `GET /entity-files?${p.params.param}`
    })
  },
  transform: perRecord((f, raw) => v1EntityFileRows(f, raw))
});

// src/streams/files.ts
var filesStream = defineStream({
  name: "files",
  description: "files of persons, companies and opportunities, 100 per call (GET /v2/files, from 2026-09-17)",
  group: "other",
  source: { capability: "files", rank: 0 },
  minApiVersion: "2026-09-17",
  schema: v2FileSchema,
  read: { kind: "sweep", request: () => ({ path: "/v2/files", query: { limit: V2_PAGE }, paginator: "v2" }), softDelete: { table: "files" } },
  transform: perRecord((f, raw) => v2FileRows(f, raw))
});

// src/streams/list-entries-changed.ts
var listEntriesChangedStream = defineStream({
  name: "list_entries_changed",
  description: "list entries named by the change log (GET /v2/lists/{id}/list-entries/{entryId})",
  group: "metadata",
  after: ["field_value_changes", "field_value_changes_v1", "list_entries"],
  schema: v2ListEntryWithEntitySchema,
  read: {
    kind: "ids",
    partitions: dirtyListPartitions,
    ids: (ctx, p) => markedIds(ctx, "list_entry", p.params.listId),
    batchSize: 1,
    consumes: "list_entry",
    request: (ids2, p) => ({
      path: `/v2/lists/${p.params.listId}/list-entries/${ids2[0]}`,
      query: { fieldTypes: ["list"] },
      paginator: "single",
      endpoint: "GET /v2/lists/{id}/list-entries/{id}"
    })
  },
  transform: perRecord((e, raw) => v2ListEntryRows(e, raw, { fieldsRequested: true }))
});

// src/streams/list-entries.ts
function settledLinks(e) {
  if (e.type !== "opportunity") return [];
  const fields = e.entity.fields;
  const states = [v2AssociationState(fields, PERSONS_FIELD), v2AssociationState(fields, COMPANIES_FIELD)];
  if (states.includes("cut")) return [{ kind: "opportunity_links", id: e.entity.id }];
  return states.every((s) => s === "complete") ? [{ kind: "opportunity_links", id: e.entity.id, settled: true }] : [];
}
var listEntriesStream = defineStream({
  name: "list_entries",
  description: "list entries with list field values, per list (GET /v2/lists/{id}/list-entries)",
  group: "entities",
  needs: ["lists"],
  after: ["field_value_changes", "field_value_changes_v1", "opportunity_associations"],
  schema: v2ListEntryWithEntitySchema,
  read: {
    kind: "sweep",
    partitions: (ctx) => listPartitions(ctx),
    request: (p) => ({
      path: `/v2/lists/${p.params.listId}/list-entries`,
      query: { limit: V2_PAGE, fieldTypes: p.params.listType === "opportunity" ? ["list", "global", "enriched", "relationship-intelligence"] : ["list"] },
      paginator: "v2",
      endpoint: "GET /v2/lists/{id}/list-entries"
    }),
    sweepWhen: (ctx, p) => listSweepCheaper(ctx, p.params.listId),
    softDelete: { table: "list_entries", scope: (p) => ({ list_id: p.params.listId }) },
    clearsDirty: { kind: "list_entry", listOf: (p) => p.params.listId }
  },
  transform: perRecordMarked((e, raw) => ({ rows: v2ListEntryRows(e, raw, { fieldsRequested: true }), marks: settledLinks(e) }))
});

// src/streams/lists-v1.ts
var listsV1Stream = defineStream({
  name: "lists_v1",
  description: "list sizes (GET /lists, one call)",
  group: "metadata",
  after: ["lists"],
  schema: v1ListSchema,
  read: { kind: "sweep", request: () => ({ path: "/lists", paginator: "v1-array" }) },
  transform: perRecord((l) => {
    const row = v1ListRows(l).upserts.lists?.[0];
    return single("lists", { id: l.id, ...row?.size !== void 0 ? { size: row.size } : {} });
  })
});

// src/streams/lists.ts
var listsStream = defineStream({
  name: "lists",
  description: "lists (GET /v2/lists)",
  group: "metadata",
  schema: v2ListSchema,
  read: { kind: "sweep", request: () => ({ path: "/v2/lists", query: { limit: V2_PAGE }, paginator: "v2" }), softDelete: { table: "lists" } },
  transform: perRecord((l, raw) => v2ListRows(l, raw))
});

// src/streams/meetings.ts
var meetingsStream = defineStream({
  name: "meetings",
  description: "meetings (GET /v2/meetings)",
  group: "other",
  schema: v2MeetingSchema,
  read: {
    kind: "sweep",
    request: () => ({ path: "/v2/meetings", query: { limit: V2_PAGE }, paginator: "v2" }),
    between: updatedSinceFeed("/v2/meetings"),
    softDelete: { table: "interactions", scope: () => ({ kind: "meeting" }) }
  },
  transform: perRecord((r, raw) => v2MeetingRows(r, raw))
});

// src/streams/notes-updates.ts
var notesUpdatesStream = defineStream({
  name: "notes_updates",
  description: "notes created or edited since the last run (GET /v2/notes?filter=updatedAt>=\u2026)",
  group: "other",
  needs: ["notes"],
  // The service may refuse the filter (neither document describes one on /v2/reminders): then notes is swept every `sweeps.feedless`.
  source: { capability: "notes_updates", rank: 0, sweeps: "notes" },
  schema: v2NoteSchema,
  read: {
    kind: "feed",
    ...updatedSinceFeed("/v2/notes", { includes: ["personsPreview", "companiesPreview", "opportunitiesPreview"] })
  },
  // The first read only adds transcript ids to the notes the sweep (run before it, `needs`) wrote whole.
  transform: perRecord((n, raw, page) => page.initialRead ? v2NoteTranscriptRows(n) : v2NoteRows(n, raw))
});

// src/streams/notes.ts
var notesStream = defineStream({
  name: "notes",
  description: "notes with replies and attachments, 500 per call (GET /notes)",
  group: "other",
  schema: v1NoteSchema,
  read: {
    kind: "sweep",
    request: () => ({ path: "/notes", query: { page_size: V1_SEARCH_PAGE }, paginator: "v1-token", recordsKey: "notes" }),
    softDelete: { table: "notes" }
  },
  transform: perRecord((n, raw) => v1NoteRows(n, raw))
});

// src/streams/opportunities.ts
var opportunitiesStream = defineStream({
  name: "opportunities",
  description: "opportunities, possibly partial (GET /v2/opportunities)",
  group: "entities",
  schema: v2OpportunitySchema,
  read: { kind: "sweep", request: () => ({ path: "/v2/opportunities", query: { limit: V2_PAGE }, paginator: "v2" }), softDelete: { table: "opportunities" } },
  transform: perRecord((o) => {
    const b = joinOpportunity({ v2: o });
    for (const row of b.upserts.opportunities ?? []) delete row._raw;
    return b;
  })
});

// src/streams/opportunity-associations-full.ts
var opportunityAssociationsFullStream = defineStream({
  name: "opportunity_associations_full",
  description: "association lists of opportunities no cheaper read gave whole (GET /opportunities/{id})",
  group: "entities",
  needs: ["opportunity_associations", "opportunities"],
  after: ["list_entries"],
  schema: v1OpportunitySchema,
  read: {
    kind: "ids",
    ids: opportunityLinkReads,
    batchSize: 1,
    consumes: "opportunity_links",
    goneFrom: "opportunities",
    confirmGone: (ids2) => confirmByIds("/v2/opportunities", "GET /v2/opportunities?ids", ids2),
    request: (ids2) => ({ path: `/opportunities/${ids2[0]}`, paginator: "single", endpoint: "GET /opportunities/{id}" })
  },
  transform: perRecord((o) => v1OpportunityAssociations(o))
});

// src/streams/opportunity-associations.ts
function searchItemAssociations(o) {
  const b = emptyBatch();
  const persons = v1AssociationState(o.person_ids);
  const companies = v1AssociationState(o.organization_ids);
  addAssociation(b, "opportunity_persons", "opportunity_id", o.id, "person_id", o.person_ids, persons === "cut");
  addAssociation(b, "opportunity_companies", "opportunity_id", o.id, "company_id", o.organization_ids, companies === "cut");
  return b;
}
var opportunityAssociationsStream = defineStream({
  name: "opportunity_associations",
  description: "opportunity persons and companies, 500 per call (GET /opportunities)",
  group: "entities",
  schema: v1OpportunitySchema,
  read: {
    kind: "sweep",
    request: () => ({ path: "/opportunities", query: { page_size: V1_SEARCH_PAGE }, paginator: "v1-token", recordsKey: "opportunities" })
  },
  transform: perRecordMarked((o) => ({
    rows: searchItemAssociations(o),
    marks: [linkMark("opportunity_links", o.id, [v1AssociationState(o.person_ids), v1AssociationState(o.organization_ids)])]
  }))
});

// src/streams/person-companies-full.ts
var personCompaniesFullStream = defineStream({
  name: "person_companies_full",
  description: "company lists of persons no cheaper read gave whole (GET /persons/{id})",
  group: "entities",
  needs: ["companies", "persons"],
  schema: v1PersonSchema,
  read: {
    kind: "ids",
    ids: (ctx) => companyPersonReads(ctx, "person"),
    ranked: async (ctx) => ctx.config.tiers.enabled ? companyPersonTiered(ctx, "person", { now: ctx.now?.() ?? /* @__PURE__ */ new Date(), hotWindowMs: ctx.config.tiers.hotWindow, caps: ctx.tierCaps ?? null }) : null,
    batchSize: 1,
    consumes: "person_links",
    goneFrom: "persons",
    confirmGone: (ids2) => confirmByIds("/v2/persons", "GET /v2/persons?ids", ids2),
    request: (ids2) => ({ path: `/persons/${ids2[0]}`, paginator: "single", endpoint: "GET /persons/{id}" })
  },
  transform: perRecord((p) => v1PersonRead(p))
});

// src/streams/person-duplicate-suggestions.ts
var personDuplicateSuggestionsStream = defineStream({
  name: "person_duplicate_suggestions",
  description: "suggested duplicate persons (GET /v2/duplicates/person-suggestions)",
  group: "other",
  minApiVersion: "2026-07-15",
  optional: true,
  schema: v2PersonSuggestionSchema,
  read: {
    kind: "sweep",
    request: () => ({ path: "/v2/duplicates/person-suggestions", query: { limit: V2_PAGE }, paginator: "v2" }),
    softDelete: { table: "duplicate_suggestions", scope: () => ({ entity_type: "person" }) }
  },
  transform: perRecord((s, raw) => personSuggestionRows(s, raw))
});

// src/streams/person-merges.ts
var personMergesStream = defineStream({
  name: "person_merges",
  description: "person merges (GET /v2/person-merges)",
  group: "metadata",
  after: ["persons", "list_entries", "person_companies_full", "opportunity_associations_full"],
  schema: v2PersonMergeSchema,
  read: { kind: "sweep", request: () => ({ path: "/v2/person-merges", query: { limit: V2_PAGE }, paginator: "v2" }) },
  transform: perRecord((m, raw) => withMergeOp(personMergeRows(m, raw), m, "person", m.duplicatePersonId, m.primaryPersonId))
});

// src/streams/persons-changed.ts
var personsChangedStream = defineStream({
  name: "persons_changed",
  description: "persons the change log, a hint or a row naming an unknown one marked, and the hot tier due its re-read, 100 per call (GET /v2/persons?ids=\u2026)",
  group: "metadata",
  after: ["field_value_changes", "field_value_changes_v1", "persons"],
  schema: v2PersonSchema,
  read: {
    kind: "ids",
    ids: (ctx) => entityReReads(ctx, "person"),
    batchSize: V2_IDS_BATCH,
    consumes: "person",
    request: (ids2) => ({
      path: "/v2/persons",
      query: { ids: [...ids2], fieldTypes: [...ENTITY_FIELD_TYPES], limit: V2_PAGE },
      paginator: "v2",
      endpoint: "GET /v2/persons?ids"
    })
  },
  transform: perRecord((p, raw) => v2PersonRows(p, raw, { fieldsRequested: true }))
});

// src/streams/persons.ts
var personsStream = defineStream({
  name: "persons",
  description: "persons with enriched, global and relationship-intelligence fields (GET /v2/persons)",
  group: "tiered",
  after: ["field_value_changes", "field_value_changes_v1"],
  schema: v2PersonSchema,
  read: {
    kind: "sweep",
    request: () => ({ path: "/v2/persons", query: { limit: V2_PAGE, fieldTypes: [...ENTITY_FIELD_TYPES] }, paginator: "v2" }),
    sweepWhen: sweepWhenCheaper("person", "persons"),
    softDelete: { table: "persons" },
    clearsDirty: { kind: "person" }
  },
  transform: perRecordMarked((p, raw) => ({
    rows: v2PersonRows(p, raw, { fieldsRequested: true }),
    marks: [linkMark("person_links", p.id, [v2AssociationState(p.fields, COMPANIES_FIELD)])]
  }))
});

// src/streams/relationship-strengths.ts
var relationshipStrengthsStream = defineStream({
  name: "relationship_strengths",
  description: "relationship strengths, per external person (GET /relationships-strengths); opt-in",
  group: "other",
  enabled: (config) => config.relationshipStrengths,
  needs: ["persons"],
  schema: v1RelationshipStrengthSchema,
  read: {
    kind: "ids",
    ids: (ctx) => liveEntityIds(ctx, "persons"),
    batchSize: 1,
    request: (ids2) => ({ path: "/relationships-strengths", query: { external_id: ids2[0] ?? 0 }, paginator: "v1-array" })
  },
  transform: perRecord((r, raw) => relationshipStrengthRows(r, raw))
});

// src/streams/reminders-updates.ts
var remindersUpdatesStream = defineStream({
  name: "reminders_updates",
  description: "reminders created or edited since the last run (GET /v2/reminders?filter=updatedAt>=\u2026)",
  group: "other",
  needs: ["reminders"],
  // The service may refuse the filter (neither document describes one on /v2/reminders): then reminders is swept every `sweeps.feedless`.
  source: { capability: "reminders_updates", rank: 0, sweeps: "reminders" },
  schema: v2ReminderSchema,
  read: { kind: "feed", ...updatedSinceFeed("/v2/reminders", { startAtNow: true }) },
  transform: perRecord((r, raw) => v2ReminderRows(r, raw))
});

// src/streams/reminders.ts
var remindersStream = defineStream({
  name: "reminders",
  description: "reminders, one-time and recurring, 500 per call (GET /reminders)",
  group: "other",
  schema: v1ReminderSchema,
  read: {
    kind: "sweep",
    request: () => ({ path: "/reminders", query: { page_size: V1_SEARCH_PAGE }, paginator: "v1-token", recordsKey: "reminders" }),
    softDelete: { table: "reminders" }
  },
  transform: perRecord((r, raw) => v1ReminderRows(r, raw))
});

// src/streams/saved-views.ts
var savedViewsStream = defineStream({
  name: "saved_views",
  description: "saved views, per list (GET /v2/lists/{id}/saved-views)",
  group: "other",
  needs: ["lists"],
  schema: v2SavedViewSchema,
  read: {
    kind: "sweep",
    partitions: (ctx) => listPartitions(ctx),
    request: (p) => ({
      path: `/v2/lists/${p.params.listId}/saved-views`,
      query: { limit: V2_PAGE },
      paginator: "v2",
      endpoint: "GET /v2/lists/{id}/saved-views"
    }),
    softDelete: { table: "saved_views", scope: (p) => ({ list_id: p.params.listId }) }
  },
  transform: perRecord((v, raw, page) => savedViewRows(v, page.partition.params.listId, raw))
});

// src/streams/team-members.ts
var teamMembersStream = defineStream({
  name: "team_members",
  description: "team members, per team (GET /v2/teams/{id}/members)",
  group: "metadata",
  minApiVersion: "2026-09-17",
  needs: ["teams"],
  schema: v2TeamMemberSchema,
  read: {
    kind: "ids",
    ids: (ctx) => liveEntityIds(ctx, "teams"),
    batchSize: 1,
    request: (ids2) => ({ path: `/v2/teams/${ids2[0]}/members`, query: { limit: V2_PAGE }, paginator: "v2", endpoint: "GET /v2/teams/{id}/members" })
  },
  transform: (members, _raws, page) => ({ rows: teamMembersRows(onlyId(page), members) })
});

// src/streams/teams.ts
var teamsStream = defineStream({
  name: "teams",
  description: "teams (GET /v2/teams)",
  group: "metadata",
  minApiVersion: "2026-09-17",
  schema: v2TeamSchema,
  read: { kind: "sweep", request: () => ({ path: "/v2/teams", query: { limit: V2_PAGE }, paginator: "v2" }), softDelete: { table: "teams" } },
  transform: perRecord((t, raw) => v2TeamRows(t, raw))
});

// src/streams/transcript-fragments.ts
var transcriptFragmentsStream = defineStream({
  name: "transcript_fragments",
  description: "transcript fragments, per transcript (GET /v2/transcripts/{id}/fragments)",
  group: "other",
  needs: ["transcripts"],
  schema: v2TranscriptFragmentSchema,
  read: {
    kind: "ids",
    ids: (ctx) => liveEntityIds(ctx, "transcripts"),
    batchSize: 1,
    request: (ids2) => ({
      path: `/v2/transcripts/${ids2[0]}/fragments`,
      query: { limit: V2_PAGE },
      paginator: "v2",
      endpoint: "GET /v2/transcripts/{id}/fragments"
    })
  },
  transform: (fragments, _raws, page) => {
    const rows = emptyBatch();
    rows.replace.push(transcriptFragmentsReplace(onlyId(page), fragments));
    return { rows };
  }
});

// src/streams/transcripts.ts
var transcriptsStream = defineStream({
  name: "transcripts",
  description: "meeting transcripts (GET /v2/transcripts)",
  group: "other",
  schema: v2TranscriptSchema,
  read: { kind: "sweep", request: () => ({ path: "/v2/transcripts", query: { limit: V2_PAGE }, paginator: "v2" }), softDelete: { table: "transcripts" } },
  transform: perRecord((t, raw) => transcriptRows(t, raw))
});

// src/streams/users.ts
var usersStream = defineStream({
  name: "users",
  description: "users of the organisation (GET /v2/users)",
  group: "metadata",
  schema: v2UserSchema,
  read: { kind: "sweep", request: () => ({ path: "/v2/users", query: { limit: V2_PAGE }, paginator: "v2" }), softDelete: { table: "users" } },
  transform: perRecord((u, raw) => v2UserRows(u, raw))
});

// src/streams/webhooks.ts
var V2_WEBHOOKS_FROM = "2026-07-15";
function isV1(w) {
  return typeof w.webhook_url === "string";
}
var webhooksStream = defineStream({
  name: "webhooks",
  description: `webhook subscriptions (GET /v2/webhooks from API version ${V2_WEBHOOKS_FROM}, with their times; else GET /webhook, one call)`,
  group: "other",
  schema: external_exports.union([v2WebhookSchema, v1WebhookSchema]),
  read: {
    kind: "sweep",
    partitions: async (ctx) => [{ key: "", params: { v2: ctx.config.apiVersion >= V2_WEBHOOKS_FROM } }],
    request: (p) => p.params.v2 ? { path: "/v2/webhooks", query: { limit: V2_PAGE }, paginator: "v2" } : { path: "/webhook", paginator: "v1-array" },
    softDelete: { table: "webhooks" }
  },
  transform: perRecord((w, raw) => isV1(w) ? v1WebhookRows(w, raw) : v2WebhookRows(w, raw))
});

// src/streams/registry.ts
var ALL_STREAMS = [
  listsStream,
  listsV1Stream,
  fieldsStream,
  fieldsV1Stream,
  companiesStream,
  personsStream,
  opportunitiesStream,
  listEntriesStream,
  opportunityAssociationsStream,
  opportunityAssociationsFullStream,
  companyPersonsFullStream,
  personCompaniesFullStream,
  fieldValueChangesStream,
  fieldValueChangesByFieldStream,
  fieldValueChangesV1Stream,
  companiesChangedStream,
  personsChangedStream,
  listEntriesChangedStream,
  savedViewsStream,
  notesStream,
  remindersStream,
  notesUpdatesStream,
  remindersUpdatesStream,
  emailsStream,
  meetingsStream,
  callsStream,
  chatMessagesStream,
  transcriptsStream,
  transcriptFragmentsStream,
  filesStream,
  filesPerEntityStream,
  usersStream,
  teamsStream,
  teamMembersStream,
  webhooksStream,
  companyMergesStream,
  personMergesStream,
  relationshipStrengthsStream,
  companyDuplicateSuggestionsStream,
  personDuplicateSuggestionsStream
];
function streamNames() {
  return ALL_STREAMS.map((s) => s.name);
}

// src/load/tables.ts
function toSpec(name) {
  const decl = WAREHOUSE[name];
  const columns = {};
  const notNull = [];
  for (const [column, d] of Object.entries(decl.columns)) {
    const { kind, nullable } = parseColumn(d);
    columns[column] = kind;
    if (!nullable) notNull.push(column);
  }
  const of = (k) => Object.keys(columns).filter((c) => columns[c] === k);
  return { name, kind: decl.kind, pk: decl.pk, columns, notNull, booleans: of("bool"), timestamps: of("ts") };
}
var WAREHOUSE_TABLE_NAMES = Object.keys(WAREHOUSE);
var REPORTED_TABLES = [...WAREHOUSE_TABLE_NAMES, "quarantine"];
var WAREHOUSE_TABLES = Object.fromEntries(WAREHOUSE_TABLE_NAMES.map((n) => [n, toSpec(n)]));
function isWarehouseTable(name) {
  return Object.prototype.hasOwnProperty.call(WAREHOUSE_TABLES, name);
}
function tableSpec(name) {
  if (!isWarehouseTable(name)) throw new Error(`relsync: "${name}" is not a warehouse table (see src/load/registry/warehouse.ts)`);
  return WAREHOUSE_TABLES[name];
}

// src/budget/month-plan.ts
var MONTH_MS = 30 * 864e5;
function stretches(fits, room, hot, cold) {
  if (fits) return { stretch: 1, hotStretch: 1 };
  if (room <= 0) return { stretch: Infinity, hotStretch: hot > 0 ? Infinity : 1 };
  if (hot === 0) return { stretch: cold / room, hotStretch: 1 };
  const coldFits = hot < room ? cold / (room - hot) : Infinity;
  if (coldFits <= DEFAULT_MAX_COLD_STRETCH) return { stretch: Math.max(1, coldFits), hotStretch: 1 };
  const left = room - cold / DEFAULT_MAX_COLD_STRETCH;
  if (left <= 0) return { stretch: (hot + cold) / room, hotStretch: (hot + cold) / room };
  return { stretch: DEFAULT_MAX_COLD_STRETCH, hotStretch: hot / left };
}
function runsPerMonth(runIntervalMs) {
  return MONTH_MS / Math.max(1, runIntervalMs);
}
function passesPerMonth(periodMs, runIntervalMs) {
  return MONTH_MS / Math.max(periodMs, runIntervalMs);
}
function planBudget(costs, runIntervalMs, monthlyBudget) {
  const runs = runsPerMonth(runIntervalMs);
  const everyRun = costs.filter((c) => c.kind === "every-run").reduce((n, c) => n + c.calls * runs, 0);
  const periodic = costs.filter((c) => c.kind === "periodic").reduce((n, c) => n + c.calls * passesPerMonth(c.periodMs, runIntervalMs), 0);
  const hot = costs.filter((c) => c.kind === "periodic" && c.tier === "hot").reduce((n, c) => n + c.calls * passesPerMonth(c.periodMs, runIntervalMs), 0);
  const total = everyRun + periodic;
  const fits = monthlyBudget === null || total <= monthlyBudget;
  const room = monthlyBudget === null ? Infinity : monthlyBudget - everyRun;
  const { stretch, hotStretch } = stretches(fits, room, hot, periodic - hot);
  const streams = costs.map((c) => {
    if (c.kind === "every-run")
      return { ...c, effectivePeriodMs: runIntervalMs, perRun: c.calls, perDay: c.calls * 864e5 / runIntervalMs, perMonth: c.calls * runs };
    const effective = Math.max(c.periodMs, runIntervalMs) * (c.tier === "hot" ? hotStretch : stretch);
    const perMonth = Number.isFinite(effective) ? c.calls * (MONTH_MS / effective) : 0;
    return { ...c, effectivePeriodMs: effective, perRun: perMonth / runs, perDay: perMonth * 864e5 / MONTH_MS, perMonth };
  });
  return {
    runIntervalMs,
    runsPerMonth: runs,
    monthlyBudget,
    everyRunPerMonth: everyRun,
    periodicPerMonth: periodic,
    totalPerMonth: total,
    fits,
    stretch,
    hotStretch,
    hotPerMonth: hot,
    perRunShare: monthlyBudget === null ? null : monthlyBudget / runs,
    streams
  };
}
function monthlyBudgetOf(configured, headerLimit, reserve) {
  if (configured !== void 0) return configured;
  return headerLimit === null ? null : Math.max(0, headerLimit - reserve);
}

// src/planner/schedule-interval.ts
import { createTask } from "node-cron";
var DEFAULT_SAMPLES = 48;
function meanIntervalMs(expression, samples = DEFAULT_SAMPLES) {
  const task = createTask(expression, () => void 0);
  try {
    const runs = task.getNextRuns(samples + 1);
    const first = runs[0];
    const last = runs[runs.length - 1];
    return first && last && runs.length > 1 ? (last.getTime() - first.getTime()) / (runs.length - 1) : 36e5;
  } finally {
    void task.destroy();
  }
}

// src/budget/sweep-period.ts
function sweepInterval(config, name, group, withoutFeed = false) {
  const own = ownInterval(config, name, group);
  return withoutFeed ? Math.min(own, config.sweeps.feedless) : own;
}
function ownInterval(config, name, group) {
  const override = config.sweeps.overrides[name];
  if (override !== void 0) return override;
  switch (group) {
    case "metadata":
      return config.sweeps.metadata;
    case "entities":
      return config.sweeps.entities;
    // Hot records are re-read by id every hot period (planner/hot-refresh.ts): the whole sweep is the cold
    // tier's. A deletion shows when a pass begun after it completes; a pass begins a period after the last
    // began and is spread over period ÷ 1.25, so a sweep every cold period would show one up to 1.8 cold
    // periods late (54 days). Begun every half period, a cold deletion shows within 0.9 of it, a rename half.
    case "tiered":
      return config.tiers.enabled ? config.sweeps.cold / 2 : config.sweeps.entities;
    case "other":
      return config.sweeps.other;
  }
}

// src/state/runs.ts
var HINT_RUN_COMMAND = "webhooks";
async function startRun(trx, run) {
  await trx.insertInto("sync_runs").values({
    id: run.id,
    command: run.command,
    mode: run.mode,
    status: "running",
    started_at: run.startedAt,
    finished_at: null,
    duration_ms: null,
    streams_json: null,
    calls_json: null,
    errors_json: null,
    rate_budget_json: null
  }).execute();
}
async function finishRun(trx, id, s) {
  await trx.updateTable("sync_runs").set({
    status: s.status,
    finished_at: s.finishedAt,
    duration_ms: Math.round(s.durationMs),
    calls_total: s.callsTotal,
    rows_total: s.rowsTotal,
    streams_json: JSON.stringify(s.streams),
    calls_json: JSON.stringify(s.calls),
    errors_json: JSON.stringify(s.errors),
    rate_budget_json: JSON.stringify(s.rateBudget ?? null)
  }).where("id", "=", id).execute();
}
async function markAbandonedRuns(trx, now) {
  const r = await trx.updateTable("sync_runs").set({ status: "interrupted", finished_at: now }).where("status", "=", "running").executeTakeFirst();
  return Number(r.numUpdatedRows ?? 0);
}
async function unfinishedFullSince(trx) {
  const runs = await trx.selectFrom("sync_runs").select(["mode", "status", "started_at"]).orderBy("started_at", "desc").limit(UNFINISHED_CHAIN).execute();
  let since = null;
  for (const r of runs) {
    if (r.mode !== "full" || r.status !== "interrupted") break;
    since = r.started_at;
  }
  return since;
}
var UNFINISHED_CHAIN = 50;

// src/budget/costs.ts
var DEFAULT_HISTORY_RUNS = 50;
function lastSweepRunCalls(seen) {
  const run = seen.find((x) => x.s.mode === "sweep" && x.s.status === "succeeded");
  return run ? run.s.calls ?? 0 : null;
}
async function passPages(ctx, names) {
  const out = /* @__PURE__ */ new Map();
  if (names.length === 0) return out;
  const rows = await ctx.db.kysely.selectFrom("sync_state").select(["stream", "checkpoint_json"]).where("stream", "in", names).execute();
  for (const r of rows) {
    const pages = parseCheckpoint(r.checkpoint_json).checkpoint.lastSweepPages;
    if (pages !== null) out.set(r.stream, (out.get(r.stream) ?? 0) + pages);
  }
  return out;
}
function median(xs) {
  const sorted = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[mid] ?? 0 : ((sorted[mid - 1] ?? 0) + (sorted[mid] ?? 0)) / 2;
}
function parseRuns(rows) {
  return rows.map((r) => ({ mode: r.mode, streams: r.streams_json ? JSON.parse(r.streams_json) : {} }));
}
async function wholeRun(ctx) {
  const q = ctx.db.kysely.selectFrom("sync_runs").select(["mode", "streams_json"]).where("status", "in", ["succeeded", "partial"]);
  const row = await q.where("mode", "=", "full").orderBy("started_at", "desc").limit(1).executeTakeFirst() ?? await q.orderBy("started_at", "asc").limit(1).executeTakeFirst();
  return row ? parseRuns([row])[0]?.streams ?? {} : {};
}
async function withoutFirstRun(ctx, runs) {
  if (runs.length < 2) return [...runs];
  const first = await ctx.db.kysely.selectFrom("sync_runs").select("id").where("status", "in", ["succeeded", "partial"]).orderBy("started_at", "asc").limit(1).executeTakeFirst();
  return runs.filter((r) => r.id !== first?.id);
}
async function streamCosts(ctx, streams, fallback = 1) {
  const runs = await ctx.db.kysely.selectFrom("sync_runs").select(["id", "mode", "streams_json"]).where("status", "in", ["succeeded", "partial"]).where("command", "!=", HINT_RUN_COMMAND).orderBy("started_at", "desc").limit(DEFAULT_HISTORY_RUNS).execute();
  const parsed = parseRuns(runs);
  const later = parseRuns(await withoutFirstRun(ctx, runs));
  const whole = streams.some((s) => s.linkReads) ? await wholeRun(ctx) : {};
  const pages = await passPages(
    ctx,
    streams.filter((s) => !s.everyRun).map((s) => s.name)
  );
  const unknown = [];
  const costs = streams.flatMap((s) => {
    const seenIn = (rs) => rs.map((r) => ({ mode: r.mode, s: r.streams[s.name] })).filter((x) => x.s !== void 0);
    const seen = seenIn(parsed);
    const incremental = seenIn(later).filter((x) => x.mode === "incremental" && x.s.calls !== void 0);
    if (s.linkReads) {
      const floor = incremental.length === 0 ? 0 : median(incremental.map((x) => x.s.calls ?? 0));
      return [
        { name: s.name, kind: "every-run", calls: floor, periodMs: 0 },
        { name: s.name, kind: "periodic", calls: whole[s.name]?.calls ?? 0, periodMs: s.periodMs }
      ];
    }
    if (s.everyRun) {
      const between = incremental.filter((x) => !(s.between && x.s.mode === "sweep"));
      const unpriced = seen[0]?.s.status === "skipped" || s.marksOnly ? 0 : fallback;
      const calls = between.length === 0 ? unpriced : between.reduce((n, x) => n + (x.s.calls ?? 0), 0) / between.length;
      return [{ name: s.name, kind: "every-run", calls, periodMs: 0 }];
    }
    const pass = pages.get(s.name) ?? lastSweepRunCalls(seen);
    const skipped = pass === null && seen[0]?.s.status === "skipped";
    if (pass === null && !skipped) unknown.push(s.name);
    return [{ name: s.name, kind: "periodic", calls: pass ?? (skipped ? 0 : fallback), periodMs: s.periodMs, ...s.tier ? { tier: s.tier } : {} }];
  });
  return { costs, unknown };
}
async function lastHeaderLimit(ctx) {
  const rows = await ctx.db.kysely.selectFrom("sync_runs").select(["rate_budget_json"]).where("rate_budget_json", "is not", null).orderBy("started_at", "desc").limit(10).execute();
  for (const r of rows) {
    const b = JSON.parse(r.rate_budget_json ?? "null");
    if (typeof b?.orgLimit === "number") return b.orgLimit;
  }
  return null;
}
var DAY_MS = 864e5;
async function hintRunCost(ctx, now) {
  const since = new Date(now.getTime() - DEFAULT_HINT_PRICING_DAYS * DAY_MS).toISOString();
  const r = await ctx.db.kysely.selectFrom("sync_runs").select((eb) => [eb.fn.sum("calls_total").as("calls"), eb.fn.min("started_at").as("first")]).where("command", "=", HINT_RUN_COMMAND).where("started_at", ">=", since).executeTakeFirst();
  const calls = Number(r?.calls ?? 0);
  if (calls === 0 || r?.first == null) return 0;
  const spanMs = Math.min(DEFAULT_HINT_PRICING_DAYS * DAY_MS, Math.max(DAY_MS, now.getTime() - new Date(r.first).getTime()));
  return calls * 30 * DAY_MS / spanMs;
}

// src/budget/tier-costs.ts
async function linkTierCosts(ctx, name, side, p) {
  const chosen = await companyPersonSide(ctx);
  if (chosen !== side && !(chosen === null && await lastReadSide(ctx) === side)) return null;
  const counts = await tierCounts(ctx.db.kysely, side, p.now, p.hotWindowMs);
  return {
    side,
    counts,
    costs: [
      { name, kind: "periodic", calls: counts.hot.records * TIER_SLACK.hot, periodMs: p.hotMs, tier: "hot" },
      { name, kind: "periodic", calls: counts.cold.records * TIER_SLACK.cold, periodMs: p.coldMs, tier: "cold" }
    ]
  };
}

// src/budget/run-budget.ts
var HINT_RUNS_COST = "webhook hint runs";
function tieredSide(s, config) {
  if (!config.tiers.enabled || s.read.kind !== "ids" || !s.read.ranked) return null;
  return s.read.consumes === "company_links" ? "company" : s.read.consumes === "person_links" ? "person" : null;
}
function pricedStreams(streams, config, sweptWithoutFeed) {
  const out = [];
  for (const s of streams) {
    const read = s.read;
    if (tieredSide(s, config)) continue;
    if (read.kind === "ids" && read.consumes?.endsWith("_links")) {
      out.push({ name: s.name, everyRun: true, linkReads: true, periodMs: sweepInterval(config, s.name, s.group) });
      continue;
    }
    const everyRun = read.kind === "feed" || read.kind === "ids" && read.consumes !== void 0;
    const hot = config.tiers.enabled && !everyRun && s.group === "entities" ? { tier: "hot" } : {};
    const marksOnly = read.kind === "ids" && read.consumes !== void 0 ? { marksOnly: true } : {};
    out.push({
      name: s.name,
      everyRun,
      periodMs: everyRun ? 0 : sweepInterval(config, s.name, s.group, sweptWithoutFeed(s.name) !== null),
      ...hot,
      ...marksOnly
    });
    if (!everyRun && read.kind === "sweep" && read.between) out.push({ name: s.name, everyRun: true, periodMs: 0, between: true });
  }
  return out;
}
async function tierCosts(db, config, streams, now) {
  for (const s of streams) {
    const side = tieredSide(s, config);
    if (!side) continue;
    const priced = await linkTierCosts({ db }, s.name, side, {
      hotMs: config.sweeps.hot,
      coldMs: config.sweeps.cold,
      hotWindowMs: config.tiers.hotWindow,
      now
    });
    if (priced) return priced;
  }
  return null;
}
async function budgetPlan(db, config, streams, sweptWithoutFeed, now = /* @__PURE__ */ new Date()) {
  const { costs, unknown } = await streamCosts({ db }, pricedStreams(streams, config, sweptWithoutFeed));
  const tiers = await tierCosts(db, config, streams, now);
  const budget = monthlyBudgetOf(config.monthlyBudget, await lastHeaderLimit({ db }), config.monthlyReserve);
  const interval = meanIntervalMs(config.schedule);
  const hintsPerMonth = await hintRunCost({ db }, now);
  const hints = hintsPerMonth > 0 ? [{ name: HINT_RUNS_COST, kind: "every-run", calls: hintsPerMonth / runsPerMonth(interval), periodMs: 0 }] : [];
  return { plan: planBudget([...costs, ...hints, ...tiers?.costs ?? []], interval, budget), unknown, tiers };
}
function tierCapsOf(plan, config) {
  const run = plan.runIntervalMs;
  return {
    hotPeriodMs: Math.max(config.sweeps.hot, run) * plan.hotStretch,
    coldPeriodMs: Math.max(config.sweeps.cold, run) * plan.stretch,
    runIntervalMs: run,
    neverReadAtOnce: plan.monthlyBudget === null
  };
}
async function runBudget(db, config, streams, sweptWithoutFeed, callsSoFar, log, now = /* @__PURE__ */ new Date()) {
  const { plan, unknown } = await budgetPlan(db, config, streams, sweptWithoutFeed, now);
  if (!plan.fits) {
    log.warn(
      {
        monthlyBudget: plan.monthlyBudget,
        plannedPerMonth: Math.round(plan.totalPerMonth),
        everyRunPerMonth: Math.round(plan.everyRunPerMonth),
        periodicPerMonth: Math.round(plan.periodicPerMonth),
        stretch: Number(plan.stretch.toFixed(2)),
        hotStretch: Number(plan.hotStretch.toFixed(2))
      },
      "the configured sweep periods do not fit the monthly budget: periods stretched by this factor (see relsync plan)"
    );
  }
  const uncapped = /* @__PURE__ */ new Set([...unknown, ...streams.filter((s) => s.read.kind === "ids" && s.read.consumes !== void 0).map((s) => s.name)]);
  const allowances = /* @__PURE__ */ new Map();
  for (const s of plan.streams) {
    if (s.kind !== "periodic" || uncapped.has(s.name)) continue;
    const cap = pagesPerRun(s.calls, s.effectivePeriodMs, plan.runIntervalMs);
    let taken = 0;
    allowances.set(s.name, {
      cap,
      allow: () => taken < cap && (plan.perRunShare === null || callsSoFar() < plan.perRunShare),
      take: () => void (taken += 1)
    });
  }
  return { plan, tierCaps: tierCapsOf(plan, config), allowanceFor: (name) => allowances.get(name) ?? null };
}

// src/streams/selection.ts
function compareVersions(a, b) {
  return a < b ? -1 : a > b ? 1 : 0;
}
function skipReason(def, config) {
  if (def.enabled && !def.enabled(config)) return { mode: "disabled" };
  if (def.minApiVersion && compareVersions(config.apiVersion, def.minApiVersion) < 0) return { mode: "needs-api-version", needsApiVersion: def.minApiVersion };
  return null;
}

// src/state/sources.ts
function parseRefused(text) {
  if (!text) return {};
  try {
    const v = JSON.parse(text);
    return v && typeof v === "object" ? v : {};
  } catch {
    return {};
  }
}
async function listSources(db) {
  const rows = await db.selectFrom("sync_sources").selectAll().orderBy("capability").execute();
  return rows.map((r) => ({ capability: r.capability, source: r.source, refused: parseRefused(r.refused_json), decidedAt: r.decided_at }));
}
async function upsert(db, row) {
  const values = { source: row.source, refused_json: JSON.stringify(row.refused), decided_at: row.decidedAt };
  await db.insertInto("sync_sources").values({ capability: row.capability, ...values }).onConflict((oc) => oc.column("capability").doUpdateSet(values)).execute();
}
async function current(db, capability) {
  const r = await db.selectFrom("sync_sources").selectAll().where("capability", "=", capability).executeTakeFirst();
  return r ? { capability, source: r.source, refused: parseRefused(r.refused_json), decidedAt: r.decided_at } : null;
}
async function recordSourceUsed(db, capability, source, at) {
  const row = await current(db, capability);
  const refused = { ...row?.refused ?? {} };
  delete refused[source];
  await upsert(db, { capability, source, refused, decidedAt: at });
}
async function recordRefusal(db, capability, source, refusal, next) {
  const row = await current(db, capability);
  await upsert(db, { capability, source: next, refused: { ...row?.refused ?? {}, [source]: refusal }, decidedAt: refusal.at });
}
var UNAVAILABLE = "unavailable";
async function recordUnavailable(db, stream, refusal) {
  await upsert(db, { capability: stream, source: UNAVAILABLE, refused: { [stream]: refusal }, decidedAt: refusal.at });
}
async function forgetSource(db, capability) {
  await db.deleteFrom("sync_sources").where("capability", "=", capability).execute();
}

// src/streams/source-book.ts
var NO_SOURCE = "none";
var SourceBook = class _SourceBook {
  constructor(streams, remembered, reprobeMs, now, opts) {
    this.streams = streams;
    this.remembered = remembered;
    this.reprobeMs = reprobeMs;
    this.now = now;
    this.opts = opts;
  }
  streams;
  remembered;
  reprobeMs;
  now;
  opts;
  refusedNow = /* @__PURE__ */ new Map();
  announced = /* @__PURE__ */ new Set();
  /** Writes held back until the service has answered successfully (see `serviceOk`). */
  pending = [];
  static async load(db, streams, reprobeMs, now, opts = {}) {
    const rows = await listSources(db.kysely);
    return new _SourceBook(streams, new Map(rows.map((r) => [r.capability, r])), reprobeMs, now, opts);
  }
  /** Whether a refusal remembered from an earlier run still holds in this one. */
  holds(old) {
    if (this.opts.reprobeAll) return false;
    if (old.origin !== void 0 && this.opts.origin !== void 0 && old.origin !== this.opts.origin) return false;
    return this.now().getTime() - Date.parse(old.at) < this.reprobeMs;
  }
  /** The refusal that still holds for this source, if any (this run's, or a remembered one not yet due for a re-probe). */
  refusal(capability, source) {
    const now = this.refusedNow.get(`${capability}/${source}`);
    if (now) return now;
    const old = this.remembered.get(capability)?.refused[source];
    return old && this.holds(old) ? old : null;
  }
  /** The source this run uses for the capability: a stream name, or NO_SOURCE. */
  choose(capability, eligible) {
    const members = this.streams.filter((s) => s.source?.capability === capability).sort((a, b) => (a.source?.rank ?? 0) - (b.source?.rank ?? 0));
    return members.find((s) => eligible(s) && !this.refusal(capability, s.name))?.name ?? NO_SOURCE;
  }
  /** Streams swept on `sweeps.feedless` because the feed that would spare their sweeps is refused: name → the refused feed. */
  sweptWithoutFeed(name) {
    const feed = this.streams.find((s) => s.source?.sweeps === name && s.source && this.refusal(s.source.capability, s.name));
    return feed?.name ?? null;
  }
  /** True the first time it is asked for a key in this run: a "no source" line is said once per run. */
  firstTime(key) {
    if (this.announced.has(key)) return false;
    this.announced.add(key);
    return true;
  }
  /** Remember the refusal (for this run and in sync_sources) and return the source the capability falls back to. */
  async refuse(db, capability, source, refusal, eligible) {
    const withOrigin = { ...refusal, ...this.opts.origin !== void 0 ? { origin: this.opts.origin } : {} };
    this.refusedNow.set(`${capability}/${source}`, withOrigin);
    const next = this.choose(capability, eligible);
    await this.write(() => recordRefusal(db.kysely, capability, source, withOrigin, next));
    return next;
  }
  async write(w) {
    if (this.opts.serviceOk?.() === false) this.pending.push(w);
    else await w();
  }
  /** An optional stream the tenant does not have, remembered and not yet due for a re-probe; null otherwise. */
  unavailable(stream) {
    const row = this.remembered.get(stream);
    const old = row?.source === UNAVAILABLE ? row.refused[stream] : void 0;
    return old && this.holds(old) ? old : null;
  }
  /** Remember that this tenant does not have the optional stream's endpoint. */
  async markUnavailable(db, stream, refusal) {
    const withOrigin = { ...refusal, ...this.opts.origin !== void 0 ? { origin: this.opts.origin } : {} };
    await this.write(() => recordUnavailable(db.kysely, stream, withOrigin));
  }
  /** The optional stream answered: forget that it was unavailable. */
  async available(db, stream) {
    if (this.remembered.get(stream)?.source === UNAVAILABLE) await forgetSource(db.kysely, stream);
  }
  /** End of run: write the refusals held back until the service had answered, if it has; otherwise forget them. */
  async flush() {
    const held = this.pending.splice(0);
    if (this.opts.serviceOk?.() === false) return;
    for (const w of held) await w();
  }
  async used(db, capability, source) {
    const row = this.remembered.get(capability);
    if (row && row.source === source && !row.refused[source]) return;
    await recordSourceUsed(db.kysely, capability, source, this.now().toISOString());
  }
};

export {
  OWN_TIMEOUT_CODE,
  classifyStatus,
  classifyMalformed,
  networkErrorCode,
  classifyNetworkError,
  ApiError,
  AuthError,
  ForbiddenError,
  NotFoundError,
  MergedRecordError,
  CursorExpiredError,
  PageTokenMismatchError,
  RateLimitedError,
  TransientError,
  ServerError,
  UnreachableError,
  MalformedResponseError,
  ForeignOriginError,
  BudgetExhaustedError,
  V1_SEARCH_PAGE,
  V2_PAGE,
  V2_IDS_BATCH,
  v1ListSchema,
  emptyBatch,
  upsertTables,
  editCellRows,
  transformFailure,
  WHOLE,
  upstreamOf,
  lowerRanksOf,
  TIER_SLACK,
  TABLE_OF_SIDE,
  fixedIds,
  unionIds,
  collectIds,
  markDirty,
  clearDirty,
  clearDirtyBefore,
  bumpAttempts,
  withNeverReadTail,
  readsPerRun,
  companyPersonSide,
  V2_WEBHOOKS_FROM,
  ALL_STREAMS,
  streamNames,
  WAREHOUSE_TABLE_NAMES,
  REPORTED_TABLES,
  WAREHOUSE_TABLES,
  tableSpec,
  HINT_RUN_COMMAND,
  startRun,
  finishRun,
  markAbandonedRuns,
  unfinishedFullSince,
  planBudget,
  monthlyBudgetOf,
  meanIntervalMs,
  sweepInterval,
  budgetPlan,
  tierCapsOf,
  runBudget,
  skipReason,
  listSources,
  UNAVAILABLE,
  NO_SOURCE,
  SourceBook
};
