import { createRequire as relsyncCreateRequire } from 'node:module';
const require = relsyncCreateRequire(import.meta.url);
import {
  Migrator,
  NameAllocator,
  PostgresAdapter,
  WAREHOUSE,
  dialectOf,
  intLiteral,
  listCheckpoints,
  listViewName,
  quoteIdent,
  quoteLiteral,
  safeName,
  sql,
  tableExists,
  valueText,
  viewRefreshRefusal,
  writeCheckpoint
} from "./chunk-C4J6S7LO.js";
import {
  DEFAULT_VIEW_LOCK_TIMEOUT_MS,
  UserError,
  __export,
  errorMessage
} from "./chunk-CRSUMNAO.js";

// src/load/db-errors.ts
var SQLITE_FATAL = {
  SQLITE_FULL: "the database or disk is full",
  SQLITE_READONLY: "the database file is read-only",
  SQLITE_IOERR: "the disk reported an I/O error",
  SQLITE_CANTOPEN: "the database file cannot be opened",
  SQLITE_CORRUPT: "the database file is corrupt"
};
var PG_FATAL = [
  // 57P01 admin_shutdown: a server shutdown or restart, or pg_terminate_backend on the session.
  [/^57P01$/, "the database server ended the connection"],
  [/^53/, "the database server is out of resources (disk, memory or connections)"],
  [/^08/, "the connection to the database server failed"],
  [/^57P/, "the database server is shutting down"],
  [/^25006$/, "the database is read-only"]
];
function fromRelsync(err) {
  const seen = /* @__PURE__ */ new Set();
  for (let e = err; typeof e === "object" && e !== null && !seen.has(e); e = e.cause) {
    if (e instanceof UserError) return true;
    seen.add(e);
  }
  return false;
}
function fatalDatabaseError(err) {
  if (fromRelsync(err)) return null;
  const busy2 = writeLockHeldError(
    err,
    "the warehouse",
    "Every page committed before this is kept: end that transaction (commit or roll back) and run the same command again; it resumes from the checkpoints."
  );
  if (busy2) return busy2;
  const e = err;
  const code = typeof e?.code === "string" ? e.code : void 0;
  const raw = typeof e?.message === "string" ? e.message : String(err);
  let what;
  if (e?.lockLost === true) what = "the connection holding the writer lock was lost";
  else if (code) {
    const base = code.split("_").slice(0, 2).join("_");
    what = SQLITE_FATAL[code] ?? SQLITE_FATAL[base] ?? PG_FATAL.find(([re]) => re.test(code))?.[1];
  }
  if (!what && (code === "ECONNREFUSED" || code === "ECONNRESET" || /Connection terminated|not queryable/.test(raw)))
    what = "the connection to the database server failed";
  if (!what) return null;
  return new UserError(`The warehouse cannot take writes: ${what} (${code ?? raw}).`, {
    hint: "Every page committed before this is kept. Fix the cause (free disk space, permissions, the server) and run the same command again: it resumes from the checkpoints.",
    exitCode: 1,
    cause: err
  });
}
function readOnlyDatabaseError(err, describe) {
  const code = err?.code;
  if (typeof code !== "string" || !(code.startsWith("SQLITE_READONLY") || code === "25006")) return null;
  return new UserError(`Cannot write to ${describe}: it is read-only for this process (${code}).`, {
    hint: "relsync writes the warehouse: check the owner and permissions of the database file and its directory (SQLite also writes the -wal and -shm files beside it), that the file system is not mounted read-only, and that the PostgreSQL user may write. `relsync status` can still read it.",
    exitCode: 2,
    cause: err
  });
}
function writeLockHeldError(err, describe, hint = "End that transaction (commit or roll back) and run the same command again; nothing already loaded was lost. Readers never hold up a sync: only a connection that has written and not committed does.") {
  const code = err?.code;
  if (code !== "SQLITE_BUSY" && code !== "SQLITE_LOCKED") return null;
  return new UserError(`Cannot write to ${describe}: another program holds its write lock (an open write transaction) (${code}).`, {
    hint,
    exitCode: 3,
    cause: err
  });
}

// migrations/001-sync-state.ts
var sync_state_exports = {};
__export(sync_state_exports, {
  down: () => down,
  up: () => up
});

// migrations/helpers.ts
function columnTypes(db) {
  const isPostgres = db.getExecutor().adapter instanceof PostgresAdapter;
  return {
    id: "bigint",
    ts: isPostgres ? "timestamptz" : "text",
    json: isPostgres ? "jsonb" : "text",
    bool: isPostgres ? "boolean" : "integer",
    text: "text",
    int: "integer",
    real: isPostgres ? sql`double precision` : "real",
    isPostgres
  };
}

// migrations/001-sync-state.ts
async function up(db) {
  const t = columnTypes(db);
  await db.schema.createTable("sync_runs").addColumn("id", "text", (c) => c.primaryKey()).addColumn("command", "text", (c) => c.notNull()).addColumn("mode", "text", (c) => c.notNull()).addColumn("status", "text", (c) => c.notNull()).addColumn("started_at", t.ts, (c) => c.notNull()).addColumn("finished_at", t.ts).addColumn("duration_ms", "integer").addColumn("calls_total", "integer", (c) => c.notNull().defaultTo(0)).addColumn("rows_total", "integer", (c) => c.notNull().defaultTo(0)).addColumn("streams_json", t.json).addColumn("calls_json", t.json).addColumn("errors_json", t.json).addColumn("rate_budget_json", t.json).execute();
  await db.schema.createIndex("sync_runs_started_at").on("sync_runs").column("started_at").execute();
  await db.schema.createTable("sync_state").addColumn("stream", "text", (c) => c.notNull()).addColumn("partition", "text", (c) => c.notNull().defaultTo("")).addColumn("version", "integer", (c) => c.notNull()).addColumn("checkpoint_json", t.json, (c) => c.notNull()).addColumn("last_success_at", t.ts).addColumn("last_sweep_at", t.ts).addColumn("updated_at", t.ts, (c) => c.notNull()).addPrimaryKeyConstraint("sync_state_pk", ["stream", "partition"]).execute();
  await db.schema.createTable("sync_lock").addColumn("name", "text", (c) => c.primaryKey()).addColumn("holder", "text", (c) => c.notNull()).addColumn("pid", "integer", (c) => c.notNull()).addColumn("host", "text", (c) => c.notNull()).addColumn("acquired_at", t.ts, (c) => c.notNull()).addColumn("heartbeat_at", t.ts, (c) => c.notNull()).execute();
  await db.schema.createTable("quarantine").addColumn("stream", "text", (c) => c.notNull()).addColumn("record_key", "text", (c) => c.notNull()).addColumn("payload", t.json, (c) => c.notNull()).addColumn("error", "text", (c) => c.notNull()).addColumn("run_id", "text").addColumn("first_seen_at", t.ts, (c) => c.notNull()).addColumn("last_seen_at", t.ts, (c) => c.notNull()).addPrimaryKeyConstraint("quarantine_pk", ["stream", "record_key"]).execute();
}
async function down(db) {
  for (const table of ["quarantine", "sync_lock", "sync_state", "sync_runs"]) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}

