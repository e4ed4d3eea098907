/**
 * The vendor's contract as a server: Prism (`@stoplight/prism-cli`) serving the trimmed copy of the vendor's
 * OpenAPI document (scripts/vendor-openapi.ts), behind a recording proxy. The proxy
 * - records every call relsync makes and its status, and the ids of the records each `/v2` collection page
 *   served (what relsync must never delete);
 * - asks Prism for its dynamic mode (`Prefer: dynamic=true`) or its example mode per proxy;
 * - hands out `nextUrl`s on its own origin where the document's examples name the service's
 *   (`servers[0].url`): the service links to itself, and a mock on another origin that did not would fail
 *   every sweep at its second page on relsync's foreign-origin refusal, testing nothing beyond page 1;
 * - remembers each answer per mode and request: with a seed, Prism re-seeds its generator for every answer,
 *   so the same request always gets the same answer, and generating it again would only cost time.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { REPO_ROOT } from './cli.ts';
import { startMiniServer, type MiniServer } from './mini-server.ts';

export const TRIMMED_DOCUMENT = join(REPO_ROOT, 'test/fixtures/vendor/openapi-v2-trimmed.json');
const PRISM_BIN = join(REPO_ROOT, 'node_modules/@stoplight/prism-cli/dist/index.js');
const LISTENING = /Prism is listening on (http:\/\/127\.0\.0\.1:\d+)/;
const PRISM_START_MS = 90_000;
/**
 * Loaded into Prism's process before Prism: it exits when its stdin (a pipe from the test's process) closes,
 * so a test process killed before its afterAll (a SIGKILLed fork, a timeout) leaves no Prism behind.
 */
const EXIT_WITH_PARENT =
  'data:text/javascript,process.stdin.on("end",()=>process.exit(0));process.stdin.on("error",()=>process.exit(0));process.stdin.resume();';

/**
 * The `/v2` collections whose pages list records of a warehouse table keyed by `id`. `lands`: the page is
 * where the table's rows come from, so each record it serves lands or is quarantined. `/v2/notes` only adds
 * to notes the older listing wrote (docs/contract.md §7.7), so its records need not land, but must not be deleted.
 */
export const COLLECTIONS: ReadonlyArray<{ path: RegExp; table: string; lands: boolean }> = [
  { path: /^\/v2\/companies$/, table: 'companies', lands: true },
  { path: /^\/v2\/persons$/, table: 'persons', lands: true },
  { path: /^\/v2\/opportunities$/, table: 'opportunities', lands: true },
  { path: /^\/v2\/lists$/, table: 'lists', lands: true },
  { path: /^\/v2\/lists\/[^/]+\/list-entries$/, table: 'list_entries', lands: true },
  { path: /^\/v2\/lists\/[^/]+\/saved-views$/, table: 'saved_views', lands: true },
  { path: /^\/v2\/notes$/, table: 'notes', lands: false },
];

export interface Prism {
  url: string;
  seed: string;
  close(): Promise<void>;
}

/** Prism on 127.0.0.1, a port the system picks (`-p 0`, read back from its start line): no port can be taken meanwhile. */
export async function startPrism(seed: string): Promise<Prism> {
  const child = spawn(process.execPath, ['--import', EXIT_WITH_PARENT, PRISM_BIN, 'mock', '-h', '127.0.0.1', '-p', '0', '--seed', seed, TRIMMED_DOCUMENT], {
    cwd: REPO_ROOT,
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  const close = () => stopChild(child);
  try {
    const url = await listeningUrl(child);
    return { url, seed, close };
  } catch (err) {
    await close();
    throw err;
  }
}

/** Prism logs every request on stdout at its default level (the start line needs it): read and drop it all. */
function listeningUrl(child: ChildProcess): Promise<string> {
  return new Promise((resolve, reject) => {
    let seen = '';
    let listening = false;
    const timer = setTimeout(() => reject(new Error(`Prism did not start within ${PRISM_START_MS} ms: ${seen.slice(-2000)}`)), PRISM_START_MS);
    const onData = (d: Buffer) => {
      if (listening) return;
      seen = (seen + d.toString()).slice(-4000);
      const m = LISTENING.exec(seen);
      if (m) {
        listening = true;
        clearTimeout(timer);
        resolve(m[1]!);
      }
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`Prism exited (${code}) before it listened: ${seen.slice(-2000)}`));
    });
  });
}

