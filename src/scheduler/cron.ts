import { createTask } from 'node-cron';

/** The next `count` times the expression fires after now (node-cron's clock, so fake timers apply). */
export function nextRuns(expression: string, count: number): Date[] {
  const task = createTask(expression, () => undefined);
  try {
    return task.getNextRuns(count);
  } finally {
    // createTask registers the task globally; destroying it unregisters it.
    void task.destroy();
  }
}

/**
 * The schedule's interval for health checks: the LONGEST gap over the next few runs, so an irregular
 * expression (weekdays only, office hours) is not declared stale over a weekend or a night.
 */
export function cronIntervalMs(expression: string, samples = 12): number {
  const runs = nextRuns(expression, samples + 1);
  let longest = 0;
  for (let i = 1; i < runs.length; i++) {
    const a = runs[i - 1];
    const b = runs[i];
    if (a && b) longest = Math.max(longest, b.getTime() - a.getTime());
  }
  return longest;
}
