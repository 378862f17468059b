import { PLUGIN_KEYS } from '@chat/contract';
import { safeFetch, type SafeFetchOptions } from '../../../platform/net/safe-fetch.js';
import type { SsrfPolicy } from '../../../platform/net/ssrf.js';
import { htmlTitle, htmlToText } from './html-text.js';
import { stringArg, type PluginDefinition } from './types.js';

/** What one page read may cost: redirects, time and bytes. */
const WEB_READER_LIMITS = {
  maxRedirects: 5,
  timeoutMs: 10_000,
  maxResponseBytes: 2 * 1024 * 1024,
} as const;

const TEXT_TYPES = /^(text\/(html|plain|markdown|xml)|application\/(xhtml\+xml|json|xml))\b/i;

/**
 * Reads a web page for the model (off unless the operator enables it). Every hop, redirects
 * included, goes through safeFetch: http(s) only, each address checked against the SSRF policy
 * after DNS and the connection pinned to it, at most 5 redirects, 10 s and 2 MiB.
 */
export function webBrowserPlugin(
  policy: SsrfPolicy = {},
  limits: Partial<SafeFetchOptions> = {},
): PluginDefinition {
  return {
    key: PLUGIN_KEYS.webBrowser,
    name: 'Browser',
    description: 'Reads the text of a web page at a URL you give.',
    icon: '/assets/plugins/web-browser.svg',
    authConfig: [],
    parameters: {
      type: 'object',
      properties: { url: { type: 'string', description: 'The http or https URL of the page' } },
      required: ['url'],
      additionalProperties: false,
    },
    async run(args, { signal }) {
      const url = stringArg(args, 'url', 2048);
      const res = await safeFetch(
        url,
        {
          signal,
          headers: { accept: 'text/html,text/plain;q=0.9,*/*;q=0.1', 'user-agent': 'OmniChat-WebReader/1.0' },
        },
        { ...policy, ...WEB_READER_LIMITS, ...limits },
      );
      const type = res.headers.get('content-type') ?? '';
      if (!res.ok) {
        await res.body?.cancel();
        throw new Error(`The page answered HTTP ${res.status}`);
      }
      if (type && !TEXT_TYPES.test(type)) {
        await res.body?.cancel();
        throw new Error(`The page is not text (${type.split(';')[0]})`);
      }
      const body = await res.text();
      const html = /html|xml/i.test(type) || /^\s*</.test(body);
      const title = html ? htmlTitle(body) : undefined;
      const text = html ? htmlToText(body) : body.trim();
      return { output: `${title ? `Title: ${title}\n` : ''}URL: ${url}\n\n${text}` };
    },
  };
}
