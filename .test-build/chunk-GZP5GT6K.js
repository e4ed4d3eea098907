import { createRequire as relsyncCreateRequire } from 'node:module';
const require = relsyncCreateRequire(import.meta.url);

// src/cli/format/stream-words.ts
var STREAM_MODE_WORDS = {
  sweep: "full sweep",
  "sweep-if-due": "sweep when due",
  "not due": "not due: nothing read",
  "nothing to read": "nothing to read",
  feed: "read changes since the last mark",
  between: "read updates since the last sweep",
  marked: "re-read records marked as changed",
  mixed: "full sweep of some partitions, updates since the last sweep for the others",
  unavailable: "unavailable on this tenant",
  disabled: "disabled in config",
  "sweep-feed-refused": "sweep (its update feed is refused)"
};
function partWords(p) {
  return `sweep part ${p.part} of ${p.done ? p.of : p.of === null ? "?" : `~${p.of}`}`;
}
function detailWords(s) {
  const src = s.source;
  if (s.mode === "needs-api-version" && s.needsApiVersion !== void 0) return `needs API version ${s.needsApiVersion}`;
  if (src === void 0) return void 0;
  if (s.mode === "source-elsewhere") return `${src.capability} uses ${src.uses}`;
  if (s.mode === "no-source-left") return `${src.capability}: no source left`;
  if (s.mode === "source-refused") return `refused (${src.refusedStatus ?? null}); ${src.capability} uses ${src.uses}`;
  return void 0;
}
function streamModeWords(s) {
  const plain = Object.hasOwn(STREAM_MODE_WORDS, s.mode) ? STREAM_MODE_WORDS[s.mode] : void 0;
  const words = s.mode === "sweep" && s.sweepPart ? partWords(s.sweepPart) : plain ?? detailWords(s) ?? s.mode;
  return s.status === "skipped" && !words.startsWith("skipped") ? `skipped: ${words}` : words;
}

// src/cli/format/text-table.ts
function textTable(headers, rows, opts = {}) {
  const widths = headers.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? "").length)));
  const line = (cells) => cells.map((c, i) => c.padEnd(widths[i] ?? 0)).join("  ").trimEnd();
  const rule = opts.rule ? [line(widths.map((w) => "-".repeat(w)))] : [];
  return [line(headers), ...rule, ...rows.map(line)].join("\n");
}

export {
  streamModeWords,
  textTable
};
