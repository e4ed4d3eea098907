import { createRequire as relsyncCreateRequire } from 'node:module';
const require = relsyncCreateRequire(import.meta.url);
import {
  errorMessage,
  external_exports
} from "./chunk-CRSUMNAO.js";

// node_modules/uuid/dist/esm/stringify.js
var byteToHex = [];
for (let i = 0; i < 256; ++i) {
  byteToHex.push((i + 256).toString(16).slice(1));
}
function unsafeStringify(arr, offset = 0) {
  return (byteToHex[arr[offset + 0]] + byteToHex[arr[offset + 1]] + byteToHex[arr[offset + 2]] + byteToHex[arr[offset + 3]] + "-" + byteToHex[arr[offset + 4]] + byteToHex[arr[offset + 5]] + "-" + byteToHex[arr[offset + 6]] + byteToHex[arr[offset + 7]] + "-" + byteToHex[arr[offset + 8]] + byteToHex[arr[offset + 9]] + "-" + byteToHex[arr[offset + 10]] + byteToHex[arr[offset + 11]] + byteToHex[arr[offset + 12]] + byteToHex[arr[offset + 13]] + byteToHex[arr[offset + 14]] + byteToHex[arr[offset + 15]]).toLowerCase();
}

// node_modules/uuid/dist/esm/rng.js
import { randomFillSync } from "crypto";
var rnds8Pool = new Uint8Array(256);
var poolPtr = rnds8Pool.length;
function rng() {
  if (poolPtr > rnds8Pool.length - 16) {
    randomFillSync(rnds8Pool);
    poolPtr = 0;
  }
  return rnds8Pool.slice(poolPtr, poolPtr += 16);
}

// node_modules/uuid/dist/esm/v7.js
var _state = {};
function v7(options, buf, offset) {
  let bytes;
  if (options) {
    bytes = v7Bytes(options.random ?? options.rng?.() ?? rng(), options.msecs, options.seq, buf, offset);
  } else {
    const now = Date.now();
    const rnds = rng();
    updateV7State(_state, now, rnds);
    bytes = v7Bytes(rnds, _state.msecs, _state.seq, buf, offset);
  }
  return buf ?? unsafeStringify(bytes);
}
function updateV7State(state, now, rnds) {
  state.msecs ??= -Infinity;
  state.seq ??= 0;
  if (now > state.msecs) {
    state.seq = rnds[6] << 23 | rnds[7] << 16 | rnds[8] << 8 | rnds[9];
    state.msecs = now;
  } else {
    state.seq = state.seq + 1 | 0;
    if (state.seq === 0) {
      state.msecs++;
    }
  }
  return state;
}
function v7Bytes(rnds, msecs, seq, buf, offset = 0) {
  if (rnds.length < 16) {
    throw new Error("Random bytes length must be >= 16");
  }
  if (!buf) {
    buf = new Uint8Array(16);
    offset = 0;
  } else {
    if (offset < 0 || offset + 16 > buf.length) {
      throw new RangeError(`UUID byte range ${offset}:${offset + 15} is out of buffer bounds`);
    }
  }
  msecs ??= Date.now();
  seq ??= rnds[6] * 127 << 24 | rnds[7] << 16 | rnds[8] << 8 | rnds[9];
  buf[offset++] = msecs / 1099511627776 & 255;
  buf[offset++] = msecs / 4294967296 & 255;
  buf[offset++] = msecs / 16777216 & 255;
  buf[offset++] = msecs / 65536 & 255;
  buf[offset++] = msecs / 256 & 255;
  buf[offset++] = msecs & 255;
  buf[offset++] = 112 | seq >>> 28 & 15;
  buf[offset++] = seq >>> 20 & 255;
  buf[offset++] = 128 | seq >>> 14 & 63;
  buf[offset++] = seq >>> 6 & 255;
  buf[offset++] = seq << 2 & 255 | rnds[10] & 3;
  buf[offset++] = rnds[11];
  buf[offset++] = rnds[12];
  buf[offset++] = rnds[13];
  buf[offset++] = rnds[14];
  buf[offset++] = rnds[15];
  return buf;
}
var v7_default = v7;

