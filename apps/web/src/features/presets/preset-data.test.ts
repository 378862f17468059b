import { describe, expect, it } from 'vitest';
import { DEFAULT_PRESET_TITLE, PRESET_LIMITS, type Preset } from '@chat/contract';
import {
  dropDefaults,
  exportPresetJson,
  isJsonFile,
  parsePreset,
  parsePresetFile,
  PresetFileError,
  presetFileName,
  removePreset,
  sanitizeFileName,
  setupOf,
  updateBody,
  upsertPreset,
} from './preset-data';

function preset(over: Partial<Preset> & { presetId: string }): Preset {
  return {
    title: 'P',
    user: 'u1',
    endpoint: 'openAI',
    model: 'gpt-4o-mini',
    defaultPreset: false,
    order: null,
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
    ...over,
  };
}

describe('dropDefaults (values equal to defaults are dropped before saving)', () => {
  it('drops parameters equal to the endpoint type’s defaults and keeps the others', () => {
    expect(
      dropDefaults({
        endpoint: 'openAI',
        model: 'gpt-4o',
        temperature: 1,
        top_p: 0.5,
        frequency_penalty: 0,
        presence_penalty: 0.4,
      }),
    ).toEqual({ endpoint: 'openAI', model: 'gpt-4o', top_p: 0.5, presence_penalty: 0.4 });
    // Google's defaults are not OpenAI's: 0.2 is Google's temperature default, 1 is not.
    expect(dropDefaults({ endpoint: 'google', model: 'chat-bison', temperature: 0.2, topK: 12 })).toEqual({
      endpoint: 'google',
      model: 'chat-bison',
      topK: 12,
    });
  });

  it('reads the type from endpointType (a custom endpoint) and drops parameters it does not take', () => {
    expect(
      dropDefaults({ endpoint: 'Mistral', endpointType: 'custom', model: 'm', temperature: 1, topK: 3 }),
    ).toEqual({ endpoint: 'Mistral', endpointType: 'custom', model: 'm' });
    expect(dropDefaults({ endpoint: 'anthropic', model: 'claude-1', frequency_penalty: 1 })).toEqual({
      endpoint: 'anthropic',
      model: 'claude-1',
    });
  });

  it('drops unset values and the provider defaults of the other options', () => {
    expect(
      dropDefaults({
        endpoint: 'openAI',
        model: 'gpt-4o',
        chatGptLabel: '',
        promptPrefix: null,
        resendImages: false,
        imageDetail: 'auto',
        tools: [],
      }),
    ).toEqual({ endpoint: 'openAI', model: 'gpt-4o' });
    expect(
      dropDefaults({ endpoint: 'openAI', model: 'gpt-4o', resendImages: true, imageDetail: 'high' }),
    ).toEqual({ endpoint: 'openAI', model: 'gpt-4o', resendImages: true, imageDetail: 'high' });
  });
});

describe('parsePreset (invalid data falls back to defaults)', () => {
  it('keeps valid fields, names and drops invalid ones, and sends presetId as null', () => {
    const { body, invalid } = parsePreset(
      {
        presetId: '6c1d3a0e-2d1c-4f3b-9a8e-1b2c3d4e5f60',
        title: '  Pirate  ',
        endpoint: 'openAI',
        model: 'gpt-4o',
        temperature: 'hot',
        top_p: 0.3,
        imageDetail: 'ultra',
        promptPrefix: 'Arr',
        user: 'someone-else',
        unknown: 1,
      },
      'google',
    );
    expect(body).toEqual({
      presetId: null,
      title: 'Pirate',
      endpoint: 'openAI',
      model: 'gpt-4o',
      top_p: 0.3,
      promptPrefix: 'Arr',
    });
    expect(invalid.sort()).toEqual(['imageDetail', 'temperature']);
  });

  it('falls back for a value out of the endpoint’s range, a bad endpoint and a bad title', () => {
    const { body, invalid } = parsePreset(
      { endpoint: 42, title: 7, model: 'chat-bison', temperature: 1.5, topK: 40 },
      'google',
    );
    // Google's temperature is 0..1; topK 40 is its default and dropped.
    expect(body).toEqual({
      presetId: null,
      title: DEFAULT_PRESET_TITLE,
      endpoint: 'google',
      model: 'chat-bison',
    });
    expect(invalid.sort()).toEqual(['endpoint', 'temperature', 'title']);
  });

  it('keeps a custom endpoint named with punctuation and other scripts, and refuses a control character', () => {
    const name = 'OpenAI (DigitalOcean) R&D: 模型/β';
    const { body, invalid } = parsePreset({ endpoint: name, model: 'm', title: 'Mine' }, 'openAI');
    expect(invalid).toEqual([]);
    expect(body.endpoint).toBe(name);
    expect(parsePreset({ endpoint: 'bell\u0007' }, 'openAI').invalid).toEqual(['endpoint']);
  });

  it('cuts a long title to the limit and reads anything but an object as an empty preset', () => {
    const long = parsePreset({ endpoint: 'openAI', title: 'x'.repeat(400) }, 'openAI');
    expect(long.body.title).toHaveLength(PRESET_LIMITS.titleMaxChars);
    expect(parsePreset(['not', 'an', 'object'], 'anthropic')).toEqual({
      body: { presetId: null, title: DEFAULT_PRESET_TITLE, endpoint: 'anthropic' },
      invalid: [],
    });
  });
});

