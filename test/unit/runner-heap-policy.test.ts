/** The sync's heap policy (src/runner/heap-policy.ts): bounded growth unless the node command line says otherwise. */
import { afterEach, describe, expect, it, vi } from 'vitest';

const setFlagsFromString = vi.fn();
vi.mock('node:v8', () => ({ setFlagsFromString }));
const { boundHeapGrowth } = await import('../../src/runner/heap-policy.ts');
const { DEFAULT_HEAP_GROWING_PERCENT } = await import('../../src/defaults.ts');

describe('heap policy', () => {
  const execArgv = process.execArgv;
  afterEach(() => {
    process.execArgv = execArgv;
    setFlagsFromString.mockClear();
  });

  it('bounds the growth at the default percent', () => {
    process.execArgv = [];
    boundHeapGrowth();
    expect(setFlagsFromString).toHaveBeenCalledWith(`--heap-growing-percent=${DEFAULT_HEAP_GROWING_PERCENT}`);
  });

  it('leaves a value given on the node command line alone', () => {
    process.execArgv = ['--heap-growing-percent=20'];
    boundHeapGrowth();
    expect(setFlagsFromString).not.toHaveBeenCalled();
  });
});