// src/webhooks/hints.ts
var envelopeSchema = external_exports.looseObject({ type: external_exports.string().min(1).max(100), body: external_exports.unknown() });
var idSchema = external_exports.number().int().positive();
var idOf = (v) => {
  const direct = idSchema.safeParse(v);
  if (direct.success) return direct.data;
  if (v && typeof v === "object") {
    const nested = idSchema.safeParse(v.id);
    if (nested.success) return nested.data;
  }
  return null;
};
var idsOf = (v) => Array.isArray(v) ? v.map(idOf).filter((x) => x !== null) : [];
var field = (body, key) => body && typeof body === "object" ? body[key] : void 0;
var ENTITY_TYPE = { 0: "person", 1: "company", 8: "opportunity" };
function emptyHint(event) {
  return {
    event,
    companies: [],
    persons: [],
    opportunities: [],
    linkedCompanies: [],
    linkedPersons: [],
    listEntries: [],
    entities: [],
    merged: null,
    deleted: event.endsWith(".deleted")
  };
}
var PASSIVE_PREFIXES = ["list.", "note.", "field.", "file.", "reminder.", "smart_interaction_value."];
function hintOf(event, body) {
  const h = emptyHint(event);
  const id = idOf(field(body, "id"));
  const [resource] = event.split(".");
  if (event === "organization.merged") {
    const survivor = idOf(field(body, "company"));
    const removed = idOf(field(body, "removed_company"));
    h.companies.push(...[survivor, removed].filter((x) => x !== null));
    h.merged = "company";
    return h;
  }
  if (resource === "organization" && id !== null) {
    h.companies.push(id);
    h.linkedPersons.push(...idsOf(field(body, "person_ids")));
    return h;
  }
  if (resource === "person" && id !== null) {
    h.persons.push(id);
    h.linkedCompanies.push(...idsOf(field(body, "organization_ids")));
    return h;
  }
  if (resource === "opportunity" && id !== null) {
    h.opportunities.push(id);
    return h;
  }
  if (resource === "list_entry" && id !== null) {
    h.listEntries.push({ id, listId: idOf(field(body, "list_id")) });
    const entityId = idOf(field(body, "entity_id"));
    const type = ENTITY_TYPE[field(body, "entity_type")];
    if (entityId !== null && type === "company") h.companies.push(entityId);
    if (entityId !== null && type === "person") h.persons.push(entityId);
    if (entityId !== null && type === "opportunity") h.opportunities.push(entityId);
    return h;
  }
  if (resource === "field_value") {
    const entryId = idOf(field(body, "list_entry_id"));
    const entityId = idOf(field(body, "entity_id"));
    h.deleted = false;
    if (entryId !== null) h.listEntries.push({ id: entryId, listId: null });
    else if (entityId !== null) h.entities.push(entityId);
    return h;
  }
  return null;
}
function parseDelivery(text) {
  let json;
  try {
    json = JSON.parse(text);
  } catch {
    return { status: "unparseable", event: null, reason: "the body is not JSON" };
  }
  const env = envelopeSchema.safeParse(json);
  if (!env.success) return { status: "unknown", event: null, reason: "the body has no `type` (not the documented {type, body, sent_at} envelope)" };
  const event = env.data.type;
  if (PASSIVE_PREFIXES.some((p) => event.startsWith(p))) return { status: "pending", event, hint: emptyHint(event) };
  const hint = hintOf(event, env.data.body);
  if (!hint) return { status: "unknown", event, reason: "an event type, or a body without the ids, relsync does not act on" };
  return { status: "pending", event, hint };
}

// src/webhooks/deliveries.ts
async function storeDelivery(db, body, now) {
  const parsed = parseDelivery(body);
  const row = {
    // Time-ordered (UUID version 7, monotonic within the process): deliveries received within one
    // millisecond share `received_at`, and the id then keeps their arrival order (deliveryStats, pendingDeliveries).
    id: v7_default(),
    received_at: now.toISOString(),
    event: parsed.event,
    body,
    status: parsed.status,
    applied_at: null,
    marks: null
  };
  await db.insertInto("webhook_deliveries").values(row).execute();
  return { id: row.id, receivedAt: row.received_at, parsed };
}
async function pendingDeliveries(db, limit, after) {
  let q = db.selectFrom("webhook_deliveries").select(["id", "body", "received_at"]).where("status", "=", "pending");
  if (after) {
    q = q.where((eb) => eb.or([eb("received_at", ">", after.receivedAt), eb.and([eb("received_at", "=", after.receivedAt), eb("id", ">", after.id)])]));
  }
  const rows = await q.orderBy("received_at").orderBy("id").limit(limit).execute();
  return rows.map((r) => ({ id: r.id, body: r.body, receivedAt: r.received_at }));
}
async function deliveryStats(db) {
  const counts = await db.selectFrom("webhook_deliveries").select(["status", (eb) => eb.fn.countAll().as("n")]).groupBy("status").execute();
  const last = await db.selectFrom("webhook_deliveries").select(["received_at", "event"]).orderBy("received_at", "desc").orderBy("id", "desc").limit(1).executeTakeFirst();
  const n = (s) => Number(counts.find((c) => c.status === s)?.n ?? 0);
  return {
    pending: n("pending"),
    applied: n("applied"),
    unknown: n("unknown"),
    unparseable: n("unparseable"),
    lastReceivedAt: last?.received_at ?? null,
    lastEvent: last?.event ?? null
  };
}

