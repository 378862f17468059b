import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

/**
 * The modules that work on zod without holding schemas: the row's type and `route()`, the OpenAPI
 * writer, the switch that turns zod's code compilation off, and the table that gathers every row.
 */
const ZOD_MACHINERY = ['no-eval.ts', 'openapi.ts', 'route-def.ts', 'routes.ts'];

const DIR = new URL('./', import.meta.url);
const modules = readdirSync(DIR)
  .filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'))
  .map((name) => ({ name, text: readFileSync(new URL(name, DIR), 'utf8') }));
const zodFree = modules.filter((m) => !m.name.endsWith('-schemas.ts') && !ZOD_MACHINERY.includes(m.name));

describe("the contract's file names", () => {
  it('name every module that imports zod *-schemas.ts, the machinery aside', () => {
    const misnamed = zodFree.filter((m) => /from 'zod'/.test(m.text)).map((m) => m.name);
    expect(misnamed).toEqual([]);
  });

  it('let a zod-free module take only types from a *-schemas.ts (the index re-exports all)', () => {
    const valueImport = /^import\s+(?!type\b)[^;]*?from\s+'\.\/[^']+-schemas\.js'/m;
    const loading = zodFree
      .filter((m) => m.name !== 'index.ts' && valueImport.test(m.text))
      .map((m) => m.name);
    expect(loading).toEqual([]);
  });
});