// migrations/002-warehouse.ts
var warehouse_exports = {};
__export(warehouse_exports, {
  down: () => down2,
  up: () => up2
});
function entity(tb, t) {
  return tb.addColumn("_raw", t.json).addColumn("_synced_at", t.ts, (c) => c.notNull()).addColumn("_deleted_at", t.ts);
}
function child(tb, t) {
  return tb.addColumn("_synced_at", t.ts, (c) => c.notNull());
}
function pk(tb, table, cols) {
  return tb.addPrimaryKeyConstraint(`${table}_pk`, cols);
}
async function up2(db) {
  const t = columnTypes(db);
  const create = (name) => db.schema.createTable(name);
  await entity(
    create("companies").addColumn("id", t.id, (c) => c.primaryKey().notNull()).addColumn("name", t.text).addColumn("domain", t.text).addColumn("domains_json", t.json).addColumn("is_global", t.bool).addColumn("merged_into_id", t.id),
    t
  ).execute();
  await entity(
    create("persons").addColumn("id", t.id, (c) => c.primaryKey().notNull()).addColumn("first_name", t.text).addColumn("last_name", t.text).addColumn("primary_email", t.text).addColumn("emails_json", t.json).addColumn("type", t.text).addColumn("merged_into_id", t.id),
    t
  ).execute();
  await entity(
    create("opportunities").addColumn("id", t.id, (c) => c.primaryKey().notNull()).addColumn("name", t.text).addColumn("list_id", t.id).addColumn("list_entry_id", t.id).addColumn("created_at", t.ts).addColumn("creator_id", t.id),
    t
  ).execute();
  await entity(
    create("lists").addColumn("id", t.id, (c) => c.primaryKey().notNull()).addColumn("name", t.text).addColumn("type", t.text).addColumn("is_public", t.bool).addColumn("owner_id", t.id).addColumn("creator_id", t.id).addColumn("created_at", t.ts).addColumn("size", t.int),
    t
  ).execute();
  await entity(
    create("list_entries").addColumn("id", t.id, (c) => c.primaryKey().notNull()).addColumn("list_id", t.id, (c) => c.notNull()).addColumn("entity_type", t.text, (c) => c.notNull()).addColumn("entity_id", t.id, (c) => c.notNull()).addColumn("created_at", t.ts).addColumn("creator_id", t.id),
    t
  ).execute();
  await entity(
    create("fields").addColumn("id", t.text, (c) => c.primaryKey().notNull()).addColumn("v1_id", t.id).addColumn("name", t.text).addColumn("type", t.text).addColumn("value_type", t.text).addColumn("entity_type", t.text).addColumn("list_id", t.id).addColumn("enrichment_source", t.text).addColumn("allows_multiple", t.bool).addColumn("track_changes", t.bool),
    t
  ).execute();
  await pk(
    child(
      create("dropdown_options").addColumn("field_id", t.text, (c) => c.notNull()).addColumn("id", t.id, (c) => c.notNull()).addColumn("text", t.text).addColumn("rank", t.int).addColumn("color", t.text),
      t
    ),
    "dropdown_options",
    ["field_id", "id"]
  ).execute();
  await pk(
    child(
      create("field_values").addColumn("field_id", t.text, (c) => c.notNull()).addColumn("entity_type", t.text, (c) => c.notNull()).addColumn("entity_id", t.id, (c) => c.notNull()).addColumn("list_entry_id", t.id, (c) => c.notNull()).addColumn("value_index", t.int, (c) => c.notNull()).addColumn("value_type", t.text, (c) => c.notNull()).addColumn("value_json", t.json).addColumn("value_text", t.text).addColumn("value_number", t.real).addColumn("value_date", t.ts).addColumn("ref_id", t.id).addColumn("list_id", t.id).addColumn("updated_at", t.ts),
      t
    ),
    "field_values",
    ["field_id", "entity_type", "entity_id", "list_entry_id", "value_index"]
  ).execute();
  for (const [table, a, b] of [
    ["opportunity_persons", "opportunity_id", "person_id"],
    ["opportunity_companies", "opportunity_id", "company_id"],
    ["company_persons", "company_id", "person_id"]
  ]) {
    await pk(
      child(
        create(table).addColumn(a, t.id, (c) => c.notNull()).addColumn(b, t.id, (c) => c.notNull()),
        t
      ),
      table,
      [a, b]
    ).execute();
  }
  await entity(
    create("field_value_changes").addColumn("id", t.id, (c) => c.primaryKey().notNull()).addColumn("field_id", t.text, (c) => c.notNull()).addColumn("entity_type", t.text).addColumn("entity_id", t.id, (c) => c.notNull()).addColumn("list_entry_id", t.id).addColumn("list_id", t.id).addColumn("action_type", t.text, (c) => c.notNull()).addColumn("changed_at", t.ts, (c) => c.notNull()).addColumn("changer_id", t.id).addColumn("value_type", t.text).addColumn("value_json", t.json),
    t
  ).execute();
  await entity(
    create("notes").addColumn("id", t.id, (c) => c.primaryKey().notNull()).addColumn("type", t.text).addColumn("parent_id", t.id).addColumn("content_html", t.text).addColumn("content_text", t.text).addColumn("creator_id", t.id).addColumn("interaction_id", t.id).addColumn("interaction_type", t.text).addColumn("transcript_id", t.id).addColumn("created_at", t.ts).addColumn("updated_at", t.ts),
    t
  ).execute();
  await pk(
    child(
      create("note_attachments").addColumn("note_id", t.id, (c) => c.notNull()).addColumn("entity_type", t.text, (c) => c.notNull()).addColumn("entity_id", t.id, (c) => c.notNull()),
      t
    ),
    "note_attachments",
    ["note_id", "entity_type", "entity_id"]
  ).execute();
  await entity(
    create("reminders").addColumn("id", t.id, (c) => c.primaryKey().notNull()).addColumn("type", t.text).addColumn("content", t.text).addColumn("due_date", t.ts).addColumn("reset_type", t.text).addColumn("reminder_days", t.int).addColumn("status", t.text).addColumn("owner_id", t.id).addColumn("creator_id", t.id).addColumn("completer_id", t.id).addColumn("person_id", t.id).addColumn("company_id", t.id).addColumn("opportunity_id", t.id).addColumn("created_at", t.ts).addColumn("completed_at", t.ts),
    t
  ).execute();
  await pk(
    entity(
      create("interactions").addColumn("kind", t.text, (c) => c.notNull()).addColumn("id", t.id, (c) => c.notNull()).addColumn("subject", t.text).addColumn("started_at", t.ts).addColumn("ended_at", t.ts).addColumn("all_day", t.bool).addColumn("direction", t.text).addColumn("logging_type", t.text).addColumn("creator_id", t.id).addColumn("created_at", t.ts).addColumn("updated_at", t.ts),
      t
    ),
    "interactions",
    ["kind", "id"]
  ).execute();
  await pk(
    child(
      create("interaction_participants").addColumn("kind", t.text, (c) => c.notNull()).addColumn("interaction_id", t.id, (c) => c.notNull()).addColumn("role", t.text, (c) => c.notNull()).addColumn("position", t.int, (c) => c.notNull()).addColumn("person_id", t.id).addColumn("email_address", t.text),
      t
    ),
    "interaction_participants",
    ["kind", "interaction_id", "role", "position"]
  ).execute();
  await entity(
    create("transcripts").addColumn("id", t.id, (c) => c.primaryKey().notNull()).addColumn("title", t.text).addColumn("meeting_id", t.id).addColumn("note_id", t.id).addColumn("language", t.text).addColumn("created_at", t.ts),
    t
  ).execute();
  await pk(
    child(
      create("transcript_fragments").addColumn("transcript_id", t.id, (c) => c.notNull()).addColumn("idx", t.int, (c) => c.notNull()).addColumn("speaker", t.text).addColumn("content", t.text).addColumn("start_ms", t.int).addColumn("end_ms", t.int),
      t
    ),
    "transcript_fragments",
    ["transcript_id", "idx"]
  ).execute();
  await entity(
    create("files").addColumn("id", t.id, (c) => c.primaryKey().notNull()).addColumn("name", t.text).addColumn("size", t.id).addColumn("content_type", t.text).addColumn("person_id", t.id).addColumn("company_id", t.id).addColumn("opportunity_id", t.id).addColumn("uploader_id", t.id).addColumn("created_at", t.ts),
    t
  ).execute();
  await entity(
    create("users").addColumn("id", t.id, (c) => c.primaryKey().notNull()).addColumn("first_name", t.text).addColumn("last_name", t.text).addColumn("email_address", t.text).addColumn("type", t.text),
    t
  ).execute();
  await entity(
    create("teams").addColumn("id", t.id, (c) => c.primaryKey().notNull()).addColumn("name", t.text),
    t
  ).execute();
  await pk(
    child(
      create("team_members").addColumn("team_id", t.id, (c) => c.notNull()).addColumn("user_id", t.id, (c) => c.notNull()),
      t
    ),
    "team_members",
    ["team_id", "user_id"]
  ).execute();
  await entity(
    create("saved_views").addColumn("id", t.id, (c) => c.primaryKey().notNull()).addColumn("list_id", t.id).addColumn("name", t.text).addColumn("type", t.text).addColumn("created_at", t.ts),
    t
  ).execute();
  await entity(
    create("webhooks").addColumn("id", t.id, (c) => c.primaryKey().notNull()).addColumn("url", t.text).addColumn("subscriptions_json", t.json).addColumn("status", t.text).addColumn("creator_id", t.id).addColumn("created_at", t.ts).addColumn("updated_at", t.ts),
    t
  ).execute();
  await pk(
    entity(
      create("merges").addColumn("entity_type", t.text, (c) => c.notNull()).addColumn("id", t.id, (c) => c.notNull()).addColumn("primary_id", t.id).addColumn("duplicate_id", t.id).addColumn("status", t.text).addColumn("error_message", t.text).addColumn("task_id", t.text).addColumn("created_at", t.ts).addColumn("completed_at", t.ts),
      t
    ),
    "merges",
    ["entity_type", "id"]
  ).execute();
  await pk(
    entity(
      create("relationship_strengths").addColumn("internal_id", t.id, (c) => c.notNull()).addColumn("external_id", t.id, (c) => c.notNull()).addColumn("strength", t.real),
      t
    ),
    "relationship_strengths",
    ["internal_id", "external_id"]
  ).execute();
  for (const [table, column] of INDEXES) {
    await db.schema.createIndex(`${table}_${column}_idx`).on(table).column(column).execute();
  }
}
var INDEXES = [
  ["companies", "domain"],
  ["persons", "primary_email"],
  ["field_values", "entity_id"],
  ["field_values", "list_entry_id"],
  ["field_values", "field_id"],
  ["field_values", "ref_id"],
  ["list_entries", "list_id"],
  ["list_entries", "entity_id"],
  ["opportunities", "list_id"],
  ["field_value_changes", "changed_at"],
  ["field_value_changes", "entity_id"],
  ["field_value_changes", "field_id"],
  ["company_persons", "person_id"],
  ["opportunity_persons", "person_id"],
  ["opportunity_companies", "company_id"],
  ["note_attachments", "entity_id"],
  ["reminders", "due_date"],
  ["interactions", "started_at"],
  ["interaction_participants", "person_id"]
];
var TABLES = [
  "relationship_strengths",
  "merges",
  "webhooks",
  "saved_views",
  "team_members",
  "teams",
  "users",
  "files",
  "transcript_fragments",
  "transcripts",
  "interaction_participants",
  "interactions",
  "reminders",
  "note_attachments",
  "notes",
  "field_value_changes",
  "company_persons",
  "opportunity_companies",
  "opportunity_persons",
  "field_values",
  "dropdown_options",
  "fields",
  "list_entries",
  "lists",
  "opportunities",
  "persons",
  "companies"
];
async function down2(db) {
  for (const table of TABLES) await db.schema.dropTable(table).ifExists().execute();
}

// migrations/003-dirty-marks.ts
var dirty_marks_exports = {};
__export(dirty_marks_exports, {
  down: () => down3,
  up: () => up3
});
async function up3(db) {
  const t = columnTypes(db);
  await db.schema.createTable("sync_dirty").addColumn("kind", "text", (c) => c.notNull()).addColumn("id", "bigint", (c) => c.notNull()).addColumn("list_id", "bigint").addColumn("marked_at", t.ts, (c) => c.notNull()).addColumn("attempts", "integer", (c) => c.notNull().defaultTo(0)).addPrimaryKeyConstraint("sync_dirty_pk", ["kind", "id"]).execute();
}
async function down3(db) {
  await db.schema.dropTable("sync_dirty").ifExists().execute();
}

// migrations/004-owner-indexes.ts
var owner_indexes_exports = {};
__export(owner_indexes_exports, {
  down: () => down4,
  up: () => up4
});
async function up4(db) {
  await db.schema.createIndex("field_values_owner_idx").on("field_values").columns(["entity_id", "entity_type", "list_entry_id"]).execute();
  await db.schema.dropIndex("field_values_entity_id_idx").ifExists().execute();
}
async function down4(db) {
  await db.schema.createIndex("field_values_entity_id_idx").on("field_values").column("entity_id").execute();
  await db.schema.dropIndex("field_values_owner_idx").ifExists().execute();
}

