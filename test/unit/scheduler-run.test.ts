import { Writable } from 'node:stream';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { UserError } from '../../src/errors.ts';
import { createLogger } from '../../src/log.ts';
import { Scheduler, type RunSignal } from '../../src/scheduler/scheduler.ts';
import { WarehouseBusyError } from '../../src/state/lock.ts';
import type { RunSummary } from '../../src/state/runs.ts';

/** A JSON logger whose lines land in an array, so tests can assert what was logged and at which level. */
function captureLog() {
  const lines: Array<Record<string, unknown>> = [];
  const dest = new Writable({
    write(chunk: Buffer, _enc, cb) {
      for (const l of chunk.toString().split('\n')) if (l.trim()) lines.push(JSON.parse(l) as Record<string, unknown>);
      cb();
    },
  });
  return { log: createLogger({ level: 'debug', pretty: false, destination: dest }), lines };
}

function deferred<T>() {
  let resolve!: (v: T) => void;
  let reject!: (e: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

function summary(over: Partial<RunSummary> = {}): RunSummary {
  return {
    status: 'succeeded',
    finishedAt: new Date().toISOString(),
    durationMs: 100,
    callsTotal: 2,
    rowsTotal: 5,
    streams: { companies: { status: 'succeeded', mode: 'sweep', pages: 1, records: 5, rows: 5, invalid: 0, softDeleted: 0, calls: 1, durationMs: 90 } },
    calls: { 'GET /v2/companies': 2 },
    errors: [],
    rateBudget: null,
    ...over,
  };
}

/** Let promise callbacks (the run's bookkeeping) settle without moving the clock. */
const settle = () => vi.advanceTimersByTimeAsync(0);

describe('Scheduler (node-cron driven by fake timers)', () => {
  let scheduler: Scheduler | undefined;
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date('2024-06-03T00:00:00.500Z'));
  });
  afterEach(async () => {
    await scheduler?.stop();
    scheduler = undefined;
    vi.useRealTimers();
  });

  it('skips a tick that fires while a run is in progress, logs it at warn and counts it', async () => {
    const { log, lines } = captureLog();
    const first = deferred<RunSummary>();
    const runOnce = vi
      .fn()
      .mockReturnValueOnce(first.promise)
      .mockImplementation(async () => summary());
    scheduler = new Scheduler({ cron: '* * * * * *', runOnce, log });
    scheduler.start();

    await vi.advanceTimersByTimeAsync(1000); // tick at :01 starts the run
    expect(runOnce).toHaveBeenCalledTimes(1);
    expect(scheduler.running).toBe(true);

    await vi.advanceTimersByTimeAsync(2000); // ticks at :02 and :03 find it still going
    expect(runOnce).toHaveBeenCalledTimes(1);
    expect(scheduler.snapshot().overlapsSkipped).toBe(2);
    const skips = lines.filter((l) => l.skipped === true);
    expect(skips).toHaveLength(2);
    for (const s of skips) expect(s).toMatchObject({ level: 40, skipped: true, reason: 'overlap' });

    first.resolve(summary());
    await settle();
    expect(scheduler.running).toBe(false);
    await vi.advanceTimersByTimeAsync(1000); // the next tick runs again
    expect(runOnce).toHaveBeenCalledTimes(2);
    expect(scheduler.snapshot().runs.succeeded).toBe(2);
    expect(scheduler.snapshot().overlapsSkipped).toBe(2);
  });

  it('stop() during a run asks it to stop after its page, waits for it, and schedules nothing more', async () => {
    const { log, lines } = captureLog();
    const run = deferred<RunSummary>();
    let signal: RunSignal | undefined;
    const runOnce = vi.fn((s: RunSignal) => {
      signal = s;
      return run.promise;
    });
    scheduler = new Scheduler({ cron: '* * * * * *', runOnce, log });
    scheduler.start();
    await vi.advanceTimersByTimeAsync(1000);
    expect(signal?.shouldStop()).toBe(false);

    let stopped = false;
    const stopping = scheduler.stop().then(() => {
      stopped = true;
    });
    expect(signal?.shouldStop()).toBe(true);
    expect(scheduler.stop()).toBe(scheduler.stop()); // idempotent: a second signal path gets the same promise

    await vi.advanceTimersByTimeAsync(5000); // no new runs, and stop() keeps waiting for the run in hand
    expect(runOnce).toHaveBeenCalledTimes(1);
    expect(stopped).toBe(false);
    expect(scheduler.running).toBe(true);
    expect(lines.some((l) => l.level === 40 && /run in hand/.test(String(l.msg)))).toBe(true);

    run.resolve(summary({ status: 'interrupted' }));
    await stopping;
    expect(stopped).toBe(true);
    expect(scheduler.running).toBe(false);
    expect(scheduler.snapshot().runs.interrupted).toBe(1);
    expect(scheduler.nextRun()).toBeNull();
    await scheduler.tick(); // a late tick after stop starts nothing
    await vi.advanceTimersByTimeAsync(3000);
    expect(runOnce).toHaveBeenCalledTimes(1);
  });

  it('a tick whose run finds another process holding the warehouse is skipped, not failed: health stays 200, the holder logged (issue 33 item 11)', async () => {
    const { log, lines } = captureLog();
    const runOnce = vi
      .fn()
      .mockResolvedValueOnce(summary())
      .mockRejectedValueOnce(new WarehouseBusyError('schedule 1f0c pid 4242 on host-b', '2024-06-03T00:00:01.000Z'));
    scheduler = new Scheduler({ cron: '* * * * * *', runOnce, log });
    scheduler.start();
    await vi.advanceTimersByTimeAsync(2000);
    expect(runOnce).toHaveBeenCalledTimes(2);
    const snap = scheduler.snapshot();
    expect(snap.runs.failed).toBe(0);
    expect(snap.runningSince).toBeNull();
    expect(scheduler.health().httpStatus).toBe(200);
    const skipped = lines.find((l) => l.msg === 'scheduled run skipped: another process is writing to this warehouse');
    expect(skipped?.level).toBe(40);
    expect(String(skipped?.holder)).toContain('pid 4242 on host-b');
  });

  it('stop() with no run in hand resolves at once; start() after stop() arms nothing', async () => {
    const { log } = captureLog();
    const runOnce = vi.fn().mockResolvedValue(summary());
    scheduler = new Scheduler({ cron: '* * * * * *', runOnce, log });
    await scheduler.stop();
    scheduler.start();
    await vi.advanceTimersByTimeAsync(3000);
    expect(runOnce).not.toHaveBeenCalled();
  });

  it('a failed run is logged without a stack, redacted, and the schedule goes on', async () => {
    const { log, lines } = captureLog();
    const runOnce = vi
      .fn()
      .mockRejectedValueOnce(new Error('401 Unauthorized for key sk-live-secret-1234'))
      .mockRejectedValueOnce(new UserError('Another relsync sync is already writing to this warehouse', { hint: 'Wait for it to finish' }))
      .mockResolvedValueOnce(summary({ status: 'failed', errors: [{ stream: 'persons', message: 'HTTP 500 on sk-live-secret-1234' }] }))
      .mockImplementation(async () => summary());
    scheduler = new Scheduler({ cron: '* * * * * *', runOnce, log, secrets: ['sk-live-secret-1234'] });
    scheduler.start();

    await vi.advanceTimersByTimeAsync(1000);
    const failed = lines.filter((l) => l.msg === 'scheduled run failed; the schedule goes on');
    expect(failed).toHaveLength(1);
    expect(failed[0]).toMatchObject({ level: 50, err: '401 Unauthorized for key [redacted]' });
    expect(JSON.stringify(lines)).not.toContain('sk-live-secret-1234');
    expect(JSON.stringify(lines)).not.toMatch(/\bat .*\.ts:\d+/); // no stack trace
    expect(scheduler.health()).toMatchObject({ httpStatus: 503, body: { status: 'failing', reason: 'the last run failed' } });

    await vi.advanceTimersByTimeAsync(1000);
    expect(lines.filter((l) => l.msg === 'scheduled run failed; the schedule goes on').at(-1)).toMatchObject({ hint: 'Wait for it to finish' });

    await vi.advanceTimersByTimeAsync(1000); // a run that summarises as failed is logged with its errors
    const withErrors = lines.find((l) => l.msg === 'scheduled run finished with errors; the schedule goes on');
    expect(withErrors).toMatchObject({ level: 50, status: 'failed', errors: [{ stream: 'persons', message: 'HTTP 500 on [redacted]' }] });

    await vi.advanceTimersByTimeAsync(1000);
    expect(runOnce).toHaveBeenCalledTimes(4);
    expect(scheduler.snapshot().runs).toEqual({ succeeded: 1, partial: 0, failed: 3, interrupted: 0 });
    expect(scheduler.health().httpStatus).toBe(200);
    expect(JSON.stringify(lines)).not.toContain('sk-live-secret-1234');
  });

  it('/healthz turns 503 when no run succeeded within 3× the interval, and recovers on the next success', async () => {
    const { log } = captureLog();
    const runOnce = vi.fn().mockImplementation(async () => summary({ status: 'partial', errors: [{ stream: 'notes', message: 'boom' }] }));
    scheduler = new Scheduler({ cron: '0 * * * *', runOnce, log });
    expect(scheduler.intervalMs).toBe(3_600_000);
    scheduler.start();

    await vi.advanceTimersByTimeAsync(3 * 3_600_000 - 1000); // runs at 01:00, 02:00 (partial); 02:59:59.5 now
    expect(runOnce).toHaveBeenCalledTimes(2);
    expect(scheduler.health().httpStatus).toBe(200);

    await vi.advanceTimersByTimeAsync(2000); // 03:00 run is partial too; past 3 h since start
    const h = scheduler.health();
    expect(h.httpStatus).toBe(503);
    expect(h.body.reason).toMatch(/no run succeeded in the last 10800 s/);
    expect(h.body.nextRun).toBe('2024-06-03T04:00:00.000Z');

    runOnce.mockImplementationOnce(async () => summary());
    await vi.advanceTimersByTimeAsync(3_600_000);
    expect(scheduler.health()).toMatchObject({ httpStatus: 200, body: { status: 'ok', running: false, lastRun: { status: 'succeeded' } } });
  });
});
