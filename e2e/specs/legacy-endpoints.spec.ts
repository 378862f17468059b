import { randomUUID } from 'node:crypto';
import { expect, test } from '../support/test';
import { ChatPage, signUp } from '../support/app';
import { fakeRequests, type SeenRequest } from '../support/fakes';

/**
 * The two legacy upstreams (e2e/playwright.config.ts): Bing's chat hub over a WebSocket and the
 * ChatGPT web backend's conversation SSE, each on its own fake.
 */

interface HubArguments {
  message: { text: string };
  optionsSets: string[];
  previousMessages?: { description: string }[];
}

const hubArgs = (r: SeenRequest) => (r.body as { arguments: HubArguments[] }).arguments[0]!;

test('Bing: pick a tone and context in its options, chat, and Sydney mode asks for its system message', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await signUp(page);
  const chat = new ChatPage(page);
  await chat.pickModel('bingAI', 'BingAI');
  await expect(page.getByTestId('endpoint-picker')).toHaveAccessibleName('Bing, BingAI');

  await page.getByTestId('options-button').click();
  const popover = page.getByTestId('options-popover');
  await expect(popover.getByRole('radio', { name: 'Creative' })).toHaveAttribute('aria-checked', 'true');
  await popover.getByRole('radio', { name: 'Precise' }).click();
  await expect(popover.getByRole('radio', { name: 'Precise' })).toHaveAttribute('aria-checked', 'true');
  await popover.getByTestId('bing-context').fill('The user is a gardener who likes short answers.');
  // The live token count, asked of POST /api/tokenizer after typing stops.
  await expect(popover.getByTestId('bing-context-tokens')).toHaveText(/^\d+ of about 7k tokens$/);
  await expect(popover.getByTestId('bing-system-message')).toHaveCount(0);
  await page.keyboard.press('Escape');

  const marker = randomUUID();
  await chat.send(`Which roses? ${marker} [[fake reply="Try David Austin roses." tps=40]]`);
  await chat.waitForReplyDone();
  await expect(chat.lastAssistant().getByTestId('message-text')).toHaveText('Try David Austin roses.');
  const sent = (await fakeRequests('bing')).filter(
    (r) => r.path === '/sydney/ChatHub' && hubArgs(r).message.text.includes(marker),
  );
  expect(sent).toHaveLength(1);
  const args = hubArgs(sent[0]!);
  expect(args.optionsSets).toContain('h3precise');
  expect(args.previousMessages?.[0]?.description).toContain('The user is a gardener');

  // Sydney: its system message field appears.
  await chat.pickModel('bingAI', 'Sydney');
  await page.getByTestId('options-button').click();
  await expect(page.getByTestId('bing-system-message')).toBeVisible();
});

test('ChatGPT (web backend): chat through the access token', async ({ page }) => {
  await signUp(page);
  const chat = new ChatPage(page);
  await chat.pickModel('chatGPTBrowser', 'text-davinci-002-render-sha');
  const marker = randomUUID();
  await chat.send(`Hello ${marker} [[fake reply="Hi from the web backend." tps=40]]`);
  await chat.waitForReplyDone();
  await expect(chat.lastAssistant().getByTestId('message-text')).toHaveText('Hi from the web backend.');
  const sent = (await fakeRequests('chatgpt')).filter((r) => JSON.stringify(r.body).includes(marker));
  expect(sent).toHaveLength(1);
  expect(sent[0]!.headers.authorization).toBe('Bearer e2e-chatgpt-token');
});
