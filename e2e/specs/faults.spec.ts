import type { Page } from '@playwright/test';
import { expect, test } from '../support/test';
import { ChatPage, signUp } from '../support/app';

/**
 * Upstream faults never leave a spinner: the stop button goes away, the reply shows the spec's
 * error text, the input asks to edit or regenerate, and the conversation can be retried.
 * (The e2e server runs with UPSTREAM_IDLE_TIMEOUT_MS=3000, so a hang fails in 3 s.)
 */
const GENERIC = "Something went wrong. Here's the specific error message we encountered: ";
const faults = [
  { directive: 'failAfter=3', text: `${GENERIC}The connection to the provider was lost mid-reply` },
  { directive: 'malformed=3', text: `${GENERIC}The provider sent a malformed reply` },
  {
    directive: 'status=429',
    text: 'The provider is receiving too many requests right now. Please wait a moment and try again.',
  },
  { directive: 'status=503', text: 'The provider is not available right now. Please try again later.' },
  { directive: 'hang', text: 'The provider took too long to answer. Please try again.' },
];

async function expectFailedReply(page: Page, chat: ChatPage, text: string): Promise<void> {
  await expect(page.getByTestId('stop-button')).toHaveCount(0, { timeout: 15_000 });
  await expect(chat.lastAssistant().getByTestId('message-error')).toHaveText(text);
  await expect(chat.input).toHaveAttribute('placeholder', 'Edit your message or Regenerate.');
}

for (const fault of faults) {
  test(`[[fake ${fault.directive}]] ends in an error reply that can be regenerated`, async ({ page }) => {
    await signUp(page);
    const chat = new ChatPage(page);
    await chat.pickModel('openAI', 'gpt-4o-mini');
    await chat.send(`Fail please [[fake ${fault.directive}]]`);
    await expectFailedReply(page, chat, fault.text);

    // Regenerate is accepted (nothing is left running): a second reply, failing the same way.
    await chat.clickBottom('regenerate');
    await expect(chat.lastAssistant().getByTestId('sibling-counter')).toHaveText('2 / 2');
    await expectFailedReply(page, chat, fault.text);
  });
}

test('after a failure, the edited message is answered and the error stays saved', async ({ page }) => {
  await signUp(page);
  const chat = new ChatPage(page);
  await chat.pickModel('openAI', 'gpt-4o-mini');
  await chat.send('Rate me [[fake status=429]]');
  await expectFailedReply(page, chat, faults[2]!.text);

  // The failure is saved: a reload shows the same error text, and nothing running.
  await page.reload();
  await expect(chat.lastAssistant().getByTestId('message-error')).toHaveText(faults[2]!.text);
  await expect(page.getByTestId('stop-button')).toHaveCount(0);

  const userMsg = chat.messages('user').first();
  await userMsg.hover();
  await userMsg.getByTestId('edit-message').click();
  await userMsg.getByTestId('edit-textarea').fill('Rate me again');
  await userMsg.getByTestId('edit-save-submit').click();
  await chat.waitForReplyDone();
  await expect(chat.lastAssistant().getByTestId('message-text')).toContainText('Rate me again');
  await expect(chat.lastAssistant().getByTestId('message-error')).toHaveCount(0);
});
