import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { MODULES } from './app.js';

const doc = readFileSync(new URL('../../../docs/architecture.md', import.meta.url), 'utf8');

describe('docs/architecture.md', () => {
  it('lists the server modules as app.ts registers them, in their order', () => {
    const block = /MODULES = \[([^\]]*)\]/.exec(doc);
    expect(block, 'the page names MODULES = [ … ]').not.toBeNull();
    const listed = block![1]!.split(/[\s,]+/).filter(Boolean);
    expect(listed).toEqual(MODULES.map((m) => m.name));
  });
});
