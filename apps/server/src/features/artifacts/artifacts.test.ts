import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ARTIFACT_SANDBOX_PATH, isFinalEvent } from '@chat/contract';
import { chatUser, startChatApp, type ChatHarness } from '../../../test/support/chat-harness.js';

type User = Awaited<ReturnType<typeof chatUser>>;
type Body = { messages: { role: string; content: unknown }[]; stream?: boolean };

/** The system text of each streamed reply request the fake upstream received, in order. */
const systemTexts = (h: ChatHarness) =>
  h.fake.requests
    .map((r) => r.body as Body)
    .filter((b) => b.stream === true)
    .map((b) =>
      b.messages
        .filter((m) => m.role === 'system')
        .map((m) => String(m.content))
        .join('\n'),
    );

async function send(user: User, body: Record<string, unknown>): Promise<string> {
  const r = await user.ask(body);
  const final = r.events.map((e) => e.data).find(isFinalEvent);
  if (!final) throw new Error(`ask failed: ${r.status} ${JSON.stringify(r.events)}`);
  return final.conversation.conversationId;
}

const MARKER = ':::artifact{identifier=';

describe('artifacts instructions', () => {
  let h: ChatHarness;
  beforeAll(async () => {
    h = await startChatApp();
  });
  afterAll(() => h.close());
  beforeEach(() => h.fake.reset());

  it('reach the upstream while ephemeralAgent.artifacts is on, and are kept on the conversation', async () => {
    const ann = await chatUser(h, 'Ann');
    const id = await send(ann, { text: 'Draw a cat', ephemeralAgent: { artifacts: 'default' } });
    const [first] = systemTexts(h);
    expect(first).toContain(MARKER);
    expect(first).toContain('image/svg+xml');
    const convo = (await (await ann.api(`/api/convos/${id}`)).json()) as {
      ephemeralAgent?: { artifacts?: string };
    };
    expect(convo.ephemeralAgent?.artifacts).toBe('default');
  });

  it('are left out when off, when custom, and for an empty mode', async () => {
    const ann = await chatUser(h, 'Bea');
    await send(ann, { text: 'Hello' });
    await send(ann, { text: 'Hello', ephemeralAgent: { artifacts: 'custom' } });
    await send(ann, { text: 'Hello', ephemeralAgent: { artifacts: '' } });
    const texts = systemTexts(h);
    expect(texts).toHaveLength(3);
    for (const t of texts) expect(t).not.toContain(MARKER);
  });

  it('say shadcn/ui is not offered in its mode, and keep the conversation prompt first', async () => {
    const ann = await chatUser(h, 'Cid');
    await send(ann, {
      text: 'A button',
      promptPrefix: 'You are terse.',
      ephemeralAgent: { artifacts: 'shadcnui' },
    });
    const body = h.fake.requests.map((r) => r.body as Body).find((b) => b.stream === true)!;
    const systems = body.messages.filter((m) => m.role === 'system').map((m) => String(m.content));
    expect(systems[0]).toContain('You are terse.');
    expect(systems.at(-1)).toContain(MARKER);
    expect(systems.at(-1)).toContain('shadcn/ui components cannot be imported');
  });

  it('refuses an unknown mode with 400', async () => {
    const ann = await chatUser(h, 'Dee');
    const r = await ann.ask({ text: 'Hi', ephemeralAgent: { artifacts: 'everything' } });
    expect(r.status).toBe(400);
    expect(systemTexts(h)).toHaveLength(0);
  });

  it('serves the preview page with a policy that forbids every request', async () => {
    const res = await fetch(`${h.url}${ARTIFACT_SANDBOX_PATH}`);
    expect(res.status).toBe(200);
    const policy = res.headers.get('content-security-policy') ?? '';
    expect(policy).toContain("default-src 'none'");
    expect(policy).not.toContain("'self' ");
    expect(policy).not.toMatch(/connect-src|script-src[^;]*(https?:|'self')/);
    expect(await res.text()).toContain('artifact-render');
  });
});
