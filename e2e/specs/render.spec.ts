import { expect, test } from '../support/test';
import { ChatPage, signUp } from '../support/app';

test('a reply renders Markdown with highlighted code and a copy button; raw HTML stays text', async ({
  page,
  context,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await signUp(page);
  const chat = new ChatPage(page);
  await chat.pickModel('openAI', 'gpt-4o-mini');
  await chat.send('Show me <img src=x onerror="window.__xss=1"> some code');
  await chat.waitForReplyDone();
  const reply = chat.lastAssistant();
  await expect(reply.locator('strong').first()).toBeVisible();
  await expect(reply.locator('li').first()).toBeVisible();
  const code = reply.getByTestId('code-block');
  await expect(code).toBeVisible();
  await expect(code.locator('[class*="hljs-"]').first()).toBeVisible();
  await code.getByTestId('copy-code').click();
  await expect(code.getByTestId('copy-code')).toContainText('Copied!');
  expect(await page.evaluate(() => navigator.clipboard.readText())).toContain('greeting');
  // The user's HTML is shown as text, never rendered.
  await expect(chat.messages('user').first()).toContainText('<img src=x');
  expect(await page.evaluate(() => (window as unknown as { __xss?: number }).__xss)).toBeUndefined();
  await expect(page.locator('img[src="x"]')).toHaveCount(0);
});

test('the list keeps to the bottom while streaming; scrolled up, a scroll-to-bottom button appears', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1000, height: 600 });
  await signUp(page);
  const chat = new ChatPage(page);
  await chat.pickModel('openAI', 'gpt-4o-mini');
  for (const q of ['First question', 'Second question']) {
    await chat.send(q);
    await chat.waitForReplyDone();
  }
  const list = page.getByTestId('message-list');
  const distanceFromBottom = () => list.evaluate((el) => el.scrollHeight - el.scrollTop - el.clientHeight);

  // A slow reply streams in; the view follows it to the bottom.
  await chat.send('Third question [[fake tps=15]]');
  await expect(page.getByTestId('stop-button')).toBeVisible();
  // Once the reply has grown by a few lines, the view is still at the bottom.
  const growing = chat.lastAssistant().getByTestId('message-text');
  await expect(growing).toContainText('You said');
  const early = (await growing.innerText()).length;
  await expect.poll(async () => (await growing.innerText()).length).toBeGreaterThan(early + 120);
  expect(await distanceFromBottom()).toBeLessThan(40);
  await chat.waitForReplyDone();
  await expect(page.getByTestId('scroll-to-bottom')).toHaveCount(0);

  // Scrolled up by more than 15% of the visible height: the button shows and takes us back.
  await list.evaluate((el) => el.scrollTo({ top: 0 }));
  await expect(page.getByTestId('scroll-to-bottom')).toBeVisible();
  await page.getByTestId('scroll-to-bottom').click();
  await expect.poll(distanceFromBottom).toBeLessThan(40);
  await expect(page.getByTestId('scroll-to-bottom')).toHaveCount(0);
});

test('a failed rename reverts the title and says "Failed to rename conversation"', async ({
  page,
  consoleErrors,
}) => {
  consoleErrors.expectRefused(500, '/api/convos/update', 'the rename is made to fail');
  await signUp(page);
  const chat = new ChatPage(page);
  await chat.pickModel('openAI', 'gpt-4o-mini');
  await chat.send('Hello there [[fake reply="Hi!"]]');
  await chat.waitForReplyDone();
  const item = page.getByTestId('convo-item').first();
  await expect(item.getByTestId('convo-title')).not.toHaveText('New Chat', { timeout: 15_000 });
  const before = await item.getByTestId('convo-title').innerText();

  await page.route('**/api/convos/update', (route) =>
    route.fulfill({ status: 500, json: { message: 'boom', code: 'internal' } }),
  );
  await item.hover();
  await item.getByTestId('convo-rename').click();
  await item.getByTestId('convo-rename-input').fill('Will not stick');
  await item.getByTestId('convo-rename-input').blur();
  await expect(page.getByTestId('toast')).toContainText('Failed to rename conversation.');
  await expect(item.getByTestId('convo-title')).toHaveText(before);
});
