import { readFile } from 'node:fs/promises';
import type { Page, Request } from '@playwright/test';
import { expect, test } from '../support/test';
import { ChatPage, signUp } from '../support/app';

/** The JSON body of the next ask the page sends to `endpoint`. */
function nextAsk(page: Page, endpoint: string): Promise<Record<string, unknown>> {
  return page
    .waitForRequest((r: Request) => r.method() === 'POST' && r.url().endsWith(`/api/ask/${endpoint}`))
    .then((r) => r.postDataJSON() as Record<string, unknown>);
}

async function openPresets(page: Page) {
  await page.getByRole('button', { name: 'Presets' }).click();
  const menu = page.getByTestId('presets-menu');
  await expect(menu).toBeVisible();
  return menu;
}

test('presets: save the setup, apply it to a new chat, make it the default, edit, export, import and delete', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signUp(page);
  const chat = new ChatPage(page);
  const picker = page.getByTestId('endpoint-picker');
  const modelBar = page.getByTestId('model-bar');

  // The current setup: OpenAI's gpt-4o-mini at temperature 0.35.
  await chat.pickModel('openAI', 'gpt-4o-mini');
  await page.getByRole('button', { name: 'Model options' }).click();
  const temperature = page.getByRole('dialog', { name: 'Model options' }).getByRole('spinbutton', {
    name: 'Temperature',
  });
  await temperature.fill('0.35');
  await temperature.press('Enter');
  await page.keyboard.press('Escape');
  await expect(modelBar).toHaveText('Model: gpt-4o-mini');

  // Save as preset: the title is asked.
  let menu = await openPresets(page);
  await expect(menu).toContainText('No presets yet');
  await menu.getByRole('button', { name: 'Save as preset' }).click();
  const saveDialog = page.getByRole('dialog', { name: 'Save as preset' });
  await saveDialog.getByRole('button', { name: 'Save' }).click();
  await expect(saveDialog.getByText('Enter a name for the preset.')).toBeVisible();
  await saveDialog.getByLabel('Preset name').fill('Pirate');
  await page.keyboard.press('Enter');
  await expect(saveDialog).toHaveCount(0);
  await expect(page.getByTestId('toast').filter({ hasText: 'Pirate saved.' })).toBeVisible();

  // A new chat on another model; applying the preset brings its model and options back.
  await page.goto('/c/new');
  await chat.pickModel('azureOpenAI', 'gpt-4o');
  await expect(modelBar).toHaveText('Model: gpt-4o');
  menu = await openPresets(page);
  // A preset's button is named by what it shows: its title, then its endpoint and model.
  await menu.getByRole('button', { name: /^Pirate OpenAI/ }).click();
  const selected = page.getByTestId('toast').filter({ hasText: 'Preset "Pirate" selected' });
  await expect(selected).toBeVisible();
  await expect(picker).toHaveAccessibleName('OpenAI, gpt-4o-mini');
  await expect(modelBar).toHaveText('Model: gpt-4o-mini');
  // The toast is shown for 750 ms, far less than the default 3 s.
  await expect(selected).toHaveCount(0, { timeout: 2_000 });
  const ask = nextAsk(page, 'openAI');
  await chat.send('Ahoy');
  expect(await ask).toMatchObject({ endpoint: 'openAI', model: 'gpt-4o-mini', temperature: 0.35 });
  await chat.waitForReplyDone();

  // Made the default, it starts new chats, over the last setup remembered.
  menu = await openPresets(page);
  await menu.getByRole('button', { name: 'Make Pirate the default for new chats' }).click();
  await expect(menu.getByRole('button', { name: 'Stop using Pirate as the default' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await page.keyboard.press('Escape');
  await page.goto('/c/new');
  await chat.pickModel('anthropic', 'claude-haiku-4-5');
  await page.goto('/c/new');
  await expect(picker).toHaveAccessibleName('OpenAI, gpt-4o-mini');

  // Edit it from the menu: name, model and a parameter (a default value is dropped).
  menu = await openPresets(page);
  await menu.getByRole('button', { name: 'Edit Pirate' }).click();
  const editor = page.getByRole('dialog', { name: 'Edit preset' });
  await editor.getByLabel('Preset name').fill('Pirate 4o');
  await editor.getByLabel('Model', { exact: true }).selectOption('gpt-4o');
  await editor.getByTestId('preset-param-temperature').fill('0.5');
  await editor.getByTestId('preset-param-top_p').fill('1');
  const saved = page.waitForResponse(
    (r) => r.url().endsWith('/api/presets') && r.request().method() === 'POST',
  );
  await editor.getByRole('button', { name: 'Save' }).click();
  const body = (await saved).request().postDataJSON() as Record<string, unknown>;
  expect(body).toMatchObject({ title: 'Pirate 4o', model: 'gpt-4o', temperature: 0.5, defaultPreset: true });
  expect(body).not.toHaveProperty('top_p');
  await expect(editor).toHaveCount(0);

  // Export it (a .json download with a sanitized name) and import it back (a second preset).
  menu = await openPresets(page);
  await expect(menu.getByTestId('preset-item')).toHaveCount(1);
  const downloading = page.waitForEvent('download');
  await menu.getByRole('button', { name: 'Export Pirate 4o' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe('Pirate 4o.json');
  const text = await readFile(await download.path(), 'utf8');
  const exported = JSON.parse(text) as Record<string, unknown>;
  expect(exported).toMatchObject({
    title: 'Pirate 4o',
    endpoint: 'openAI',
    model: 'gpt-4o',
    temperature: 0.5,
  });
  expect(exported).not.toHaveProperty('user');

  const imported = page.waitForRequest((r) => r.url().endsWith('/api/presets') && r.method() === 'POST');
  // The browser keeps downloads under a random name: the file is given back with its own.
  await menu.getByTestId('preset-import-input').setInputFiles({
    name: download.suggestedFilename(),
    mimeType: 'application/json',
    buffer: Buffer.from(text),
  });
  expect((await imported).postDataJSON()).toMatchObject({ presetId: null, title: 'Pirate 4o' });
  await expect(page.getByTestId('toast').filter({ hasText: 'Preset "Pirate 4o" imported' })).toBeVisible();
  await expect(menu.getByTestId('preset-item')).toHaveCount(2);
  // Only one is the default.
  await expect(menu.getByText('Default', { exact: true })).toHaveCount(1);

  // Unreadable, invalid and non-.json files.
  await menu.getByTestId('preset-import-input').setInputFiles({
    name: 'preset.txt',
    mimeType: 'text/plain',
    buffer: Buffer.from(text),
  });
  await expect(
    page.getByTestId('toast').filter({ hasText: 'Only .json files can be imported as presets.' }),
  ).toBeVisible();
  await menu.getByTestId('preset-import-input').setInputFiles({
    name: 'broken.json',
    mimeType: 'application/json',
    buffer: Buffer.from('{ not json'),
  });
  await expect(page.getByTestId('toast').filter({ hasText: 'broken.json could not be read' })).toBeVisible();
  await menu.getByTestId('preset-import-input').setInputFiles({
    name: 'odd.json',
    mimeType: 'application/json',
    buffer: Buffer.from(
      JSON.stringify({ title: 'Odd', endpoint: 'openAI', model: 'gpt-4o', temperature: 9 }),
    ),
  });
  await expect(
    page
      .getByTestId('toast')
      .filter({ hasText: 'these values were not valid and use their defaults: Temperature' }),
  ).toBeVisible();
  await expect(menu.getByTestId('preset-item')).toHaveCount(3);

  // Delete asks for confirmation, then the preset leaves the list.
  await menu.getByRole('button', { name: 'Delete Odd' }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete preset?' });
  await expect(confirm).toContainText('This will delete the preset "Odd".');
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  menu = await openPresets(page);
  await expect(menu.getByTestId('preset-item')).toHaveCount(3);
  await menu.getByRole('button', { name: 'Delete Odd' }).click();
  await page.getByTestId('delete-preset-confirm').click();
  menu = await openPresets(page);
  await expect(menu.getByTestId('preset-item')).toHaveCount(2);
  await expect(menu).not.toContainText('Odd');
  await page.reload();
  menu = await openPresets(page);
  await expect(menu.getByTestId('preset-item')).toHaveCount(2);
});

test('the preset editor opens from the "Model:" bar, applies and saves the current setup, by keyboard', async ({
  page,
}) => {
  await signUp(page);
  const chat = new ChatPage(page);
  const bar = page.getByTestId('model-bar');
  const editor = page.getByRole('dialog', { name: 'Preset editor' });
  // Azure OpenAI (the first endpoint) is not updated in place: the editor only saves.
  await bar.click();
  await expect(editor.getByRole('button', { name: 'Save as preset' })).toBeVisible();
  await expect(editor.getByRole('button', { name: 'Apply to this chat' })).toHaveCount(0);
  await page.keyboard.press('Escape');
  await expect(editor).toHaveCount(0);
  await chat.pickModel('google', 'gemini-2.5-flash');
  await expect(bar).toHaveText('Model: gemini-2.5-flash');
  await bar.focus();
  await page.keyboard.press('Enter');
  await expect(editor.getByLabel('Preset name')).toBeFocused();
  await expect(editor.getByLabel('Endpoint')).toHaveValue('google');
  await editor.getByLabel('Endpoint').selectOption('anthropic');
  await expect(editor.getByLabel('Model', { exact: true })).toHaveValue(/claude/);
  await editor.getByLabel('Model', { exact: true }).selectOption('claude-haiku-4-5');
  await editor.getByTestId('preset-param-topK').fill('7');
  await editor.getByRole('button', { name: 'Apply to this chat' }).click();
  await expect(editor).toHaveCount(0);
  await expect(page.getByTestId('endpoint-picker')).toHaveAccessibleName('Anthropic, claude-haiku-4-5');
  await page.getByRole('button', { name: 'Model options' }).click();
  await expect(
    page.getByRole('dialog', { name: 'Model options' }).getByRole('spinbutton', { name: 'Top K' }),
  ).toHaveValue('7');
  await page.keyboard.press('Escape');

  // Save as preset from the editor, with its title; the menu lists it. Escape closes the menu.
  await bar.click();
  await editor.getByLabel('Preset name').fill('Claude K7');
  const saved = page.waitForResponse(
    (r) => new URL(r.url()).pathname === '/api/presets' && r.request().method() === 'POST',
  );
  await editor.getByRole('button', { name: 'Save as preset' }).click();
  expect((await saved).status()).toBe(200);
  await expect(editor).toHaveCount(0);
  const trigger = page.getByRole('button', { name: 'Presets' });
  await trigger.focus();
  await page.keyboard.press('Enter');
  const menu = page.getByTestId('presets-menu');
  await expect(menu.getByRole('button', { name: /^Claude K7 / })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(menu).toHaveCount(0);
  await expect(trigger).toBeFocused();
});
