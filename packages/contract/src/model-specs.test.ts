import { describe, expect, it } from 'vitest';
import { startingModelSpec, type ModelSpec, type ModelSpecsConfig } from './model-specs.js';

const spec = (name: string, extra: Partial<ModelSpec> = {}): ModelSpec => ({
  name,
  label: name,
  preset: { endpoint: 'openAI', model: 'gpt-4o-mini' },
  ...extra,
});
const config = (list: ModelSpec[], extra: Partial<ModelSpecsConfig> = {}): ModelSpecsConfig => ({
  enforce: false,
  prioritize: true,
  list,
  ...extra,
});

describe('startingModelSpec', () => {
  it('starts on the default spec whatever was chosen last', () => {
    const specs = config([spec('a'), spec('b', { default: true })]);
    expect(startingModelSpec(specs, 'a', true)?.name).toBe('b');
  });

  it('prioritized: the last chosen spec, else the first (the last-used raw model does not win)', () => {
    const specs = config([spec('a'), spec('b')]);
    expect(startingModelSpec(specs, 'b', true)?.name).toBe('b');
    expect(startingModelSpec(specs, null, true)?.name).toBe('a');
    expect(startingModelSpec(specs, 'gone', true)?.name).toBe('a');
  });

  it('not prioritized: a spec only when the last choice was one', () => {
    const specs = config([spec('a'), spec('b')], { prioritize: false });
    expect(startingModelSpec(specs, null, true)).toBeUndefined();
    expect(startingModelSpec(specs, 'b', true)?.name).toBe('b');
    // Without a model menu (or enforced) a spec is the only way in.
    expect(startingModelSpec(specs, null, false)?.name).toBe('a');
    expect(startingModelSpec({ ...specs, enforce: true }, null, true)?.name).toBe('a');
  });

  it('has none without specs', () => {
    expect(startingModelSpec(undefined, 'a', true)).toBeUndefined();
    expect(startingModelSpec(config([]), 'a', true)).toBeUndefined();
  });
});
