/**
 * Columns padded to their widest cell, two spaces apart, trailing blanks trimmed: the tables `status` and
 * the run summary print. `rule` adds a line of dashes under the headers.
 */
export function textTable(headers: readonly string[], rows: readonly string[][], opts: { rule?: boolean } = {}): string {
  const widths = headers.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
  const line = (cells: readonly string[]) =>
    cells
      .map((c, i) => c.padEnd(widths[i] ?? 0))
      .join('  ')
      .trimEnd();
  const rule = opts.rule ? [line(widths.map((w) => '-'.repeat(w)))] : [];
  return [line(headers), ...rule, ...rows.map(line)].join('\n');
}