// migrations/005-field-scopes.ts
var field_scopes_exports = {};
__export(field_scopes_exports, {
  down: () => down5,
  up: () => up5
});
async function up5(db) {
  const t = columnTypes(db);
  await db.schema.createTable("field_scopes").addColumn("field_id", t.text, (c) => c.notNull()).addColumn("entity_type", t.text, (c) => c.notNull()).addColumn("list_id", t.id, (c) => c.notNull()).addColumn("type", t.text).addColumn("definition_json", t.json).addColumn("_synced_at", t.ts, (c) => c.notNull()).addPrimaryKeyConstraint("field_scopes_pk", ["field_id", "entity_type", "list_id"]).execute();
  await db.schema.createIndex("field_scopes_list_id_idx").on("field_scopes").column("list_id").execute();
  await sql`insert into field_scopes (field_id, entity_type, list_id, type, definition_json, _synced_at)
    select id, entity_type, coalesce(list_id, 0), type, _raw, _synced_at from fields where entity_type is not null`.execute(db);
  await db.updateTable("fields").set({ type: null, entity_type: null, list_id: null, _raw: null }).where("v1_id", "is", null).execute();
}
async function down5(db) {
  await db.schema.dropTable("field_scopes").ifExists().execute();
}

// migrations/006-sources.ts
var sources_exports = {};
__export(sources_exports, {
  down: () => down6,
  up: () => up6
});
async function up6(db) {
  await db.schema.createTable("sync_sources").addColumn("capability", "text", (c) => c.primaryKey()).addColumn("source", "text", (c) => c.notNull()).addColumn("refused_json", "text").addColumn("decided_at", "text").execute();
}
async function down6(db) {
  await db.schema.dropTable("sync_sources").ifExists().execute();
}

// migrations/008-duplicate-suggestions.ts
var duplicate_suggestions_exports = {};
__export(duplicate_suggestions_exports, {
  down: () => down7,
  up: () => up7
});
async function up7(db) {
  const t = columnTypes(db);
  await db.schema.createTable("duplicate_suggestions").addColumn("entity_type", t.text, (c) => c.notNull()).addColumn("first_id", t.id, (c) => c.notNull()).addColumn("second_id", t.id, (c) => c.notNull()).addColumn("confidence", t.text).addColumn("_raw", t.json).addColumn("_synced_at", t.ts, (c) => c.notNull()).addColumn("_deleted_at", t.ts).addPrimaryKeyConstraint("duplicate_suggestions_pk", ["entity_type", "first_id", "second_id"]).execute();
}
async function down7(db) {
  await db.schema.dropTable("duplicate_suggestions").ifExists().execute();
}

// migrations/009-one-value-shape.ts
var one_value_shape_exports = {};
__export(one_value_shape_exports, {
  down: () => down8,
  up: () => up8
});
var SQLITE = {
  text: (k) => `(case when json_type(value_json, '$${k ? `.${k}` : ""}') = 'text' then json_extract(value_json, '$${k ? `.${k}` : ""}') end)`,
  num: (k) => `(case when json_type(value_json, '$${k ? `.${k}` : ""}') in ('integer', 'real') then json_extract(value_json, '$${k ? `.${k}` : ""}') end)`,
  // strftime reads an ISO-8601 instant with its offset and writes it in UTC as relsync stores it; null otherwise.
  instant: (k) => `strftime('%Y-%m-%dT%H:%M:%fZ', ${SQLITE.text(k)})`
};
var member = (k) => k ? `(value_json -> '${k}')` : "value_json";
var POSTGRES = {
  text: (k) => `(case when jsonb_typeof(${member(k)}) = 'string' then ${member(k)} #>> '{}' end)`,
  num: (k) => `(case when jsonb_typeof(${member(k)}) = 'number' then cast(${member(k)} #>> '{}' as double precision) end)`,
  // Only a well-formed instant is cast, so a hostile string cannot fail the migration.
  instant: (k) => `(case when ${POSTGRES.text(k)} ~ '^\\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\\d|3[01])T([01]\\d|2[0-3]):[0-5]\\d:[0-5]\\d(\\.\\d+)?(Z|[+-]\\d\\d:\\d\\d)$' then cast(${POSTGRES.text(k)} as timestamptz) end)`
};
function typedUpdate(j, id) {
  const t = `replace(coalesce(value_type, ''), '-multi', '')`;
  const name = `nullif(trim(coalesce(${j.text("firstName")}, '') || ' ' || coalesce(${j.text("lastName")}, '')), '')`;
  const place = `coalesce(nullif(concat_ws(', ', ${j.text("city")}, ${j.text("state")}, ${j.text("country")}), ''), nullif(concat_ws(', ', ${j.text("streetAddress")}, ${j.text("continent")}), ''))`;
  return `update field_value_changes set
  value_text = case when ${t} in ('text', 'filterable-text') then ${j.text()}
    when ${t} in ('dropdown', 'ranked-dropdown') then ${j.text("text")}
    when ${t} = 'person' then coalesce(${name}, ${j.text("primaryEmailAddress")})
    when ${t} in ('company', 'list') then ${j.text("name")}
    when ${t} = 'location' then ${place}
    when ${t} = 'interaction' then ${j.text("type")}
    when ${t} = 'reminder' then ${j.text("content")} end,
  value_number = case when ${t} = 'number' then ${j.num()}
    when ${t} = 'ranked-dropdown' then ${j.num("rank")}
    when ${t} = 'formula-number' then ${j.num("calculatedValue")} end,
  value_date = case when ${t} = 'datetime' then ${j.instant(void 0)}
    when ${t} = 'interaction' then coalesce(${j.instant("sentAt")}, ${j.instant("startTime")})
    when ${t} = 'reminder' then ${j.instant("dueDate")} end,
  ref_id = case when ${t} in ('dropdown', 'ranked-dropdown') then ${id(`coalesce(${j.num("dropdownOptionId")}, ${j.num("id")})`)}
    when ${t} in ('person', 'company') then ${id(`coalesce(${j.num("id")}, ${j.num()})`)}
    when ${t} in ('interaction', 'list', 'note', 'reminder') then ${id(j.num("id"))} end
where value_json is not null`;
}
async function up8(db) {
  const t = columnTypes(db);
  await db.schema.alterTable("field_value_changes").addColumn("value_text", t.text).execute();
  await db.schema.alterTable("field_value_changes").addColumn("value_number", t.real).execute();
  await db.schema.alterTable("field_value_changes").addColumn("value_date", t.ts).execute();
  await db.schema.alterTable("field_value_changes").addColumn("ref_id", t.id).execute();
  await db.schema.alterTable("field_values").dropColumn("updated_at").execute();
  await db.schema.alterTable("note_attachments").addColumn("attached", t.bool).execute();
  await db.schema.alterTable("note_attachments").addColumn("mentioned", t.bool).execute();
  if (t.isPostgres) {
    await sql`update field_values set value_json = value_json -> 'data'
      where jsonb_typeof(value_json) = 'object' and value_json ? 'type' and value_json ? 'data'`.execute(db);
    await sql`update field_value_changes set value_json = value_json - 'referenceType'
      where jsonb_typeof(value_json) = 'object' and value_json ->> 'referenceType' = 'entity'`.execute(db);
    await sql.raw(typedUpdate(POSTGRES, (e) => `cast(${e} as bigint)`)).execute(db);
  } else {
    await sql`update field_values set value_json = value_json -> '$.data'
      where json_valid(value_json) and json_type(value_json) = 'object'
        and json_type(value_json, '$.type') is not null and json_type(value_json, '$.data') is not null`.execute(db);
    await sql`update field_value_changes set value_json = json_remove(value_json, '$.referenceType')
      where json_valid(value_json) and json_type(value_json) = 'object' and json_extract(value_json, '$.referenceType') = 'entity'`.execute(db);
    await sql.raw(`${typedUpdate(SQLITE, (e) => `cast(${e} as integer)`)} and json_valid(value_json)`).execute(db);
  }
  await db.schema.createIndex("field_value_changes_ref_id").on("field_value_changes").column("ref_id").execute();
}
async function down8() {
}

// migrations/010-association-fields-home.ts
var association_fields_home_exports = {};
__export(association_fields_home_exports, {
  down: () => down9,
  up: () => up9
});
async function up9(db) {
  await sql`delete from field_values where field_id in ('companies', 'persons')`.execute(db);
}
async function down9() {
}

// migrations/011-dropdown-colours.ts
var dropdown_colours_exports = {};
__export(dropdown_colours_exports, {
  down: () => down10,
  up: () => up10
});
async function up10(db) {
  const t = columnTypes(db);
  await db.schema.alterTable("dropdown_options").addColumn("color_code", t.int).execute();
  const digits = sql`(case when substr(color, 1, 1) = '-' then substr(color, 2) else color end)`;
  const integer = t.isPostgres ? sql`color ~ '^-?[0-9]{1,9}$'` : sql`${digits} <> '' and ${digits} not glob '*[^0-9]*' and length(${digits}) <= 9`;
  await sql`update dropdown_options set color_code = cast(color as integer), color = null where color is not null and ${integer}`.execute(db);
}
async function down10(db) {
  await sql`update dropdown_options set color = cast(color_code as text) where color_code is not null`.execute(db);
  await db.schema.alterTable("dropdown_options").dropColumn("color_code").execute();
}

// migrations/012-note-transcripts.ts
var note_transcripts_exports = {};
__export(note_transcripts_exports, {
  down: () => down11,
  up: () => up11
});
async function up11(db) {
  await db.schema.createIndex("notes_transcript_id_idx").on("notes").column("transcript_id").execute();
  await sql`delete from sync_state where stream = 'notes_updates'`.execute(db);
}
async function down11(db) {
  await db.schema.dropIndex("notes_transcript_id_idx").ifExists().execute();
}

// migrations/018-live-lookup-indexes.ts
var live_lookup_indexes_exports = {};
__export(live_lookup_indexes_exports, {
  LIVE_LOOKUP_INDEXES: () => LIVE_LOOKUP_INDEXES,
  down: () => down12,
  up: () => up12
});
var LIVE_LOOKUP_INDEXES = [
  ["persons_live_idx", "persons", ["id", "_deleted_at"]],
  ["companies_live_idx", "companies", ["id", "_deleted_at"]],
  ["opportunities_live_idx", "opportunities", ["id", "_deleted_at"]],
  ["interactions_live_started_idx", "interactions", ["kind", "id", "_deleted_at", "started_at"]]
];
async function up12(db) {
  for (const [name, table, columns] of LIVE_LOOKUP_INDEXES) {
    await db.schema.createIndex(name).ifNotExists().on(table).columns([...columns]).execute();
  }
}
async function down12(db) {
  for (const [name] of LIVE_LOOKUP_INDEXES) await db.schema.dropIndex(name).ifExists().execute();
}

