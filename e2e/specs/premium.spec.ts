import { expect, test } from '../support/test';
import { ChatPage } from '../support/app';
import { STRIPE_APP_PORT } from '../support/ports';

// The Stripe app: subscriptions on (so the free tier is too), PREMIUM_MODELS=gpt-4o-mini with one
// use a day. A free-tier visitor has no subscription: a basic user. (Every page of a run comes from
// one address, so this is the Stripe app's only free-tier test.)
test.describe('the premium models’ daily limit', () => {
  test.use({ baseURL: `http://127.0.0.1:${STRIPE_APP_PORT}` });

  test('a basic user past the day’s premium uses sees the spec’s quota text', async ({
    page,
    consoleErrors,
  }) => {
    consoleErrors.expectRefused(429, '/api/ask/openAI', 'the send past the daily premium use is refused');
    await page.goto('/');
    await page.getByTestId('landing-try').click();
    await expect(page).toHaveURL(/\/c\/new$/);

    const chat = new ChatPage(page);
    await chat.pickModel('openAI', 'gpt-4o-mini');
    await chat.send('My one premium message today');
    await chat.waitForReplyDone();
    await expect(chat.lastAssistant().getByTestId('message-text')).toContainText('You said');

    await chat.input.fill('One more, please');
    await page.getByTestId('send-button').click();
    await expect(
      page.getByText(
        'You have reached your current usage limit for premium models. Please try again later or switch to another model.',
        { exact: true },
      ),
    ).toBeVisible();

    // The refusal is no dead end: the input waits for Regenerate or another model, and both work.
    await expect(chat.input).toHaveAttribute('placeholder', 'Edit your message or Regenerate.');
    await expect(page.locator('[data-testid="bottom-action"][data-kind="regenerate"]')).toBeVisible();
    await chat.pickModel('openAI', 'gpt-4o');
    await expect(chat.input).toBeEnabled();
    await page.locator('[data-testid="bottom-action"][data-kind="regenerate"]').click();
    await chat.waitForReplyDone();
    await expect(chat.lastAssistant().getByTestId('message-text')).toContainText('You said');
    await expect(chat.messages('user')).toHaveCount(2);
  });
});
