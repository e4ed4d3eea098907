/**
 * Injectable faults for GET requests, drawn from a seeded stream so a run is repeatable:
 *   5xx        500 or 503 with a JSON error body
 *   html       502 with an HTML page (content-type text/html)
 *   reset      the socket is destroyed without any response
 *   slow       headers and half the body, a pause (`slowPauseMs`, 2 s by default), then the rest
 *   malformed  200 with a truncated JSON body
 * Spec: `5xx=0.05,reset=0.02,html=0.01,slow=0.01,malformed=0.005` (probabilities per GET; sum <= 1).
 * Also `webhook-drop=0.1`: the share of webhook deliveries lost (webhook-deliveries.ts), not a GET fault.
 */
import { Rng } from '../prng.ts';

export const FAULT_KINDS = ['5xx', 'reset', 'html', 'slow', 'malformed'] as const;
/** How long a `slow` answer stalls between its two halves, unless the simulator is told otherwise. */
export const SLOW_PAUSE_MS = 2_000;
export type FaultKind = (typeof FAULT_KINDS)[number];
export const DELIVERY_FAULTS = ['webhook-drop'] as const;
export type FaultSpec = Partial<Record<FaultKind | (typeof DELIVERY_FAULTS)[number], number>>;

export function parseFaults(spec: string): FaultSpec {
  const out: FaultSpec = {};
  const text = spec.trim();
  if (text === '' || text === 'none') return out;
  let total = 0;
  for (const part of text.split(',')) {
    const item = part.trim();
    if (item === '') continue;
    const m = /^([a-z0-9-]+)\s*=\s*([0-9]*\.?[0-9]+(?:e-?[0-9]+)?)$/i.exec(item);
    if (!m) throw new Error(`bad fault "${item}": expected name=probability, e.g. 5xx=0.05`);
    const name = (m[1] as string).toLowerCase();
    const delivery = (DELIVERY_FAULTS as readonly string[]).includes(name);
    if (!delivery && !(FAULT_KINDS as readonly string[]).includes(name)) {
      throw new Error(`unknown fault "${name}" in "${item}": use ${[...FAULT_KINDS, ...DELIVERY_FAULTS].join(', ')}`);
    }
    const p = Number(m[2]);
    if (!Number.isFinite(p) || p < 0 || p > 1) throw new Error(`bad probability in "${item}": must be between 0 and 1`);
    out[name as FaultKind] = p;
    // A delivery fault is not drawn per GET: it does not share the GET faults' total.
    if (!delivery) total += p;
  }
  if (total > 1 + 1e-9) throw new Error(`fault probabilities add up to ${total}, more than 1, in "${spec}"`);
  return out;
}

export class FaultInjector {
  private spec: FaultSpec;
  private readonly rng: Rng;

  constructor(spec: FaultSpec, seed: number) {
    this.spec = spec;
    this.rng = new Rng((seed ^ 0x5eed_fa17) >>> 0);
  }

  set(spec: FaultSpec): void {
    this.spec = spec;
  }

  /** One draw per GET: which fault (if any) this request gets. */
  draw(): FaultKind | null {
    const kinds = FAULT_KINDS.filter((k) => (this.spec[k] ?? 0) > 0);
    if (kinds.length === 0) return null;
    const r = this.rng.next();
    let acc = 0;
    for (const k of kinds) {
      acc += this.spec[k] ?? 0;
      if (r < acc) return k;
    }
    return null;
  }

  /** Secondary draw (e.g. 500 vs 503). */
  coin(): boolean {
    return this.rng.next() < 0.5;
  }
}

export const HTML_502 = '<html><body><h1>502 Bad Gateway</h1><p>The server returned an invalid or incomplete response.</p></body></html>\n';
