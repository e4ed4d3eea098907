/**
 * A parser of the Prometheus text exposition format (0.0.4), strict where scrapers are: every sample belongs to
 * a family declared by `# TYPE` before it, names and label names are valid, label values are quoted with only
 * `\\`, `\"` and `\n` escaped, values are numbers (or NaN, +Inf, -Inf in any case), no series appears twice, and a
 * histogram's buckets are cumulative and end in `le="+Inf"` equal to its `_count`. Throws naming the line.
 */
export interface PromSample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

export interface PromFamily {
  name: string;
  type: 'counter' | 'gauge' | 'histogram' | 'summary' | 'untyped';
  help: string;
  samples: PromSample[];
}

const NAME = /^[a-zA-Z_:][a-zA-Z0-9_:]*$/;
const LABEL = /^[a-zA-Z_][a-zA-Z0-9_]*$/;
const SUFFIXES: Record<PromFamily['type'], readonly string[]> = {
  counter: [''],
  gauge: [''],
  untyped: [''],
  histogram: ['_bucket', '_sum', '_count'],
  summary: ['', '_sum', '_count'],
};

/** As Prometheus reads a value (Go's ParseFloat): NaN and Inf in any case, so prom-client's `Nan` too. */
function parseValue(text: string, where: string): number {
  if (/^\+?inf$/i.test(text)) return Infinity;
  if (/^-inf$/i.test(text)) return -Infinity;
  if (/^nan$/i.test(text)) return NaN;
  if (!/^[-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?$/.test(text)) throw new Error(`${where}: not a sample value: ${text}`);
  return Number(text);
}

/** `{a="x",b="y\"z"}` from `at`; returns the labels and where they end. */
function parseLabels(line: string, at: number, where: string): { labels: Record<string, string>; end: number } {
  const labels: Record<string, string> = {};
  let i = at + 1;
  while (line[i] !== '}') {
    const eq = line.indexOf('=', i);
    const name = line.slice(i, eq);
    if (eq < 0 || !LABEL.test(name)) throw new Error(`${where}: bad label name "${name}"`);
    if (name in labels) throw new Error(`${where}: label ${name} twice`);
    if (line[eq + 1] !== '"') throw new Error(`${where}: label ${name} value is not quoted`);
    let value = '';
    let j = eq + 2;
    for (; j < line.length && line[j] !== '"'; j++) {
      if (line[j] !== '\\') {
        value += line[j];
        continue;
      }
      const next = line[++j];
      if (next === 'n') value += '\n';
      else if (next === '\\' || next === '"') value += next;
      else throw new Error(`${where}: bad escape \\${next ?? ''} in label ${name}`);
    }
    if (j >= line.length) throw new Error(`${where}: label ${name} value is not closed`);
    labels[name] = value;
    i = j + 1;
    if (line[i] === ',') i += 1;
    else if (line[i] !== '}') throw new Error(`${where}: expected , or } after label ${name}`);
  }
  return { labels, end: i + 1 };
}

function familyOf(families: Map<string, PromFamily>, sample: string): PromFamily | undefined {
  for (const f of families.values()) if (SUFFIXES[f.type].some((s) => `${f.name}${s}` === sample)) return f;
  return undefined;
}

function checkHistograms(families: Map<string, PromFamily>): void {
  for (const f of families.values()) {
    if (f.type !== 'histogram') continue;
    const series = new Map<string, PromSample[]>();
    for (const s of f.samples.filter((x) => x.name.endsWith('_bucket'))) {
      const { le: _le, ...rest } = s.labels;
      const key = JSON.stringify(rest);
      series.set(key, [...(series.get(key) ?? []), s]);
    }
    for (const [key, buckets] of series) {
      const last = buckets[buckets.length - 1];
      if (last?.labels.le !== '+Inf') throw new Error(`${f.name}${key}: the last bucket is not le="+Inf"`);
      for (let i = 1; i < buckets.length; i++) if (buckets[i]!.value < buckets[i - 1]!.value) throw new Error(`${f.name}${key}: buckets are not cumulative`);
      const count = f.samples.find((x) => x.name === `${f.name}_count` && JSON.stringify(x.labels) === key);
      if (count?.value !== last.value) throw new Error(`${f.name}${key}: _count ${count?.value} is not the +Inf bucket ${last.value}`);
    }
  }
}

export function parseExposition(text: string): Map<string, PromFamily> {
  if (!text.endsWith('\n')) throw new Error('the exposition does not end with a newline');
  const families = new Map<string, PromFamily>();
  const seen = new Set<string>();
  const help = new Map<string, string>();
  text
    .slice(0, -1)
    .split('\n')
    .forEach((line, n) => {
      const where = `line ${n + 1}`;
      if (line === '') return;
      const meta = /^# (HELP|TYPE) (\S+) ?(.*)$/.exec(line);
      if (meta) {
        const [, kind, name, rest] = meta as unknown as [string, string, string, string];
        if (!NAME.test(name)) throw new Error(`${where}: bad metric name ${name}`);
        if (kind === 'HELP') help.set(name, rest);
        else {
          if (families.has(name)) throw new Error(`${where}: ${name} declared twice`);
          if (!(rest in SUFFIXES)) throw new Error(`${where}: unknown type ${rest}`);
          families.set(name, { name, type: rest as PromFamily['type'], help: help.get(name) ?? '', samples: [] });
        }
        return;
      }
      if (line.startsWith('#')) return;
      const nameEnd = line.search(/[{ ]/);
      const name = line.slice(0, nameEnd);
      if (!NAME.test(name)) throw new Error(`${where}: bad sample name "${name}"`);
      const { labels, end } = line[nameEnd] === '{' ? parseLabels(line, nameEnd, where) : { labels: {}, end: nameEnd };
      const parts = line.slice(end).trim().split(/\s+/);
      if (parts.length > 2) throw new Error(`${where}: trailing text`);
      const family = familyOf(families, name);
      if (!family) throw new Error(`${where}: sample ${name} of no declared family`);
      const series = `${name}${JSON.stringify(Object.entries(labels).sort())}`;
      if (seen.has(series)) throw new Error(`${where}: series ${series} twice`);
      seen.add(series);
      family.samples.push({ name, labels, value: parseValue(parts[0] ?? '', where) });
    });
  checkHistograms(families);
  return families;
}

/** The value of the one sample of `name` whose labels include `labels`; throws when there is not exactly one. */
export function sampleValue(families: Map<string, PromFamily>, name: string, labels: Record<string, string> = {}): number {
  const all = [...families.values()].flatMap((f) => f.samples);
  const hits = all.filter((s) => s.name === name && Object.entries(labels).every(([k, v]) => s.labels[k] === v));
  if (hits.length !== 1) throw new Error(`${hits.length} samples of ${name} ${JSON.stringify(labels)}`);
  return hits[0]!.value;
}
