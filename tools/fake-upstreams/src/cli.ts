#!/usr/bin/env -S npx tsx
/**
 * Standalone fake upstream for e2e runs, benchmarks and manual demos:
 *   tsx tools/fake-upstreams/src/cli.ts --port 3081 [--protocol openai|anthropic|gemini|bing|chatgpt|tavily]
 *       [--host 127.0.0.1] [--tps 30] [--api-key KEY]
 * `openai` (the default) also serves Azure OpenAI's deployment paths under /openai.
 * Prints the base URL on stdout (…/v1, or …/v1beta for Gemini); SIGINT / SIGTERM close it cleanly.
 */
import { parseArgs } from 'node:util';
import { startFakeAnthropic } from './anthropic/server.js';
import { startFakeBing } from './bing/server.js';
import { startFakeChatGPTWeb } from './chatgpt/server.js';
import { startFakeGemini } from './gemini/server.js';
import { startFakeOpenAI } from './server.js';
import { startFakeTavily } from './tavily/server.js';
import type { FakeServer, FakeServerOptions } from './types.js';

const PROTOCOLS: Record<string, { label: string; start: (opts: FakeServerOptions) => Promise<FakeServer> }> =
  {
    openai: { label: 'OpenAI', start: startFakeOpenAI },
    anthropic: { label: 'Anthropic', start: startFakeAnthropic },
    gemini: { label: 'Gemini', start: startFakeGemini },
    bing: { label: 'Bing chat hub', start: startFakeBing },
    chatgpt: { label: 'ChatGPT web backend', start: startFakeChatGPTWeb },
    tavily: { label: 'Tavily', start: startFakeTavily },
  };
const USAGE = `usage: cli.ts [--protocol ${Object.keys(PROTOCOLS).join('|')}] [--port N] [--host H] [--tps N] [--api-key KEY]`;

const { values } = parseArgs({
  options: {
    protocol: { type: 'string', default: 'openai' },
    port: { type: 'string', default: '0' },
    host: { type: 'string', default: '127.0.0.1' },
    tps: { type: 'string' },
    'api-key': { type: 'string' },
  },
});

const protocol = Object.hasOwn(PROTOCOLS, values.protocol) ? PROTOCOLS[values.protocol] : undefined;
const port = Number(values.port);
const tps = values.tps === undefined ? undefined : Number(values.tps);
if (!protocol || !Number.isInteger(port) || port < 0 || (tps !== undefined && !(tps >= 0))) {
  console.error(USAGE);
  process.exit(2);
}

const server = await protocol.start({
  host: values.host,
  port,
  apiKey: values['api-key'],
  defaults: tps === undefined ? {} : { tokensPerSecond: tps },
});
console.log(`fake ${protocol.label} listening on ${server.url}`);

const shutdown = (): void => {
  server.close().then(
    () => process.exit(0),
    () => process.exit(1),
  );
};
process.once('SIGINT', shutdown);
process.once('SIGTERM', shutdown);
