import { expect, test } from '../support/test';
import { ChatPage, signUp } from '../support/app';

/**
 * Temporary chats: the switch on a new chat sends the first message as a temporary chat, which
 * works as any conversation, never joins the sidebar's list, and stays readable at its address
 * after a reload, with its notice; the next new chat starts as a kept one.
 */
test('a temporary chat is answered, stays out of the sidebar, and reloads at its address', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await signUp(page);
  const chat = new ChatPage(page);
  await chat.pickModel('openAI', 'gpt-4o-mini');
  await chat.send('A kept question [[fake reply="Kept answer."]]');
  await chat.waitForReplyDone();
  const items = page.getByTestId('convo-item');
  await expect(items).toHaveCount(1);

  await page.getByTestId('new-chat').click();
  const toggle = page.getByTestId('temporary-chat-toggle');
  await expect(toggle).toHaveAttribute('aria-pressed', 'false');
  // Keyboard: focus it and press Space.
  await toggle.focus();
  await page.keyboard.press('Space');
  await expect(toggle).toHaveAttribute('aria-pressed', 'true');
  const notice = page.getByTestId('temporary-chat-notice');
  await expect(notice).toContainText('30 days');

  await chat.send('A passing question [[fake reply="Passing answer."]]');
  await chat.waitForReplyDone();
  await expect(page).toHaveURL(/\/c\/[0-9a-f-]{36}$/);
  await expect(chat.lastAssistant()).toContainText('Passing answer.');
  await expect(notice).toBeVisible();
  await expect(toggle).toHaveCount(0);
  await expect(items).toHaveCount(1);
  await expect(items.first()).not.toContainText('passing', { ignoreCase: true });

  await page.reload();
  await expect(chat.lastAssistant()).toContainText('Passing answer.');
  await expect(notice).toBeVisible();
  await expect(items).toHaveCount(1);

  // The next new chat is a kept one again.
  await page.getByTestId('new-chat').click();
  await expect(page.getByTestId('temporary-chat-toggle')).toHaveAttribute('aria-pressed', 'false');
  await expect(notice).toHaveCount(0);
});

test('on a 375 px screen the switch and the notice fit', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 740 });
  await signUp(page);
  const toggle = page.getByTestId('temporary-chat-toggle');
  await toggle.click();
  const notice = page.getByTestId('temporary-chat-notice');
  await expect(notice).toBeVisible();
  const box = await notice.boundingBox();
  expect(box!.x).toBeGreaterThanOrEqual(0);
  expect(box!.x + box!.width).toBeLessThanOrEqual(375);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
});
