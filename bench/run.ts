/**
 * The benchmark suite: `npm run bench` runs every scenario, `npm run bench -- relay concurrency`
 * a subset. Each figure is one JSON line on stdout; progress notes go to stderr. Sizes come from
 * BENCH_* environment variables (bench/lib/knobs.ts); BENCH_OUT=file also appends the lines there.
 */
import { cpus, totalmem } from 'node:os';
import { allFigures, note } from './lib/figures.js';
import { ensureBuilt } from './lib/server.js';
import { api as apiScenario } from './scenarios/api.js';
import { bigConvos } from './scenarios/big-convos.js';
import { client } from './scenarios/client.js';
import { cluster } from './scenarios/cluster.js';
import { fileSearch } from './scenarios/file-search.js';
import { concurrency } from './scenarios/concurrency.js';
import { importLatencyScenario, importScenario } from './scenarios/import.js';
import { lighthouseScenario } from './scenarios/lighthouse.js';
import { prompt } from './scenarios/prompt.js';
import { relay } from './scenarios/relay.js';
import { search } from './scenarios/search.js';
import { startup } from './scenarios/startup.js';
import { tokenCost } from './scenarios/token-cost.js';
import { wire } from './scenarios/wire.js';

const scenarios: Record<string, () => Promise<void>> = {
  startup,
  relay,
  'token-cost': tokenCost,
  wire,
  concurrency,
  cluster,
  api: apiScenario,
  'big-convos': bigConvos,
  client,
  lighthouse: lighthouseScenario,
  import: importScenario,
  'import-latency': importLatencyScenario,
  search,
  prompt,
  'file-search': fileSearch,
};

const asked = process.argv.slice(2).filter((a) => !a.startsWith('-'));
const unknown = asked.filter((a) => !(a in scenarios));
if (unknown.length > 0) {
  console.error(`unknown scenario(s): ${unknown.join(', ')}; known: ${Object.keys(scenarios).join(', ')}`);
  process.exit(2);
}
const selected = asked.length > 0 ? asked : Object.keys(scenarios);

note(
  `machine: ${cpus().length} cores, ${cpus()[0]?.model ?? '?'}, ${Math.round(totalmem() / 2 ** 30)} GiB, node ${process.version}`,
);
// search, token-cost, prompt and file-search run in process on the app's sources: they need no build.
const inProcess = ['search', 'token-cost', 'prompt', 'file-search'];
if (selected.some((s) => !inProcess.includes(s))) await ensureBuilt();
let failed = 0;
for (const name of selected) {
  const t0 = Date.now();
  note(`== ${name}`);
  try {
    await scenarios[name]!();
  } catch (err) {
    failed++;
    note(`${name} failed: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}`);
  }
  note(`== ${name} done in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
}
const figures = allFigures();
const misses = figures.filter((f) => f.pass === false).map((f) => f.figure);
note(
  `${figures.length} figures, ${misses.length} below target${misses.length ? `: ${misses.join(', ')}` : ''}`,
);
// Exit 0 even with misses: a benchmark reports, it does not gate. A crashed scenario is an error.
process.exit(failed > 0 ? 1 : 0);
