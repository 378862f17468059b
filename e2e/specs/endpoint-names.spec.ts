import { expect, test } from '../support/test';
import { ChatPage, signUp } from '../support/app';

// What a person reads of the endpoints: each reply signed with its endpoint's name and icon (never
// a raw endpoint id or a model id, an error reply included), and endpoints hidden from the menu
// staying hidden after a reload until shown again.

test('replies carry their endpoint’s display name and icon, an error reply too', async ({ page }) => {
  test.setTimeout(90_000);
  await signUp(page);
  const chat = new ChatPage(page);
  const author = () => chat.lastAssistant().getByTestId('message-author');
  const icon = () => chat.lastAssistant().getByTestId('message-avatar');

  await chat.pickModel('anthropic', 'claude-haiku-4-5');
  await chat.send('Hello Claude');
  await chat.waitForReplyDone();
  await expect(author()).toHaveText('Anthropic');
  await expect(icon()).toHaveAttribute('data-icon', 'anthropic');

  await chat.pickModel('google', 'gemini-2.5-flash');
  await chat.send('Hello Gemini');
  await chat.waitForReplyDone();
  await expect(author()).toHaveText('Google');
  await expect(icon()).toHaveAttribute('data-icon', 'google');
  // The Anthropic reply above keeps its own.
  await expect(chat.messages('assistant').first().getByTestId('message-author')).toHaveText('Anthropic');

  await chat.pickModel('openAI', 'gpt-4o-mini');
  await chat.send('Break please [[fake status=500]]');
  await expect(chat.lastAssistant()).toContainText('Something went wrong');
  await expect(author()).toHaveText('OpenAI');
  await expect(icon()).toHaveAttribute('data-icon', 'openAI');

  // After a reload, from the stored messages.
  await page.reload();
  await expect(chat.messages('assistant')).toHaveCount(3);
  await expect(chat.messages('assistant').getByTestId('message-author')).toHaveText([
    'Anthropic',
    'Google',
    'OpenAI',
  ]);
});

test('an endpoint hidden from the menu stays hidden after a reload, until shown again', async ({ page }) => {
  await signUp(page);
  const picker = page.getByTestId('endpoint-picker');
  await expect(picker).toBeEnabled();
  await picker.click();
  const menu = page.getByRole('menu', { name: 'Endpoints and models' });
  await menu.getByRole('menuitem', { name: 'Hide Google' }).click();
  await expect(menu.getByTestId('endpoint-group-google')).toHaveCount(0);
  await expect(menu.getByRole('menuitem', { name: 'Show Google' })).toBeFocused();

  await page.reload();
  await expect(picker).toBeEnabled();
  await picker.click();
  await expect(menu.getByTestId('endpoint-group-google')).toHaveCount(0);
  await expect(menu.getByTestId('endpoint-hidden-google')).toContainText('Google');
  await menu.getByRole('menuitem', { name: 'Show Google' }).click();
  await expect(menu.getByTestId('endpoint-group-google')).toBeVisible();
  await expect(menu.getByTestId('endpoint-hidden-google')).toHaveCount(0);
});
