import { expect, test } from '../support/test';
import { ChatPage, signUp } from '../support/app';
import { PluginStore } from '../support/plugin-store';

test('install the calculator from the store and watch it used; uninstall it and it leaves the select', async ({
  page,
}) => {
  await signUp(page);
  const chat = new ChatPage(page);
  await chat.pickModel('gptPlugins', 'gpt-4o-mini');
  const store = new PluginStore(page);

  // Nothing installed yet: the select offers no plugin, only the store.
  await store.openSelect();
  await expect(store.select).toContainText('No plugins installed yet');
  await expect(store.select.getByRole('checkbox')).toHaveCount(0);

  await store.open();
  const calculator = store.item('calculator');
  await expect(calculator).toContainText('Calculator');
  // The manifest's icon resolves (a broken image would have no natural width).
  await expect
    .poll(() => calculator.locator('img').evaluate((img) => (img as HTMLImageElement).naturalWidth))
    .toBeGreaterThan(0);
  // Search is a case-insensitive name match.
  await store.dialog.getByRole('searchbox', { name: 'Search plugins' }).fill('CALC');
  await expect(store.dialog.getByRole('listitem')).toHaveCount(1);
  await store.dialog.getByRole('button', { name: 'Install Calculator' }).click();
  await expect(store.dialog.getByRole('button', { name: 'Uninstall Calculator' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(store.dialog).toBeHidden();

  await store.choose('calculator');
  await expect(store.select.locator('summary')).toHaveText('Calculator');
  await chat.send('What is 6*7? [[fake tool=calculator args="{\\"input\\":\\"6*7\\"}"]]');
  const reply = chat.lastAssistant();
  await expect(reply.getByTestId('plugin-state').first()).toContainText('Used Calculator');
  await expect(reply).toContainText('The tools answered: "42".');
  await chat.waitForReplyDone();

  // Uninstalled: gone from the select and from the selection.
  await store.open();
  await store.dialog.getByRole('button', { name: 'Uninstall Calculator' }).click();
  await expect(store.dialog.getByRole('button', { name: 'Install Calculator' })).toBeVisible();
  await page.keyboard.press('Escape');
  await store.openSelect();
  await expect(store.select.getByTestId('plugin-option-calculator')).toHaveCount(0);
  await expect(store.select.locator('summary')).toHaveText('Plugins');
});

test("a plugin's auth form checks the key as it is typed, and installs with it", async ({ page }) => {
  await signUp(page);
  const chat = new ChatPage(page);
  await chat.pickModel('gptPlugins', 'gpt-4o-mini');
  const store = new PluginStore(page);
  await store.open();
  await store.dialog.getByTestId('plugin-install-tavily_search_results_json').click();
  const form = store.dialog.getByTestId('plugin-auth-form');
  const save = form.getByRole('button', { name: 'Save' });
  await expect(save).toBeDisabled();
  const field = form.locator('input[type="password"]').first();
  await expect(field).toBeFocused();
  await field.fill('short');
  await expect(form.getByRole('alert')).toContainText('must be at least 10 characters long');
  await expect(save).toBeDisabled();
  await field.fill('tvly-e2e-0123456789');
  await expect(form.getByRole('alert')).toHaveCount(0);
  await save.click();
  await expect(form).toBeHidden();
  await expect(store.dialog.getByTestId('plugin-uninstall-tavily_search_results_json')).toBeVisible();
  await page.keyboard.press('Escape');
  await store.openSelect();
  await expect(store.select.getByTestId('plugin-option-tavily_search_results_json')).toBeVisible();
});
