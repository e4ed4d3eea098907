import cliProgress from 'cli-progress';
import type { Logger } from '../log.ts';
import type { StreamRunStats } from '../state/runs.ts';
import type { PageEvent, StreamHooks } from './env.ts';
import type { StreamEvent } from './run-stream.ts';

/** What a progress bar says, from src/cli/format/progress-words.ts: the runner draws, the CLI words. */
export interface ProgressWords {
  /** cli-progress's line, with the tokens {stream} {bar} {pages} {records} {calls} {state}. */
  bar: string;
  /** The state while pages arrive: seconds left, null while unknown. */
  eta(seconds: number | null): string;
  /** The state once the stream ended; no stats when it ended without any. */
  finished(stats: StreamRunStats | undefined): string;
}

export interface ProgressReporter {
  hooks: Required<Pick<StreamHooks, 'onPageCommitted'>> & { onStream: (e: StreamEvent) => void };
  stop(): void;
}

/**
 * Per-stream progress: pages, records, requests and an ETA. `expectedPages` comes from the last
 * completed run of each stream (the only honest estimate: the API publishes no totals), so a first
 * run shows counts without an ETA. Given a TTY and the CLI's words it draws bars; otherwise it logs a line
 * per stream every 20 pages and at the end, so cron logs stay readable.
 */
export function createProgress(opts: {
  tty: boolean;
  words?: ProgressWords | undefined;
  log: Logger;
  expectedPages: Record<string, number>;
  calls: () => number;
}): ProgressReporter {
  const started = new Map<string, number>();
  const pages = new Map<string, number>();
  const records = new Map<string, number>();
  const bars = new Map<string, cliProgress.SingleBar>();
  const words = opts.tty ? opts.words : undefined;
  const multibar = words
    ? new cliProgress.MultiBar(
        {
          format: words.bar,
          hideCursor: true,
          clearOnComplete: false,
          stopOnComplete: false,
          etaBuffer: 20,
        },
        cliProgress.Presets.shades_classic,
      )
    : null;

  /** Seconds left at the pace so far, against the pages of the last run; null before there is a pace. */
  const etaSeconds = (stream: string): number | null => {
    const expected = opts.expectedPages[stream];
    const done = pages.get(stream) ?? 0;
    const t0 = started.get(stream);
    if (!expected || !t0 || done === 0) return null;
    const left = Math.max(0, expected - done);
    return left === 0 ? 0 : Math.round((((Date.now() - t0) / done) * left) / 1000);
  };

  return {
    hooks: {
      onStream: (e) => {
        if (e.kind === 'stream-start') {
          started.set(e.stream, Date.now());
          const total = opts.expectedPages[e.stream] ?? 1;
          if (multibar && words)
            bars.set(e.stream, multibar.create(total, 0, { stream: e.stream.padEnd(30), pages: 0, records: 0, calls: opts.calls(), state: words.eta(null) }));
          return;
        }
        const bar = bars.get(e.stream);
        const s = e.stats;
        if (bar && words) {
          bar.setTotal(Math.max(1, pages.get(e.stream) ?? 0));
          bar.update(pages.get(e.stream) ?? 0, { pages: s?.pages ?? 0, records: s?.records ?? 0, calls: opts.calls(), state: words.finished(s) });
        } else if (s && s.status !== 'skipped') {
          opts.log.info(
            { stream: e.stream, status: s.status, pages: s.pages, records: s.records, rows: s.rows, softDeleted: s.softDeleted, durationMs: s.durationMs },
            'stream finished',
          );
        }
      },
      onPageCommitted: (e: PageEvent) => {
        const n = (pages.get(e.stream) ?? 0) + 1;
        pages.set(e.stream, n);
        records.set(e.stream, (records.get(e.stream) ?? 0) + e.records);
        const bar = bars.get(e.stream);
        if (bar && words) {
          if (n > bar.getTotal()) bar.setTotal(n);
          bar.update(n, { pages: n, records: records.get(e.stream), calls: opts.calls(), state: words.eta(etaSeconds(e.stream)) });
        } else if (n % 20 === 0) {
          opts.log.info({ stream: e.stream, page: n, records: records.get(e.stream), calls: opts.calls(), etaSeconds: etaSeconds(e.stream) }, 'sync progress');
        }
      },
    },
    stop: () => multibar?.stop(),
  };
}
