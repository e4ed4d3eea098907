/**
 * Issue 22 items 1 and 7: a base URL that is not a working Affinity API (a web server answering 404 to
 * everything, an HTML page with 200, a server that never answers) stops the run at once with one line and
 * exit 2 (not the service) or 1 (no answer), instead of failing stream after stream and ending `partial`.
 * Such a run records no refusal: the next run against the service uses every source it serves.
 */
import type http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ServiceUnusableError } from '../../src/runner/service-unusable.ts';
import { listSources } from '../../src/state/sources.ts';
import { runCli } from '../helpers/cli.ts';
import { forEachDialect } from '../helpers/dialects.ts';
import { startMiniServer, type MiniServer } from '../helpers/mini-server.ts';
import { startSyncFixture, type SyncFixture } from '../helpers/sync-fixture.ts';

/** What `python3 -m http.server` answers for a path it does not have. */
const PY_404 =
  '<!DOCTYPE HTML><html lang="en"><head><meta charset="utf-8"><title>Error response</title></head><body><h1>Error response</h1><p>Error code: 404</p><p>Message: File not found.</p></body></html>';

type Handler = (req: unknown, res: http.ServerResponse) => void;

const BROKEN: ReadonlyArray<{ name: string; handler: Handler; exit: number; said: RegExp }> = [
  {
    name: '404 for everything',
    handler: (_q, res) => {
      res.writeHead(404, { 'content-type': 'text/html;charset=utf-8' });
      res.end(PY_404);
    },
    exit: 2,
    said: /does not answer as the Affinity API \(404 on GET .*File not found/,
  },
  {
    name: 'an HTML page with 200',
    handler: (_q, res) => {
      res.writeHead(200, { 'content-type': 'text/html' });
      res.end('<html><body><h1>Welcome to nginx!</h1></body></html>');
    },
    exit: 2,
    said: /does not answer as the Affinity API \(200 on GET .*expected JSON/,
  },
  { name: 'no answer at all', handler: () => undefined, exit: 1, said: /did not answer \(GET .* timed out after 1000 ms/ },
];

forEachDialect('e2e: a base URL that is not a working API', (dialect) => {
  const servers: MiniServer[] = [];
  afterAll(async () => {
    for (const s of servers) await s.close();
  });

  describe.each(BROKEN)('$name', ({ handler, exit, said }) => {
    let f: SyncFixture;
    let server: MiniServer;
    beforeAll(async () => {
      server = await startMiniServer(handler);
      servers.push(server);
      f = await startSyncFixture({ dialect, scale: 'tiny', contract: 'reference' });
    }, 60_000);
    afterAll(async () => {
      await f?.close();
    });

    it(`relsync sync stops at once with one line and exit ${exit}`, async () => {
      const started = Date.now();
      const r = await runCli(['sync'], {
        env: {
          AFFINITY_API_KEY: 'some-key',
          AFFINITY_BASE_URL: server.url,
          DATABASE_URL: f.dbUrl,
          RELSYNC_REQUEST_TIMEOUT_MS: '1000',
          LOG_LEVEL: 'silent',
        },
      });
      const seconds = (Date.now() - started) / 1000;
      expect(r.code).toBe(exit);
      expect(r.stdout).toBe('');
      const lines = r.stderr.split('\n').filter((l) => l.trim() !== '');
      expect(lines).toHaveLength(1);
      expect(lines[0]).toMatch(said);
      expect(lines[0]).toContain(server.url);
      // Before: 0.8 s, 66 s and 122 s, ending `partial` with about 25 error lines (issue 22 item 7).
      expect(seconds).toBeLessThan(15);
    }, 60_000);

    it('a run in-process throws the one error; nothing is recorded as refused, and the next run uses every source', async () => {
      const bad = f.run({ mode: 'incremental', config: { baseUrl: server.url, requestTimeoutMs: 1000 } });
      await expect(bad).rejects.toBeInstanceOf(ServiceUnusableError);
      await expect(bad).rejects.toMatchObject({ exitCode: exit });
      expect((await listSources(f.db.kysely)).filter((s) => Object.keys(s.refused).length > 0 && s.capability !== 'reminders_updates')).toEqual([]);

      const good = await f.runIncremental();
      expect(good.summary.status).toBe('succeeded');
      expect(good.summary.calls['GET /v2/field-value-changes'] ?? 0).toBeGreaterThan(0);
      expect(good.summary.streams.files?.status).toBe('succeeded');
      const files = await f.db.kysely.selectFrom('files').select(['id']).execute();
      expect(files.length).toBe(f.sim.store.files.size);
      const sources = new Map((await listSources(f.db.kysely)).map((s) => [s.capability, s]));
      expect(sources.get('change_log')?.source).toBe('field_value_changes');
      expect(sources.get('files')?.source).toBe('files');
      expect(sources.get('notes_updates')?.source).toBe('notes_updates');
    }, 120_000);
  });
});
