export interface BenchResult {
  name: string;
  params: Record<string, unknown>;
  metrics: Record<string, number>;
  unit: string;
}

/** Percentile of an ascending-sorted sample (nearest rank). */
export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length - 1, Math.max(0, rank - 1))];
}
