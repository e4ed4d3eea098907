/**
 * Citations of files outside the repository (issue 21). The repository must stand on its own: code and docs
 * cite `docs/contract.md §…` (relsync's account of both contracts), never the documents that live beside a
 * checkout. Each rule below names one kind of outside citation and the in-repo place to cite instead.
 * "the seed" and "the reference" as words are fine: docs/contract.md defines them.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, sep } from 'node:path';

export interface CitationRule {
  /** What the hit cites, for the message. */
  what: string;
  pattern: RegExp;
  /** Where to point instead. */
  fix: string;
}

export interface CitationHit {
  file: string;
  line: number;
  what: string;
  fix: string;
  text: string;
}

// The patterns are written so that this file does not match them itself (escaped dots, no literal names).
export const CITATION_RULES: readonly CitationRule[] = [
  { what: "the reference's API document", pattern: /\bAPI\.md\b/, fix: 'cite docs/contract.md §<same section>' },
  { what: 'the design card', pattern: /\bDESIGN\.md\b/, fix: 'cite README.md, docs/CONVENTIONS.md or docs/contract.md' },
  { what: 'the seed file', pattern: /\b\d{3}_[0-9a-f]{16}\.txt\b/, fix: 'cite docs/contract.md §S<n>' },
  { what: 'the OpenAPI file', pattern: /\baffinity-v2-(?:openapi)[\w.-]*\.json\b/, fix: 'cite docs/contract.md §7' },
  { what: 'a line of the seed', pattern: /\bseed(?:'s [\w-]+| contract)?,? lines? \d/i, fix: 'cite docs/contract.md §S<n>' },
  {
    what: 'the shared folder beside the checkout',
    pattern: /(?:\.\.\/)+shared\b|\/work\/shared\b|(?<![\w./-])shared\/(?:seed|reference)\b/,
    fix: 'cite docs/contract.md',
  },
];

/** Every outside citation in one file's text, one hit per rule per line. */
export function scanText(file: string, text: string): CitationHit[] {
  const hits: CitationHit[] = [];
  text.split('\n').forEach((lineText, i) => {
    for (const rule of CITATION_RULES) {
      if (rule.pattern.test(lineText)) hits.push({ file, line: i + 1, what: rule.what, fix: rule.fix, text: lineText.trim() });
    }
  });
  return hits;
}

/** Folders never scanned: not ours, generated, or fixtures that plant citations on purpose. */
export const SKIPPED_DIRS = ['node_modules', '.git', 'coverage', 'dist', join('test', 'fixtures', 'citations')];
const SKIPPED_FILE = /\.(db|db-wal|db-shm|sqlite|png|jpg|gz|zip)$/;
const MAX_BYTES = 5_000_000;

function walk(root: string, dir: string, out: string[]): void {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    const rel = relative(root, path);
    if (entry.isDirectory()) {
      if (!SKIPPED_DIRS.includes(rel) && !SKIPPED_DIRS.includes(entry.name)) walk(root, path, out);
    } else if (entry.isFile() && !SKIPPED_FILE.test(entry.name) && statSync(path).size <= MAX_BYTES) {
      out.push(rel);
    }
  }
}

/** Scans every text file under `root` (paths in hits are relative to it, with `/`). */
export function findCitations(root: string): { files: number; hits: CitationHit[] } {
  const files: string[] = [];
  walk(root, root, files);
  const hits: CitationHit[] = [];
  for (const rel of files.sort()) {
    const text = readFileSync(join(root, rel), 'utf8');
    if (text.includes('\u0000')) continue; // binary
    hits.push(...scanText(rel.split(sep).join('/'), text));
  }
  return { files: files.length, hits };
}

/** One line per hit: `file:line: cites <what>; <fix>: <text>`. */
export function formatHit(h: CitationHit): string {
  const text = h.text.length > 120 ? `${h.text.slice(0, 120)}…` : h.text;
  return `${h.file}:${h.line}: cites ${h.what}, which is outside the repository; ${h.fix}: ${text}`;
}