async function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 3000);
  await exited;
  clearTimeout(timer);
}

export interface Call {
  method: string;
  path: string;
  /** Path and query as sent. */
  url: string;
  status: number;
}

interface Answer {
  status: number;
  headers: Record<string, string>;
  body: string;
}

export interface VendorMock {
  url: string;
  calls: Call[];
  /** Ids each warehouse table's `/v2` collection pages served since the last `reset`. */
  served: Map<string, Set<number>>;
  /**
   * How often each path and query was handed out as a page's `nextUrl` since the last `reset`: the document's
   * examples give several collections the same one, and each stream that follows it sends it once.
   */
  handedOut: Map<string, number>;
  reset(): void;
  close(): Promise<void>;
}

/** Hop-by-hop and length headers the proxy recomputes. */
const DROPPED = new Set(['content-length', 'content-encoding', 'transfer-encoding', 'connection', 'keep-alive', 'date']);

/** The recording proxy in front of `prism`, in its example mode or its dynamic one. */
export async function startVendorMock(prism: Prism, mode: 'example' | 'dynamic'): Promise<VendorMock> {
  const serviceOrigin = documentOrigin();
  const cache = new Map<string, Answer>();
  const calls: Call[] = [];
  const served = new Map<string, Set<number>>();
  const handedOut = new Map<string, number>();
  let server: MiniServer | undefined = undefined;
  server = await startMiniServer(async (req, res) => {
    const key = `${req.method} ${req.url}`;
    let answer = cache.get(key);
    if (!answer) {
      answer = await forward(prism.url, req.method, req.url, req.headers, mode);
      cache.set(key, answer);
    }
    const body = answer.body.replaceAll(serviceOrigin, server!.url);
    calls.push({ method: req.method, path: req.path, url: req.url, status: answer.status });
    if (answer.status === 200 && req.method === 'GET') {
      noteServed(served, req.path, body);
      noteNextUrl(handedOut, body);
    }
    res.writeHead(answer.status, answer.headers);
    res.end(body);
  });
  return {
    url: server.url,
    calls,
    served,
    handedOut,
    reset: () => {
      calls.length = 0;
      served.clear();
      handedOut.clear();
    },
    close: () => server.close(),
  };
}

async function forward(
  base: string,
  method: string,
  url: string,
  headers: Record<string, string | string[] | undefined>,
  mode: 'example' | 'dynamic',
): Promise<Answer> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(headers)) if (typeof v === 'string' && k !== 'host' && k !== 'connection') out[k] = v;
  if (mode === 'dynamic') out.prefer = 'dynamic=true';
  const res = await fetch(`${base}${url}`, { method, headers: out });
  const answerHeaders: Record<string, string> = {};
  res.headers.forEach((v, k) => {
    if (!DROPPED.has(k)) answerHeaders[k] = v;
  });
  return { status: res.status, headers: answerHeaders, body: await res.text() };
}

function noteServed(served: Map<string, Set<number>>, path: string, body: string): void {
  const collection = COLLECTIONS.find((c) => c.path.test(path));
  if (!collection) return;
  let data: unknown;
  try {
    data = (JSON.parse(body) as { data?: unknown }).data;
  } catch {
    return;
  }
  if (!Array.isArray(data)) return;
  const ids = served.get(collection.table) ?? new Set<number>();
  served.set(collection.table, ids);
  for (const r of data) {
    const id = (r as { id?: unknown } | null)?.id;
    if (typeof id === 'number') ids.add(id);
  }
}

function noteNextUrl(handedOut: Map<string, number>, body: string): void {
  let next: unknown;
  try {
    next = (JSON.parse(body) as { pagination?: { nextUrl?: unknown } } | null)?.pagination?.nextUrl;
  } catch {
    return;
  }
  if (typeof next !== 'string') return;
  const u = new URL(next);
  const key = `${u.pathname}${u.search}`;
  handedOut.set(key, (handedOut.get(key) ?? 0) + 1);
}

/** The service's origin as the document names it (`servers[0].url`): the links its examples hand out. */
function documentOrigin(): string {
  const doc = JSON.parse(readFileSync(TRIMMED_DOCUMENT, 'utf8')) as { servers?: Array<{ url?: string }> };
  const url = doc.servers?.[0]?.url;
  if (!url) throw new Error(`${TRIMMED_DOCUMENT} names no server; regenerate it with npm run vendor:openapi`);
  return new URL(url).origin;
}
