import { randomUUID } from 'node:crypto';
import type { Page, Request } from '@playwright/test';
import { expect, test } from '../support/test';
import { ChatPage, signUp } from '../support/app';
import { chatRequestsWith, turnsOf, type SeenRequest } from '../support/fakes';
import type { FakeName } from '../support/ports';

/**
 * Every endpoint the environment configures, each on the fake of its own wire protocol
 * (e2e/playwright.config.ts): OpenAI and Azure OpenAI on the OpenAI fake, Google on the Gemini
 * fake, Anthropic on the Anthropic fake. What each fake was sent is read over its control route.
 */

interface EndpointCase {
  endpoint: string;
  label: string;
  model: string;
  fake: FakeName;
  /** Where the app's request reached the fake (path and query). */
  url: RegExp;
  /** The model as the fake's request names it (Azure: the deployment, in the path). */
  sentModel: (r: SeenRequest) => unknown;
}

const bodyModel = (r: SeenRequest): unknown => (r.body as { model?: unknown } | null)?.model;

const CASES: EndpointCase[] = [
  {
    endpoint: 'openAI',
    label: 'OpenAI',
    model: 'gpt-4o',
    fake: 'openai',
    url: /^\/v1\/chat\/completions$/,
    sentModel: bodyModel,
  },
  {
    endpoint: 'azureOpenAI',
    label: 'Azure OpenAI',
    model: 'gpt-4o-mini',
    fake: 'openai',
    url: /^\/openai\/deployments\/e2e-deployment\/chat\/completions\?api-version=2024-10-21$/,
    sentModel: (r) => /\/deployments\/([^/]+)\//.exec(r.path)?.[1],
  },
  {
    endpoint: 'google',
    label: 'Google',
    model: 'gemini-2.5-pro',
    fake: 'gemini',
    url: /^\/v1beta\/models\/gemini-2\.5-pro:streamGenerateContent\?alt=sse$/,
    sentModel: (r) => /\/models\/([^/:]+):/.exec(r.path)?.[1],
  },
  {
    endpoint: 'anthropic',
    label: 'Anthropic',
    model: 'claude-haiku-4-5',
    fake: 'anthropic',
    url: /^\/v1\/messages$/,
    sentModel: bodyModel,
  },
];

/** A word no other spec's prompt holds, to find this spec's requests among the fakes' records. */
const newMarker = () => `m${randomUUID().slice(0, 8)}`;

/** A directive whose reply is `reply`, streamed at `tps` tokens per second. */
const say = (reply: string, tps?: number) => `[[fake reply="${reply}"${tps ? ` tps=${tps}` : ''}]]`;

/** The JSON body of the next ask (or edit: Continue, edit-and-submit) on `endpoint` the page sends. */
function nextAsk(
  page: Page,
  endpoint: string,
  route: 'ask' | 'edit' = 'ask',
): Promise<Record<string, unknown>> {
  const path = new RegExp(`/api/${route}/${endpoint}$`);
  return page
    .waitForRequest((r: Request) => r.method() === 'POST' && path.test(r.url()))
    .then((r) => r.postDataJSON() as Record<string, unknown>);
}

/**
 * Records in the page every text the latest reply shows (each change, in order), so a spec can
 * tell a reply that streamed in pieces from one that arrived whole, however slow the machine.
 */
async function recordReplyText(page: Page): Promise<void> {
  await page.evaluate(() => {
    const w = window as unknown as { replyTexts: string[] };
    w.replyTexts = [];
    const note = () => {
      const replies = document.querySelectorAll('[data-testid="message"][data-role="assistant"]');
      const el = replies[replies.length - 1]?.querySelector<HTMLElement>('[data-testid="message-text"]');
      const text = el?.innerText ?? '';
      if (text !== w.replyTexts[w.replyTexts.length - 1]) w.replyTexts.push(text);
    };
    new MutationObserver(note).observe(document.body, {
      subtree: true,
      childList: true,
      characterData: true,
    });
  });
}

/** The one streamed chat request `fake` got whose last user turn holds `marker`. */
async function theRequest(fake: FakeName, marker: string): Promise<SeenRequest> {
  await expect.poll(async () => (await chatRequestsWith(fake, marker)).length).toBe(1);
  return (await chatRequestsWith(fake, marker))[0]!;
}

test('the endpoint menu lists every configured endpoint in display order', async ({ page }) => {
  await signUp(page);
  await page.getByTestId('endpoint-picker').click();
  const menu = page.getByRole('menu', { name: 'Endpoints and models' });
  const headers = menu.locator('[data-testid^="endpoint-item-"]');
  expect(await headers.evaluateAll((els) => els.map((el) => el.getAttribute('data-testid')))).toEqual([
    'endpoint-item-azureOpenAI',
    'endpoint-item-openAI',
    'endpoint-item-chatGPTBrowser',
    'endpoint-item-gptPlugins',
    'endpoint-item-bingAI',
    'endpoint-item-google',
    'endpoint-item-anthropic',
    'endpoint-item-Byok',
    'endpoint-item-agents',
  ]);
  // gptPlugins comes with OpenAI, marked Beta; the legacy upstreams with their fakes.
  await expect(headers).toHaveText([
    'Azure OpenAI',
    'OpenAI',
    'ChatGPT',
    'PluginsBeta',
    'Bing',
    'Google',
    'Anthropic',
    /^Byok/,
    // Agents run on the endpoints above: listed last.
    'Agents',
  ]);
  // Server keys everywhere but on the librechat.yaml endpoint whose key each user brings.
  for (const { endpoint } of CASES) await expect(menu.getByTestId(`endpoint-key-${endpoint}`)).toHaveCount(0);
  await expect(menu.getByTestId('endpoint-key-Byok')).toHaveCount(1);
});

