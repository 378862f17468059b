// `split` on the wire, under any SDK: every frame arrives in two reads, a UTF-8 character cut.
import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeAnthropic, type FakeServer } from './index.js';
import { splitFrame } from './respond.js';

describe('splitFrame', () => {
  it('cuts after the first byte of the first multi-byte character, else in the middle', () => {
    const [a, b] = splitFrame('data: "Köln"\n\n');
    expect(a.toString('latin1')).toBe('data: "K\xc3');
    expect(Buffer.concat([a, b]).toString('utf8')).toBe('data: "Köln"\n\n');
    expect(splitFrame('abcd').map((p) => p.toString())).toEqual(['ab', 'cd']);
  });
});

describe('a split stream', () => {
  let fake: FakeServer;
  beforeAll(async () => {
    fake = await startFakeAnthropic();
  });
  afterAll(() => fake.close());

  /** The raw body of a streamed reply, as the reads that carried it. */
  const reads = (reply: string) =>
    new Promise<Buffer[]>((resolve, reject) => {
      const req = request(
        `${fake.url}/messages`,
        { method: 'POST', headers: { 'anthropic-version': '2023-06-01' } },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () => resolve(chunks));
          res.on('error', reject);
        },
      );
      req.on('error', reject);
      const content = `[[fake reply="${reply}" split]]`;
      req.end(
        JSON.stringify({ model: 'm', max_tokens: 9, stream: true, messages: [{ role: 'user', content }] }),
      );
    });

  it('reaches the client as reads that end inside a character', async () => {
    const chunks = await reads('ä ö ü');
    const body = Buffer.concat(chunks).toString('utf8');
    expect(body).toContain('"text":" ö"');
    // head, 3 tokens and tail: 5 frames, each in two reads.
    expect(chunks.length).toBeGreaterThanOrEqual(10);
    const cutInside = chunks.filter((c) => c.at(-1)! >= 0xc0);
    expect(cutInside.length).toBeGreaterThanOrEqual(3);
  });
});
