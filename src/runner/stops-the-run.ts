/** Kept for callers that ask only "does this stop the run?"; the answer lives in the one failure policy. */
export { stopsTheRun } from './failure-policy.ts';
