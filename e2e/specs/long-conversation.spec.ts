import type { APIRequestContext } from '@playwright/test';
import { expect, test } from '../support/test';
import { ChatPage, logIn, registerByApi } from '../support/app';

const NO_PARENT = '00000000-0000-0000-0000-000000000000';
const TURNS = 60; // 120 messages: several times what the list renders at first

interface Asked {
  conversationId: string;
  responseMessageId: string;
}

/** One turn through the real ask API (the fake upstream answers at once), after `parent`. */
async function ask(request: APIRequestContext, token: string, turn: number, parent?: Asked): Promise<Asked> {
  const res = await request.post('/api/ask/openAI', {
    headers: { authorization: `Bearer ${token}` },
    data: {
      text: `Turn ${turn} of the long talk [[fake reply="Answer ${turn}."]]`,
      conversationId: parent?.conversationId ?? null,
      parentMessageId: parent?.responseMessageId ?? NO_PARENT,
      endpoint: 'openAI',
      model: 'gpt-4o-mini',
    },
  });
  expect(res.status()).toBe(200);
  const line = (await res.text())
    .split('\n')
    .find((l) => l.startsWith('data:') && l.includes('"final":true'));
  expect(line).toBeDefined();
  const final = JSON.parse(line!.slice('data:'.length)) as {
    conversation: { conversationId: string };
    responseMessage: { messageId: string };
  };
  return {
    conversationId: final.conversation.conversationId,
    responseMessageId: final.responseMessage.messageId,
  };
}

test('a long conversation opens at its end and scrolls up to its first message', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const { account, token } = await registerByApi(request);
  let last: Asked | undefined;
  for (let turn = 1; turn <= TURNS; turn++) last = await ask(request, token, turn, last);

  await logIn(page, account);
  await page.goto(`/c/${last!.conversationId}`);

  const chat = new ChatPage(page);
  const list = page.getByTestId('message-list');
  // Opens at the bottom, with only the newest messages rendered.
  await expect(chat.lastAssistant()).toContainText(`Answer ${TURNS}.`);
  await expect(chat.lastAssistant()).toBeInViewport();
  const rendered = await chat.messages().count();
  expect(rendered).toBeLessThan(2 * TURNS);
  await expect(page.getByTestId('show-earlier')).toBeAttached();

  // Near the top, older messages are added above, and what was on screen stays where it was.
  const firstId = await chat.messages().first().getAttribute('data-message-id');
  const row = page.locator(`[data-message-id="${firstId}"]`);
  const rowTop = () =>
    row.evaluate(
      (r) =>
        r.getBoundingClientRect().top -
        r.closest('[data-testid="message-list"]')!.getBoundingClientRect().top,
    );
  const scrollTop = () => list.evaluate((el) => el.scrollTop);
  const expected = (await rowTop()) + (await scrollTop()) - 40;
  await list.evaluate((el) => el.scrollTo({ top: 40 }));
  await expect.poll(() => chat.messages().count()).toBeGreaterThan(rendered);
  expect(Math.abs((await rowTop()) - expected)).toBeLessThanOrEqual(2);
  expect(await scrollTop()).toBeGreaterThan(40);

  // Scrolling on up reaches the very first message.
  await expect(async () => {
    await list.evaluate((el) => el.scrollTo({ top: 0 }));
    await expect(chat.messages().first()).toContainText('Turn 1 of the long talk', { timeout: 1000 });
  }).toPass({ timeout: 30_000 });
  await expect(page.getByTestId('show-earlier')).toHaveCount(0);
  await list.evaluate((el) => el.scrollTo({ top: 0 }));
  await expect(chat.messages().first()).toBeInViewport();

  // The scroll-to-bottom button takes us back to the newest message; a send shows its reply there.
  await page.getByTestId('scroll-to-bottom').click();
  await expect(chat.lastAssistant()).toBeInViewport();
  await chat.send('One more question [[fake reply="The final answer."]]');
  await chat.waitForReplyDone();
  await expect(chat.lastAssistant()).toContainText('The final answer.');
  await expect(chat.lastAssistant()).toBeInViewport();
});
