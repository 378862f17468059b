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

test('build an agent, start a chat from its starter, and another person uses it once shared', async ({
  page,
  browser,
}) => {
  // Two people sign up and chat: twice a chat test's work.
  test.setTimeout(150_000);
  await signUp(page);
  const marker = randomUUID().slice(0, 8);
  const name = `Pirate ${marker}`;
  const instructions = `Always answer as a pirate ${marker}.`;
  const starter = `Tell me about the sea ${marker}`;

  // The builder: name, instructions, the model, a starter, shared with everyone.
  await page.getByTestId('agent-builder-button').click();
  const builder = page.getByTestId('agent-builder');
  await builder.getByTestId('agent-name').fill(name);
  await builder.getByTestId('agent-instructions').fill(instructions);
  await builder.getByTestId('agent-provider').selectOption('openAI');
  await builder.getByTestId('agent-model').selectOption('gpt-4o-mini');
  await builder.getByTestId('agent-starter-0').fill(starter);
  await builder.getByTestId('agent-share-public').check();
  await builder.getByTestId('agent-save').click();
  await expect(builder).toHaveCount(0);

  // The new agent is chosen: its starter is on the empty chat, and sends itself.
  await expect(page.getByTestId('endpoint-picker')).toContainText(name);
  const chat = new ChatPage(page);
  await page.getByTestId('agent-starter').filter({ hasText: starter }).click();
  await chat.waitForReplyDone();
  await expect(chat.lastAssistant().getByTestId('message-text')).toContainText('You said');
  await expect(page).toHaveURL(/\/c\/[0-9a-f-]{36}$/);
  const [asked] = await chatRequestsWith('openai', starter);
  expect(asked).toBeDefined();
  expect(systemText(asked!)).toContain(instructions);

  // A reload keeps the conversation on the agent.
  await page.reload();
  await expect(chat.messages('user')).toHaveCount(1);
  await expect(page.getByTestId('endpoint-picker')).toContainText(name);

  // Someone else finds the shared agent in the menu, chats with it, and cannot edit it.
  const other = await browser.newContext();
  const otherPage = await other.newPage();
  await signUp(otherPage);
  const otherChat = new ChatPage(otherPage);
  await otherPage.getByTestId('endpoint-picker').click();
  const header = otherPage.getByTestId('endpoint-item-agents');
  if ((await header.getAttribute('aria-expanded')) !== 'true') await header.click();
  await otherPage.getByTestId('endpoint-group-agents').getByText(name).click();
  await expect(otherPage.getByTestId('agent-starter').filter({ hasText: starter })).toBeVisible();
  await otherChat.send(`Ahoy from a friend ${marker}`);
  await otherChat.waitForReplyDone();
  await expect(otherChat.lastAssistant().getByTestId('message-text')).toContainText('You said');
  const [friend] = await chatRequestsWith('openai', `Ahoy from a friend ${marker}`);
  expect(systemText(friend!)).toContain(instructions);
  await otherPage.getByTestId('agent-builder-button').click();
  await expect(otherPage.getByTestId('agent-select').locator('option')).toHaveCount(1);
  await other.close();
});
