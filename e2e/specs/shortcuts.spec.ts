import { expect, test } from '../support/test';
import { askByApi, ChatPage, logIn, registerByApi } from '../support/app';

test('keyboard shortcuts: the help dialog, a new chat, the sidebar, search and copying the last reply', async ({
  page,
  context,
  request,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const { account, token } = await registerByApi(request);
  const id = await askByApi(request, token, 'Greet me [[fake reply="Hello from the shortcuts test"]]');
  await logIn(page, account);
  await page.goto(`/c/${id}`);
  const chat = new ChatPage(page);
  await expect(chat.lastAssistant()).toContainText('Hello from the shortcuts test');

  // Ctrl+/ lists the shortcuts (Chromium here runs on Linux: Ctrl); Esc closes the list.
  await page.keyboard.press('Control+/');
  const dialog = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByTestId('shortcut-newChat')).toContainText('New chat');
  await expect(dialog.getByTestId('shortcut-newChat').locator('kbd')).toHaveText(['Ctrl', 'Shift', 'O']);
  await expect(dialog.locator('dt')).toHaveCount(7);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();

  // Ctrl+Shift+C copies the newest reply, as its Copy button would.
  await page.keyboard.press('Control+Shift+C');
  await expect(page.getByTestId('toast')).toContainText('Copied!');
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe('Hello from the shortcuts test');

  // Ctrl+Shift+S hides the sidebar and shows it again.
  const sidebar = page.getByTestId('sidebar');
  await page.keyboard.press('Control+Shift+S');
  await expect(sidebar).toBeHidden();
  // Ctrl+K opens it onto its search box; Shift+Esc goes back to the message box.
  await page.keyboard.press('Control+K');
  await expect(sidebar).toBeVisible();
  await expect(page.getByTestId('sidebar-search')).toBeFocused();
  await page.keyboard.press('Shift+Escape');
  await expect(chat.input).toBeFocused();
  await page.keyboard.press('Control+Shift+S');
  await expect(sidebar).toBeHidden();
  await page.keyboard.press('Control+Shift+S');
  await expect(sidebar).toBeVisible();

  // Ctrl+Shift+O starts a new chat.
  await page.keyboard.press('Control+Shift+O');
  await expect(page).toHaveURL(/\/c\/new$/);
  await expect(chat.messages()).toHaveCount(0);

  // The user menu opens the same list.
  await page.getByTestId('user-menu').click();
  await page.getByTestId('keyboard-shortcuts').click();
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId('user-menu')).toBeFocused();
});
