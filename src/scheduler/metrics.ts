import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { DEFAULT_METRICS_HOST } from '../defaults.ts';
import { UserError, errorMessage } from '../errors.ts';
import type { Logger } from '../log.ts';
import type { HealthReport } from './health.ts';
import type { RunMetrics } from './prom-metrics.ts';

/** What the endpoint reads; the Scheduler provides both. */
export interface MetricsSource {
  readonly metrics: RunMetrics;
  health(): HealthReport;
}

export interface MetricsServerOptions {
  /** 0 picks a free port (tests); the command treats a configured 0 as "disabled" and never calls this. */
  port: number;
  host?: string;
  source: MetricsSource;
  log: Logger;
  /** Another handler served on the same port first (the webhook receiver when `webhookPort` is 0); true when it took the request. */
  extra?: (req: IncomingMessage, res: ServerResponse) => boolean;
}

export interface MetricsServer {
  url: string;
  port: number;
  close(): Promise<void>;
}

function send(res: ServerResponse, status: number, type: string, body: string, head: boolean): void {
  res.writeHead(status, { 'content-type': type, 'content-length': Buffer.byteLength(body), 'cache-control': 'no-store' });
  res.end(head ? undefined : body);
}

async function handle(req: IncomingMessage, res: ServerResponse, source: MetricsSource): Promise<void> {
  const path = (req.url ?? '/').split('?')[0];
  const head = req.method === 'HEAD';
  if (path !== '/healthz' && path !== '/metrics') {
    send(res, 404, 'text/plain; charset=utf-8', 'not found: try /healthz or /metrics\n', head);
    return;
  }
  if (req.method !== 'GET' && !head) {
    res.setHeader('allow', 'GET, HEAD');
    send(res, 405, 'text/plain; charset=utf-8', 'method not allowed\n', false);
    return;
  }
  if (path === '/healthz') {
    const h = source.health();
    send(res, h.httpStatus, 'application/json; charset=utf-8', `${JSON.stringify(h.body)}\n`, head);
    return;
  }
  send(res, 200, source.metrics.contentType, await source.metrics.text(), head);
}

/**
 * GET /healthz and GET /metrics on `host` (`metricsHost`: 127.0.0.1 by default, this host only; `0.0.0.0` where
 * a container's probes or a Prometheus server must reach it).
 */
export async function startMetricsServer(opts: MetricsServerOptions): Promise<MetricsServer> {
  const host = opts.host ?? DEFAULT_METRICS_HOST;
  const failed = (req: IncomingMessage, res: ServerResponse, err: unknown) => {
    opts.log.error({ err: errorMessage(err), path: req.url }, 'metrics endpoint failed');
    if (!res.headersSent) send(res, 500, 'text/plain; charset=utf-8', 'internal error\n', false);
    else res.destroy();
  };
  const server = createServer((req, res) => {
    try {
      if (opts.extra?.(req, res)) return;
      handle(req, res, opts.source).catch((err: unknown) => failed(req, res, err));
    } catch (err) {
      failed(req, res, err);
    }
  });
  await new Promise<void>((resolve, reject) => {
    const onError = (err: NodeJS.ErrnoException) => {
      if (err.code === 'EADDRINUSE') {
        reject(
          new UserError(`RELSYNC_METRICS_PORT ${opts.port} is already in use on ${host}.`, {
            hint: 'Set RELSYNC_METRICS_PORT (or "metricsPort" in the config file) to a free port, or to 0 to turn the endpoint off.',
          }),
        );
      } else {
        reject(err);
      }
    };
    server.once('error', onError);
    server.listen(opts.port, host, () => {
      server.off('error', onError);
      resolve();
    });
  });
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://${host}:${port}`,
    port,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        // A scraper's keep-alive connection would otherwise hold the process open.
        server.closeAllConnections();
      }),
  };
}
