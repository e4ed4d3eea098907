/**
 * An ascending array of integer ids. Pages are served from it by position (binary search on the last id
 * of the previous page), so a page costs O(log n + page size) however large the collection is.
 */
export class SortedIds {
  private readonly a: number[] = [];

  get length(): number {
    return this.a.length;
  }

  /** Ids are mostly allocated in increasing order, so add is usually a push. */
  add(id: number): void {
    const n = this.a.length;
    if (n === 0 || id > (this.a[n - 1] as number)) {
      this.a.push(id);
      return;
    }
    const i = this.lowerBound(id);
    if (this.a[i] === id) return;
    this.a.splice(i, 0, id);
  }

  remove(id: number): boolean {
    const i = this.lowerBound(id);
    if (this.a[i] !== id) return false;
    this.a.splice(i, 1);
    return true;
  }

  has(id: number): boolean {
    return this.a[this.lowerBound(id)] === id;
  }

  at(i: number): number | undefined {
    return this.a[i];
  }

  /** First index whose id is >= id. */
  lowerBound(id: number): number {
    let lo = 0;
    let hi = this.a.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if ((this.a[mid] as number) < id) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  /** First index whose id is > id. */
  upperBound(id: number): number {
    let lo = 0;
    let hi = this.a.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if ((this.a[mid] as number) <= id) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  values(): readonly number[] {
    return this.a;
  }
}
