/**
 * A proxy in front of the simulator whose behaviour a test switches mid-run: `pass` forwards every request,
 * `429` answers each with a 429 and `Retry-After: 3600` (a storm), `hang` accepts the request and never
 * answers. What a stop signal must cut short, whatever the service is doing. Absolute URLs of the upstream
 * in a body (`nextUrl`) are rewritten to the proxy, so paging stays behind it (relsync follows no page link
 * to another origin).
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { request } from 'undici';

export type ProxyMode = 'pass' | '429' | 'hang';

export interface SwitchProxy {
  url: string;
  mode: ProxyMode;
  /** Requests answered 429 or held open since the mode last changed. */
  refused: number;
  close(): Promise<void>;
}

export async function startSwitchProxy(target: string): Promise<SwitchProxy> {
  const held = new Set<http.ServerResponse>();
  const state: { mode: ProxyMode; refused: number } = { mode: 'pass', refused: 0 };
  let proxyUrl = '';
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      if (state.mode === '429') {
        state.refused += 1;
        res.writeHead(429, { 'content-type': 'application/json', 'retry-after': '3600' });
        res.end(JSON.stringify({ errors: [{ code: 'rate-limit', message: 'Too many requests' }] }));
        return;
      }
      if (state.mode === 'hang') {
        state.refused += 1;
        held.add(res);
        return;
      }
      const headers = { ...req.headers };
      delete headers.host;
      request(`${target}${req.url ?? '/'}`, {
        method: (req.method ?? 'GET') as 'GET',
        headers,
        ...(chunks.length > 0 ? { body: Buffer.concat(chunks) } : {}),
      })
        .then(async (up) => {
          const body = Buffer.from(
            Buffer.from(await up.body.arrayBuffer())
              .toString('utf8')
              .split(target)
              .join(proxyUrl),
            'utf8',
          );
          const out = { ...up.headers } as http.OutgoingHttpHeaders;
          delete out['transfer-encoding'];
          delete out.connection;
          delete out['keep-alive'];
          out['content-length'] = String(body.length);
          res.writeHead(up.statusCode, out);
          res.end(body);
        })
        .catch(() => res.destroy());
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  proxyUrl = `http://127.0.0.1:${port}`;
  return {
    url: proxyUrl,
    get mode() {
      return state.mode;
    },
    set mode(m: ProxyMode) {
      state.mode = m;
      state.refused = 0;
    },
    get refused() {
      return state.refused;
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const r of held) r.destroy();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
