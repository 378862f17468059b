import { randomUUID } from 'node:crypto';
import { expect, test } from '../support/test';
import { ChatPage, signUp } from '../support/app';
import { chatRequestsWith, type SeenRequest } from '../support/fakes';

/** The system turn an OpenAI-shaped chat request carried. */
function systemText(request: SeenRequest): string {
  const body = request.body as { messages?: { role?: unknown; content?: unknown }[] };
  const system = (body.messages ?? []).find((m) => m.role === 'system');
  return typeof system?.content === 'string' ? system.content : '';
}

test('create an assistant in /a/new, chat with it: its instructions are the system prompt, and the conversation reopens under /a/', async ({
  page,
}) => {
  await signUp(page);
  await page.getByTestId('assistants-link').click();
  await expect(page).toHaveURL(/\/a\/new$/);

  const marker = randomUUID().slice(0, 8);
  const instructions = `Always answer as a pirate ${marker}.`;
  await page.getByTestId('assistant-create').click();
  await page.getByTestId('assistant-name').fill('Pirate');
  await page.getByTestId('assistant-instructions').fill(instructions);
  await page.getByTestId('assistant-save').click();
  await expect(page.getByTestId('assistant-select')).toHaveValue(/^asst_/);
  await expect(page.getByTestId('assistant-current')).toHaveText('Pirate');

  const chat = new ChatPage(page);
  await chat.send(`Hello pirate ${marker}`);
  await chat.waitForReplyDone();
  await expect(chat.lastAssistant().getByTestId('message-text')).toContainText('You said');
  await expect(page).toHaveURL(/\/a\/[0-9a-f-]{36}$/);
  const url = page.url();

  // The upstream got the assistant's instructions as the system prompt.
  const [asked] = await chatRequestsWith('openai', `Hello pirate ${marker}`);
  expect(asked).toBeDefined();
  expect(systemText(asked!)).toContain(instructions);

  // The sidebar opens the conversation in the assistants' view; a reload shows it there.
  const id = url.split('/a/')[1]!;
  await expect(page.locator(`[data-convo-id="${id}"] a`)).toHaveAttribute('href', `/a/${id}`);
  await page.reload();
  await expect(page).toHaveURL(url);
  await expect(chat.messages('user')).toHaveCount(1);
  await expect(chat.lastAssistant().getByTestId('message-text')).toContainText('You said');
  await expect(page.getByTestId('assistant-current')).toHaveText('Pirate');
});
