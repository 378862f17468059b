import { expect, test } from '../support/test';
import { ChatPage, signUp } from '../support/app';

/**
 * Compare: the "+" beside the model menu adds a second model; one message is answered by both,
 * side by side while they stream; after a reload the two replies are the message's branches
 * (< 1/2 >); removing the second model sends the next message to one model again.
 */
test('one message to two models: side by side, then branches after a reload', async ({ page }) => {
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 1366, height: 900 });
  await signUp(page);
  const chat = new ChatPage(page);
  await chat.pickModel('openAI', 'gpt-4o-mini');

  // Keyboard: the "+" is a button in the header, reached and pressed like any other.
  const add = page.getByTestId('compare-add');
  await add.focus();
  await page.keyboard.press('Enter');
  const bar = page.getByTestId('compare-bar');
  await expect(bar).toBeVisible();
  await page.getByTestId('compare-model').selectOption({ label: 'claude-haiku-4-5' });

  await chat.send('Compare this [[fake reply="Both models answer this one." tps=15]]');
  const beside = page.getByTestId('compare-reply');
  await expect(beside).toBeVisible();
  await expect(beside.getByTestId('compare-author')).toContainText('Anthropic');
  const first = chat.lastAssistant();
  await expect(first.getByTestId('message-author')).toContainText('OpenAI');
  await chat.waitForReplyDone();
  await expect(beside).toContainText('Both models answer this one.');
  // The first reply's own text (the row holds the second column too, after it).
  await expect(first.locator('.markdown').first()).toContainText('Both models answer this one.');

  // Two columns on a wide screen: the second starts to the right of the first, at the same height.
  const a = (await first.getByTestId('message-author').boundingBox())!;
  const b = (await beside.getByTestId('compare-author').boundingBox())!;
  expect(b.x).toBeGreaterThan(a.x + 200);
  expect(Math.abs(b.y - a.y)).toBeLessThan(40);

  // One click removes the second model: the next message is answered once.
  await page.getByTestId('compare-remove').click();
  await expect(bar).toHaveCount(0);
  await expect(add).toBeVisible();
  await chat.send('Only one now [[fake reply="A single answer."]]');
  await chat.waitForReplyDone();
  await expect(chat.lastAssistant()).toContainText('A single answer.');
  await expect(chat.lastAssistant().getByTestId('compare-reply')).toHaveCount(0);

  // After a reload the two replies are the first question's branches; the second has one reply.
  await page.reload();
  await expect(chat.lastAssistant()).toContainText('A single answer.');
  await expect(chat.lastAssistant().getByTestId('sibling-counter')).toHaveCount(0);
  const compared = chat.messages('assistant').first();
  await expect(compared.getByTestId('sibling-counter')).toHaveText('2 / 2');
  await expect(compared).toContainText('Both models answer this one.');
  const shown = await compared.getByTestId('message-author').textContent();
  await compared.getByTestId('sibling-prev').click();
  await expect(compared.getByTestId('sibling-counter')).toHaveText('1 / 2');
  await expect(compared.getByTestId('message-author')).not.toHaveText(shown ?? '');
  await expect(compared).toContainText('Both models answer this one.');
});

test('on a 375 px screen the two replies are stacked and fit', async ({ page }) => {
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 375, height: 740 });
  await signUp(page);
  const chat = new ChatPage(page);
  await page.getByTestId('compare-add').click();
  await expect(page.getByTestId('compare-bar')).toBeVisible();
  await chat.input.fill('Stacked [[fake reply="Short answer."]]');
  await page.getByTestId('send-button').click();
  await chat.waitForReplyDone();
  const beside = page.getByTestId('compare-reply');
  await expect(beside).toContainText('Short answer.');
  const first = (await chat.lastAssistant().getByTestId('message-author').boundingBox())!;
  const second = (await beside.boundingBox())!;
  expect(second.y).toBeGreaterThan(first.y + 10);
  expect(second.x + second.width).toBeLessThanOrEqual(375);
  const bar = (await page.getByTestId('compare-bar').boundingBox())!;
  expect(bar.x + bar.width).toBeLessThanOrEqual(375);
});

test('a second reply that ended before it was joined is shown from the saved messages', async ({ page }) => {
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 1366, height: 900 });
  await signUp(page);
  const chat = new ChatPage(page);
  // The join of the second reply is held until both replies are saved: a short reply that ends
  // before the browser asks for it, as it does on a busy server.
  await page.route(/\/api\/ask\/stream\/[^?]+\?index=1$/, async (route) => {
    const cid = /stream\/([^?]+)/.exec(route.request().url())![1]!;
    const authorization = route.request().headers()['authorization'] ?? '';
    await expect
      .poll(async () => {
        const res = await page.request.get(`/api/messages/${cid}`, { headers: { authorization } });
        const list = (await res.json()) as { isCreatedByUser: boolean; unfinished: boolean }[];
        return list.filter((m) => !m.isCreatedByUser && !m.unfinished).length;
      })
      .toBe(2);
    await route.continue();
  });
  await page.getByTestId('compare-add').click();
  await chat.send('Quick [[fake reply="Over before you asked."]]');
  await chat.waitForReplyDone();
  const beside = page.getByTestId('compare-reply');
  await expect(beside).toContainText('Over before you asked.');
  await expect(beside).toHaveAttribute('aria-busy', 'false');
  await expect(beside.getByRole('alert')).toHaveCount(0);
});

test('a reload mid-stream joins both replies again, side by side', async ({ page }) => {
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 1366, height: 900 });
  await signUp(page);
  const chat = new ChatPage(page);
  await chat.pickModel('openAI', 'gpt-4o-mini');
  await page.getByTestId('compare-add').click();
  await page.getByTestId('compare-model').selectOption({ label: 'claude-haiku-4-5' });
  const reply = Array.from({ length: 80 }, (_, i) => `word${i}`).join(' ');
  await chat.send(`Slowly [[fake reply="${reply}" tps=6]]`);
  const beside = page.getByTestId('compare-reply');
  await expect(beside).toContainText('word2');
  await expect(page).toHaveURL(/\/c\/[0-9a-f-]{36}$/);

  await page.reload();
  // The first reply resumes in its row, the second beside it, each to its end.
  await expect(beside).toContainText('word79', { timeout: 20_000 });
  await expect(beside.getByTestId('compare-author')).toContainText('Anthropic');
  await expect(chat.lastAssistant().locator('.markdown').first()).toContainText('word79', {
    timeout: 20_000,
  });
  await chat.waitForReplyDone();
  await expect(chat.lastAssistant().getByTestId('sibling-counter')).toHaveText('2 / 2');
});