describe('import and export files', () => {
  it('takes .json files only', () => {
    expect(isJsonFile({ name: 'pirate.json', type: 'application/json' })).toBe(true);
    expect(isJsonFile({ name: 'PIRATE.JSON', type: '' })).toBe(true);
    expect(isJsonFile({ name: 'pirate.txt', type: 'application/json' })).toBe(false);
    expect(isJsonFile({ name: 'json', type: '' })).toBe(false);
  });

  it('refuses a file that is not JSON or not an object with a PresetFileError', () => {
    expect(() => parsePresetFile('{ nope', 'openAI')).toThrow(PresetFileError);
    expect(() => parsePresetFile('[1,2]', 'openAI')).toThrow(PresetFileError);
    expect(() => parsePresetFile('null', 'openAI')).toThrow(PresetFileError);
    expect(parsePresetFile('{"endpoint":"anthropic","topK":9}', 'openAI').body).toEqual({
      presetId: null,
      title: DEFAULT_PRESET_TITLE,
      endpoint: 'anthropic',
      topK: 9,
    });
  });

  it('exports what importing recreates, without owner, dates or default flag', () => {
    const p = preset({
      presetId: '6c1d3a0e-2d1c-4f3b-9a8e-1b2c3d4e5f60',
      title: 'Tuned',
      temperature: 0.4,
      defaultPreset: true,
    });
    const json = JSON.parse(exportPresetJson(p)) as Record<string, unknown>;
    expect(json).toEqual({
      presetId: p.presetId,
      title: 'Tuned',
      endpoint: 'openAI',
      model: 'gpt-4o-mini',
      temperature: 0.4,
    });
    const back = parsePresetFile(exportPresetJson(p), 'google');
    expect(back.body).toEqual({ ...json, presetId: null });
    expect(back.invalid).toEqual([]);
  });

  it('sanitizes the file name', () => {
    expect(presetFileName({ title: 'My: "best"/preset?' })).toBe('My_ _best_preset_.json');
    expect(sanitizeFileName('../../etc/passwd')).toBe('etc_passwd');
    expect(sanitizeFileName('a\u0000b\nc')).toBe('a_b_c');
    expect(sanitizeFileName('...')).toBe('preset');
    expect(sanitizeFileName('   ')).toBe('preset');
    expect(sanitizeFileName('y'.repeat(300))).toHaveLength(100);
  });
});

describe('cache updates (one default at a time)', () => {
  const a = preset({ presetId: 'a', defaultPreset: true, updatedAt: '2026-01-03T00:00:00.000Z' });
  const b = preset({ presetId: 'b', updatedAt: '2026-01-02T00:00:00.000Z' });
  const c = preset({ presetId: 'c', updatedAt: '2026-01-01T00:00:00.000Z' });

  it('a new default replaces the old one and comes first', () => {
    const list = upsertPreset([a, b, c], {
      ...c,
      defaultPreset: true,
      updatedAt: '2026-01-04T00:00:00.000Z',
    });
    expect(list.map((p) => [p.presetId, p.defaultPreset])).toEqual([
      ['c', true],
      ['a', false],
      ['b', false],
    ]);
    expect(list.filter((p) => p.defaultPreset)).toHaveLength(1);
  });

  it('removing the default clears it; a non-default save leaves the default alone', () => {
    const cleared = upsertPreset([a, b], {
      ...a,
      defaultPreset: false,
      updatedAt: '2026-01-05T00:00:00.000Z',
    });
    expect(cleared.some((p) => p.defaultPreset)).toBe(false);
    const added = upsertPreset([a, b], preset({ presetId: 'd', updatedAt: '2026-01-09T00:00:00.000Z' }));
    expect(added.map((p) => p.presetId)).toEqual(['a', 'd', 'b']);
    expect(added[0]!.defaultPreset).toBe(true);
    expect(upsertPreset(undefined, b)).toEqual([b]);
  });

  it('orders by order (unset last) after the default', () => {
    const list = upsertPreset([b, c], { ...c, order: 1 });
    expect(list.map((p) => p.presetId)).toEqual(['c', 'b']);
  });

  it('removes one preset, or all', () => {
    expect(removePreset([a, b, c], 'b').map((p) => p.presetId)).toEqual(['a', 'c']);
    expect(removePreset([a, b, c], null)).toEqual([]);
    expect(removePreset(undefined, 'x')).toEqual([]);
  });
});

describe('update bodies and applied setups', () => {
  it('an update keeps the presetId, the default flag unless changed, and drops defaults', () => {
    const p = preset({ presetId: 'p1', title: 'T', temperature: 1, top_p: 0.2, defaultPreset: true });
    expect(updateBody(p)).toEqual({
      presetId: 'p1',
      title: 'T',
      endpoint: 'openAI',
      model: 'gpt-4o-mini',
      top_p: 0.2,
      defaultPreset: true,
    });
    expect(updateBody(p, { defaultPreset: false }).defaultPreset).toBe(false);
  });

  it('the applied setup is the endpoint, model and options, no bookkeeping', () => {
    const p = preset({ presetId: 'p1', title: 'T', temperature: 0.3, promptPrefix: 'Hi' });
    expect(setupOf(p)).toEqual({
      endpoint: 'openAI',
      model: 'gpt-4o-mini',
      temperature: 0.3,
      promptPrefix: 'Hi',
    });
  });
});
