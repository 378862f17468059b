/**
 * Turns the figure lines of a run (BENCH_OUT=run.jsonl npm run bench) into the Markdown table
 * of docs/performance.md, with the machine it ran on:
 *   npx tsx bench/report.ts run.jsonl
 */
import { readFileSync } from 'node:fs';
import { cpus, totalmem } from 'node:os';
import type { Figure } from './lib/figures.js';

const file = process.argv[2];
if (!file) {
  console.error('usage: tsx bench/report.ts run.jsonl');
  process.exit(2);
}
const figures = readFileSync(file, 'utf8')
  .split('\n')
  .filter((l) => l.trim().startsWith('{'))
  .map((l) => JSON.parse(l) as Figure);

const mark = (p: boolean | null) => (p === true ? 'pass' : p === false ? '**MISS**' : '—');
const num = (v: number | null) => (v === null ? 'n/a' : String(v));

const lines = [
  `Machine: ${cpus().length} cores (nproc), ${cpus()[0]?.model ?? '?'}, ` +
    `${(totalmem() / 2 ** 30).toFixed(1)} GiB RAM, Node ${process.version}; run of ${new Date().toISOString().slice(0, 10)}.`,
  '',
  '| figure | value | unit | target | result |',
  '| --- | ---: | --- | --- | --- |',
  ...figures.map(
    (f) => `| \`${f.figure}\` | ${num(f.value)} | ${f.unit} | ${f.target ?? 'report'} | ${mark(f.pass)} |`,
  ),
];
console.log(lines.join('\n'));
