import { expect, test } from '../support/test';
import { ChatPage, signUp } from '../support/app';

const ID = /\/c\/([0-9a-f-]{36})$/;

test('a new chat is titled as soon as its first reply ends, whole, and the tab shows the title', async ({
  page,
}) => {
  await signUp(page);
  await expect(page).toHaveTitle('OmniChat');
  const chat = new ChatPage(page);
  await chat.pickModel('openAI', 'gpt-4o-mini');
  await chat.send('What is the capital of France? [[fake reply="Paris."]]');
  await chat.waitForReplyDone();
  await expect(page).toHaveURL(ID);
  const id = ID.exec(page.url())![1]!;
  const item = page.locator(`[data-testid="convo-item"][data-convo-id="${id}"]`);
  // Right after the reply (not 2.5 s later), every word and the question mark kept.
  await expect(item.getByTestId('convo-title')).toHaveText('What is the capital of France?', {
    timeout: 1500,
  });
  await expect(page).toHaveTitle('What is the capital of France? · OmniChat');

  // A new chat is the app's again.
  await page.getByTestId('new-chat').click();
  await expect(page).toHaveURL(/\/c\/new$/);
  await expect(page).toHaveTitle('OmniChat');
  await item.getByTestId('convo-title').click();
  await expect(page).toHaveTitle('What is the capital of France? · OmniChat');
});

test('a chat whose first reply failed is titled with the first message', async ({ page }) => {
  await signUp(page);
  const chat = new ChatPage(page);
  await chat.pickModel('openAI', 'gpt-4o-mini');
  await chat.send('Why do penguins huddle together in winter? [[fake status=500]]');
  await expect(chat.lastAssistant()).toContainText('Something went wrong');
  await expect(page).toHaveURL(ID);
  const id = ID.exec(page.url())![1]!;
  const title = page.locator(`[data-testid="convo-item"][data-convo-id="${id}"]`).getByTestId('convo-title');
  await expect(title).toHaveText(/^Why do penguins huddle together in winter\?/);
  await page.reload();
  await expect(title).toHaveText(/^Why do penguins huddle together in winter\?/);
  await expect(page).toHaveTitle(/^Why do penguins huddle together in winter\?.* · OmniChat$/);
});
