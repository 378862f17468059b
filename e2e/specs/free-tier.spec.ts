import { expect, test } from '../support/test';
import { ChatPage } from '../support/app';
import { MAIL_APP_PORT } from '../support/ports';

// The mail app has FREE_TIER_MESSAGES=2. Every page of a run comes from 127.0.0.1, one address:
// one free-tier account for the whole run, so this is the run's only free-tier test.
test.describe('the free tier (FREE_TIER_MESSAGES=2)', () => {
  test.use({ baseURL: `http://127.0.0.1:${MAIL_APP_PORT}` });

  test('Try Now → chatting → the free messages used up → Trial Ended → Register; no second allowance', async ({
    page,
    browser,
  }) => {
    await page.goto('/');
    await page.getByTestId('landing-try').click();
    await expect(page).toHaveURL(/\/c\/new$/);
    await expect(page.getByTestId('login-or-register')).toHaveText('Login or Register');

    const chat = new ChatPage(page);
    await chat.pickModel('openAI', 'gpt-4o-mini');
    // The free messages left, and the way to keep the history, are in view from the start.
    const left = page.getByTestId('free-tier-left');
    await expect(left).toHaveText('Free messages left: 2');
    await expect(page.getByTestId('free-tier-register')).toHaveText(
      'Create an account to keep your chat history.',
    );
    for (const [text, after] of [
      ['First free message', 'Free messages left: 1'],
      ['Second free message', 'Your free messages are used up. Register to keep chatting.'],
    ] as const) {
      await chat.send(text);
      await chat.waitForReplyDone();
      await expect(chat.lastAssistant().getByTestId('message-text')).toContainText(`You said`);
      await expect(left).toHaveText(after);
    }
    // The last one spent: Trial Ended says so at once, before anything more is typed.
    const dialog = page.getByTestId('trial-ended');
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText('Trial Ended');
    await expect(dialog).toContainText('Your free messages are used up. Register to keep chatting.');
    await page.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);
    // A send opens it again, keeping the text.
    await chat.input.fill('One too many');
    await page.getByTestId('send-button').click();
    await expect(dialog).toBeVisible();
    await expect(chat.input).toHaveValue('One too many');

    await page.getByTestId('trial-ended-register').click();
    await expect(page).toHaveURL(/\/register$/);
    await expect(page.getByTestId('register-name')).toBeVisible();

    // Storage cleared (a fresh browser context): the same device gets what it has left, nothing.
    const fresh = await browser.newContext({ baseURL: `http://127.0.0.1:${MAIL_APP_PORT}` });
    const again = await fresh.newPage();
    await again.goto('/');
    await again.getByTestId('landing-try').click();
    await expect(again).toHaveURL(/\/c\/new$/);
    // Told on arrival, not after typing a message that cannot go.
    await expect(again.getByTestId('trial-ended')).toBeVisible();
    await expect(again.getByTestId('free-tier-left')).toHaveText(
      'Your free messages are used up. Register to keep chatting.',
    );

    // Login or Register ends the free-tier session.
    await again.keyboard.press('Escape');
    await again.getByTestId('login-or-register').click();
    await expect(again).toHaveURL(/\/login/);
    await expect(again.getByTestId('login-email')).toBeVisible();
    await fresh.close();
  });
});
