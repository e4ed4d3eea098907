import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import { AffinityClient, type AffinityClientOptions } from '../../src/extract/http/index.ts';
import { createLogger, type Logger } from '../../src/log.ts';

/** One request as the mini server saw it (headers as received; `rawHeaders` keeps wire case). */
export interface MiniRequest {
  method: string;
  /** Path plus query exactly as sent. */
  url: string;
  path: string;
  query: URLSearchParams;
  headers: http.IncomingHttpHeaders;
  body: string;
}

/** `n` is the 1-based index of this request. Write the answer on `res`, or misbehave with `req.socket`. */
export type MiniHandler = (req: MiniRequest, res: http.ServerResponse, n: number, raw: http.IncomingMessage) => unknown;

export interface MiniServer {
  url: string;
  requests: MiniRequest[];
  close: () => Promise<void>;
}

/** A node:http server on 127.0.0.1:0 for precise fault injection in HTTP-layer tests. */
export async function startMiniServer(handler: MiniHandler): Promise<MiniServer> {
  const requests: MiniRequest[] = [];
  const server = http.createServer((raw, res) => {
    const chunks: Buffer[] = [];
    raw.on('data', (c: Buffer) => chunks.push(c));
    raw.on('end', () => {
      const url = raw.url ?? '/';
      const parsed = new URL(url, 'http://127.0.0.1');
      const req: MiniRequest = {
        method: raw.method ?? 'GET',
        url,
        path: parsed.pathname,
        query: parsed.searchParams,
        headers: raw.headers,
        body: Buffer.concat(chunks).toString('utf8'),
      };
      requests.push(req);
      Promise.resolve(handler(req, res, requests.length, raw)).catch((err: unknown) => {
        if (!res.headersSent) res.writeHead(599, { 'content-type': 'text/plain' });
        res.end(`mini-server handler failed: ${String(err)}`);
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export function sendJson(res: http.ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  res.writeHead(status, { 'content-type': 'application/json', ...headers });
  res.end(JSON.stringify(body));
}

/** A production logger (same redaction config) whose JSON lines land in `lines`. */
export function captureLogger(): { logger: Logger; lines: string[] } {
  const lines: string[] = [];
  const destination = new Writable({
    write(chunk: Buffer | string, _enc, cb) {
      lines.push(chunk.toString());
      cb();
    },
  });
  return { logger: createLogger({ level: 'trace', pretty: false, destination }), lines };
}

/** Fail the first `times` requests with `fail`, then answer 200 `{ok: true, n}`. */
export function failThen(times: number, fail: MiniHandler): MiniHandler {
  return (req, res, n, raw) => (n <= times ? fail(req, res, n, raw) : sendJson(res, 200, { ok: true, n }));
}

export interface ClientHarness {
  server: MiniServer;
  client: AffinityClient;
  /** Every delay the client asked to sleep (retries, lag, budget waits): the injected sleep returns at once. */
  sleeps: number[];
  lines: string[];
  close: () => Promise<void>;
}

export const TEST_API_KEY = 'test-key-8f3KqZ1x';

/** A mini server plus a client on it, with instant recorded sleeps and `random() = 0.5` unless overridden. */
export async function clientOn(handler: MiniHandler, opts: Partial<AffinityClientOptions> = {}): Promise<ClientHarness> {
  const server = await startMiniServer(handler);
  const sleeps: number[] = [];
  const { logger, lines } = captureLogger();
  const client = new AffinityClient({
    baseUrl: server.url,
    apiKey: TEST_API_KEY,
    apiVersion: '2024-01-01',
    logger,
    sleep: async (ms) => {
      sleeps.push(ms);
    },
    random: () => 0.5,
    ...opts,
  });
  return {
    server,
    client,
    sleeps,
    lines,
    close: async () => {
      await client.close();
      await server.close();
    },
  };
}
