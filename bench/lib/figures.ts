/**
 * Figures: one JSON line per figure on stdout (machine-readable), everything else on stderr.
 * A target is a string like ">=0.95" or "<=25"; pass is null when there is no target or no value.
 */
import { appendFileSync } from 'node:fs';

export interface Figure {
  figure: string;
  value: number | null;
  target: string | null;
  pass: boolean | null;
  unit: string;
  compare?: Record<string, unknown>;
  note?: string;
}

const emitted: Figure[] = [];

function check(value: number | null, target: string | null): boolean | null {
  if (value === null || target === null || !Number.isFinite(value)) return null;
  const m = /^(>=|<=|==|<|>)\s*(-?[\d.]+)$/.exec(target.trim());
  if (!m) return null;
  const t = Number(m[2]);
  switch (m[1]) {
    case '>=':
      return value >= t;
    case '<=':
      return value <= t;
    case '<':
      return value < t;
    case '>':
      return value > t;
    default:
      return value === t;
  }
}

/** Prints one figure line; pass is computed from value and target unless given. */
export function emit(f: Omit<Figure, 'pass'> & { pass?: boolean | null }): Figure {
  const figure: Figure = {
    figure: f.figure,
    value: f.value === null ? null : round(f.value),
    target: f.target,
    pass: f.pass !== undefined ? f.pass : check(f.value, f.target),
    unit: f.unit,
    ...(f.compare ? { compare: roundDeep(f.compare) as Record<string, unknown> } : {}),
    ...(f.note ? { note: f.note } : {}),
  };
  const line = JSON.stringify(figure);
  process.stdout.write(`${line}\n`);
  if (process.env.BENCH_OUT) appendFileSync(process.env.BENCH_OUT, `${line}\n`);
  emitted.push(figure);
  return figure;
}

export function allFigures(): readonly Figure[] {
  return emitted;
}

/** Human notes go to stderr so stdout stays one JSON line per figure. */
export function note(...parts: unknown[]): void {
  const text = parts.map((p) => (typeof p === 'string' ? p : JSON.stringify(p))).join(' ');
  process.stderr.write(`[bench ${new Date().toISOString().slice(11, 19)}] ${text}\n`);
}

function round(n: number): number {
  if (!Number.isFinite(n)) return n;
  const abs = Math.abs(n);
  const digits = abs >= 100 ? 1 : abs >= 1 ? 2 : 4;
  return Number(n.toFixed(digits));
}

function roundDeep(v: unknown): unknown {
  if (typeof v === 'number') return round(v);
  if (Array.isArray(v)) return v.map(roundDeep);
  if (v && typeof v === 'object') {
    return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, roundDeep(x)]));
  }
  return v;
}

/** Percentile (nearest-rank) of unsorted numbers; NaN when empty. */
export function percentile(values: ArrayLike<number>, p: number): number {
  const n = values.length;
  if (n === 0) return NaN;
  const sorted = Float64Array.from(values as ArrayLike<number>).sort();
  const rank = Math.min(n - 1, Math.max(0, Math.ceil((p / 100) * n) - 1));
  return sorted[rank]!;
}

export function median(values: ArrayLike<number>): number {
  return percentile(values, 50);
}

export interface Summary {
  n: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
}

export function summary(values: ArrayLike<number>): Summary {
  return {
    n: values.length,
    p50: percentile(values, 50),
    p95: percentile(values, 95),
    p99: percentile(values, 99),
    max: percentile(values, 100),
  };
}
