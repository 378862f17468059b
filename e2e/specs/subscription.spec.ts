import type { Page } from '@playwright/test';
import { expect, test } from '../support/test';
import { ChatPage, signUp } from '../support/app';
import { STRIPE_APP_PORT, STRIPE_FAKE_PORT } from '../support/ports';

/**
 * Subscription status, Starting a subscription, Plan chooser,
 * on the app with Stripe (the Stripe fake's API, hosted Checkout and portal, signed webhooks).
 */
test.describe('subscriptions', () => {
  test.use({ baseURL: `http://127.0.0.1:${STRIPE_APP_PORT}` });

  /** Sends `text`, which opens the plan chooser; pays `plan` on Checkout; the message then goes. */
  async function subscribeBySending(page: Page, text: string, plan: 'trial' | 'yearly'): Promise<void> {
    const chat = new ChatPage(page);
    await chat.pickModel('openAI', 'gpt-4o-mini');
    await chat.send(text);
    const chooser = page.getByTestId('plan-chooser');
    await expect(chooser).toBeVisible();
    await expect(chooser.getByRole('heading', { name: 'Premium Access' })).toBeVisible();
    await expect(page.getByTestId('plan-trial')).toContainText('3-DAY FREE TRIAL');
    await expect(page.getByTestId('plan-yearly')).toContainText('$89.99');
    await expect(page.getByTestId('plan-yearly')).toContainText('Save 70%');
    // Nothing was sent: the text waits in the input.
    await expect(chat.messages()).toHaveCount(0);
    await expect(chat.input).toHaveValue(text);
    await expect(page.getByTestId('plan-checkout')).toBeDisabled();
    await page.getByTestId(`plan-${plan}`).click();
    await page.getByTestId('plan-checkout').click();

    await expect(page.getByRole('heading', { name: 'Fake Stripe Checkout' })).toBeVisible();
    await page.getByRole('button', { name: 'Pay' }).click();

    // Back on /c/new (the success URL): once the webhook made the user valid, the dialog closes
    // and the kept message goes.
    await expect(chooser).toHaveCount(0);
    await expect(chat.messages('user').first()).toContainText(text);
    await chat.waitForReplyDone();
    await expect(chat.lastAssistant().getByTestId('message-text')).toContainText('You said');
    await expect(page).toHaveURL(/\/c\/(?!new)[^/?]+$/);
  }

  test('a user without a subscription chooses a plan, pays on Stripe Checkout, and the message goes', async ({
    page,
  }) => {
    await signUp(page);
    await subscribeBySending(page, 'Hello after the trial started', 'trial');

    // Settings → My Subscription shows the trial.
    await page.getByTestId('user-menu').click();
    await page.getByTestId('open-settings').click();
    await expect(page.getByTestId('settings-subscription-status')).toContainText('Free trial');
    await expect(page.getByTestId('settings-subscription-status')).toContainText('Renews on');
  });

  test('a past_due user sees Update Payment Method, whose button opens the billing portal', async ({
    page,
    request,
    consoleErrors,
  }) => {
    consoleErrors.expectRefused(402, '/api/ask/openAI', "the past_due user's send is refused");
    const account = await signUp(page);
    await subscribeBySending(page, 'First, paid for', 'yearly');

    // The renewal fails: Stripe marks the subscription past_due and tells the app's webhook.
    const changed = await request.post(`http://127.0.0.1:${STRIPE_FAKE_PORT}/__control/subscription-status`, {
      data: { email: account.email, status: 'past_due' },
    });
    expect(changed.status()).toBe(200);

    // The page still holds the active user: the server's 402 opens the dialog.
    const chat = new ChatPage(page);
    await chat.send('Second, refused');
    const dialog = page.getByTestId('update-payment');
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('heading', { name: 'Update Payment Method' })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);

    // After a reload the client's own check (the refreshed user) opens it before any request.
    await page.goto('/c/new');
    await chat.send('Third, checked here');
    await expect(dialog).toBeVisible();
    await expect(chat.messages()).toHaveCount(0);
    await page.getByTestId('update-payment-button').click();
    await expect(page.getByRole('heading', { name: 'Fake Stripe billing portal' })).toBeVisible();
  });

  test('the express/wallet path: the wallet confirms, the webhook arrives, the dialog closes and the message goes', async ({
    page,
  }) => {
    await signUp(page);
    const chat = new ChatPage(page);
    await chat.pickModel('openAI', 'gpt-4o-mini');
    const text = 'Hello, paid with a wallet';
    await chat.send(text);
    const chooser = page.getByTestId('plan-chooser');
    await expect(chooser).toBeVisible();
    // No express checkout before a plan is chosen; then Stripe's SDK (the fake's) mounts its button.
    await expect(page.getByTestId('express-checkout')).toHaveCount(0);
    await page.getByTestId('plan-trial-toggle').click();
    await page.getByTestId('plan-weekly').click();
    const wallet = chooser.getByTestId('fake-stripe-express-button');
    await expect(wallet).toBeVisible();
    expect((await wallet.boundingBox())?.height).toBe(48);
    const seen = await page.evaluate(
      () => (window as unknown as { __fakeStripe: Record<string, unknown> }).__fakeStripe,
    );
    expect(seen).toMatchObject({
      publishableKey: 'pk_test_e2e',
      elements: { mode: 'subscription', amount: 599, currency: 'usd' },
      element: { type: 'expressCheckout', buttonHeight: 48 },
    });

    await wallet.click();
    // Stripe's redirect comes back to /c/new with redirect_status=succeeded; the chooser waits for
    // the webhook, then closes, and the kept message goes.
    await expect(chooser).toHaveCount(0, { timeout: 20_000 });
    await expect(chat.messages('user').first()).toContainText(text);
    await chat.waitForReplyDone();
    await expect(chat.lastAssistant().getByTestId('message-text')).toContainText('You said');
    await expect(page).toHaveURL(/\/c\/(?!new)[^/?]+$/);

    await page.getByTestId('user-menu').click();
    await page.getByTestId('open-settings').click();
    await expect(page.getByTestId('settings-subscription-status')).toContainText('Active');
  });
});
