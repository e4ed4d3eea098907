/** `--dump FILE` of the month bench (bench-month.ts): every change as JSON lines, to trace a miss to its records. */
import { writeFile } from 'node:fs/promises';
import { HOUR, type Design } from './bench-month-report.ts';

/** Every change each design saw (with its staleness) or has not seen (with its age at the end), as JSON lines: what a miss was. */
export async function dumpChanges(path: string, designs: readonly Design[], end: number): Promise<void> {
  const lines = designs.flatMap((d) => [
    ...d.seen.map((c) => JSON.stringify({ design: d.label, ...c, hours: c.staleness / HOUR })),
    ...d.pending.map((c) => JSON.stringify({ design: d.label, ...c, unseen: true, hours: (end - c.at) / HOUR })),
  ]);
  await writeFile(path, lines.join('\n') + '\n');
  console.log(`  every change, seen or not: ${path}`);
}
