import { describe, expect, it } from 'vitest';
import { matchPlugins, pluginAuthIssues, pluginStorePageSize } from './plugins.js';
import { askRequestSchema } from './api-schemas.js';
import { streamEventSchemaFor, pluginsEventSchema } from './sse-schemas.js';

describe('plugins in the contract', () => {
  it('pages the store by width: 8 below 501 px, else 4, 6 or 8 by the 640 and 1024 px thresholds', () => {
    expect([320, 500, 501, 639, 640, 1023, 1024, 1920].map(pluginStorePageSize)).toEqual([
      8, 8, 4, 4, 6, 6, 8, 8,
    ]);
  });

  it('searches names case-insensitively', () => {
    const list = [{ name: 'Calculator' }, { name: 'DALL-E' }, { name: 'Tavily Search' }];
    expect(matchPlugins(list, 'CALC')).toEqual([{ name: 'Calculator' }]);
    expect(matchPlugins(list, ' search ')).toEqual([{ name: 'Tavily Search' }]);
    expect(matchPlugins(list, '')).toHaveLength(3);
  });

  it('checks auth fields: required, at least 10 characters', () => {
    const fields = [
      { authField: 'A', label: 'Key A', description: '' },
      { authField: 'B', label: 'Key B', description: '' },
    ];
    expect(pluginAuthIssues(fields, { A: '  ', B: 'short' }).map((i) => [i.path, i.message, i.key])).toEqual([
      ['auth.A', 'Key A is required.', 'com_plugin_auth_required'],
      ['auth.B', 'Key B must be at least 10 characters long', 'com_plugin_auth_min_length'],
    ]);
    expect(pluginAuthIssues(fields, { A: '0123456789', B: 'abcdefghij' })).toEqual([]);
    expect(pluginAuthIssues(fields, null)).toHaveLength(2);
  });

  it('accepts tools as keys or objects with pluginKey, and agentOptions in range', () => {
    const base = { text: 'hi', endpoint: 'gptPlugins', model: 'gpt-4o-mini' };
    expect(
      askRequestSchema.safeParse({ ...base, tools: ['calculator', { pluginKey: 'dalle' }] }).success,
    ).toBe(true);
    expect(askRequestSchema.safeParse({ ...base, tools: ['bad key!'] }).success).toBe(false);
    expect(askRequestSchema.safeParse({ ...base, agentOptions: { temperature: 3 } }).success).toBe(false);
    expect(
      askRequestSchema.safeParse({ ...base, agentOptions: { agent: 'classic', skipCompletion: false } })
        .success,
    ).toBe(true);
  });

  it('tells a plugins event from a delta', () => {
    const event = { plugins: [], plugin: null };
    expect(streamEventSchemaFor(event)).toBe(pluginsEventSchema);
  });
});
