import type { Page } from '@playwright/test';
import { expect, test } from '../support/test';
import { ChatPage, signUp } from '../support/app';

/**
 * Stored XSS: the server keeps titles and messages as plain text (security/attacks.test.ts); this
 * proves the client never turns them into markup, on first render and after a reload.
 */
const TITLE = '<img src=x onerror=alert("title")><script>alert("t2")</script>';
const REPLY =
  'Look [click me](javascript:alert(1)) and <img src=x onerror=alert(2)> and <script>alert(3)</script> **done**';

async function expectInert(page: Page, dialogs: string[]): Promise<void> {
  await expect(page.locator('img[src="x"]')).toHaveCount(0);
  await expect(page.locator('a[href^="javascript:" i]')).toHaveCount(0);
  await expect(page.locator('main script, nav script, [data-testid="message"] script')).toHaveCount(0);
  expect(dialogs).toEqual([]);
}

test('titles, user text and Markdown replies with HTML/JS payloads stay inert', async ({ page }) => {
  const dialogs: string[] = [];
  page.on('dialog', (d) => {
    dialogs.push(d.message());
    void d.dismiss();
  });
  await signUp(page);
  const chat = new ChatPage(page);
  await chat.pickModel('openAI', 'gpt-4o-mini');
  const question = 'Hi <img src=x onerror=alert(4)> [x](javascript:alert(5))';
  await chat.send(`${question} [[fake reply="${REPLY}"]]`);
  await chat.waitForReplyDone();

  const reply = chat.lastAssistant();
  await expect(reply.locator('strong', { hasText: 'done' })).toBeVisible();
  // The raw HTML of the reply shows as text; the javascript: link is not a javascript: link.
  await expect(reply).toContainText('<img src=x onerror=alert(2)>');
  await expect(reply).toContainText('<script>alert(3)</script>');
  // The javascript: link keeps its text and loses its target.
  const link = reply.locator('a', { hasText: 'click me' });
  await expect(link).toHaveCount(1);
  await expect(link).not.toHaveAttribute('href', /^\s*javascript:/i);
  await expect(chat.messages('user').first()).toContainText('<img src=x onerror=alert(4)>');

  // Rename the conversation to a payload.
  const item = page.getByTestId('convo-item').first();
  await item.hover();
  await item.getByTestId('convo-rename').click();
  await item.getByTestId('convo-rename-input').fill(TITLE);
  await item.getByTestId('convo-rename-input').press('Enter');
  await expect(item.getByTestId('convo-title')).toHaveText(TITLE);
  await expectInert(page, dialogs);

  // Stored: the same data read back from the server on a fresh load.
  await page.reload();
  await expect(page.getByTestId('convo-item').first().getByTestId('convo-title')).toHaveText(TITLE);
  await expect(chat.lastAssistant().locator('strong', { hasText: 'done' })).toBeVisible();
  await expectInert(page, dialogs);
});