for (const c of CASES) {
  test(`${c.label}: pick it in the menu and chat, the reply streaming from its own upstream`, async ({
    page,
  }) => {
    await signUp(page);
    const chat = new ChatPage(page);
    await chat.pickModel(c.endpoint, c.model);
    await expect(page.getByTestId('endpoint-picker')).toHaveAccessibleName(`${c.label}, ${c.model}`);

    const marker = newMarker();
    const words = Array.from({ length: 24 }, (_, i) => `word${i + 1}`);
    const full = `${c.label} answers: ${words.join(' ')}.`;
    const prompt = `Hello ${marker} ${say(full, 8)}`;
    await recordReplyText(page);
    const ask = nextAsk(page, c.endpoint);
    await chat.send(prompt);
    expect(await ask).toMatchObject({ endpoint: c.endpoint, model: c.model });

    // Streamed: the text grows while the stop button shows, then the whole reply stays.
    const text = chat.lastAssistant().getByTestId('message-text');
    await expect(page.getByTestId('stop-button')).toBeVisible();
    await chat.waitForReplyDone();
    await expect(text).toHaveText(full);
    const seen = await page.evaluate(() => (window as unknown as { replyTexts: string[] }).replyTexts);
    // (Before the first token the reply shows a waiting dot, not text.)
    const partial = seen.filter((t) => t !== '' && t !== '\u25CF' && t.length < full.length);
    expect(partial.length, `texts seen: ${JSON.stringify(seen)}`).toBeGreaterThanOrEqual(3);
    for (const t of partial)
      expect(full.startsWith(t.trimEnd()), `partial text ${JSON.stringify(t)}`).toBe(true);
    await expect(page).toHaveURL(/\/c\/[0-9a-f-]{36}$/);

    // It went to this endpoint's upstream, at its URL, for the chosen model, the prompt as the
    // only turn (the directive is the fake's, not stripped by the app).
    const sent = await theRequest(c.fake, marker);
    expect(sent.url).toMatch(c.url);
    expect(c.sentModel(sent)).toBe(c.endpoint === 'azureOpenAI' ? 'e2e-deployment' : c.model);
    expect(turnsOf(sent)).toEqual([{ role: 'user', text: prompt }]);

    // Saved: after a reload the reply is there and the picker shows the conversation's endpoint.
    await page.reload();
    await expect(chat.lastAssistant().getByTestId('message-text')).toHaveText(full);
    await expect(page.getByTestId('endpoint-picker')).toHaveAccessibleName(`${c.label}, ${c.model}`);
  });
}

test('switching endpoint mid-conversation: Anthropic is sent the OpenAI turns as history, one tree', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await signUp(page);
  const chat = new ChatPage(page);
  const marker = newMarker();
  await chat.pickModel('openAI', 'gpt-4o-mini');
  const first = `First question ${marker} ${say('Paris is the capital of France.')}`;
  await chat.send(first);
  await chat.waitForReplyDone();
  await expect(chat.lastAssistant().getByTestId('message-text')).toHaveText(
    'Paris is the capital of France.',
  );
  await expect(page).toHaveURL(/\/c\/[0-9a-f-]{36}$/);
  const convoUrl = page.url();
  const conversationId = convoUrl.split('/').pop()!;
  const userMessages = chat.messages('user');

  // Another endpoint in the same conversation: nothing is sent, the view stays.
  await chat.pickModel('anthropic', 'claude-sonnet-4-6');
  await expect(page).toHaveURL(convoUrl);
  await expect(chat.messages()).toHaveCount(2);

  const parentMessageId = await chat.lastAssistant().getAttribute('data-message-id');
  const ask = nextAsk(page, 'anthropic');
  const second = `Second question ${marker} ${say('About two million people live there.')}`;
  await chat.send(second);
  const body = await ask;
  expect(body).toMatchObject({ conversationId, endpoint: 'anthropic', model: 'claude-sonnet-4-6' });
  expect(body.parentMessageId).toBe(parentMessageId);
  await chat.waitForReplyDone();
  await expect(chat.lastAssistant().getByTestId('message-text')).toHaveText(
    'About two million people live there.',
  );
  await expect(page).toHaveURL(convoUrl);

  // The Anthropic fake got the whole branch: the OpenAI question and reply, then the new question.
  const sent = await theRequest('anthropic', marker);
  expect(turnsOf(sent)).toEqual([
    { role: 'user', text: first },
    { role: 'assistant', text: 'Paris is the capital of France.' },
    { role: 'user', text: second },
  ]);
  expect((sent.body as { model?: unknown }).model).toBe('claude-sonnet-4-6');
  // The OpenAI fake saw only the first question.
  expect(await chatRequestsWith('openai', marker)).toHaveLength(1);
  expect(await chatRequestsWith('openai', `Second question ${marker}`)).toHaveLength(0);

  // One conversation in the sidebar, one linear tree of four messages, kept across a reload.
  const items = page.getByTestId('convo-item');
  await expect(items).toHaveCount(1);
  await expect(items).toHaveAttribute('data-convo-id', conversationId);
  await page.reload();
  await expect(chat.messages()).toHaveCount(4);
  await expect(userMessages.nth(0).getByTestId('message-text')).toHaveText(first);
  await expect(userMessages.nth(1).getByTestId('message-text')).toHaveText(second);
  await expect(page.getByTestId('sibling-counter')).toHaveCount(0);
  await expect(page.getByTestId('convo-item')).toHaveCount(1);
  await expect(page.getByTestId('endpoint-picker')).toHaveAccessibleName('Anthropic, claude-sonnet-4-6');
});

