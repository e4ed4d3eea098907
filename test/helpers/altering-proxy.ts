import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** What the proxy passes on: the upstream's status and body, for the hook to change (return undefined to pass it as is). */
export interface Answer {
  status: number;
  /** The parsed JSON body, or undefined when it was not JSON. */
  json: unknown;
}

/** `path` is without the query. Return the answer to send instead, or undefined to pass the upstream's on. */
export type Alter = (path: string, answer: Answer) => Answer | undefined;

export interface AlteringProxy {
  url: string;
  /** Replace the hook (null: pass everything on unchanged). */
  set(alter: Alter | null): void;
  close(): Promise<void>;
}

/**
 * A proxy in front of the simulator that alters its answers, as an operator's proxy, a gateway or a
 * misbehaving service would: every request is forwarded (headers, rate-limit headers back included), and a
 * JSON answer goes through the hook. Absolute URLs of the upstream in a body (`nextUrl`) are rewritten to
 * the proxy, so paging stays behind it.
 */
export async function startAlteringProxy(upstream: string): Promise<AlteringProxy> {
  let alter: Alter | null = null;
  const target = new URL(upstream);
  const server = http.createServer((req, res) => {
    const out = http.request(
      { host: target.hostname, port: target.port, path: req.url, method: req.method, headers: { ...req.headers, host: target.host } },
      (up) => {
        const chunks: Buffer[] = [];
        up.on('data', (c: Buffer) => chunks.push(c));
        up.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8').split(upstream).join(proxyUrl);
          const headers = { ...up.headers };
          delete headers['content-length'];
          let json: unknown;
          if (String(up.headers['content-type'] ?? '').includes('json')) json = text === '' ? undefined : (JSON.parse(text) as unknown);
          const path = new URL(req.url ?? '/', 'http://x').pathname;
          const changed = alter?.(path, { status: up.statusCode ?? 500, json });
          res.writeHead(changed?.status ?? up.statusCode ?? 500, headers);
          res.end(changed ? JSON.stringify(changed.json) : text);
        });
      },
    );
    out.on('error', () => res.destroy());
    req.pipe(out);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const proxyUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url: proxyUrl,
    set: (a) => {
      alter = a;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
