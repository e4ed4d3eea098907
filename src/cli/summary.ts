import type { RunSummary } from '../state/runs.ts';

export function printRunSummary(s: RunSummary, out: NodeJS.WritableStream): void {
  const rows = Object.entries(s.streams).map(([name, x]) => [name, x.status, x.mode, String(x.pages), String(x.records), String(x.rows), String(x.softDeleted), String(x.invalid)]);
  const headers = ['stream', 'status', 'mode', 'pages', 'records', 'rows', 'deleted', 'quarantined'];
  const widths = headers.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
  const line = (cells: string[]) => cells.map((c, i) => c.padEnd(widths[i] ?? 0)).join('  ').trimEnd();
  out.write(`${[line(headers), ...rows.map(line)].join('\n')}\n`);
  out.write(`\nrun ${s.status}: ${s.rowsTotal} rows, ${s.callsTotal} API calls, ${(s.durationMs / 1000).toFixed(1)} s\n`);
  for (const e of s.errors) out.write(`  error in ${e.stream}: ${e.message}\n`);
}
