/**
 * The ids an `ids` read asks for, ascending, a chunk at a time: the next at most `limit` ids above `after`.
 * The warehouse answers each chunk with a bounded query, so no read ever holds a whole set of query rows
 * (100,000 companies at large scale); the reader keeps the set it read as a typed array (collectIds).
 */
export type IdChunks = (after: number, limit: number) => Promise<number[]>;

/** Ids already in hand (a checkpoint's pending ids, tests), served in ascending chunks. */
export function fixedIds(ids: Iterable<number>): IdChunks {
  const sorted = [...new Set(ids)].sort((a, b) => a - b);
  return async (after, limit) => {
    let lo = 0;
    let hi = sorted.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (sorted[mid]! <= after) lo = mid + 1;
      else hi = mid;
    }
    return sorted.slice(lo, lo + limit);
  };
}

/** The union of several sources: each one's first `limit` ids above `after` hold the union's first `limit`. */
export function unionIds(...sources: IdChunks[]): IdChunks {
  return async (after, limit) => {
    const parts = await Promise.all(sources.map((s) => s(after, limit)));
    return [...new Set(parts.flat())].sort((a, b) => a - b).slice(0, limit);
  };
}

/**
 * Every id of a source above `after`, ascending, fetched a chunk at a time into a typed array: 8 bytes an
 * id outside the JavaScript heap (100,000 ids: 0.8 MB), where an array of query rows costs ten times that
 * inside it, and the collector lets its heap grow by a multiple of what is live.
 */
export async function collectIds(source: IdChunks, after: number, chunk: number): Promise<Float64Array> {
  let out = new Float64Array(chunk);
  let n = 0;
  for (let from = after; ;) {
    const ids = await source(from, chunk);
    if (n + ids.length > out.length) {
      const grown = new Float64Array(Math.max(out.length * 2, n + ids.length));
      grown.set(out.subarray(0, n));
      out = grown;
    }
    out.set(ids, n);
    n += ids.length;
    if (ids.length < chunk) return out.slice(0, n);
    from = ids[ids.length - 1]!;
  }
}
