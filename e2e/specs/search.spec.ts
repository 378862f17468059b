import { expect, test } from '../support/test';
import { askByApi, ChatPage, logIn, registerByApi, signUp } from '../support/app';

const ID = /\/c\/([0-9a-f-]{36})$/;

test('the sidebar search shows matching messages by conversation; a title opens it', async ({ page }) => {
  await signUp(page);
  const chat = new ChatPage(page);
  await chat.pickModel('openAI', 'gpt-4o-mini');
  await chat.send('Tell me about the axolotl please [[fake reply="Axolotls can regrow their limbs."]]');
  await chat.waitForReplyDone();
  await expect(page).toHaveURL(ID);
  const axolotlId = ID.exec(page.url())![1]!;

  await page.getByTestId('new-chat').click();
  await expect(page).toHaveURL(/\/c\/new$/);
  await chat.send('What about narwhals? [[fake reply="Narwhal tusks are long teeth."]]');
  await chat.waitForReplyDone();
  await expect(page).toHaveURL(ID);
  const narwhalId = ID.exec(page.url())![1]!;
  expect(narwhalId).not.toBe(axolotlId);

  // Typing a word opens the search view (debounced) with the matching messages.
  const box = page.getByTestId('sidebar-search');
  await box.fill('axolotl');
  await expect(page).toHaveURL(/\/search\/axolotl$/);
  const view = page.getByTestId('search-view');
  await expect(view.getByTestId('search-header')).toHaveText('Search: axolotl');
  const results = view.getByTestId('search-result');
  await expect(results).toHaveCount(1);
  await expect(results.first()).toHaveAttribute('data-conversation-id', axolotlId);
  // Both the question and the reply ("Axolotls" starts with the word) match, highlighted.
  const hits = results.first().getByTestId('search-hit');
  await expect(hits).toHaveCount(2);
  await expect(hits.and(page.locator('[data-role="assistant"]'))).toHaveText(/Axolotls can regrow/);
  await expect(results.first().getByTestId('search-highlight').first()).toHaveText(/^axolotl$/i);

  // No input in the search view: the hint instead.
  await expect(page.getByTestId('chat-input')).toHaveCount(0);
  await expect(page.getByTestId('search-hint')).toHaveText('Click a message title to open its conversation.');

  // The sidebar lists only the conversations that matched.
  const list = page.getByTestId('convo-list');
  await expect(list).toHaveAttribute('data-mode', 'search');
  await expect(list.getByTestId('convo-item')).toHaveCount(1);
  await expect(list.getByTestId('convo-item')).toHaveAttribute('data-convo-id', axolotlId);

  // Clicking the title opens that conversation; the box empties and the full list is back.
  await results.first().getByTestId('search-result-title').click();
  await expect(page).toHaveURL(new RegExp(`/c/${axolotlId}$`));
  await expect(chat.messages('user').first()).toContainText('Tell me about the axolotl');
  await expect(page.getByTestId('chat-input')).toBeVisible();
  await expect(box).toHaveValue('');
  await expect(list).toHaveAttribute('data-mode', 'all');
  await expect(list.getByTestId('convo-item')).toHaveCount(2);

  // A word that matches nothing.
  await box.fill('zebra');
  await expect(page).toHaveURL(/\/search\/zebra$/);
  await expect(page.getByTestId('search-nothing-found')).toHaveText('Nothing found');
  await expect(page.getByTestId('search-result')).toHaveCount(0);
  await expect(page.getByTestId('search-hint')).toBeVisible();
  await expect(page.getByTestId('chat-input')).toHaveCount(0);

  // Several words with punctuation, a direct load and a reload keep the query.
  await box.fill('narwhal tusks?');
  await expect(page).toHaveURL(/\/search\/narwhal%20tusks%3F$/);
  await expect(page.getByTestId('search-result')).toHaveCount(1);
  await page.reload();
  await expect(page.getByTestId('search-header')).toHaveText('Search: narwhal tusks?');
  await expect(page.getByTestId('search-result')).toHaveAttribute('data-conversation-id', narwhalId);
  await expect(box).toHaveValue('narwhal tusks?');

  // Clearing the box returns to the chat that was open before the search.
  await page.getByTestId('sidebar-search-clear').click();
  await expect(page).toHaveURL(new RegExp(`/c/${axolotlId}$`));
  await expect(page.getByTestId('chat-input')).toBeVisible();
});

test('the search view shows a spinner while loading and pages on scroll', async ({ page, request }) => {
  test.setTimeout(90_000);
  const { account, token } = await registerByApi(request);
  const total = 30; // more hits than one page of 25
  for (let i = 1; i <= total; i++) {
    await askByApi(request, token, `Pangolin fact ${i} [[fake reply="Noted."]]`);
  }

  await logIn(page, account);

  // Hold the first answer back: the view shows a spinner meanwhile.
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  // Only the search itself: a glob's `?` matches any character, so '**/api/search?*' would also
  // catch the sidebar's /api/search/enable probe when it happens to be sent after this point.
  await page.route(
    (url) => url.pathname === '/api/search',
    async (route) => {
      await held;
      await route.continue();
    },
    { times: 1 },
  );
  await page.getByTestId('sidebar-search').fill('pangolin');
  await expect(page.getByTestId('search-loading')).toBeVisible();
  await expect(page.getByTestId('search-nothing-found')).toHaveCount(0);
  release();

  const results = page.getByTestId('search-result');
  await expect(results.first()).toBeVisible();
  await expect(page.getByTestId('search-loading')).toHaveCount(0);
  expect(await results.count()).toBeLessThan(total);
  // Scrolling to the end loads the next pages until every conversation is there.
  await expect(async () => {
    await results.last().scrollIntoViewIfNeeded();
    expect(await results.count()).toBe(total);
  }).toPass({ timeout: 20_000 });
  const ids = await results.evaluateAll((els) => els.map((e) => e.getAttribute('data-conversation-id')));
  expect(new Set(ids).size).toBe(total);
});