test('Continue on an Anthropic reply cut at its length: the reply goes on from its own text', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await signUp(page);
  const chat = new ChatPage(page);
  await chat.pickModel('anthropic', 'claude-haiku-4-5');
  const marker = newMarker();
  await chat.send(`Tell me about tides ${marker} [[fake finish=length]]`);
  await chat.waitForReplyDone();
  const reply = chat.lastAssistant();
  const text = reply.getByTestId('message-text');
  await expect(text).toContainText('You said');
  const cut = await text.innerText();
  const [asked] = await chatRequestsWith('anthropic', marker);
  expect(asked).toBeDefined();

  // Cut at its length: Continue is offered (below the list on a wide screen), and goes to Anthropic.
  await expect(page.getByTestId('bottom-action')).toHaveAttribute('data-kind', 'continue');
  await expect(reply.getByTestId('continue')).toHaveCount(0);
  const responseMessageId = await reply.getAttribute('data-message-id');
  const ask = nextAsk(page, 'anthropic', 'edit');
  await chat.clickBottom('continue');
  expect(await ask).toMatchObject({
    endpoint: 'anthropic',
    model: 'claude-haiku-4-5',
    isContinued: true,
    responseMessageId,
  });
  await chat.waitForReplyDone();
  await expect(text).toContainText('continues the previous answer');
  expect((await text.innerText()).startsWith(cut.slice(0, 40))).toBe(true);
  await expect(chat.messages('assistant')).toHaveCount(1);

  // The continue request ends with the reply so far as the assistant's prefill, which the
  // Messages API refuses with trailing whitespace (the fake checks it as the real API does).
  await expect.poll(async () => (await chatRequestsWith('anthropic', marker)).length).toBe(2);
  const continued = (await chatRequestsWith('anthropic', marker))[1]!;
  const turns = turnsOf(continued);
  expect(turns.map((t) => t.role)).toEqual(['user', 'assistant']);
  expect(turns[0]!.text).toContain(marker);
  expect(turns[1]!.text).toMatch(/^You said/);
  expect(turns[1]!.text).toMatch(/\S$/);

  // Saved whole: after a reload the continued text is there.
  await page.reload();
  await expect(chat.lastAssistant().getByTestId('message-text')).toContainText(
    'continues the previous answer',
  );
});

test('on Google an AI reply can be edited and saved, not edited and submitted', async ({ page }) => {
  await signUp(page);
  const chat = new ChatPage(page);
  await chat.pickModel('google', 'gemini-2.5-flash');
  const marker = newMarker();
  await chat.send(`Name a colour ${marker} ${say('Blue.')}`);
  await chat.waitForReplyDone();
  await theRequest('gemini', marker);

  // The AI reply: Save and submit is offered but disabled; Save keeps the edit, nothing is asked.
  const reply = chat.lastAssistant();
  await reply.hover();
  await reply.getByTestId('edit-message').click();
  await expect(reply.getByTestId('edit-save-submit')).toBeVisible();
  await expect(reply.getByTestId('edit-save-submit')).toBeDisabled();
  await reply.getByTestId('edit-textarea').fill('Green.');
  await expect(reply.getByTestId('edit-save-submit')).toBeDisabled();
  await expect(reply.getByTestId('edit-save')).toBeEnabled();
  await reply.getByTestId('edit-save').click();
  await expect(reply.getByTestId('message-text')).toHaveText('Green.');
  await expect(chat.messages()).toHaveCount(2);
  await page.reload();
  await expect(chat.lastAssistant().getByTestId('message-text')).toHaveText('Green.');
  expect(await chatRequestsWith('gemini', marker)).toHaveLength(1);

  // The person's own message on Google still offers it.
  const question = chat.messages('user').first();
  await question.hover();
  await question.getByTestId('edit-message').click();
  await expect(question.getByTestId('edit-save-submit')).toBeEnabled();
  await question.getByTestId('edit-cancel').click();
});
