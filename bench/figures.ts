/** The shape every benchmark suite reports, and the helpers they share. */
export interface BenchFigure {
  name: string;
  value: number;
  unit: string;
  better: 'lower' | 'higher';
  target: number | null;
}

/** The p-th percentile (0..100) of a sample, nearest-rank. */
export function percentile(samples: readonly number[], p: number): number {
  if (samples.length === 0) return Number.NaN;
  const sorted = [...samples].sort((a, b) => a - b);
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[rank] ?? Number.NaN;
}

export function round(value: number, digits = 2): number {
  const factor = 10 ** digits;
  return Math.round(value * factor) / factor;
}

export function meetsTarget(figure: BenchFigure): boolean | null {
  if (figure.target === null) return null;
  return figure.better === 'lower' ? figure.value <= figure.target : figure.value >= figure.target;
}

export function formatTable(figures: readonly BenchFigure[]): string {
  const rows = figures.map((f) => {
    const ok = meetsTarget(f);
    return [
      f.name,
      String(f.value),
      f.unit,
      f.target === null ? '-' : `${f.better === 'lower' ? '<=' : '>='} ${f.target}`,
      ok === null ? '' : ok ? 'ok' : 'MISSED',
    ];
  });
  const header = ['name', 'value', 'unit', 'target', ''];
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]?.length ?? 0)));
  const line = (cells: string[]) =>
    cells
      .map((c, i) => c.padEnd(widths[i] ?? 0))
      .join('  ')
      .trimEnd();
  return [line(header), line(widths.map((w) => '-'.repeat(w))), ...rows.map(line)].join('\n');
}
