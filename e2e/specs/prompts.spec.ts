import { expect, test } from '../support/test';
import { ChatPage, signUp } from '../support/app';

/**
 * The prompt library: a prompt with a variable made in the library, found in the message box with
 * `/` and its command, its variable filled in the form, the text sent as the person's message.
 */
test('create a prompt with a variable, use it with /, fill it in and send', async ({ page }) => {
  test.setTimeout(90_000);
  await signUp(page);
  const chat = new ChatPage(page);
  await chat.pickModel('openAI', 'gpt-4o-mini');

  await page.getByTestId('prompts-open').click();
  const library = page.getByTestId('prompts-dialog');
  await expect(library).toBeVisible();
  await library.getByTestId('prompts-new').click();
  await library.getByTestId('prompt-name').fill('Greeting');
  await library.getByTestId('prompt-command').fill('greet');
  await library.getByTestId('prompt-oneliner').fill('Says hello to someone');
  await library.getByTestId('prompt-text').fill('Say hello to {{person}} [[fake reply="Hello there"]]');
  await library.getByTestId('prompt-create').click();
  // The new group opens with its first version as the production one.
  await expect(library.getByTestId('prompt-version')).toHaveCount(1);
  await expect(library.locator('[data-testid="prompt-version"][data-production]')).toHaveCount(1);
  await page.keyboard.press('Escape');
  await expect(library).toHaveCount(0);

  await chat.input.click();
  await chat.input.pressSequentially('/gre');
  const list = page.getByTestId('prompts-command-list');
  await expect(list).toBeVisible();
  await expect(list.getByTestId('prompts-command-option')).toHaveCount(1);
  await expect(list.getByTestId('prompts-command-option')).toContainText('/greet');
  await chat.input.press('Enter');

  const form = page.getByTestId('prompt-variables-dialog');
  await expect(form).toBeVisible();
  await expect(form.getByTestId('prompt-variable')).toBeFocused();
  await page.keyboard.type('Grace');
  await page.keyboard.press('Enter');
  await expect(form).toHaveCount(0);
  await expect(chat.input).toHaveValue('Say hello to Grace [[fake reply="Hello there"]]');
  await expect(chat.input).toBeFocused();

  await expect(page.getByTestId('send-button')).toBeEnabled();
  await chat.input.press('Enter');
  await chat.waitForReplyDone();
  await expect(chat.messages('user').last().getByTestId('message-text')).toContainText('Say hello to Grace');
  await expect(chat.lastAssistant().getByTestId('message-text')).toContainText('Hello there');
});

test('on a 375 px screen the / list fits above the message box', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 740 });
  await signUp(page);
  // Made through the library on the small screen too: the sidebar opens, then the library.
  await page.getByTestId('nav-toggle').first().click();
  await page.getByTestId('prompts-open').click();
  const library = page.getByTestId('prompts-dialog');
  await library.getByTestId('prompts-new').click();
  await library.getByTestId('prompt-name').fill('Small screen prompt with a long name that wraps');
  await library.getByTestId('prompt-command').fill('small');
  await library.getByTestId('prompt-text').fill('A short text');
  await library.getByTestId('prompt-create').click();
  await expect(library.getByTestId('prompt-version')).toHaveCount(1);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  // Escape closes the library, a second one the sidebar's drawer.
  await page.keyboard.press('Escape');
  await expect(library).toHaveCount(0);
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('nav-backdrop')).toHaveCount(0);

  const chat = new ChatPage(page);
  await chat.input.click();
  await chat.input.pressSequentially('/sm');
  const list = page.getByTestId('prompts-command-list');
  await expect(list).toBeVisible();
  const box = await list.boundingBox();
  expect(box!.x).toBeGreaterThanOrEqual(0);
  expect(box!.x + box!.width).toBeLessThanOrEqual(375);
  await chat.input.press('Tab');
  await expect(chat.input).toHaveValue('A short text');
});
