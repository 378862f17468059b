import { expect, test } from '../support/test';
import { ChatPage, signUp } from '../support/app';

test('sign up → chat → stream → stop → continue → regenerate → edit → branches → reload → rename → delete', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signUp(page);
  const chat = new ChatPage(page);
  await chat.pickModel('openAI', 'gpt-4o-mini');

  // Empty text cannot be sent.
  await chat.input.fill('   ');
  await expect(page.getByTestId('send-button')).toBeDisabled();

  // Shift+Enter adds a newline instead of sending.
  await chat.input.fill('Line one');
  await chat.input.press('Shift+Enter');
  await chat.input.pressSequentially('line two');
  await expect(chat.input).toHaveValue('Line one\nline two');

  // A slow reply streams token by token: the text grows while the stop button shows.
  await chat.input.fill('Tell me a story [[fake tps=8]]');
  await chat.input.press('Enter');
  await expect(page).toHaveURL(/\/c\/[0-9a-f-]{36}$/);
  const convoUrl = page.url();
  const reply = chat.lastAssistant();
  await expect(page.getByTestId('stop-button')).toBeVisible();
  await expect(reply.getByTestId('message-text')).toContainText('You said');
  const early = (await reply.getByTestId('message-text').innerText()).length;
  await expect
    .poll(async () => (await reply.getByTestId('message-text').innerText()).length)
    .toBeGreaterThan(early);

  // Stop keeps the partial text; Continue is offered after the grace period.
  await page.getByTestId('stop-button').click();
  await expect(page.getByTestId('stop-button')).toHaveCount(0);
  const partial = await reply.getByTestId('message-text').innerText();
  expect(partial.length).toBeGreaterThan(0);
  await expect(chat.input).toHaveAttribute('placeholder', 'Edit your message or Regenerate.');

  // Continue appends to the same message (the bottom button offers it; the reply keeps Regenerate).
  await expect(reply.getByTestId('continue')).toHaveCount(0);
  await expect(reply.getByTestId('regenerate')).toBeVisible();
  await chat.clickBottom('continue');
  await chat.waitForReplyDone();
  await expect(reply.getByTestId('message-text')).toContainText('continues the previous answer');
  await expect(chat.messages('assistant')).toHaveCount(1);

  // Regenerate makes a sibling reply: 2 / 2.
  await chat.clickBottom('regenerate');
  await chat.waitForReplyDone();
  await expect(chat.lastAssistant().getByTestId('sibling-counter')).toHaveText('2 / 2');
  await chat.lastAssistant().getByTestId('sibling-prev').click();
  await expect(chat.lastAssistant().getByTestId('sibling-counter')).toHaveText('1 / 2');
  await expect(chat.lastAssistant().getByTestId('message-text')).toContainText(
    'continues the previous answer',
  );

  // Edit the user message and re-submit: a new branch of the conversation.
  const userMsg = chat.messages('user').first();
  await userMsg.hover();
  await userMsg.getByTestId('edit-message').click();
  await userMsg.getByTestId('edit-textarea').fill('A different question');
  await userMsg.getByTestId('edit-save-submit').click();
  await chat.waitForReplyDone();
  await expect(chat.messages('user').first().getByTestId('message-text')).toHaveText('A different question');
  await expect(chat.messages('user').first().getByTestId('sibling-counter')).toHaveText('2 / 2');
  await expect(chat.lastAssistant().getByTestId('message-text')).toContainText('A different question');

  // Reload: the same tree is there, on the same branch view after navigating back.
  await page.reload();
  await expect(page).toHaveURL(convoUrl);
  await expect(chat.messages('user').first().getByTestId('sibling-counter')).toHaveText('2 / 2');
  await chat.messages('user').first().getByTestId('sibling-prev').click();
  await expect(chat.messages('user').first().getByTestId('message-text')).toContainText('Tell me a story');
  await expect(chat.lastAssistant().getByTestId('sibling-counter')).toHaveText('2 / 2');

  // The conversation got a generated title in the sidebar; rename it inline.
  const convoId = convoUrl.split('/').pop()!;
  const item = page.locator(`[data-testid="convo-item"][data-convo-id="${convoId}"]`);
  await expect(item.getByTestId('convo-title')).not.toHaveText('New Chat', { timeout: 15_000 });
  await item.hover();
  await item.getByTestId('convo-rename').click();
  await item.getByTestId('convo-rename-input').fill('My renamed chat');
  await item.getByTestId('convo-rename-input').press('Enter');
  await expect(item.getByTestId('convo-title')).toHaveText('My renamed chat');
  await page.reload();
  await expect(item.getByTestId('convo-title')).toHaveText('My renamed chat');

  // Delete it: it leaves the list and the chat goes back to a new one.
  await item.hover();
  await item.getByTestId('convo-delete').click();
  await page.getByTestId('confirm-delete').click();
  await expect(item).toHaveCount(0);
  await expect(page).toHaveURL(/\/c\/new$/);
});

test('an upstream failure shows an error reply and the input asks to edit or regenerate', async ({
  page,
}) => {
  await signUp(page);
  const chat = new ChatPage(page);
  await chat.pickModel('openAI', 'gpt-4o-mini');
  await chat.send('Break please [[fake status=500]]');
  await expect(chat.lastAssistant()).toContainText('Something went wrong');
  await expect(chat.input).toHaveAttribute('placeholder', 'Edit your message or Regenerate.');
  await expect(chat.input).toBeDisabled();
});
