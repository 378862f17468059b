// Fails when modules import each other in a circle (type-only imports included): a type two
// modules share belongs in a module below both. Reads the relative import and export specifiers
// of the server, web and contract sources; `.js` in a specifier names the `.ts`/`.tsx` source.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const SOURCES = ['apps/server/src', 'apps/web/src', 'packages/contract/src'];
const SPECIFIER = /(?:^|\n)\s*(?:import|export)\b[^'"`;]*?from\s*['"](\.{1,2}\/[^'"]+)['"]/g;

function* sourceFiles(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* sourceFiles(path);
    else if (/\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name)) yield path;
  }
}

function resolveSpecifier(from, spec) {
  const base = resolve(dirname(from), spec).replace(/\.js$/, '');
  for (const candidate of [`${base}.ts`, `${base}.tsx`, join(base, 'index.ts'), join(base, 'index.tsx')]) {
    if (existsSync(candidate)) return candidate;
  }
  return undefined;
}

const graph = new Map();
for (const dir of SOURCES) {
  for (const file of sourceFiles(join(ROOT, dir))) {
    const text = readFileSync(file, 'utf8');
    const targets = new Set();
    for (const m of text.matchAll(SPECIFIER)) {
      const target = resolveSpecifier(file, m[1]);
      if (target) targets.add(target);
    }
    graph.set(file, targets);
  }
}

// Tarjan's strongly connected components: each component of more than one module is a circle.
let index = 0;
const stack = [];
const state = new Map();
const circles = [];
function visit(node) {
  const s = { index, low: index, onStack: true };
  index++;
  state.set(node, s);
  stack.push(node);
  for (const next of graph.get(node) ?? []) {
    if (!graph.has(next)) continue;
    const t = state.get(next);
    if (!t) {
      visit(next);
      s.low = Math.min(s.low, state.get(next).low);
    } else if (t.onStack) s.low = Math.min(s.low, t.index);
  }
  if (s.low === s.index) {
    const component = [];
    let member;
    do {
      member = stack.pop();
      state.get(member).onStack = false;
      component.push(member);
    } while (member !== node);
    if (component.length > 1 || graph.get(node)?.has(node)) circles.push(component);
  }
}
for (const node of graph.keys()) if (!state.has(node)) visit(node);

if (circles.length > 0) {
  for (const c of circles) console.error(`import circle: ${c.map((f) => relative(ROOT, f)).join(' ⇄ ')}`);
  process.exit(1);
}
console.log(`no import circles in ${graph.size} modules`);
