import type { HighWater } from './stream.ts';

/** Filter text for `/v2` feeds: whole seconds (the service rejects fractions), inclusive. */
export function sinceFilter(prop: string | readonly string[], hw: HighWater | null): string | undefined {
  if (!hw) return undefined;
  const t = new Date(Math.floor(Date.parse(hw.at) / 1000) * 1000).toISOString().replace('.000Z', 'Z');
  const props = typeof prop === 'string' ? [prop] : prop;
  return props.map((pr) => `${pr}>=${t}`).join('|');
}
