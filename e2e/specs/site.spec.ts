import { expect, test } from '../support/test';
import { signUp } from '../support/app';

test('a visitor: landing page, the FAQ accordion, then Login', async ({ page }) => {
  await page.goto('/');
  const landing = page.getByTestId('landing');
  await expect(landing.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(landing.getByText('Early Access')).toBeVisible();
  await expect(page).toHaveTitle(/\S/);
  await expect(page.locator('body')).toHaveClass(/landing-page/);
  const description = page.locator('meta[name="description"]');
  await expect(description).toHaveAttribute('content', /AI providers/);

  // The marketing header's links, and the hover menu to the FAQ.
  const nav = page.getByRole('navigation', { name: 'Main' });
  await expect(nav.getByRole('link', { name: 'BLOG' })).toHaveAttribute('href', '/blog');
  await expect(nav.getByRole('link', { name: 'LOGIN' })).toHaveAttribute('href', '/login');
  await page.getByTestId('landing-more').hover();
  await landing.getByRole('link', { name: 'FAQ' }).click();
  await expect(page).toHaveURL(/\/faq$/);
  await expect(page).toHaveTitle(/^FAQ · /);

  const questions = page.getByTestId('faq').getByRole('button');
  await expect(questions).toHaveCount(15);
  const first = questions.first();
  await expect(first).toHaveAttribute('aria-expanded', 'false');
  // Keyboard: Enter opens, ArrowDown moves to the next question, Space opens it.
  await first.focus();
  await page.keyboard.press('Enter');
  await expect(first).toHaveAttribute('aria-expanded', 'true');
  const panel = page.locator(`#${await first.getAttribute('aria-controls')}`);
  await expect(panel).toBeVisible();
  await page.keyboard.press('ArrowDown');
  await expect(questions.nth(1)).toBeFocused();
  await page.keyboard.press(' ');
  await expect(questions.nth(1)).toHaveAttribute('aria-expanded', 'true');

  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'LOGIN' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByTestId('login-email')).toBeVisible();
});

test('the server writes each public page its title and description', async ({ request }) => {
  const faq = await (await request.get('/faq')).text();
  expect(faq).toMatch(/<title>FAQ · [^<]+<\/title>/);
  expect(faq).toContain('<meta name="description" content="Answers to common questions');
  const login = await (await request.get('/login')).text();
  expect(login).toMatch(/<title>Login · [^<]+<\/title>/);
});

test('an unknown address shows the not-found screen, whose Go Home leads to the landing page', async ({
  page,
}) => {
  await page.goto('/no/such/page');
  await expect(page.getByTestId('not-found')).toBeVisible();
  await page.getByTestId('go-home').click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByTestId('landing')).toBeVisible();
});

test('a signed-in person on / goes to /c/new', async ({ page }) => {
  await signUp(page);
  await page.goto('/');
  await expect(page).toHaveURL(/\/c\/new$/);
  await expect(page.getByTestId('chat-input')).toBeVisible();
  await expect(page.locator('body')).toHaveClass(/chat-page/);
  await expect(page.getByTestId('landing')).toHaveCount(0);
});

test('/c and /search without a value open a new chat, not the not-found screen', async ({ page }) => {
  await signUp(page);
  for (const bare of ['/c', '/search']) {
    await page.goto(bare);
    await expect(page).toHaveURL(/\/c\/new$/);
    await expect(page.getByTestId('chat-input')).toBeVisible();
    await expect(page.getByTestId('not-found')).toHaveCount(0);
  }
});
