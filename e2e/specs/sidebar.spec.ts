import { expect, test } from '../support/test';
import { askByApi, logIn, registerByApi } from '../support/app';

test('the sidebar pages infinitely, keeps its visibility, and the theme can be switched', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const { account, token } = await registerByApi(request);
  const total = 30; // more than one page of 25
  for (let i = 1; i <= total; i++)
    await askByApi(request, token, `Conversation number ${i} [[fake reply="ok"]]`);

  await logIn(page, account);

  expect((await page.getByTestId('sidebar').boundingBox())?.width).toBe(260);
  const items = page.getByTestId('convo-item');
  await expect(page.getByText('Today', { exact: true })).toBeVisible();
  await expect(items.first()).toBeVisible();
  // Scrolling to the end of the list loads the next page.
  await expect(async () => {
    await items.last().scrollIntoViewIfNeeded();
    expect(await items.count()).toBe(total);
  }).toPass({ timeout: 15_000 });

  // Hiding the sidebar is remembered across a reload (navVisible).
  await page.getByTestId('nav-close').click();
  await expect(page.getByTestId('sidebar')).toBeHidden();
  await page.reload();
  await expect(page.getByTestId('chat-input')).toBeVisible();
  await expect(page.getByTestId('sidebar')).toBeHidden();
  await page.getByTestId('nav-toggle').click();
  await expect(page.getByTestId('sidebar')).toBeVisible();

  // Dark is the default; light is chosen from the user menu and kept.
  await expect(page.locator('html')).toHaveClass(/dark/);
  await page.getByTestId('user-menu').click();
  await page.getByTestId('theme-light').click();
  await expect(page.locator('html')).not.toHaveClass(/dark/);
  await page.reload();
  await expect(page.getByTestId('chat-input')).toBeVisible();
  await expect(page.locator('html')).not.toHaveClass(/dark/);
});

test('on a 375 px screen the sidebar is a 320 px drawer that closes when a conversation is chosen', async ({
  page,
  request,
}) => {
  const { account, token } = await registerByApi(request);
  await askByApi(request, token, `Conversation number 1 [[fake reply="ok"]]`);

  await page.setViewportSize({ width: 375, height: 740 });
  await logIn(page, account);

  await page.getByTestId('nav-toggle').click();
  const sidebar = page.getByTestId('sidebar');
  await expect(sidebar).toBeVisible();
  await expect.poll(async () => (await sidebar.boundingBox())?.width).toBe(320);
  await page.getByTestId('convo-item').first().click();
  await expect(page).toHaveURL(/\/c\/[0-9a-f-]{36}$/);
  await expect(sidebar).toBeHidden();
});
