/**
 * `relsync status` as text: the data is state/status.ts (`readStatus`), the words for each stream's run
 * stream-words.ts, the tiers tier-words.ts.
 */
import { accountWords } from '../../state/account.ts';
import { UNAVAILABLE } from '../../state/sources.ts';
import type { Status, StreamStatus } from '../../state/status.ts';
import { heldWords, streamModeWords } from './stream-words.ts';
import { textTable } from './text-table.ts';
import { tierWords } from './tier-words.ts';

/** status's tables carry a rule under their headers. */
const table = (headers: string[], rows: string[][]): string => textTable(headers, rows, { rule: true });

function ago(seconds: number | null): string {
  if (seconds === null) return '-';
  if (seconds < 120) return `${seconds}s`;
  if (seconds < 7200) return `${Math.round(seconds / 60)}m`;
  if (seconds < 172800) return `${Math.round(seconds / 3600)}h`;
  return `${Math.round(seconds / 86400)}d`;
}

/**
 * The checkpoint state in words. A stream that ran but saved no checkpoint (nothing was due, or it had
 * nothing to read) is not "never run" beside its last run.
 */
function checkpointWords(x: StreamStatus): string {
  if (x.due) return 'full pass due (upgrade)';
  if (x.mode === 'never run') return x.lastRun ? 'nothing saved yet' : 'never run';
  return x.mode === 'incremental' ? 'following changes' : x.mode;
}

/** Calls left, never readable as calls used: `remaining 890 of 900` (the headers give remaining / limit). */
function rateWords(remaining: number | null | undefined, limit: number | null | undefined): string {
  return `remaining ${remaining ?? '?'}${limit ? ` of ${limit}` : ''}`;
}

export function formatStatus(s: Status): string {
  const account = s.account
    ? `${accountWords(s.account)}${s.account.subdomain ? `, ${s.account.subdomain}` : ''}, since ${s.account.recordedAt}`
    : 'not recorded yet (the next sync records it)';
  const out: string[] = [`warehouse: ${s.database}`, `Affinity account: ${account}`, ''];
  out.push(
    s.streams.length === 0
      ? 'no stream has run yet: run `relsync sync`'
      : table(
          ['stream', 'checkpoint', 'last completed', 'ago', 'last full sweep', 'last run', 'pages read', 'rows written (all its tables)'],
          s.streams.map((x) => [
            x.stream,
            checkpointWords(x),
            x.lastSuccessAt ?? '-',
            ago(x.lagSeconds),
            x.lastSweepAt ?? '-',
            x.lastRun ? `${x.lastRun.status}: ${streamModeWords(x.lastRun)}` : '-',
            x.lastRun ? String(x.lastRun.pages) : '-',
            x.lastRun ? String(x.lastRun.rows) : '-',
          ]),
        ),
  );
  const due = s.streams.filter((x) => x.due);
  if (due.length > 0) out.push('', 'due after the upgrade (the next sync reads these passes):', ...due.map((x) => `  ${x.stream}: ${x.due}`));
  out.push(
    '',
    'rows:',
    table(
      ['table', 'rows'],
      Object.entries(s.rowCounts).map(([t, n]) => [t, String(n)]),
    ),
  );
  if (s.lastRuns.length > 0) {
    out.push(
      '',
      'last runs:',
      table(
        ['started', 'command', 'mode', 'status', 'calls', 'rows', 'duration'],
        s.lastRuns.map((r) => [
          r.startedAt,
          r.command,
          r.mode,
          r.status,
          String(r.calls),
          String(r.rows),
          r.durationMs === null ? '-' : `${(r.durationMs / 1000).toFixed(1)}s`,
        ]),
      ),
    );
  }
  const capabilities = s.sources.filter((c) => c.source !== UNAVAILABLE);
  if (capabilities.length > 0) {
    out.push(
      '',
      'sources (where each capability comes from):',
      table(
        ['capability', 'source', 'decided', 'refused'],
        capabilities.map((c) => [c.capability, c.source, c.decidedAt ?? '-', Object.keys(c.refused).join(', ') || '-']),
      ),
    );
    for (const c of capabilities) {
      for (const [source, r] of Object.entries(c.refused)) out.push(`  ${source} refused ${r.at}: ${r.status ?? '?'} on ${r.endpoint}: ${r.message}`);
    }
  }
  // Optional endpoints this tenant does not have (planner/source-book.ts): the row is keyed by the stream.
  const unavailable = s.sources.filter((c) => c.source === UNAVAILABLE);
  if (unavailable.length > 0) {
    out.push('', 'optional endpoints:');
    for (const c of unavailable) {
      const r = c.refused[c.capability];
      const said = r ? ` (${r.status ?? '?'} on ${r.endpoint}: ${r.message})` : '';
      out.push(`  ${c.capability}: unavailable on this tenant since ${c.decidedAt ?? '-'}${said}`);
    }
  }
  if (s.quarantined.length > 0) {
    out.push(
      '',
      'quarantined records (failed validation or transform; the record and the reason are in table quarantine):',
      table(
        ['stream', 'records', 'last refused'],
        s.quarantined.map((q) => [q.stream, String(q.records), q.lastSeenAt]),
      ),
    );
  }
  const errors = s.streams.filter((x) => x.lastRun?.error);
  // A line that already starts with its stream (a permission denial, a route not served) is not named twice.
  const errorLine = (stream: string, error: string) => (error.startsWith(`${stream}: `) ? `  ${error}` : `  ${stream}: ${error}`);
  if (errors.length > 0) out.push('', 'errors in the last runs:', ...errors.map((x) => errorLine(x.stream, x.lastRun?.error ?? '')));
  const held = s.streams.flatMap((x) => (x.lastRun?.held ? [`  ${heldWords(x.stream, x.lastRun.held)}`] : []));
  if (held.length > 0) out.push('', 'deletions held in the last runs:', ...held);
  const b = s.rateBudget as {
    userRemaining?: number | null;
    userLimit?: number | null;
    orgRemaining?: number | null;
    orgLimit?: number | null;
    observedAt?: string | null;
  } | null;
  out.push(
    '',
    b
      ? `rate budget (seen ${b.observedAt ?? '?'}): ${rateWords(b.userRemaining, b.userLimit)} this minute, ${b.orgRemaining === null || b.orgRemaining === undefined ? 'no monthly cap' : `${rateWords(b.orgRemaining, b.orgLimit)} this month`}`
      : 'rate budget: unknown (no run yet)',
  );
  const p = s.monthProjection;
  if (p) {
    const n = (x: number) => Math.round(x).toLocaleString('en-US');
    const verdict =
      p.monthlyBudget === null
        ? 'no monthly budget known'
        : `budget ${n(p.monthlyBudget)}: ${p.fits ? 'fits' : `does NOT fit, periods stretched ×${(p.stretch ?? Infinity).toFixed(2)}`}`;
    out.push(
      `month projected (relsync plan): ${n(p.plannedPerMonth)} calls (every run ${n(p.everyRunPerMonth)}, periodic ${n(p.periodicPerMonth)}); ${verdict}${p.unpriced.length ? `; not priced yet: ${p.unpriced.length} streams` : ''}`,
    );
  }
  if (s.tiers) out.push(...tierWords(s.tiers, true));
  out.push(`next scheduled run: ${s.nextScheduledRun ?? '-'}`, '');
  return out.join('\n');
}
