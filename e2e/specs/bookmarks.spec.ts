import type { Page } from '@playwright/test';
import { expect, test } from '../support/test';
import { askByApi, logIn, registerByApi } from '../support/app';

async function openBookmarksSettings(page: Page) {
  await page.getByTestId('user-menu').click();
  await page.getByTestId('open-settings').click();
  const settings = page.getByTestId('settings-dialog');
  await expect(settings).toBeVisible();
  await settings.getByTestId('settings-bookmarks').click();
  const dialog = page.getByTestId('bookmarks-dialog');
  await expect(dialog).toBeVisible();
  return { settings, dialog };
}

/** Closes the bookmarks list, then Settings (each dialog takes its own Escape). */
async function closeSettings(page: Page) {
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('bookmarks-dialog')).toHaveCount(0);
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('settings-dialog')).toHaveCount(0);
}

/**
 * Bookmarks: one made from a conversation's header lands on it, the sidebar's filter narrows the
 * list to the conversations carrying it, a rename in Settings follows it everywhere (the filter
 * included), and deleting it takes it off the conversation and out of the filter.
 */
test('bookmark a conversation from its header, filter the sidebar, rename and delete it in Settings', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const { account, token } = await registerByApi(request);
  const marked = await askByApi(request, token, 'A conversation to keep [[fake reply="ok"]]');
  const other = await askByApi(request, token, 'Another conversation [[fake reply="ok"]]');
  await logIn(page, account);

  const items = page.getByTestId('convo-item');
  await expect(items).toHaveCount(2);
  await page.goto(`/c/${marked}`);
  await expect(page.getByTestId('message')).toHaveCount(2);

  // Create from the header: the new bookmark is on this conversation at once.
  const button = page.getByTestId('bookmark-button');
  await expect(button).toHaveAttribute('data-bookmarked', 'false');
  await button.click();
  await page.getByTestId('bookmark-new').click();
  const form = page.getByTestId('bookmark-edit-dialog');
  await expect(form.getByTestId('bookmark-name')).toBeFocused();
  await form.getByTestId('bookmark-name').fill('Reading list');
  await form.getByTestId('bookmark-description').fill('For the weekend');
  await form.getByTestId('bookmark-save').click();
  await expect(page.getByText('Bookmark created')).toBeVisible();
  await expect(form).toHaveCount(0);
  await expect(button).toHaveAttribute('data-bookmarked', 'true');

  // The menu shows it checked; Escape closes it with the focus back on the button.
  await button.click();
  const menu = page.getByRole('menu', { name: 'Bookmarks' });
  await expect(menu.getByRole('menuitemcheckbox', { name: 'Reading list' })).toHaveAttribute(
    'aria-checked',
    'true',
  );
  await page.keyboard.press('Escape');
  await expect(menu).toHaveCount(0);
  await expect(button).toBeFocused();

  // The sidebar's filter: only the bookmarked conversation, then all again once cleared.
  const list = page.getByTestId('convo-list');
  await page.getByTestId('bookmark-filter-button').click();
  const option = page.getByTestId('bookmark-filter-option').filter({ hasText: 'Reading list' });
  await expect(option).toContainText('1');
  await option.getByRole('checkbox').check();
  await expect(list).toHaveAttribute('data-mode', 'filtered');
  await expect(items).toHaveCount(1);
  await expect(items.first()).toHaveAttribute('data-convo-id', marked);
  await page.getByTestId('bookmark-filter-clear').click();
  await expect(list).toHaveAttribute('data-mode', 'all');
  await expect(items).toHaveCount(2);
  await expect(page.locator(`[data-testid="convo-item"][data-convo-id="${other}"]`)).toBeVisible();
  await option.getByRole('checkbox').check();
  await expect(items).toHaveCount(1);

  // Renamed in Settings: the list, the filter and the header's menu follow.
  const manage = await openBookmarksSettings(page);
  const row = manage.dialog.getByTestId('bookmark-row');
  await expect(row).toHaveCount(1);
  await expect(row.getByTestId('bookmark-row-name')).toHaveText('Reading list');
  await expect(row).toContainText('For the weekend');
  await expect(row.getByTestId('bookmark-row-count')).toHaveText('1 conversation');
  await row.getByTestId('bookmark-row-edit').click();
  await expect(form.getByTestId('bookmark-name')).toHaveValue('Reading list');
  await form.getByTestId('bookmark-name').fill('To read');
  await form.getByTestId('bookmark-save').click();
  await expect(page.getByText('Bookmark updated')).toBeVisible();
  await expect(row.getByTestId('bookmark-row-name')).toHaveText('To read');
  await closeSettings(page);

  await expect(list).toHaveAttribute('data-mode', 'filtered');
  await expect(items).toHaveCount(1);
  await expect(
    page.getByTestId('bookmark-filter-option').filter({ hasText: 'To read' }).getByRole('checkbox'),
  ).toBeChecked();
  await button.click();
  await expect(menu.getByRole('menuitemcheckbox', { name: 'To read' })).toHaveAttribute(
    'aria-checked',
    'true',
  );
  await page.keyboard.press('Escape');

  // The rename is the server's too: still there after a reload.
  await page.reload();
  await expect(page.getByTestId('bookmark-button')).toHaveAttribute('data-bookmarked', 'true');

  // Deleted after confirmation: off the conversation, out of the filter, the list whole again.
  const again = await openBookmarksSettings(page);
  await again.dialog.getByTestId('bookmark-row-delete').click();
  const confirm = page.getByTestId('bookmark-delete-dialog');
  await expect(confirm).toContainText('To read');
  await confirm.getByTestId('bookmark-delete-confirm').click();
  await expect(page.getByText('Bookmark deleted')).toBeVisible();
  await expect(again.dialog.getByTestId('bookmark-row')).toHaveCount(0);
  await closeSettings(page);

  await expect(page.getByTestId('bookmark-button')).toHaveAttribute('data-bookmarked', 'false');
  await expect(list).toHaveAttribute('data-mode', 'all');
  await expect(items).toHaveCount(2);
  await expect(page.getByTestId('bookmark-filter')).toHaveCount(0);
});

test('on a 375 px screen the bookmark menu and its form fit the screen', async ({ page, request }) => {
  const { account, token } = await registerByApi(request);
  const id = await askByApi(request, token, 'A small-screen conversation [[fake reply="ok"]]');
  await page.setViewportSize({ width: 375, height: 740 });
  await logIn(page, account);
  await page.goto(`/c/${id}`);
  await expect(page.getByTestId('message')).toHaveCount(2);

  await page.getByTestId('bookmark-button').click();
  const menu = page.getByRole('menu', { name: 'Bookmarks' });
  await expect(menu).toBeVisible();
  const box = await menu.boundingBox();
  expect(box).not.toBeNull();
  expect(box!.x).toBeGreaterThanOrEqual(0);
  expect(box!.x + box!.width).toBeLessThanOrEqual(375);

  await page.getByTestId('bookmark-new').click();
  const form = page.getByTestId('bookmark-edit-dialog');
  await form.getByTestId('bookmark-name').fill('Phone');
  await form.getByTestId('bookmark-save').click();
  await expect(page.getByTestId('bookmark-button')).toHaveAttribute('data-bookmarked', 'true');
});
