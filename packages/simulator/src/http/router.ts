/** A small route table: adding a route is one line in a routes-*.ts file. */
import type { RouteDef } from './http-types.ts';

interface Compiled {
  def: RouteDef;
  segs: string[];
  /** Param names by segment index (null = literal). */
  names: Array<string | null>;
}

export interface Match {
  def: RouteDef;
  params: Record<string, string>;
}

export class Router {
  private readonly byLen = new Map<number, Compiled[]>();

  constructor(routes: readonly RouteDef[]) {
    for (const def of routes) {
      const segs = def.path.split('/').filter(Boolean);
      const names = segs.map((s) => (s.startsWith('{') && s.endsWith('}') ? s.slice(1, -1) : null));
      const arr = this.byLen.get(segs.length) ?? [];
      arr.push({ def, segs, names });
      this.byLen.set(segs.length, arr);
    }
    // Literal segments win over parameters (`/v2/companies/fields` before `/v2/companies/{companyId}`).
    for (const arr of this.byLen.values()) arr.sort((a, b) => literalScore(b) - literalScore(a));
  }

  /** Routes matching the path, for any method. */
  match(path: string): Array<Match> {
    const segs = path.split('/').filter(Boolean);
    const out: Match[] = [];
    for (const c of this.byLen.get(segs.length) ?? []) {
      const params: Record<string, string> = {};
      let okay = true;
      for (let i = 0; i < segs.length; i++) {
        const name = c.names[i];
        const seg = segs[i] as string;
        if (name === null || name === undefined) {
          if (c.segs[i] !== seg) {
            okay = false;
            break;
          }
        } else {
          params[name] = safeDecode(seg);
        }
      }
      if (okay) out.push({ def: c.def, params });
    }
    return out;
  }
}

function literalScore(c: Compiled): number {
  // Weight earlier literal segments more, so the most specific template is tried first.
  return c.names.reduce((acc, n, i) => acc + (n === null ? 2 ** (20 - i) : 0), 0);
}

function safeDecode(s: string): string {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
}
