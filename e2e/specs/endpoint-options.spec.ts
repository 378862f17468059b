import type { Page, Request } from '@playwright/test';
import { expect, test } from '../support/test';
import { ChatPage, signUp } from '../support/app';

/** The JSON body of the next ask the page sends. */
function nextAsk(page: Page): Promise<Record<string, unknown>> {
  return page
    .waitForRequest((r: Request) => r.method() === 'POST' && /\/api\/ask\/openAI$/.test(r.url()))
    .then((r) => r.postDataJSON() as Record<string, unknown>);
}

test('the endpoint menu works from the keyboard and lists the endpoint with its models', async ({ page }) => {
  await signUp(page);
  const picker = page.getByTestId('endpoint-picker');
  await expect(picker).toBeEnabled();
  // A new person starts on the first endpoint by display order that runs on the server's key:
  // here Azure OpenAI (the e2e app has its key), its first model.
  await expect(picker).toHaveAccessibleName('Azure OpenAI, gpt-4o');
  await picker.focus();
  await page.keyboard.press('ArrowDown');
  const menu = page.getByRole('menu', { name: 'Endpoints and models' });
  await expect(menu).toBeVisible();
  // The chosen endpoint is open, the focus on its chosen model.
  const azure = menu.getByRole('menuitem', { name: 'Azure OpenAI', exact: true });
  await expect(azure).toHaveAttribute('aria-expanded', 'true');
  await expect(menu.getByRole('menuitem', { name: 'OpenAI', exact: true })).toHaveAttribute(
    'aria-expanded',
    'false',
  );
  await expect(menu.getByRole('menuitemradio')).toHaveText(['gpt-4o', 'gpt-4o-mini']);
  await expect(menu.getByRole('menuitemradio', { checked: true })).toBeFocused();
  // The server's key is used: no config-key button.
  await expect(menu.getByTestId('endpoint-key-azureOpenAI')).toHaveCount(0);

  await page.keyboard.press('Home');
  await page.keyboard.press('ArrowLeft');
  await expect(azure).toHaveAttribute('aria-expanded', 'false');
  await expect(menu.getByRole('menuitemradio')).toHaveCount(0);
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  // Beside the endpoint, the button that hides it from the menu; then its models.
  await expect(menu.getByRole('menuitem', { name: 'Hide Azure OpenAI' })).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(menu.getByRole('menuitemradio', { name: 'gpt-4o', exact: true })).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await expect(menu).toHaveCount(0);
  await expect(picker).toBeFocused();
  await expect(picker).toHaveAccessibleName('Azure OpenAI, gpt-4o-mini');

  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Escape');
  await expect(menu).toHaveCount(0);
  await expect(picker).toBeFocused();
});

test("the options popover's values go with the next ask, stay with the conversation, and reset to the defaults", async ({
  page,
}) => {
  test.setTimeout(90_000);
  await signUp(page);
  const chat = new ChatPage(page);
  await chat.pickModel('openAI', 'gpt-4o-mini');

  const options = page.getByRole('button', { name: 'Model options' });
  await options.click();
  const popover = page.getByRole('dialog', { name: 'Model options' });
  const temperature = popover.getByRole('spinbutton', { name: 'Temperature' });
  // OpenAI's parameters, with the contract's defaults.
  await expect(temperature).toHaveValue('1.00');
  await expect(popover.getByRole('spinbutton')).toHaveCount(5);
  await temperature.fill('0.35');
  await temperature.press('Enter');
  // Typed values are fitted to the range (presence penalty -2..2).
  const presence = popover.getByRole('spinbutton', { name: 'Presence penalty' });
  await presence.fill('7');
  await presence.press('Enter');
  await expect(presence).toHaveValue('2.00');
  // The conversation's own instructions, set here as in the preset editor.
  await popover.getByRole('textbox', { name: 'Prompt prefix' }).fill('Answer in French.');
  await page.keyboard.press('Escape');
  await expect(popover).toHaveCount(0);
  await expect(options).toBeFocused();

  let ask = nextAsk(page);
  await chat.send('Tuned question');
  expect(await ask).toMatchObject({
    endpoint: 'openAI',
    model: 'gpt-4o-mini',
    temperature: 0.35,
    presence_penalty: 2,
    promptPrefix: 'Answer in French.',
  });
  await chat.waitForReplyDone();
  await expect(page).toHaveURL(/\/c\/[0-9a-f-]{36}$/);
  const convoUrl = page.url();
  const conversationId = convoUrl.split('/').pop();

  // Saved with the conversation: after a reload the popover shows them.
  await page.reload();
  await options.click();
  await expect(temperature).toHaveValue('0.35');
  await expect(popover.getByRole('textbox', { name: 'Prompt prefix' })).toHaveValue('Answer in French.');

  // Another model in the same conversation: the tree stays and the next ask carries its id.
  await page.keyboard.press('Escape');
  await chat.pickModel('openAI', 'gpt-4o');
  await expect(page).toHaveURL(convoUrl);
  await expect(chat.messages('user')).toHaveCount(1);

  // Reset: nothing sent, the endpoint's defaults apply.
  await options.click();
  await popover.getByRole('button', { name: 'Reset to defaults' }).click();
  await expect(temperature).toHaveValue('1.00');
  await expect(popover.getByRole('button', { name: 'Reset to defaults' })).toBeDisabled();
  await page.keyboard.press('Escape');
  ask = nextAsk(page);
  await chat.send('Plain question');
  const body = await ask;
  expect(body).toMatchObject({ conversationId, model: 'gpt-4o' });
  expect(body).not.toHaveProperty('temperature');
  expect(body).not.toHaveProperty('presence_penalty');
  await chat.waitForReplyDone();
  await expect(chat.messages('user')).toHaveCount(2);
});

test('on a 375 px screen the menu and the popover fit the screen', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 740 });
  await signUp(page);
  await page.getByTestId('endpoint-picker').click();
  const menu = page.getByTestId('endpoint-menu');
  await expect(menu).toBeVisible();
  const box = await menu.boundingBox();
  expect(box && box.x >= 0 && box.x + box.width <= 375).toBe(true);
  await menu.getByTestId('model-item-gpt-4o').click();
  await page.getByTestId('options-button').click();
  const popover = page.getByTestId('options-popover');
  const pop = await popover.boundingBox();
  expect(pop && pop.x >= 0 && pop.x + pop.width <= 375).toBe(true);
  await popover.getByRole('slider', { name: 'Temperature' }).fill('0.5');
  await expect(popover.getByRole('spinbutton', { name: 'Temperature' })).toHaveValue('0.50');
});
