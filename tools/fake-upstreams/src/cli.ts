#!/usr/bin/env -S npx tsx
/**
 * Standalone fake OpenAI server for e2e runs, benchmarks and manual demos:
 *   tsx tools/fake-upstreams/src/cli.ts --port 3081 [--host 127.0.0.1] [--tps 30] [--api-key KEY]
 * Prints the base URL on stdout; SIGINT / SIGTERM close it cleanly.
 */
import { parseArgs } from 'node:util';
import { startFakeOpenAI } from './server.js';

const { values } = parseArgs({
  options: {
    port: { type: 'string', default: '0' },
    host: { type: 'string', default: '127.0.0.1' },
    tps: { type: 'string' },
    'api-key': { type: 'string' },
  },
});

const port = Number(values.port);
const tps = values.tps === undefined ? undefined : Number(values.tps);
if (!Number.isInteger(port) || port < 0 || (tps !== undefined && !(tps >= 0))) {
  console.error('usage: cli.ts [--port N] [--host H] [--tps N] [--api-key KEY]');
  process.exit(2);
}

const server = await startFakeOpenAI({
  host: values.host,
  port,
  apiKey: values['api-key'],
  defaults: tps === undefined ? {} : { tokensPerSecond: tps },
});
console.log(`fake OpenAI listening on ${server.url}`);

const shutdown = (): void => {
  server.close().then(
    () => process.exit(0),
    () => process.exit(1),
  );
};
process.once('SIGINT', shutdown);
process.once('SIGTERM', shutdown);
