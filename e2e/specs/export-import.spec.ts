import { readFile } from 'node:fs/promises';
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from '../support/test';
import { askByApi, ChatPage, logIn, registerByApi } from '../support/app';

const QUESTION = 'Which river runs through Lisbon?';
const ANSWER = 'The Tagus runs through Lisbon.';

/** One question and its answer, through the real ask API; the conversation's id and title. */
async function createConversation(request: APIRequestContext, token: string) {
  const conversationId = await askByApi(request, token, `${QUESTION} [[fake reply="${ANSWER}"]]`);
  // The title settles after the reply; the export's file name is made from it.
  let title = '';
  await expect(async () => {
    const convo = await request.get(`/api/convos/${conversationId}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    title = ((await convo.json()) as { title: string }).title;
    expect(title).not.toBe('New Chat');
  }).toPass({ timeout: 10_000 });
  return { conversationId, title };
}

/** Opens the export dialog from the account menu, picks `type`, exports; the download. */
async function exportAs(page: Page, type: string) {
  await page.getByTestId('user-menu').click();
  await page.getByTestId('export-conversation').click();
  const dialog = page.getByTestId('export-dialog');
  await expect(dialog).toBeVisible();
  if (type !== 'screenshot') await dialog.getByTestId('export-type').selectOption(type);
  const downloading = page.waitForEvent('download');
  await dialog.getByTestId('export-submit').click();
  const download = await downloading;
  await expect(dialog).toBeHidden();
  const path = await download.path();
  return { name: download.suggestedFilename(), bytes: await readFile(path), path };
}

test('export a conversation as each type, then import the JSON export back', async ({ page, request }) => {
  test.setTimeout(120_000);
  const { account, token } = await registerByApi(request);
  const { conversationId, title } = await createConversation(request, token);
  await logIn(page, account);

  // Not offered for a new conversation.
  await page.getByTestId('user-menu').click();
  await expect(page.getByTestId('import-conversations')).toBeVisible();
  await expect(page.getByTestId('export-conversation')).toHaveCount(0);
  await page.keyboard.press('Escape');

  await page.locator(`[data-testid="convo-item"][data-convo-id="${conversationId}"]`).click();
  await expect(page).toHaveURL(new RegExp(`/c/${conversationId}$`));
  const chat = new ChatPage(page);
  await expect(chat.messages('assistant').last()).toContainText(ANSWER);

  // The dialog's defaults: the title as file name, screenshot, options on, current branch.
  await page.getByTestId('user-menu').click();
  await page.getByTestId('export-conversation').click();
  const dialog = page.getByTestId('export-dialog');
  await expect(dialog.getByTestId('export-filename')).toHaveValue(title.replace(/[<>:"/\\|?*]/g, '_'));
  await expect(dialog.getByTestId('export-type')).toHaveValue('screenshot');
  await expect(dialog.getByTestId('export-includeOptions')).toBeDisabled();
  await expect(dialog.getByTestId('export-branches')).toBeDisabled();
  await dialog.getByTestId('export-type').selectOption('json');
  await expect(dialog.getByTestId('export-branches')).toBeChecked();
  await expect(dialog.getByTestId('export-recursive')).toBeChecked();
  await page.keyboard.press('Escape');

  const png = await exportAs(page, 'screenshot');
  expect(png.name).toMatch(/\.png$/);
  expect(png.bytes.subarray(1, 4).toString('latin1')).toBe('PNG');
  expect(png.bytes.length).toBeGreaterThan(1000);

  const text = await exportAs(page, 'text');
  expect(text.name).toMatch(/\.txt$/);
  expect(text.bytes.toString('utf8')).toContain(`>> User:\n${QUESTION}`);
  expect(text.bytes.toString('utf8')).toContain('model: gpt-4o-mini');

  const md = await exportAs(page, 'markdown');
  expect(md.name).toMatch(/\.md$/);
  expect(md.bytes.toString('utf8')).toContain(`**User:**\n${QUESTION}`);

  const csv = await exportAs(page, 'csv');
  expect(csv.name).toMatch(/\.csv$/);
  expect(csv.bytes.toString('utf8')).toContain(ANSWER);

  const html = await exportAs(page, 'webpage');
  expect(html.name).toMatch(/\.html$/);
  expect(html.bytes.toString('utf8')).toContain(`<div class="text">${ANSWER}</div>`);

  const json = await exportAs(page, 'json');
  expect(json.name).toMatch(/\.json$/);
  const exported = JSON.parse(json.bytes.toString('utf8')) as {
    conversationId: string;
    messagesTree: unknown[];
  };
  expect(exported.conversationId).toBe(conversationId);
  expect(exported.messagesTree).toHaveLength(1);

  // Delete the conversation, then bring it back from the JSON export.
  const item = page.locator(`[data-testid="convo-item"][data-convo-id="${conversationId}"]`);
  await item.hover();
  await item.getByTestId('convo-delete').click();
  await page.getByTestId('confirm-delete').click();
  await expect(item).toHaveCount(0);

  await page.getByTestId('user-menu').click();
  await page.getByTestId('import-conversations').click();
  const importDialog = page.getByTestId('import-dialog');
  await importDialog.getByTestId('import-file').setInputFiles(json.path);
  await expect(importDialog.getByTestId('import-report')).toContainText(
    'Imported 1 conversation (2 messages)',
  );
  await page.keyboard.press('Escape');

  const imported = page.getByTestId('convo-item').filter({ hasText: title });
  await expect(imported).toHaveCount(1);
  await imported.click();
  await expect(chat.messages('user').first()).toContainText(QUESTION);
  await expect(chat.messages('assistant').last()).toContainText(ANSWER);

  // The same file again adds nothing.
  await page.getByTestId('user-menu').click();
  await page.getByTestId('import-conversations').click();
  await importDialog.getByTestId('import-file').setInputFiles(json.path);
  await expect(importDialog.getByTestId('import-skipped')).toContainText('already imported');
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('convo-item').filter({ hasText: title })).toHaveCount(1);
});
