import { describe, expect, it } from 'vitest';
import { DEFAULT_PLUGINS_CONFIG, type EndpointDefinition } from '../../config/app-config.js';
import { pluginManifest } from './manifest.js';

const providers = {
  endpoint: () => {
    throw new Error('unused');
  },
  credentials: () => Promise.reject(new Error('unused')),
};
const endpoint = (name: string) => ({ name }) as EndpointDefinition;

describe('the plugin manifest', () => {
  it('leaves the web reader off unless enabled, and image generation without a gptPlugins endpoint', () => {
    const keys = (endpoints: EndpointDefinition[], enabled: boolean) =>
      pluginManifest({
        config: { ...DEFAULT_PLUGINS_CONFIG, webBrowser: { enabled } },
        endpoints: () => endpoints,
        providers,
      }).map((p) => p.key);
    expect(keys([], false)).toEqual(['calculator', 'datetime', 'tavily_search_results_json']);
    expect(keys([endpoint('gptPlugins')], false)).toContain('dalle');
    expect(keys([endpoint('gptPlugins')], true)).toContain('web-browser');
  });

  it('supplies the server’s Tavily key when configured, so no user needs one', () => {
    const [, , search] = pluginManifest({
      config: {
        ...DEFAULT_PLUGINS_CONFIG,
        tavily: { baseURL: 'https://t.example', apiKey: 'tvly-server-key' },
      },
      endpoints: () => [],
      providers,
    });
    expect(search!.serverAuth).toEqual({ TAVILY_API_KEY: 'tvly-server-key' });
  });
});