// src/webhooks/receiver.ts
import { createHash, timingSafeEqual } from "node:crypto";
var WEBHOOK_PATH_PREFIX = "/webhooks/";
function sameSecret(given, secret) {
  const a = createHash("sha256").update(given).digest();
  const b = createHash("sha256").update(secret).digest();
  return timingSafeEqual(a, b);
}
var TokenBucket = class {
  constructor(perMinute, now) {
    this.perMinute = perMinute;
    this.now = now;
    this.tokens = perMinute;
    this.last = now();
  }
  perMinute;
  now;
  tokens;
  last;
  take() {
    const t = this.now();
    this.tokens = Math.min(this.perMinute, this.tokens + (t - this.last) / 6e4 * this.perMinute);
    this.last = t;
    if (this.tokens < 1) return false;
    this.tokens -= 1;
    return true;
  }
};
function reply(res, status, text) {
  res.writeHead(status, { "content-type": "text/plain; charset=utf-8", "content-length": Buffer.byteLength(text), "cache-control": "no-store" });
  res.end(text);
}
function readCapped(req, cap) {
  const declared = Number(req.headers["content-length"] ?? 0);
  if (declared > cap) return Promise.resolve(null);
  return new Promise((resolve, reject) => {
    const parts = [];
    let size = 0;
    req.on("data", (chunk) => {
      size += chunk.length;
      if (size > cap) {
        req.removeAllListeners("data");
        resolve(null);
        return;
      }
      parts.push(chunk);
    });
    req.on("end", () => resolve(Buffer.concat(parts).toString("utf8")));
    req.on("error", reject);
  });
}
function createReceiver(opts) {
  const log = opts.log.child({ component: "webhooks" });
  const counts = { accepted: 0, wrongSecret: 0, tooLarge: 0, rateLimited: 0, failed: 0 };
  const bucket = new TokenBucket(opts.ratePerMinute, opts.now ?? Date.now);
  const lastLogged = /* @__PURE__ */ new Map();
  const refuse = (res, status, reason, message, text) => {
    counts[reason] += 1;
    const t = (opts.now ?? Date.now)();
    if (t - (lastLogged.get(reason) ?? -Infinity) >= 6e4) {
      lastLogged.set(reason, t);
      log.warn({ reason, status, refusedSoFar: counts[reason] }, message);
    }
    reply(res, status, text);
  };
  async function serve(req, res, token) {
    if (req.method !== "POST") {
      res.setHeader("allow", "POST");
      reply(res, 405, "method not allowed\n");
      return;
    }
    if (!sameSecret(token, opts.secret)) {
      req.resume();
      refuse(res, 404, "wrongSecret", "webhook delivery refused: wrong secret in the path", "not found\n");
      return;
    }
    if (!bucket.take()) {
      req.resume();
      refuse(res, 429, "rateLimited", "webhook delivery refused: more than webhook rate limit a minute", "too many deliveries\n");
      return;
    }
    const body = await readCapped(req, opts.maxBodyBytes);
    if (body === null) {
      refuse(res, 413, "tooLarge", "webhook delivery refused: body over the size cap", "body too large\n");
      req.destroy();
      return;
    }
    await opts.accept(body);
    counts.accepted += 1;
    reply(res, 200, "ok\n");
  }
  return {
    handle(req, res) {
      const path = (req.url ?? "/").split("?")[0] ?? "/";
      if (!path.startsWith(WEBHOOK_PATH_PREFIX)) return false;
      serve(req, res, path.slice(WEBHOOK_PATH_PREFIX.length)).catch((err) => {
        counts.failed += 1;
        log.error({ err: errorMessage(err) }, "webhook delivery could not be stored; answered 503 so the service retries");
        if (!res.headersSent) reply(res, 503, "not stored, retry\n");
        else res.destroy();
      });
      return true;
    },
    counts: () => ({ ...counts })
  };
}

export {
  parseDelivery,
  storeDelivery,
  pendingDeliveries,
  deliveryStats,
  WEBHOOK_PATH_PREFIX,
  createReceiver
};
