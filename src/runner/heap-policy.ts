import { setFlagsFromString } from 'node:v8';
import { DEFAULT_HEAP_GROWING_PERCENT } from '../defaults.ts';

const FLAG = '--heap-growing-percent';

/**
 * A sync keeps little alive (25–40 MB of heap at every scale: the code, plus one page per partition in
 * flight) but allocates fast (response JSON, validation, rows, statements). On a machine with memory to
 * spare V8 lets the old generation grow to up to 4× what the last full collection found live before it
 * collects again, so most of a sync's peak RSS was garbage waiting (BENCHMARKS.md, "Peak RSS"). Bounding
 * the growth costs a few more full collections, each a few tens of milliseconds over that small live set,
 * and changes nothing else. V8 reads the flag at every collection, so setting it after start-up works; a
 * value given on the command line (`node --heap-growing-percent=N`) is left alone.
 */
export function boundHeapGrowth(percent: number = DEFAULT_HEAP_GROWING_PERCENT): void {
  if (process.execArgv.some((a) => a.startsWith(FLAG))) return;
  setFlagsFromString(`${FLAG}=${percent}`);
}