// migrations/019-colours-from-stored-values.ts
var colours_from_stored_values_exports = {};
__export(colours_from_stored_values_exports, {
  down: () => down13,
  up: () => up13
});
function named(isPostgres, t) {
  const tbl = sql.table(t);
  if (isPostgres)
    return sql`(select max(v.value_json ->> 'color') from ${tbl} v
      where v.field_id = dropdown_options.field_id and jsonb_typeof(v.value_json) = 'object'
        and jsonb_typeof(v.value_json -> 'dropdownOptionId') = 'number' and (v.value_json ->> 'dropdownOptionId') = cast(dropdown_options.id as text)
        and jsonb_typeof(v.value_json -> 'color') = 'string' and v.value_json ->> 'color' <> '')`;
  return sql`(select max(json_extract(v.value_json, '$.color')) from ${tbl} v
    where v.field_id = dropdown_options.field_id and json_valid(v.value_json) and json_type(v.value_json) = 'object'
      and json_type(v.value_json, '$.dropdownOptionId') = 'integer' and json_extract(v.value_json, '$.dropdownOptionId') = dropdown_options.id
      and json_type(v.value_json, '$.color') = 'text' and json_extract(v.value_json, '$.color') <> '')`;
}
async function up13(db) {
  const { isPostgres } = columnTypes(db);
  await sql`update dropdown_options set color = coalesce(${named(isPostgres, "field_values")}, ${named(isPostgres, "field_value_changes")})
    where color is null`.execute(db);
}
async function down13() {
}

// migrations/020-deletion-seen.ts
var deletion_seen_exports = {};
__export(deletion_seen_exports, {
  down: () => down14,
  up: () => up14
});
var ENTITY_TABLES = [
  "companies",
  "persons",
  "opportunities",
  "lists",
  "list_entries",
  "fields",
  "field_value_changes",
  "notes",
  "reminders",
  "interactions",
  "transcripts",
  "files",
  "users",
  "teams",
  "saved_views",
  "webhooks",
  "merges",
  "duplicate_suggestions",
  "relationship_strengths"
];
var ENTITIES = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'", nbsp: " " };
function htmlToText(html) {
  return html.replace(/<br\s*\/?>/gi, "\n").replace(/<\/(p|div|li|h[1-6]|tr)>/gi, "\n").replace(/<[^>]*>/g, "").replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, ent) => {
    if (!ent.startsWith("#")) return ENTITIES[ent.toLowerCase()] ?? whole;
    const code = ent[1] === "x" || ent[1] === "X" ? parseInt(ent.slice(2), 16) : parseInt(ent.slice(1), 10);
    return code > 0 && code <= 1114111 ? String.fromCodePoint(code) : whole;
  }).replace(/[ \t]+\n/g, "\n").replace(/\n{3,}/g, "\n\n").trim();
}
function noteText(json) {
  const v = typeof json === "string" ? JSON.parse(json) : json;
  const content = typeof v === "object" && v !== null ? v.content : void 0;
  const html = typeof content === "object" && content !== null ? content.html : void 0;
  return typeof html === "string" ? htmlToText(html) : null;
}
var VALUE_KEY = ["field_id", "entity_type", "entity_id", "list_entry_id", "value_index"];
async function noteValueTexts(db) {
  const values = await db.selectFrom("field_values").select([...VALUE_KEY, "value_json"]).where("value_type", "=", "note").where("value_text", "is", null).execute();
  for (const r of values) {
    const text = noteText(r.value_json);
    if (text === null) continue;
    let q = db.updateTable("field_values").set({ value_text: text });
    for (const k of VALUE_KEY) q = q.where(k, "=", r[k]);
    await q.execute();
  }
  const changes = await db.selectFrom("field_value_changes").select(["id", "value_json"]).where("value_type", "=", "note").where("value_text", "is", null).execute();
  for (const r of changes) {
    const text = noteText(r.value_json);
    if (text !== null) await db.updateTable("field_value_changes").set({ value_text: text }).where("id", "=", r.id).execute();
  }
}
async function up14(db) {
  const t = columnTypes(db);
  for (const table of ENTITY_TABLES) {
    await db.schema.alterTable(table).addColumn("_deleted_seen_at", t.ts).execute();
    await sql`update ${sql.table(table)} set _deleted_seen_at = case when _synced_at > _deleted_at then _synced_at else _deleted_at end
      where _deleted_at is not null`.execute(db);
  }
  await noteValueTexts(db);
}
async function down14(db) {
  for (const table of ENTITY_TABLES) await db.schema.alterTable(table).dropColumn("_deleted_seen_at").execute();
}

// migrations/021-read-whole.ts
var read_whole_exports = {};
__export(read_whole_exports, {
  down: () => down15,
  up: () => up15
});
async function up15(db) {
  const t = columnTypes(db);
  await db.schema.createTable("sync_read_whole").addColumn("kind", "text", (c) => c.notNull()).addColumn("id", "bigint", (c) => c.notNull()).addColumn("read_at", t.ts, (c) => c.notNull()).addPrimaryKeyConstraint("sync_read_whole_pk", ["kind", "id"]).execute();
  await db.schema.createIndex("sync_read_whole_by_time").on("sync_read_whole").columns(["kind", "read_at"]).execute();
  for (const [kind, table] of [
    ["company_links", "companies"],
    ["person_links", "persons"]
  ]) {
    await sql`insert into sync_read_whole (kind, id, read_at) select ${kind}, id, _synced_at from ${sql.table(table)} where _deleted_at is null`.execute(db);
  }
}
async function down15(db) {
  await db.schema.dropTable("sync_read_whole").ifExists().execute();
}

// migrations/023-webhook-deliveries.ts
var webhook_deliveries_exports = {};
__export(webhook_deliveries_exports, {
  down: () => down16,
  up: () => up16
});
async function up16(db) {
  const t = columnTypes(db);
  await db.schema.createTable("webhook_deliveries").addColumn("id", "text", (c) => c.primaryKey()).addColumn("received_at", t.ts, (c) => c.notNull()).addColumn("event", "text").addColumn("body", "text", (c) => c.notNull()).addColumn("status", "text", (c) => c.notNull()).addColumn("applied_at", t.ts).addColumn("marks", "integer").execute();
  await db.schema.createIndex("webhook_deliveries_by_status").on("webhook_deliveries").columns(["status", "received_at"]).execute();
}
async function down16(db) {
  await db.schema.dropTable("webhook_deliveries").ifExists().execute();
}

// migrations/024-field-entity-types.ts
var field_entity_types_exports = {};
__export(field_entity_types_exports, {
  up: () => up17
});
async function up17(db) {
  await db.schema.alterTable("fields").addColumn("entity_types", "text").execute();
  const scopes = await sql`select distinct field_id, entity_type from field_scopes`.execute(db);
  const byField = /* @__PURE__ */ new Map();
  for (const r of scopes.rows) byField.set(r.field_id, (byField.get(r.field_id) ?? /* @__PURE__ */ new Set()).add(r.entity_type));
  for (const [id, types] of byField) {
    await sql`update fields set entity_types = ${[...types].sort().join(",")} where id = ${id}`.execute(db);
  }
  await sql`update fields set entity_types = entity_type where entity_types is null`.execute(db);
}

// migrations/025-webhook-hinted.ts
var webhook_hinted_exports = {};
__export(webhook_hinted_exports, {
  down: () => down17,
  up: () => up18
});
async function up18(db) {
  const t = columnTypes(db);
  await db.schema.createTable("sync_hinted").addColumn("kind", "text", (c) => c.notNull()).addColumn("id", "bigint", (c) => c.notNull()).addColumn("hinted_at", t.ts, (c) => c.notNull()).addPrimaryKeyConstraint("sync_hinted_pk", ["kind", "id"]).execute();
  await db.schema.createIndex("sync_hinted_by_time").on("sync_hinted").columns(["kind", "hinted_at"]).execute();
}
async function down17(db) {
  await db.schema.dropTable("sync_hinted").ifExists().execute();
}

// migrations/026-first-seen.ts
var first_seen_exports = {};
__export(first_seen_exports, {
  down: () => down18,
  up: () => up19
});
var TABLES2 = ["companies", "persons"];
async function up19(db) {
  const t = columnTypes(db);
  for (const table of TABLES2) {
    await db.schema.alterTable(table).addColumn("_first_seen_at", t.ts).execute();
    await db.schema.createIndex(`${table}_first_seen`).on(table).column("_first_seen_at").execute();
  }
}
async function down18(db) {
  for (const table of TABLES2) {
    await db.schema.dropIndex(`${table}_first_seen`).ifExists().execute();
    await db.schema.alterTable(table).dropColumn("_first_seen_at").execute();
  }
}

// migrations/028-kept-child-rows.ts
var kept_child_rows_exports = {};
__export(kept_child_rows_exports, {
  down: () => down19,
  up: () => up20
});
async function up20(db) {
  const t = columnTypes(db);
  await db.schema.createTable("kept_child_rows").addColumn("parent_table", "text", (c) => c.notNull()).addColumn("parent_id", "bigint", (c) => c.notNull()).addColumn("child_table", "text", (c) => c.notNull()).addColumn("row_key", "text", (c) => c.notNull()).addColumn("row_json", t.json, (c) => c.notNull()).addColumn("kept_at", t.ts, (c) => c.notNull()).addPrimaryKeyConstraint("kept_child_rows_pk", ["parent_table", "parent_id", "child_table", "row_key"]).execute();
  await db.schema.createIndex("kept_child_rows_by_time").on("kept_child_rows").column("kept_at").execute();
}
async function down19(db) {
  await db.schema.dropTable("kept_child_rows").ifExists().execute();
}

// migrations/029-julianday.ts
var julianday_exports = {};
__export(julianday_exports, {
  down: () => down20,
  up: () => up21
});
async function up21(db) {
  if (!columnTypes(db).isPostgres) return;
  await sql`create or replace function julianday(t timestamptz) returns numeric
    language sql immutable strict parallel safe
    as $$ select cast(extract(epoch from t) as numeric) / 86400 + 2440587.5 $$`.execute(db);
  await sql`create or replace function julianday(t text) returns numeric
    language sql stable strict parallel safe set timezone = 'UTC'
    as $$ select cast(extract(epoch from cast(t as timestamptz)) as numeric) / 86400 + 2440587.5 $$`.execute(db);
}
async function down20(db) {
  if (!columnTypes(db).isPostgres) return;
  await sql`drop function if exists julianday(text)`.execute(db);
  await sql`drop function if exists julianday(timestamptz)`.execute(db);
}

