import { dirname, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The server's layout as a lint rule (docs/architecture.md): a feature imports another feature
 * only through its index.ts, or its tables through its schema.ts (a foreign key names another
 * feature's table); platform, db, config and providers never import a feature, except the lists
 * of features' tables (db/schema.ts), settings (config/feature-settings.ts) and librechat.yaml
 * blocks (config/feature-yaml.ts); the app's code
 * (not its tests) never imports apps/server/test. Relative specifiers are resolved against
 * the importing file (`.js` names the `.ts` source), so no module resolver is needed.
 */
const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const SHARED = new Set(['platform', 'db', 'config', 'providers']);
/**
 * The shared files that name features, each a list of one kind of feature file: every feature's
 * tables (schema.ts) and every feature's environment (settings.ts).
 */
const LISTS = new Map([
  [['apps', 'server', 'src', 'db', 'schema.ts'].join(sep), 'schema.ts'],
  [['apps', 'server', 'src', 'config', 'feature-settings.ts'].join(sep), 'settings.ts'],
  [['apps', 'server', 'src', 'config', 'feature-yaml.ts'].join(sep), 'yaml.ts'],
]);

/** Where a repository path sits in the server's layout. */
function classify(rel) {
  const parts = rel.split(sep);
  if (parts[0] !== 'apps' || parts[1] !== 'server') return { kind: 'outside' };
  if (parts[2] === 'test') return { kind: 'test' };
  if (parts[2] !== 'src') return { kind: 'outside' };
  if (parts[3] === 'features' && parts.length > 5) {
    return { kind: 'feature', name: parts[4], rest: parts.slice(5).join('/') };
  }
  if (SHARED.has(parts[3])) return { kind: 'shared', name: parts[3] };
  return { kind: 'app' };
}

const rule = {
  meta: {
    type: 'problem',
    schema: [],
    messages: {
      internals:
        "Feature '{{from}}' imports '{{target}}' of feature '{{to}}': import '{{to}}/index.js', which exports what other features may use.",
      sharedToFeature: "'{{from}}' is shared plumbing and must not import feature '{{to}}'.",
      testCode: 'App code must not import test support ({{target}}).',
    },
  },
  create(context) {
    const file = context.filename;
    const from = classify(relative(ROOT, file));
    if (from.kind === 'outside' || from.kind === 'test') return {};
    const isTest = /\.test\.ts$/.test(file);

    const check = (source) => {
      const spec = source?.value;
      if (typeof spec !== 'string' || !spec.startsWith('.')) return;
      const target = relative(ROOT, resolve(dirname(file), spec)).replace(/\.js$/, '.ts');
      const to = classify(target);
      if (to.kind === 'test') {
        if (!isTest) context.report({ node: source, messageId: 'testCode', data: { target: spec } });
        return;
      }
      if (to.kind !== 'feature') return;
      const tables = to.rest === 'schema.ts';
      const listed = LISTS.get(relative(ROOT, file)) === to.rest;
      if (from.kind === 'shared' && !listed) {
        context.report({
          node: source,
          messageId: 'sharedToFeature',
          data: { from: from.name, to: to.name },
        });
      } else if (from.kind === 'feature' && from.name !== to.name && to.rest !== 'index.ts' && !tables) {
        context.report({
          node: source,
          messageId: 'internals',
          data: { from: from.name, to: to.name, target: to.rest },
        });
      }
    };

    return {
      ImportDeclaration: (node) => check(node.source),
      ExportNamedDeclaration: (node) => check(node.source),
      ExportAllDeclaration: (node) => check(node.source),
      ImportExpression: (node) => check(node.source),
    };
  },
};

export default { rules: { 'server-boundaries': rule } };
