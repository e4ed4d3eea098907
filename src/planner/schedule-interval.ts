import { createTask } from 'node-cron';

/** Runs sampled to average a schedule's interval (a day of hourly runs; irregular expressions average out). */
const DEFAULT_SAMPLES = 48;

/** The mean gap between the schedule's next runs: what a month of runs costs is runs x calls per run. */
export function meanIntervalMs(expression: string, samples = DEFAULT_SAMPLES): number {
  const task = createTask(expression, () => undefined);
  try {
    const runs = task.getNextRuns(samples + 1);
    const first = runs[0];
    const last = runs[runs.length - 1];
    return first && last && runs.length > 1 ? (last.getTime() - first.getTime()) / (runs.length - 1) : 3_600_000;
  } finally {
    void task.destroy();
  }
}