// migrations/index.ts
var migrations = {
  "001-sync-state": sync_state_exports,
  "002-warehouse": warehouse_exports,
  "003-dirty-marks": dirty_marks_exports,
  "004-owner-indexes": owner_indexes_exports,
  "005-field-scopes": field_scopes_exports,
  "006-sources": sources_exports,
  "008-duplicate-suggestions": duplicate_suggestions_exports,
  "009-one-value-shape": one_value_shape_exports,
  "010-association-fields-home": association_fields_home_exports,
  "011-dropdown-colours": dropdown_colours_exports,
  "012-note-transcripts": note_transcripts_exports,
  "018-live-lookup-indexes": live_lookup_indexes_exports,
  "019-colours-from-stored-values": colours_from_stored_values_exports,
  "020-deletion-seen": deletion_seen_exports,
  "021-read-whole": read_whole_exports,
  "023-webhook-deliveries": webhook_deliveries_exports,
  "024-field-entity-types": field_entity_types_exports,
  "025-webhook-hinted": webhook_hinted_exports,
  "026-first-seen": first_seen_exports,
  "028-kept-child-rows": kept_child_rows_exports,
  "029-julianday": julianday_exports
};

// src/load/migrate.ts
var StaticProvider = class {
  constructor(all) {
    this.all = all;
  }
  all;
  async getMigrations() {
    return this.all;
  }
};
function migratorFor(db) {
  return new Migrator({
    db: db.kysely,
    provider: new StaticProvider(migrations),
    ...db.schema ? { migrationTableSchema: db.schema } : {}
  });
}
async function migrateToLatest(db) {
  const migrator = migratorFor(db);
  const before = await migrator.getMigrations();
  const alreadyApplied = before.filter((m) => m.executedAt !== void 0).map((m) => m.name);
  const { error, results } = await migrator.migrateToLatest();
  if (error) {
    const failed = results?.find((r) => r.status === "Error");
    const fatal = fatalDatabaseError(error);
    const code = typeof error.code === "string" ? ` (${error.code})` : "";
    throw new UserError(`Migration ${failed?.migrationName ?? "(unknown)"} failed on ${db.describe}: ${error.message ?? String(error)}${code}`, {
      hint: "No pending migration was applied: they run in one transaction. Fix the cause (permissions, disk space) and run `relsync migrate` again.",
      cause: error,
      ...fatal ? { exitCode: fatal.exitCode } : {}
    });
  }
  return { results: results ?? [], alreadyApplied };
}

// src/state/upgrade-passes.ts
var UPGRADE_PASSES = [
  {
    before: "005-field-scopes",
    streams: ["fields"],
    why: "field_scopes starts with the one scope each field was last read in; reading the definitions adds the others"
  },
  {
    before: "009-one-value-shape",
    streams: ["notes"],
    why: "note_attachments.attached/mentioned are null for notes stored before; reading the notes fills them"
  },
  {
    // Released without a migration before 009: /v2 shapes of files and webhooks, merged-away tombstones,
    // and company↔person links read from the entity sweeps (none were written before).
    before: "009-one-value-shape",
    streams: ["files", "webhooks", "company_merges", "person_merges", "companies", "persons"],
    why: "files and webhooks were stored in the older shape, merged-away records had no tombstone, and company_persons was not filled"
  },
  {
    // Relevance tiers re-read a share of the company↔person sets per run, oldest first, and 021 dates every
    // set by its record's last sweep: a warehouse whose company_persons was never filled reads them all once.
    before: "009-one-value-shape",
    streams: ["company_persons_full", "person_companies_full"],
    why: "company_persons was not filled, so every set is read one by one, not a relevance tier's share"
  }
  // 011 (dropdown colour names) needs no pass: 019 names stored options from the values already stored.
];
function passesDue(pending) {
  const byStream = /* @__PURE__ */ new Map();
  for (const p of UPGRADE_PASSES) {
    if (!pending.includes(p.before)) continue;
    for (const s of p.streams) byStream.set(s, [...byStream.get(s) ?? [], `${p.before}: ${p.why}`]);
  }
  return [...byStream].map(([stream, reasons]) => ({ stream, reason: reasons.join("; ") }));
}

// src/state/upgrade.ts
async function upgradeWarehouse(db, now = /* @__PURE__ */ new Date()) {
  const pending = (await migratorFor(db).getMigrations()).filter((m) => m.executedAt === void 0).map((m) => m.name);
  let due = [];
  try {
    if (pending.length > 0 && await tableExists(db, "sync_state")) due = await markPassesDue(db, pending, now);
  } catch (err) {
    throw writeLockHeldError(err, db.describe) ?? err;
  }
  const outcome = await migrateToLatest(db);
  return { ...outcome, due };
}
async function markPassesDue(db, pending, now) {
  const wanted = passesDue(pending);
  if (wanted.length === 0) return [];
  const at = now.toISOString();
  return db.kysely.transaction().execute(async (trx) => {
    const all = await listCheckpoints(trx);
    const out = [];
    for (const { stream, reason } of wanted) {
      const mine = all.filter((c) => c.stream === stream);
      for (const c of mine) await writeCheckpoint(trx, stream, c.partition, { ...c.checkpoint, sweep: null, due: { reason, at } }, at);
      if (mine.length > 0) out.push({ stream, partitions: mine.length, reason });
    }
    return out;
  });
}

// src/load/views/refresh.ts
import { createHash } from "node:crypto";

// src/load/views/entity-views.ts
var ENTITY_TABLES2 = Object.entries(WAREHOUSE).filter(([, d]) => d.kind === "entity").map(([n]) => n);
var NOT_IN_CURRENT = /* @__PURE__ */ new Set(["_deleted_at", "_deleted_seen_at", "_raw"]);
function currentViews(v) {
  return ENTITY_TABLES2.map((table) => {
    const columns = WAREHOUSE[table].columns;
    const cols = Object.entries(columns).filter(([c]) => !NOT_IN_CURRENT.has(c)).flatMap(([c, kind]) => [
      quoteIdent(c),
      ...kind.startsWith("ts") && !c.startsWith("_") ? [`${v.utcText(quoteIdent(c))} as ${quoteIdent(`${c}_utc`)}`] : []
    ]);
    return { name: `current_${table}`, sql: `select ${cols.join(", ")} from ${quoteIdent(table)} where "_deleted_at" is null` };
  });
}
function personInteractions(v) {
  return `(select ip.person_id, min(i.started_at) as first_at,
    max(case when i.started_at <= ${v.now} then i.started_at end) as last_at,
    min(case when i.started_at > ${v.now} then i.started_at end) as next_at
  from interaction_participants ip
  join interactions i on i.kind = ip.kind and i.id = ip.interaction_id and i._deleted_at is null
  group by ip.person_id)`;
}
function interactionJoin(v, links, owner, on) {
  return `left join (select x.${owner} as owner_id, min(pi.first_at) as first_at, max(pi.last_at) as last_at, min(pi.next_at) as next_at
    from ${links} x join persons p on p.id = x.person_id and p._deleted_at is null
    join ${personInteractions(v)} pi on pi.person_id = x.person_id
    group by x.${owner}) ia on ia.owner_id = ${on}`;
}
function interactionColumns(v) {
  return `ia.first_at as first_interaction_at,
  ia.last_at as last_interaction_at,
  ia.next_at as next_interaction_at,
  ${v.daysSince("ia.last_at")} as days_since_last_interaction`;
}
function countJoin(alias, links, owner, linked, table, on) {
  return `left join (select x.${owner} as owner_id, count(*) as n from ${links} x
    join ${table} t on t.id = x.${linked} and t._deleted_at is null
    group by x.${owner}) ${alias} on ${alias}.owner_id = ${on}`;
}
function noteJoins(entityType, on) {
  const attached = `from note_attachments na join notes n on n.id = na.note_id and n._deleted_at is null
    where na.entity_type = '${entityType}' and coalesce(na.attached, not coalesce(na.mentioned, false))`;
  return `left join (select na.entity_id, count(*) as n, max(n.created_at) as last_at ${attached}
    group by na.entity_id) nt on nt.entity_id = ${on}
left join (select na.entity_id, n.id,
    row_number() over (partition by na.entity_id order by n.created_at desc, n.id desc) as pick ${attached}) ln
  on ln.entity_id = ${on} and ln.pick = 1`;
}
var NOTE_COLUMNS = `coalesce(nt.n, 0) as notes,
  nt.last_at as last_note_at,
  ln.id as last_note_id`;
function stageJoin() {
  return `left join (select fv.entity_id, fv.list_id, fv.value_text,
    row_number() over (partition by fv.entity_id, fv.list_id
      order by case when lower(f.name) in ('status', 'stage') then 0 else 1 end, f.id, fv.value_index) as pick
  from fields f
  join field_values fv on fv.field_id = f.id and fv.entity_type = 'opportunity' and fv.list_id = f.list_id
  where f._deleted_at is null and f.value_type = 'ranked-dropdown' and f.list_id is not null) st
  on st.entity_id = o.id and st.list_id = o.list_id and st.pick = 1`;
}
function overviewViews(v) {
  const company = `select c.id as company_id, c.name, c.domain,
  coalesce(pc.n, 0) as people,
  coalesce(dc.n, 0) as deals,
  ${interactionColumns(v)},
  ${NOTE_COLUMNS}
from companies c
${countJoin("pc", "company_persons", "company_id", "person_id", "persons", "c.id")}
${countJoin("dc", "opportunity_companies", "company_id", "opportunity_id", "opportunities", "c.id")}
${interactionJoin(v, "company_persons", "company_id", "c.id")}
${noteJoins("company", "c.id")}
where c._deleted_at is null`;
  const person = `select p.id as person_id, p.first_name, p.last_name, p.primary_email, p.type,
  coalesce(cc.n, 0) as companies,
  coalesce(dc.n, 0) as deals,
  ${interactionColumns(v)},
  ${NOTE_COLUMNS}
from persons p
${countJoin("cc", "company_persons", "person_id", "company_id", "companies", "p.id")}
${countJoin("dc", "opportunity_persons", "person_id", "opportunity_id", "opportunities", "p.id")}
left join ${personInteractions(v)} ia on ia.person_id = p.id
${noteJoins("person", "p.id")}
where p._deleted_at is null`;
  const opportunity = `select o.id as opportunity_id, o.name, o.list_id, o.list_entry_id, o.created_at,
  st.value_text as stage,
  coalesce(pc.n, 0) as people,
  coalesce(cc.n, 0) as companies,
  ${interactionColumns(v)},
  ${NOTE_COLUMNS}
from opportunities o
${stageJoin()}
${countJoin("pc", "opportunity_persons", "opportunity_id", "person_id", "persons", "o.id")}
${countJoin("cc", "opportunity_companies", "opportunity_id", "company_id", "companies", "o.id")}
${interactionJoin(v, "opportunity_persons", "opportunity_id", "o.id")}
${noteJoins("opportunity", "o.id")}
where o._deleted_at is null`;
  return [
    { name: "company_overview", sql: company },
    { name: "person_overview", sql: person },
    { name: "opportunity_overview", sql: opportunity }
  ];
}

