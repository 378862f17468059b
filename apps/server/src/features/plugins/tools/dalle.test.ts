import net from 'node:net';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { dallePlugin } from './dalle.js';

// The image plugin's failure is shown to the user (the plugin's output) and sent to the model:
// a TLS failure must read as a sentence, not as OpenSSL's text with its source paths.
const plain = net.createServer((s) => {
  s.on('data', () => s.end('HTTP/1.1 400 Bad Request\r\ncontent-length: 0\r\n\r\n'));
  s.on('error', () => {});
});
let port = 0;
beforeAll(async () => {
  await new Promise<void>((r) => plain.listen(0, '127.0.0.1', r));
  port = (plain.address() as net.AddressInfo).port;
});
afterAll(() => {
  plain.close();
});

it('says the image could not be generated without what the TLS layer said', async () => {
  const plugin = dallePlugin({
    model: 'dall-e-3',
    credentials: () => Promise.resolve({ apiKey: 'k', baseURL: `https://127.0.0.1:${port}/v1` }),
  });
  const failure = await plugin
    .run({ prompt: 'a fox' }, { userId: 'u', auth: {}, signal: new AbortController().signal })
    .then(
      () => undefined,
      (err: unknown) => err as Error,
    );
  expect(failure?.message).toBe('The image could not be generated: The connection to the provider failed');
  expect(String((failure?.cause as Error | undefined)?.message)).toMatch(/SSL|ssl/);
});
