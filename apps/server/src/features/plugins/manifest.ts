import type { EndpointDefinition, PluginsConfig } from '../../config/app-config.js';
import type { ProviderRegistry } from '../../providers/registry.js';
import { calculatorPlugin } from './tools/calculator.js';
import { dallePlugin } from './tools/dalle.js';
import { datetimePlugin } from './tools/datetime.js';
import { tavilyPlugin } from './tools/tavily.js';
import type { PluginDefinition } from './tools/types.js';
import { webBrowserPlugin } from './tools/web-browser.js';

/** Where the gptPlugins endpoint is (the image plugin uses its upstream's Images API). */
const PLUGINS_ENDPOINT = 'gptPlugins';

/**
 * The plugins this server runs, in store order: the calculator, the date and time, web search,
 * image generation when there is a gptPlugins endpoint, the web reader when the operator enabled
 * it. A new plugin is a file under tools/ and a line here.
 */
export function pluginManifest(deps: {
  config: PluginsConfig;
  endpoints: () => readonly EndpointDefinition[];
  providers: Pick<ProviderRegistry, 'endpoint' | 'credentials'>;
}): PluginDefinition[] {
  const { config } = deps;
  const hasEndpoint = deps.endpoints().some((e) => e.name === PLUGINS_ENDPOINT);
  return [
    calculatorPlugin,
    datetimePlugin(),
    tavilyPlugin({ baseURL: config.tavily.baseURL, serverKey: config.tavily.apiKey }),
    ...(hasEndpoint
      ? [
          dallePlugin({
            model: config.imageModel,
            credentials: (userId) =>
              deps.providers.credentials(deps.providers.endpoint(PLUGINS_ENDPOINT), userId),
          }),
        ]
      : []),
    ...(config.webBrowser.enabled ? [webBrowserPlugin(config.webBrowser.policy)] : []),
  ];
}