// src/load/registry/table-writers.ts
var CHANGE_LOG = ["field_value_changes", "field_value_changes_by_field", "field_value_changes_v1"];
var INTERACTIONS = ["emails", "meetings", "calls", "chat_messages"];
var ENTITY_VALUES = ["companies", "persons", "list_entries", "companies_changed", "persons_changed", "list_entries_changed"];
var TABLE_WRITERS = {
  // A merge sets the duplicate's merged_into_id (and re-keys references: src/load/merge.ts).
  // The older single reads set a record's name (transform/entities.ts, v1OrganizationRead / v1PersonRead).
  companies: ["companies", "companies_changed", "company_merges", "company_persons_full"],
  persons: ["persons", "persons_changed", "person_merges", "person_companies_full"],
  opportunities: ["opportunities", "list_entries", "list_entries_changed"],
  lists: ["lists", "lists_v1"],
  list_entries: ["list_entries", "list_entries_changed"],
  fields: ["fields", "fields_v1"],
  field_scopes: ["fields"],
  // The colour name comes from `/v2` values that name the option (transform/option-colours.ts).
  dropdown_options: ["fields", "fields_v1", ...ENTITY_VALUES, "field_value_changes", "field_value_changes_by_field"],
  // The change log applies what it can to the cell it names (after its first read).
  field_values: [...ENTITY_VALUES, ...CHANGE_LOG],
  opportunity_persons: ["list_entries", "list_entries_changed", "opportunity_associations", "opportunity_associations_full", "person_companies_full"],
  opportunity_companies: ["list_entries", "list_entries_changed", "opportunity_associations", "opportunity_associations_full", "company_persons_full"],
  company_persons: ["companies", "persons", "companies_changed", "persons_changed", "company_persons_full", "person_companies_full"],
  field_value_changes: [...CHANGE_LOG],
  notes: ["notes", "notes_updates"],
  note_attachments: ["notes", "notes_updates"],
  reminders: ["reminders", "reminders_updates"],
  interactions: [...INTERACTIONS],
  interaction_participants: [...INTERACTIONS],
  transcripts: ["transcripts"],
  transcript_fragments: ["transcript_fragments"],
  files: ["files", "files_per_entity"],
  users: ["users"],
  teams: ["teams"],
  team_members: ["team_members"],
  saved_views: ["saved_views"],
  webhooks: ["webhooks"],
  merges: ["company_merges", "person_merges"],
  duplicate_suggestions: ["company_duplicate_suggestions", "person_duplicate_suggestions"],
  relationship_strengths: ["relationship_strengths"]
};

// src/load/views/freshness-view.ts
var latest = (a, b) => `(case when ${a} is null then ${b} when ${b} is null or ${a} > ${b} then ${a} else ${b} end)`;
function freshnessView(v) {
  const pairs = Object.entries(TABLE_WRITERS).flatMap(([table, streams]) => streams.map((s) => `(${quoteLiteral(table)}, ${quoteLiteral(s)})`));
  const cp = "s.checkpoint_json";
  const markAt = v.jsonTime(cp, ["highWater", "at"]);
  const changeMark = `(case when ${v.jsonMember(cp, ["highWater", "id"])} is not null then ${markAt} end)`;
  const sql2 = `with writers(table_name, stream) as (values ${pairs.join(", ")}),
parts as (select s.stream, s.last_sweep_at, ${markAt} as mark_at, coalesce(${v.jsonTime(cp, ["dataAt"])}, ${changeMark}) as data_at,
    ${latest(v.jsonTime(cp, ["feedCheckedAt"]), "s.last_sweep_at")} as checked_at
  from sync_state s),
per_stream as (select stream,
    case when count(*) = count(last_sweep_at) then min(last_sweep_at) end as pass_at,
    case when count(*) = count(mark_at) then min(mark_at) end as changes_to,
    max(data_at) as data_at,
    case when count(*) = count(checked_at) then min(checked_at) end as checked_at
  from parts group by stream),
per_table as (select w.table_name, max(p.data_at) as data_as_of, max(p.checked_at) as checked_at,
    max(p.pass_at) as last_complete_pass_at, max(p.changes_to) as changes_applied_to
  from writers w left join per_stream p on p.stream = w.stream group by w.table_name)
select t.table_name, t.data_as_of, ${v.utcText("t.data_as_of")} as data_as_of_utc, t.checked_at, ${v.utcText("t.checked_at")} as checked_at_utc,
  t.last_complete_pass_at, t.changes_applied_to,
  (select max(r.finished_at) from sync_runs r where r.status in ('succeeded', 'partial')) as last_sync_at
from per_table t`;
  return { name: "table_freshness", sql: sql2 };
}

// src/load/views/history-views.ts
var STAGE_VALUE_TYPES = "('ranked-dropdown', 'dropdown')";
var HISTORY_COLUMNS = ["change_id", "changed_at", "changer_id", "changer_name", "field_id", "field_name", "entity_type", "entity_id"].concat(["list_entry_id", "list_id", "action_type", "value_type", "value_json", "value_text", "value_number", "value_date", "ref_id"]).map((c) => `h.${c}`).join(", ");
var TYPED = ["value_text", "value_number", "value_date", "ref_id", "value_display"];
function display(v, alias) {
  return `coalesce(${alias}.value_text, ${v.numberText(`${alias}.value_number`)}, ${v.utcText(`${alias}.value_date`)})`;
}
var ENTITY_NAME = `coalesce(ec.name, nullif(trim(coalesce(ep.first_name, '') || ' ' || coalesce(ep.last_name, '')), ''), eo.name)`;
function fieldValueHistory(v) {
  const lags = TYPED.map((c) => `lag(h.${c}) over cell as lag_${c}`).join(", ");
  const previous = TYPED.map((c) => `case when h.keep_previous then h.lag_${c} end as previous_${c}`).join(",\n  ");
  return `select ${HISTORY_COLUMNS},
  ${v.utcText("h.changed_at")} as changed_at_utc, h.entity_name, h.value_display,
  ${v.daysSince("h.changed_at")} as age_days,
  ${previous}
from (select h.*, not h.multi and coalesce(lag(h.action_type) over cell, '') <> 'delete' as keep_previous, ${lags}
from (select ch.id as change_id, ch.changed_at, ch.changer_id,
  nullif(trim(coalesce(p.first_name, '') || ' ' || coalesce(p.last_name, '')), '') as changer_name,
  ch.field_id, f.name as field_name, coalesce(ch.entity_type, f.entity_type) as entity_type, ch.entity_id, ${ENTITY_NAME} as entity_name,
  ch.list_entry_id, coalesce(ch.list_id, f.list_id) as list_id, ch.action_type,
  coalesce(ch.value_type, f.value_type) as value_type, ch.value_json,
  ch.value_text, ch.value_number, ch.value_date, ch.ref_id, ${display(v, "ch")} as value_display,
  (coalesce(ch.value_type, '') like '%-multi' or coalesce(f.value_type, '') like '%-multi') as multi
from field_value_changes ch
left join fields f on f.id = ch.field_id
left join persons p on p.id = ch.changer_id
left join companies ec on coalesce(ch.entity_type, f.entity_type) = 'company' and ec.id = ch.entity_id
left join persons ep on coalesce(ch.entity_type, f.entity_type) = 'person' and ep.id = ch.entity_id
left join opportunities eo on coalesce(ch.entity_type, f.entity_type) = 'opportunity' and eo.id = ch.entity_id
where ch._deleted_at is null) h
window cell as (partition by h.field_id, h.entity_id, coalesce(h.list_entry_id, 0) order by h.changed_at, h.change_id)) h`;
}
function stageHistory(v) {
  const order = "partition by ch.field_id, ch.list_entry_id order by ch.changed_at, ch.id";
  const all = `select ch.id, ch.field_id, f.name as field_name, f.list_id, ch.list_entry_id, le.entity_type, le.entity_id,
    ch.action_type, ch.changed_at, ch.value_text as stage, ch.ref_id as dropdown_option_id,
    case when ch.action_type <> 'delete' and lag(ch.action_type) over (${order}) <> 'delete'
      and ch.ref_id = lag(ch.ref_id) over (${order}) then 1 else 0 end as is_repeat,
    row_number() over (${order}) as seq
  from field_value_changes ch
  join fields f on f.id = ch.field_id and f.list_id is not null and f.value_type in ${STAGE_VALUE_TYPES}
  join list_entries le on le.id = ch.list_entry_id and le._deleted_at is null
  where ch._deleted_at is null`;
  const ev = `select e.*, lead(e.changed_at) over (partition by e.field_id, e.list_entry_id order by e.changed_at, e.id) as next_at
  from (${all}) e where e.is_repeat = 0`;
  const cols = "list_id, list_entry_id, entity_type, entity_id, field_id, field_name, stage, dropdown_option_id";
  return `with ev as (${ev})
select ${cols}, changed_at as entered_at, next_at as left_at,
  ${v.seconds("changed_at", "next_at")} as duration_seconds, ${v.bool(false)} as before_tracking,
  ${v.utcText("changed_at")} as entered_at_utc, ${v.utcText("next_at")} as left_at_utc
from ev where action_type in ('add', 'update')
union all
select list_id, list_entry_id, entity_type, entity_id, field_id, field_name,
  case when action_type = 'delete' then stage end, case when action_type = 'delete' then dropdown_option_id end,
  null, changed_at, null, ${v.bool(true)}, null, ${v.utcText("changed_at")}
from ev where seq = 1 and action_type <> 'add'
union all
select f.list_id, le.id, le.entity_type, le.entity_id, f.id, f.name, fv.value_text, fv.ref_id, null, null, null, ${v.bool(true)}, null, null
from field_values fv
join fields f on f.id = fv.field_id and f.list_id is not null and f.value_type in ${STAGE_VALUE_TYPES}
join list_entries le on le.id = fv.list_entry_id and le._deleted_at is null
where not exists (select 1 from ev where ev.field_id = fv.field_id and ev.list_entry_id = fv.list_entry_id)`;
}
function historyViews(v) {
  return [
    { name: "field_value_history", sql: fieldValueHistory(v) },
    { name: "list_entry_stage_history", sql: stageHistory(v) }
  ];
}

