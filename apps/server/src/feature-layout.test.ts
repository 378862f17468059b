import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * Every server feature has the same layout (docs/architecture.md, "Modules"): its routes are
 * registered in its routes.ts alone, which exports the one function index.ts calls, and what
 * turns its rows into the contract's shapes is in presenter.ts. Read as text, so a feature added
 * later is checked without being listed here.
 */
const FEATURES = fileURLToPath(new URL('./features/', import.meta.url));

/** A route registered: the typed helper, or Fastify's own methods on the app. */
const REGISTERS_ROUTE =
  /\baddRoute\(|\b(?:app|fastify|server|instance)\.(?:get|post|put|patch|delete|head|options|all|route)\(/;
/** A presenter declared: `function presentX(` or `const presentX =`. */
const DECLARES_PRESENTER = /\b(?:function|const|let)\s+present[A-Z]\w*\s*[=(<]/;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return name.endsWith('.ts') && !name.endsWith('.test.ts') ? [path] : [];
  });
}

const features = readdirSync(FEATURES).filter((name) => statSync(join(FEATURES, name)).isDirectory());
const files = features.flatMap((feature) =>
  sourceFiles(join(FEATURES, feature)).map((path) => ({
    feature,
    path: relative(FEATURES, path).split('\\').join('/'),
    text: readFileSync(path, 'utf8'),
  })),
);

describe('server feature layout', () => {
  it('finds the features and their files', () => {
    expect(features).toContain('blog');
    expect(files.some((f) => f.path === 'blog/routes.ts')).toBe(true);
  });

  it('registers no route in a feature index.ts', () => {
    const offenders = files.filter((f) => f.path === `${f.feature}/index.ts` && /\baddRoute\(/.test(f.text));
    expect(offenders.map((f) => f.path)).toEqual([]);
  });

  it('registers routes only in a feature routes.ts', () => {
    const offenders = files.filter(
      (f) => f.path !== `${f.feature}/routes.ts` && REGISTERS_ROUTE.test(f.text),
    );
    expect(offenders.map((f) => f.path)).toEqual([]);
  });

  it("has each routes.ts export one function, the routes' registration, which index.ts calls", () => {
    const routeFiles = files.filter((f) => f.path === `${f.feature}/routes.ts`);
    const wrong = routeFiles.flatMap((f) => {
      const exported = [
        ...f.text.matchAll(/^export\s+(?:async\s+)?(?:function|const|let|class|type|interface|\{)\s*(\w*)/gm),
      ];
      const name = exported.length === 1 ? /^export function (\w+Routes)\(/m.exec(f.text)?.[1] : undefined;
      const index = files.find((i) => i.path === `${f.feature}/index.ts`);
      const called = name !== undefined && index !== undefined && index.text.includes(`${name}(`);
      return called ? [] : [`${f.path}: ${exported.map((m) => m[1] || '{…}').join(', ') || 'nothing'}`];
    });
    expect(wrong).toEqual([]);
  });

  it('declares presenters only in a feature presenter.ts', () => {
    const offenders = files.filter(
      (f) => !f.path.endsWith('/presenter.ts') && DECLARES_PRESENTER.test(f.text),
    );
    expect(offenders.map((f) => f.path)).toEqual([]);
  });

  it("has no app code import a security-rules module but a feature's own rules (the suites' data)", () => {
    const SRC = fileURLToPath(new URL('./', import.meta.url));
    const offenders = sourceFiles(SRC).flatMap((path) => {
      const file = relative(SRC, path).split('\\').join('/');
      const own = /^features\/[^/]+\/security-rules\.ts$/.test(file);
      const imports = [...readFileSync(path, 'utf8').matchAll(/from '([^']*security-rules\.js)'/g)].map(
        (m) => m[1],
      );
      const allowed = own ? ['../../platform/security-rules.js'] : [];
      return imports.filter((i) => !allowed.includes(i!)).map((i) => `${file} imports ${i}`);
    });
    expect(offenders).toEqual([]);
  });
});
