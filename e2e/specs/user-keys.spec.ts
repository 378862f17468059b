import { expect, test } from '../support/test';
import { ChatPage, signUp } from '../support/app';

test('a user-provided key: set it, chat with it, revoke it and be asked again', async ({ page }) => {
  test.setTimeout(90_000);
  await signUp(page);
  const chat = new ChatPage(page);
  // The custom endpoint relabels its models: the menu shows the display name only.
  await page.getByTestId('endpoint-picker').click();
  await page.getByTestId('endpoint-item-Byok').click();
  await expect(page.getByTestId('endpoint-group-Byok').getByRole('menuitemradio')).toHaveText([
    'GPT-4.1 Mini Unfiltered',
  ]);
  await page.keyboard.press('Escape');
  await chat.pickModel('Byok', 'gpt-4.1-mini', 'GPT-4.1 Mini Unfiltered');

  // No key yet: the configure-key button replaces send, with the reason.
  const configure = page.getByTestId('configure-key-button');
  await expect(configure).toBeVisible();
  await expect(page.getByTestId('send-button')).toHaveCount(0);
  await expect(page.getByTestId('key-required')).toContainText('set your own API key');

  // An empty key is refused by name and the dialog stays open.
  await configure.click();
  const dialog = page.getByTestId('key-dialog');
  await expect(dialog).toBeVisible();
  await dialog.getByTestId('key-save').click();
  await expect(page.getByText('The following fields are required: API Key')).toBeVisible();
  await expect(dialog).toBeVisible();

  // Saved with an expiry: send comes back and a reply streams through the user's key.
  await dialog.getByTestId('key-field-apiKey').fill('sk-e2e-user-key');
  await dialog.getByTestId('key-expiry').selectOption({ label: '2 hours' });
  const saved = page.waitForResponse((r) => r.url().endsWith('/api/keys') && r.request().method() === 'PUT');
  await dialog.getByTestId('key-save').click();
  const body = (await (await saved).request().postDataJSON()) as { name: string; expiresAt: string };
  expect(body.name).toBe('Byok');
  const hours = (Date.parse(body.expiresAt) - Date.now()) / 3_600_000;
  expect(hours).toBeGreaterThan(1.9);
  expect(hours).toBeLessThan(2.1);
  await expect(dialog).toHaveCount(0);
  await expect(page.getByTestId('send-button')).toBeVisible();
  const ask = page.waitForRequest((r) => /\/api\/ask\/[^/]+$/.test(r.url()) && r.method() === 'POST');
  await chat.send('Hello through my own key [[fake reply="Your key works"]]');
  // The request carries the real model name, not its label.
  expect((await ask).postDataJSON()).toMatchObject({ endpoint: 'Byok', model: 'gpt-4.1-mini' });
  await chat.waitForReplyDone();
  await expect(chat.lastAssistant().getByTestId('message-text')).toContainText('Your key works');

  // Revoked: the configure-key button is back.
  await page.getByTestId('endpoint-picker').click();
  await page.getByTestId('endpoint-key-Byok').click();
  await expect(dialog).toBeVisible();
  await dialog.getByTestId('key-revoke').click();
  await expect(page.getByTestId('configure-key-button')).toBeVisible();
  await expect(page.getByTestId('send-button')).toHaveCount(0);
});