// src/load/views/list-pivot.ts
var ValuePivot = class {
  constructor(v, owner, entityType, alias) {
    this.v = v;
    this.owner = owner;
    this.entityType = entityType;
    this.alias = alias;
  }
  v;
  owner;
  entityType;
  alias;
  columns = [];
  fieldIds = /* @__PURE__ */ new Set();
  /** The single value of a field (`value_index` 0) from `column` of its row. */
  first(fieldId, column) {
    return this.add(fieldId, this.v.pivotFirst(`${this.on(fieldId)} and fv.value_index = 0`, `fv.${column}`));
  }
  /** A multi-valued field's values as a JSON array, in value order. */
  jsonArray(fieldId) {
    if (!this.v.pivotsOrdered) return this.v.jsonArray("fv.value_json", "fv.value_index", this.cell(fieldId));
    return this.add(fieldId, this.v.pivotJsonArray(this.on(fieldId)));
  }
  /** A multi-valued field's values' text joined, in value order. */
  joinText(fieldId) {
    if (!this.v.pivotsOrdered) return this.v.joinText(valueText(this.v, "fv"), "fv.value_index", this.cell(fieldId));
    return this.add(fieldId, this.v.pivotJoinText(this.on(fieldId)));
  }
  /** The `left join` of the pivot onto the view's `le` (list entries of `listId`); empty when it has no column. */
  join(listId) {
    if (this.columns.length === 0) return "";
    const ids = [...this.fieldIds].map(quoteLiteral).join(", ");
    const entries = (col) => `select le2.${col} from list_entries le2 where le2.list_id = ${intLiteral(listId)} and le2._deleted_at is null`;
    const where = this.owner === "entry" ? `fv.list_entry_id in (${entries("id")})` : `fv.list_entry_id = 0 and fv.entity_id in (${entries("entity_id")})`;
    const keys = this.owner === "entry" ? ["list_entry_id", "entity_id"] : ["entity_id"];
    const on = keys.map((k) => `${this.alias}.${k} = le.${k === "list_entry_id" ? "id" : k}`).join(" and ");
    return `left join (select ${keys.map((k) => `fv.${k}`).join(", ")},
    ${this.columns.join(",\n    ")}
  from field_values fv
  where fv.field_id in (${ids}) and fv.entity_type = ${quoteLiteral(this.entityType)} and ${where}
  group by ${keys.map((k) => `fv.${k}`).join(", ")}) ${this.alias} on ${on}`;
  }
  /** A `from … where …` over one cell of the current entry (a correlated subquery of the view). */
  cell(fieldId) {
    const entry = this.owner === "entry" ? "le.id" : "0";
    return `from field_values fv where fv.field_id = ${quoteLiteral(fieldId)} and fv.entity_type = ${quoteLiteral(this.entityType)}
      and fv.entity_id = le.entity_id and fv.list_entry_id = ${entry}`;
  }
  on(fieldId) {
    return `fv.field_id = ${quoteLiteral(fieldId)}`;
  }
  add(fieldId, aggregate) {
    const name = `c${this.columns.length}`;
    this.fieldIds.add(fieldId);
    this.columns.push(`${aggregate} as ${name}`);
    return `${this.alias}.${name}`;
  }
};

