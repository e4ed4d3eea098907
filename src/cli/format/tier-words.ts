/** `plan` and `status` words for relevance tiers (the numbers: budget/tier-summary.ts). */
import type { TierSummary } from '../../state/tier-lines.ts';

const n = (x: number) => Math.round(x).toLocaleString('en-US');
const period = (ms: number) =>
  Number.isFinite(ms)
    ? `every ${ms >= 172_800_000 ? `${(ms / 86_400_000).toFixed(1)} d` : `${(ms / 3_600_000).toFixed(1)} h`}`
    : 'never re-read (no room in the budget)';

/** Lines for `plan` (periods and calls) or `status` (staleness that holds now). */
export function tierWords(t: TierSummary, forStatus: boolean): string[] {
  const side = t.side === 'company' ? 'companies (GET /organizations/{id})' : 'persons (GET /persons/{id})';
  const out = [`relevance tiers: company↔person sets read one by one from ${side}`];
  for (const l of t.lines) {
    const fresh = l.oldestReadAt ? `oldest read ${l.oldestReadAt}` : `${n(l.neverRead)} never read`;
    const rest = l.completeBy ? `; all read once by ${l.completeBy}` : '';
    out.push(
      forStatus
        ? `  ${l.tier.padEnd(4)} ${n(l.records).padStart(8)} records: ${fresh}${rest}`
        : `  ${l.tier.padEnd(4)} ${n(l.records).padStart(8)} records: ${period(l.periodMs)}, ${n(l.callsPerMonth)} calls a month${rest}`,
    );
  }
  if (t.hotStretch > 1)
    out.push(`  the hot tier does not fit the monthly budget beside the cold tier at its longest: hot periods stretched ×${t.hotStretch.toFixed(2)}`);
  return out;
}
