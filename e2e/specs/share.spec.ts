import { expect, test } from '../support/test';
import { ChatPage, signUp } from '../support/app';

/**
 * Shared links: the owner makes one from the chat's header, a visitor with no account reads the
 * conversation at its address (the server's page, no app code), a later turn shows only once the
 * snapshot is taken again, and a deleted link answers "not found" at once.
 */
test('share a conversation, read it signed out, update the snapshot, delete the link', async ({
  page,
  browser,
  consoleErrors,
}) => {
  test.setTimeout(90_000);
  // The visitor's page of a deleted link is its 404 answer, which the browser reports.
  consoleErrors.expect(/status of 404 \(.*\/share\/[A-Za-z0-9_-]+\)$/, 'the link was deleted');
  const account = await signUp(page);
  const chat = new ChatPage(page);
  await chat.pickModel('openAI', 'gpt-4o-mini');
  await chat.send('Name a <b>bold</b> planet [[fake reply="**Jupiter** is the largest."]]');
  await chat.waitForReplyDone();

  await page.getByTestId('share-button').click();
  const dialog = page.getByTestId('share-dialog');
  await dialog.getByTestId('share-create').click();
  const address = dialog.getByTestId('share-url');
  await expect(address).toHaveValue(/\/share\/[A-Za-z0-9_-]{20,}$/);
  const url = await address.inputValue();

  // A visitor with no account, in a browser of their own.
  const visitor = await browser.newContext();
  const reader = await visitor.newPage();
  await reader.goto(url);
  await expect(reader.locator('h1')).toHaveText('Name a <b>bold</b> planet');
  const articles = reader.locator('article');
  await expect(articles).toHaveCount(2);
  // The person's words as written (the tag shown, not applied); the reply's Markdown rendered.
  await expect(articles.nth(0)).toContainText('Name a <b>bold</b> planet');
  await expect(articles.nth(0).locator('b')).toHaveCount(0);
  await expect(articles.nth(1).locator('strong')).toHaveText('Jupiter');
  // Nothing of who shared it, and the page asks not to be indexed.
  const html = await reader.content();
  expect(html).not.toContain(account.email);
  await expect(reader.locator('meta[name="robots"]')).toHaveAttribute('content', /noindex/);

  // A later turn joins the snapshot only when the owner takes it again.
  await dialog.press('Escape');
  await chat.send('And the smallest? [[fake reply="Mercury."]]');
  await chat.waitForReplyDone();
  await reader.reload();
  await expect(articles).toHaveCount(2);
  await page.getByTestId('share-button').click();
  await dialog.getByTestId('share-update').click();
  await expect(page.getByText('The shared link now shows the conversation as it is.')).toBeVisible();
  await reader.reload();
  await expect(articles).toHaveCount(4);
  await expect(articles.nth(3)).toContainText('Mercury.');

  // Deleted: the address is gone at once, and the dialog offers a new link.
  await dialog.getByTestId('share-delete').click();
  await expect(dialog.getByTestId('share-create')).toBeVisible();
  const gone = await reader.goto(url);
  expect(gone?.status()).toBe(404);
  await visitor.close();
});