// src/load/views/list-views.ts
var names = (v, sql2) => v.joinText("n.label", "n.label", `from (${sql2}) n`);
var personLabel = "trim(coalesce(p.first_name, '') || ' ' || coalesce(p.last_name, ''))";
var ENTITY_SHAPES = {
  company: {
    table: "companies",
    core: [
      ["name", "e.name"],
      ["domain", "e.domain"]
    ],
    associations: [
      [
        "people",
        "persons",
        (v) => names(
          v,
          `select ${personLabel} as label from company_persons x join persons p on p.id = x.person_id and p._deleted_at is null where x.company_id = le.entity_id`
        )
      ]
    ]
  },
  person: {
    table: "persons",
    core: [
      ["first_name", "e.first_name"],
      ["last_name", "e.last_name"],
      ["primary_email", "e.primary_email"]
    ],
    associations: [
      [
        "companies",
        "companies",
        (v) => names(
          v,
          "select c.name as label from company_persons x join companies c on c.id = x.company_id and c._deleted_at is null where x.person_id = le.entity_id"
        )
      ]
    ]
  },
  opportunity: {
    table: "opportunities",
    core: [["name", "e.name"]],
    associations: [
      [
        "people",
        "persons",
        (v) => names(
          v,
          `select ${personLabel} as label from opportunity_persons x join persons p on p.id = x.person_id and p._deleted_at is null where x.opportunity_id = le.entity_id`
        )
      ],
      [
        "companies",
        "companies",
        (v) => names(
          v,
          "select c.name as label from opportunity_companies x join companies c on c.id = x.company_id and c._deleted_at is null where x.opportunity_id = le.entity_id"
        )
      ]
    ]
  }
};
var NUMBER_TYPES = /* @__PURE__ */ new Set(["number", "formula-number"]);
var TEXT_COLUMN_TYPES = /* @__PURE__ */ new Set([
  "text",
  "filterable-text",
  "dropdown",
  "ranked-dropdown",
  "person",
  "company",
  "location",
  "interaction",
  "note",
  "reminder"
]);
var REFERENCE_TYPES = /* @__PURE__ */ new Set(["person", "company"]);
function isMulti(f) {
  return Boolean(f.allows_multiple) || (f.value_type ?? "").endsWith("-multi");
}
function scalarColumn(valueType) {
  if (valueType !== null && NUMBER_TYPES.has(valueType)) return "value_number";
  if (valueType === "datetime") return "value_date";
  if (valueType !== null && TEXT_COLUMN_TYPES.has(valueType)) return "value_text";
  return "value_json";
}
function fieldsOfList(list, shape, fields) {
  const associated = new Set(shape.associations.map(([, fieldId]) => fieldId));
  return fields.filter((f) => f.list_id === list.id || f.list_id === null && f.type === "global" && f.entity_type === list.type).filter((f) => !associated.has(f.id)).sort((a, b) => a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
}
function listView(v, list, fields) {
  const shape = list.type ? ENTITY_SHAPES[list.type] : void 0;
  const type = list.type;
  if (!shape || !type) return null;
  const base = ["list_entry_id", "entity_id", "entry_created_at"];
  const cols = [`le.id as list_entry_id`, `le.entity_id`, `le.created_at as entry_created_at`];
  for (const [name, expr] of shape.core) cols.push(`${expr} as ${quoteIdent(name)}`);
  for (const [name, , expr] of shape.associations) cols.push(`${expr(v)} as ${quoteIdent(name)}`);
  const alloc = new NameAllocator([...base, ...shape.core.map(([n]) => n), ...shape.associations.map(([n]) => n)]);
  const pivots = { entry: new ValuePivot(v, "entry", type, "lv"), entity: new ValuePivot(v, "entity", type, "gv") };
  for (const f of fieldsOfList(list, shape, fields)) {
    const col = alloc.take(safeName(f.name), f.id);
    const pivot = f.list_id === null ? pivots.entity : pivots.entry;
    if (isMulti(f)) {
      cols.push(`${pivot.jsonArray(f.id)} as ${quoteIdent(col)}`);
      cols.push(`${pivot.joinText(f.id)} as ${quoteIdent(`${col}_text`)}`);
    } else {
      cols.push(`${pivot.first(f.id, scalarColumn(f.value_type))} as ${quoteIdent(col)}`);
      if (f.value_type !== null && REFERENCE_TYPES.has(f.value_type)) cols.push(`${pivot.first(f.id, "ref_id")} as ${quoteIdent(`${col}_id`)}`);
    }
  }
  const joins = [pivots.entry, pivots.entity].map((p) => p.join(list.id)).filter((j) => j !== "");
  const sql2 = `select ${cols.join(",\n  ")}
from list_entries le
left join ${shape.table} e on e.id = le.entity_id
${joins.map((j) => `${j}
`).join("")}where le._deleted_at is null and e._deleted_at is null and le.list_id = ${intLiteral(list.id)}`;
  return { name: listViewName(list.id, list.name), sql: sql2 };
}
function listValuesView(v, list) {
  const shape = list.type ? ENTITY_SHAPES[list.type] : void 0;
  if (!shape) return null;
  const sql2 = `select le.id as list_entry_id, le.entity_id, fv.field_id, f.name as field_name, fv.value_index,
  coalesce(fv.value_text, ${v.numberText("fv.value_number")}) as value_text, fv.value_number, fv.ref_id
from list_entries le
join ${shape.table} e on e.id = le.entity_id and e._deleted_at is null
join field_values fv on fv.entity_id = le.entity_id and fv.entity_type = le.entity_type and fv.list_entry_id in (le.id, 0)
join fields f on f.id = fv.field_id and (f.allows_multiple = ${v.bool(true)} or f.value_type like '%-multi')
where le._deleted_at is null and le.list_id = ${intLiteral(list.id)}`;
  return { name: `${listViewName(list.id, list.name)}_values`, sql: sql2 };
}
async function listViews(db, v) {
  const lists = await db.kysely.selectFrom("lists").select(["id", "name", "type"]).where("_deleted_at", "is", null).orderBy("id").execute();
  const fields = await db.kysely.selectFrom("fields").select(["id", "name", "type", "value_type", "entity_type", "list_id", "allows_multiple"]).where("_deleted_at", "is", null).execute();
  return lists.flatMap((l) => [listView(v, l, fields), listValuesView(v, l)]).filter((x) => x !== null);
}

// src/load/views/refresh.ts
var OWNED = /^(current_[a-z_]+|list_[0-9]+_[a-z0-9_]+|field_value_history|list_entry_stage_history|list_entry_values|table_freshness|(company|person|opportunity)_overview)$/;
async function wantedViews(db) {
  const v = dialectOf(db.dialect).views;
  return [...currentViews(v), ...historyViews(v), ...overviewViews(v), freshnessView(v), ...await listViews(db, v)];
}
function createStatement(view) {
  return `CREATE VIEW ${quoteIdent(view.name)} AS ${view.sql}`;
}
function fingerprint(view) {
  return `relsync ${createHash("sha256").update(createStatement(view)).digest("hex").slice(0, 16)}`;
}
var ViewsBusyError = class extends UserError {
  /** Why, without "not refreshed" (the run summary's warning line says that itself). */
  reason;
  constructor(cause, waitedMs) {
    const reason = `another session has been reading one of them for more than ${waitedMs} ms`;
    super(`The analyst views were not refreshed: ${reason}.`, {
      hint: "The tables are up to date. The next sync (or `relsync migrate`) refreshes the views once that session ends its transaction.",
      exitCode: 3,
      cause
    });
    this.reason = reason;
  }
};
async function refreshViews(db, opts = {}) {
  const wanted = await wantedViews(db);
  const catalog = dialectOf(db.dialect).viewCatalog;
  const existing = await catalog.existing(db.kysely);
  const identity = (view) => catalog.identity({ statement: createStatement(view), fingerprint: fingerprint(view) });
  const stale = wanted.filter((w) => existing.get(w.name) !== identity(w));
  const wantedNames = new Set(wanted.map((w) => w.name));
  const gone = [...existing.keys()].filter((n) => OWNED.test(n) && !wantedNames.has(n));
  if (stale.length === 0 && gone.length === 0) return { created: [], dropped: [], unchanged: wanted.length, refused: [] };
  const plan = { existing, stale, gone };
  const waitMs = opts.lockTimeoutMs ?? DEFAULT_VIEW_LOCK_TIMEOUT_MS;
  const outcome = { unchanged: wanted.length - stale.length, refused: [] };
  try {
    await inOneTransaction(db, waitMs, (trx) => replaceViews(trx, db, plan));
    return { created: stale.map((s) => s.name), dropped: gone, ...outcome };
  } catch (err) {
    if (viewRefreshRefusal(err, "") === null) throw err;
    return { ...outcome, ...await oneByOne(db, waitMs, plan) };
  }
}
async function inOneTransaction(db, waitMs, fn) {
  const catalog = dialectOf(db.dialect).viewCatalog;
  const boundWait = catalog.boundWait(waitMs);
  await db.kysely.transaction().execute(async (trx) => {
    if (boundWait !== null) await sql.raw(boundWait).execute(trx);
    await fn(trx);
  }).catch((err) => {
    throw catalog.lockTimedOut(err) ? new ViewsBusyError(err, waitMs) : err;
  });
}
async function oneByOne(db, waitMs, plan) {
  const out = { created: [], dropped: [], refused: [] };
  const attempt = async (name, step, done) => {
    try {
      await inOneTransaction(db, waitMs, (trx) => replaceViews(trx, db, step));
      done.push(name);
    } catch (err) {
      if (err instanceof ViewsBusyError) throw err;
      out.refused.push({ view: name, reason: viewRefreshRefusal(err, name) ?? errorMessage(err) });
    }
  };
  for (const name of plan.gone) await attempt(name, { existing: plan.existing, stale: [], gone: [name] }, out.dropped);
  for (const view of plan.stale) await attempt(view.name, { existing: plan.existing, stale: [view], gone: [] }, out.created);
  return out;
}
async function replaceViews(trx, db, plan) {
  const { existing, stale, gone } = plan;
  for (const name of [...gone, ...stale.map((s) => s.name)]) {
    if (existing.has(name)) await sql.raw(`DROP VIEW IF EXISTS ${quoteIdent(name)}`).execute(trx);
  }
  const catalog = dialectOf(db.dialect).viewCatalog;
  for (const view of stale) {
    await sql.raw(createStatement(view)).execute(trx);
    const mark = catalog.mark(view.name, fingerprint(view));
    if (mark !== null) await sql.raw(mark).execute(trx);
  }
}
async function refreshViewsSafely(db, log) {
  try {
    const out = await refreshViews(db);
    if (out.created.length > 0 || out.dropped.length > 0) log.info({ created: out.created.length, dropped: out.dropped.length }, "analyst views refreshed");
    for (const r of out.refused) log.warn({ view: r.view, err: r.reason }, "analyst view not refreshed; the tables are up to date");
    return out.refused.map((r) => r.reason);
  } catch (err) {
    if (err instanceof ViewsBusyError) {
      log.warn({ err: errorMessage(err) }, "analyst views in use by another session; refresh skipped, the next run retries");
      return [err.reason];
    }
    log.warn({ err: errorMessage(err) }, "could not refresh the analyst views; the tables are up to date, run `relsync migrate` to retry");
    return [errorMessage(err)];
  }
}

// src/state/lock.ts
import { readFileSync } from "node:fs";
import { hostname } from "node:os";
var LOCK_NAME = "sync";
var STALE_MS = 5 * 6e4;
var HEARTBEAT_MS = 3e4;
function processAlive(pid) {
  try {
    process.kill(pid, 0);
  } catch (err) {
    return err.code === "EPERM";
  }
  let stat;
  try {
    stat = readFileSync(`/proc/${pid}/stat`, "utf8");
  } catch {
    return true;
  }
  const state = stat.slice(stat.lastIndexOf(")") + 1).trim()[0];
  return state !== "Z" && state !== "X";
}
var WarehouseBusyError = class extends UserError {
  constructor(holder, since) {
    super(`Another relsync sync is already writing to this warehouse (${holder}, since ${since}).`, {
      hint: "Wait for it to finish (see `relsync status`), or stop it. Two writers at once are refused so no row is written twice.",
      exitCode: 3
    });
    this.name = "WarehouseBusyError";
  }
};
function busy(holder, since) {
  return new WarehouseBusyError(holder, since);
}
async function holderRow(db) {
  for (let i = 0; i < HOLDER_READS; i++) {
    const row = await db.kysely.selectFrom("sync_lock").select(["holder", "acquired_at"]).where("name", "=", LOCK_NAME).executeTakeFirst().catch(() => void 0);
    if (row) return row;
    await new Promise((r) => setTimeout(r, HOLDER_READ_PAUSE_MS));
  }
  return void 0;
}
var HOLDER_READS = 10;
var HOLDER_READ_PAUSE_MS = 100;
async function acquireWriterLock(db, holder) {
  const host = hostname();
  const now = (/* @__PURE__ */ new Date()).toISOString();
  const label = `${holder} pid ${process.pid} on ${host}`;
  if (dialectOf(db.dialect).sessionWriterLock) return acquirePgLock(db, { label, host, now });
  let taken;
  try {
    taken = await takeSqliteLock(db, label, host, now);
  } catch (err) {
    if (/UNIQUE|constraint/i.test(err.message)) {
      const row = await holderRow(db);
      throw row ? busy(row.holder, row.acquired_at) : busy("another process", now);
    }
    throw readOnlyDatabaseError(err, db.describe) ?? writeLockHeldError(err, db.describe) ?? err;
  }
  if (taken) throw busy(taken.holder, taken.acquired_at);
  const timer = setInterval(() => {
    void db.kysely.updateTable("sync_lock").set({ heartbeat_at: (/* @__PURE__ */ new Date()).toISOString() }).where("name", "=", LOCK_NAME).where("pid", "=", process.pid).execute().catch(() => void 0);
  }, HEARTBEAT_MS);
  timer.unref();
  return {
    release: async () => {
      clearInterval(timer);
      await db.kysely.deleteFrom("sync_lock").where("name", "=", LOCK_NAME).where("pid", "=", process.pid).execute();
    }
  };
}
async function acquirePgLock(db, me) {
  const client = await db.pgPool.connect();
  let lost = null;
  client.on("error", (err) => {
    lost ??= err;
    db.fence.close(err);
  });
  const key = `relsync:${db.schema ?? "public"}`;
  let ok = false;
  try {
    ok = (await client.query("select pg_try_advisory_lock(hashtext($1)) as ok", [key])).rows[0]?.ok === true;
  } catch (err) {
    client.release(err);
    throw err;
  }
  if (!ok) {
    client.release();
    const row = await holderRow(db);
    throw row ? busy(row.holder, row.acquired_at) : busy("another process", "unknown");
  }
  db.fence.open();
  try {
    await db.kysely.transaction().execute(async (trx) => {
      await trx.deleteFrom("sync_lock").where("name", "=", LOCK_NAME).execute();
      await trx.insertInto("sync_lock").values({ name: LOCK_NAME, holder: me.label, pid: process.pid, host: me.host, acquired_at: me.now, heartbeat_at: me.now }).execute();
    });
  } catch (err) {
    await client.query("select pg_advisory_unlock(hashtext($1))", [key]).catch(() => void 0);
    client.release(err);
    throw readOnlyDatabaseError(err, db.describe) ?? err;
  }
  const ownRow = () => db.kysely.deleteFrom("sync_lock").where("name", "=", LOCK_NAME).where("pid", "=", process.pid).where("host", "=", me.host).execute();
  return {
    release: async () => {
      if (lost) {
        client.release(lost);
        db.fence.open();
        await ownRow().catch(() => void 0);
        return;
      }
      try {
        await ownRow();
        await client.query("select pg_advisory_unlock(hashtext($1))", [key]);
        client.release();
      } catch (err) {
        client.release(err);
        throw err;
      }
    }
  };
}
async function takeSqliteLock(db, label, host, now) {
  return db.kysely.transaction().execute(async (trx) => {
    const existing = await trx.selectFrom("sync_lock").selectAll().where("name", "=", LOCK_NAME).executeTakeFirst();
    if (existing) {
      const stale = Date.now() - Date.parse(existing.heartbeat_at) > STALE_MS;
      const dead = existing.host === host && !processAlive(existing.pid);
      if (!stale && !dead) return existing;
      await trx.deleteFrom("sync_lock").where("name", "=", LOCK_NAME).execute();
    }
    await trx.insertInto("sync_lock").values({ name: LOCK_NAME, holder: label, pid: process.pid, host, acquired_at: now, heartbeat_at: now }).execute();
    return null;
  });
}

export {
  fatalDatabaseError,
  writeLockHeldError,
  upgradeWarehouse,
  refreshViews,
  refreshViewsSafely,
  WarehouseBusyError,
  acquireWriterLock
};
