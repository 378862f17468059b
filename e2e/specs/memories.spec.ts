import { randomUUID } from 'node:crypto';
import type { Page } from '@playwright/test';
import { expect, test } from '../support/test';
import { ChatPage, logIn, registerByApi } from '../support/app';
import { chatRequestsWith, type SeenRequest } from '../support/fakes';

/** Settings → General → Memories; the memories dialog. */
async function openMemories(page: Page) {
  await page.getByTestId('user-menu').click();
  await page.getByTestId('open-settings').click();
  await expect(page.getByTestId('settings-dialog')).toBeVisible();
  await page.getByTestId('settings-memories').click();
  const dialog = page.getByTestId('memories-dialog');
  await expect(dialog).toBeVisible();
  return dialog;
}

/** Closes the memories dialog, then Settings (each dialog takes its own Escape). */
async function closeSettings(page: Page) {
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('memories-dialog')).toHaveCount(0);
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('settings-dialog')).toHaveCount(0);
}

/** The system turns of a chat request the OpenAI fake received. */
const systemOf = (request: SeenRequest | undefined): string =>
  ((request?.body as { messages?: { role: string; content: unknown }[] } | undefined)?.messages ?? [])
    .filter((m) => m.role === 'system')
    .map((m) => String(m.content))
    .join('\n');

/**
 * Memories (librechat.yaml `memory` on, no agent): a person adds one in Settings from the
 * keyboard, sees it with the usage bar, edits it; their next reply's request carries it in its
 * system context; with "Use memories" off the next one does not; deleting it empties the list.
 */
test('add, use, switch off and delete a memory from Settings', async ({ page, request }) => {
  test.setTimeout(90_000);
  const marker = randomUUID().slice(0, 8);
  const { account } = await registerByApi(request);
  await logIn(page, account);
  const chat = new ChatPage(page);

  let dialog = await openMemories(page);
  await expect(dialog.getByText('No memories yet')).toBeVisible();
  await expect(dialog.getByRole('switch', { name: 'Use memories' })).toHaveAttribute('aria-checked', 'true');
  await dialog.getByTestId('memories-new').click();
  const form = page.getByTestId('memory-edit-dialog');
  await expect(form.getByTestId('memory-key')).toBeFocused();
  await page.keyboard.type('favorite_color');
  await page.keyboard.press('Tab');
  await expect(form.getByTestId('memory-value')).toBeFocused();
  await page.keyboard.type(`Teal, code ${marker}`);
  await form.getByTestId('memory-save').click();
  await expect(page.getByText('Memory added')).toBeVisible();
  await expect(form).toHaveCount(0);
  const row = dialog.getByTestId('memory-row');
  await expect(row).toHaveCount(1);
  await expect(row.getByTestId('memory-row-key')).toHaveText('favorite_color');
  await expect(dialog.getByRole('meter', { name: 'Memory usage' })).toBeVisible();

  // Edited: the value changes in place.
  await row.getByTestId('memory-row-edit').click();
  await form.getByTestId('memory-value').fill(`Deep teal, code ${marker}`);
  await form.getByTestId('memory-save').click();
  await expect(page.getByText('Memory updated')).toBeVisible();
  await expect(row.getByTestId('memory-row-value')).toHaveText(`Deep teal, code ${marker}`);
  await closeSettings(page);

  // The reply's request carries it in its system context.
  await chat.send(`What do you know of me? first-${marker} [[fake reply="Something."]]`);
  await chat.waitForReplyDone();
  const [used] = await chatRequestsWith('openai', `first-${marker}`);
  expect(systemOf(used)).toContain(`favorite_color: Deep teal, code ${marker}`);

  // Switched off: the next reply goes without it.
  dialog = await openMemories(page);
  const use = dialog.getByRole('switch', { name: 'Use memories' });
  await use.focus();
  await page.keyboard.press('Space');
  await expect(use).toHaveAttribute('aria-checked', 'false');
  await closeSettings(page);
  await chat.send(`And now? second-${marker} [[fake reply="Nothing."]]`);
  await chat.waitForReplyDone();
  const [unused] = await chatRequestsWith('openai', `second-${marker}`);
  expect(unused).toBeDefined();
  expect(systemOf(unused)).not.toContain(marker);

  // Deleted after confirming.
  dialog = await openMemories(page);
  await dialog.getByTestId('memory-row-delete').click();
  await page.getByTestId('memory-delete-confirm').click();
  await expect(page.getByText('Memory deleted')).toBeVisible();
  await expect(dialog.getByText('No memories yet')).toBeVisible();
});

test('the memories dialog and its form at 375 px', async ({ page, request }) => {
  await page.setViewportSize({ width: 375, height: 740 });
  const { account } = await registerByApi(request);
  await logIn(page, account);
  // The sidebar, and its account menu, is behind the header's toggle on a phone.
  await page.getByTestId('nav-toggle').click();
  await expect(page.getByTestId('sidebar')).toBeVisible();
  const dialog = await openMemories(page);
  const add = dialog.getByTestId('memories-new');
  await expect(add).toBeInViewport();
  await add.click();
  const form = page.getByTestId('memory-edit-dialog');
  await form.getByTestId('memory-key').fill('home_town');
  await form.getByTestId('memory-value').fill('A small town by the sea');
  await expect(form.getByTestId('memory-save')).toBeInViewport();
  await form.getByTestId('memory-save').click();
  await expect(dialog.getByTestId('memory-row')).toHaveCount(1);
  const box = await dialog.getByTestId('memory-row').boundingBox();
  expect(box!.width).toBeLessThanOrEqual(375);
  await expect(dialog.getByTestId('memory-row-delete')).toBeInViewport();
});
