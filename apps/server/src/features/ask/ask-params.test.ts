import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiErrorBody } from '@chat/contract';
import { chatUser, startChatApp, type ChatHarness } from '../../../test/support/chat-harness.js';

// Sampling parameters meet the endpoint's own entry in the contract: what it does not take stays
// off the wire, what it takes is checked against its range.
let h: ChatHarness;
beforeAll(async () => {
  h = await startChatApp();
});
afterAll(() => h.close());

const lastStream = () =>
  h.fake.requests.filter((r) => (r.body as { stream?: boolean }).stream).at(-1)?.body as Record<
    string,
    unknown
  >;

describe('ask parameters per endpoint', () => {
  it("sends the OpenAI endpoint's parameters and leaves out the ones it does not take", async () => {
    const erin = await chatUser(h, 'Erin');
    const r = await erin.ask({ text: 'Hi', temperature: 1.7, top_p: 0.4, topK: 5, topP: 0.9 });
    expect(r.status).toBe(200);
    const sent = lastStream();
    expect(sent).toMatchObject({ temperature: 1.7, top_p: 0.4 });
    expect(sent).not.toHaveProperty('top_k');
  });

  it('refuses a value no endpoint takes before anything is sent', async () => {
    const erin = await chatUser(h, 'Erin2');
    const before = h.fake.requests.length;
    const r = await erin.ask({ text: 'Hi', temperature: 2.5 });
    expect(r.status).toBe(400);
    expect((r.json as ApiErrorBody).code).toBe('validation_error');
    expect(h.fake.requests.length).toBe(before);
  });
});
