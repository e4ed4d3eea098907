/**
 * Issue 33 item 13: a JSON log line carries each key once. pino writes every ancestor's bindings, so the
 * HTTP client under a component's logger wrote `"component"` twice, and the page loop `"runId"` twice;
 * many log shippers keep only the last of a repeated key.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { componentLogger } from '../../src/log.ts';
import { configSchema } from '../../src/config/schema.ts';
import { clientFromConfig } from '../../src/runner/execute.ts';
import { runSync } from '../../src/runner/run-sync.ts';
import { ALL_STREAMS } from '../../src/streams/registry.ts';
import { freshMigratedDb } from '../helpers/dialects.ts';
import { startE2eSimulator } from '../helpers/sync-fixture.ts';
import { captureLogger, clientOn, failThen, sendJson, type ClientHarness } from '../helpers/mini-server.ts';

/** Keys that occur more than once at the top level of one JSON line (JSON.parse would hide them). */
function repeatedKeys(line: string): string[] {
  const counts = new Map<string, number>();
  for (const m of line.matchAll(/[{,]"([A-Za-z_]+)":/g)) counts.set(m[1]!, (counts.get(m[1]!) ?? 0) + 1);
  return [...counts].filter(([, n]) => n > 1).map(([k]) => k);
}

let open: ClientHarness | undefined;
afterEach(async () => {
  await open?.close();
  open = undefined;
});

describe('JSON log lines carry each key once', () => {
  it('a component under a component keeps the outer one as `component`, the inner as `part`', () => {
    const { logger, lines } = captureLogger();
    componentLogger(componentLogger(logger.child({ runId: 'r1' }), 'webhooks'), 'http').warn({ x: 1 }, 'hello');
    expect(repeatedKeys(lines[0]!)).toEqual([]);
    expect(JSON.parse(lines[0]!)).toMatchObject({ component: 'webhooks', part: 'http', runId: 'r1' });
  });

  it("the HTTP client's retry line under a component's logger", async () => {
    const { logger, lines } = captureLogger();
    open = await clientOn(
      failThen(1, (_q, res) => sendJson(res, 503, { message: 'busy' })),
      { logger: componentLogger(logger.child({ runId: 'r1' }), 'webhooks') },
    );
    await open.client.get('/v2/companies');
    const retry = lines.find((l) => l.includes('"msg":"retrying request"'));
    expect(retry).toBeDefined();
    expect(repeatedKeys(retry!)).toEqual([]);
    expect(JSON.parse(retry!)).toMatchObject({ component: 'webhooks', part: 'http', runId: 'r1' });
  });
});

describe('a whole run logs each key once per line [sqlite]', () => {
  it('every line of a full sync at debug level', async () => {
    const sim = await startE2eSimulator({ scale: { companies: 12, persons: 15, lists: 2, opportunities: 6 } });
    const dbc = await freshMigratedDb('sqlite');
    try {
      const { logger, lines } = captureLogger();
      const config = configSchema.parse({ apiKey: sim.apiKey, baseUrl: sim.url, databaseUrl: dbc.url });
      const client = clientFromConfig(config, logger, sim.apiKey);
      try {
        await runSync({ db: dbc.db, client, config, log: logger, streams: ALL_STREAMS, mode: 'full', command: 'test' });
      } finally {
        await client.close();
      }
      expect(lines.some((l) => l.includes('"msg":"page committed"'))).toBe(true);
      expect(lines.filter((l) => repeatedKeys(l).length > 0)).toEqual([]);
    } finally {
      await dbc.cleanup();
      await sim.close();
    }
  }, 120_000);
});
