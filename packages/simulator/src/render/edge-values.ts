/**
 * Wire forms of the edge-value profile (generate/generate-edge-values.ts), all valid RFC 3339 for the same
 * instant the store holds: midnight exactly as the leap second before it (`…T23:59:60Z` of the day
 * before), and every third record's time with lowercase `t` and `z`.
 */
import type { Ctx } from '../http/http-types.ts';

export function edgeTime(ctx: Ctx, iso: string, id: number): string {
  if (!ctx.settings.edgeValues) return iso;
  if (iso.endsWith('T00:00:00.000Z') && !iso.startsWith('0000-01-01')) {
    const dayBefore = new Date(Date.parse(iso) - 86_400_000).toISOString().slice(0, 10);
    return `${dayBefore}T23:59:60Z`;
  }
  return id % 3 === 0 ? iso.replace('T', 't').replace('Z', 'z') : iso;
}
