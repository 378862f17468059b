import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { expect, test } from '../support/test';
import { LOCAL_KEYS } from '@chat/contract';
import { askByApi, logIn, registerByApi } from '../support/app';

function dictionary(lang: string): Record<string, string> {
  const file = new URL(`../../apps/web/src/locales/${lang}.json`, import.meta.url);
  return JSON.parse(readFileSync(file, 'utf8')) as Record<string, string>;
}
const ar = dictionary('ar-EG');
const ja = dictionary('ja-JP');
const en = dictionary('en');

/** The stored language (LOCAL_KEYS.lang), as the settings dialog keeps it; read on each load. */
async function storeLanguage(page: Page, lang: string): Promise<void> {
  await page.addInitScript(
    ([key, value]) => {
      // The first document of the test sets it; later switches write localStorage themselves.
      if (!sessionStorage.getItem('e2e-lang-set')) {
        localStorage.setItem(key, value);
        sessionStorage.setItem('e2e-lang-set', '1');
      }
    },
    [LOCAL_KEYS.lang, lang] as const,
  );
}

async function switchLanguage(page: Page, lang: string): Promise<void> {
  await page.evaluate(([key, value]) => localStorage.setItem(key, value), [LOCAL_KEYS.lang, lang] as const);
  await page.reload();
  await expect(page.getByTestId('chat-input')).toBeVisible();
}

async function sidebarSpan(page: Page): Promise<{ left: number; right: number; width: number }> {
  const box = await page.getByTestId('sidebar').boundingBox();
  const width = page.viewportSize()?.width ?? 0;
  if (!box) throw new Error('the sidebar has no box');
  return { left: box.x, right: box.x + box.width, width };
}

test('Arabic is right to left with the sidebar on the right; Japanese; back to English', async ({
  page,
  request,
}) => {
  const { account, token } = await registerByApi(request);
  await askByApi(request, token, 'Hello [[fake reply="ok"]]');
  await storeLanguage(page, 'ar-EG');

  // The login page is already Arabic: the dictionary loads before the first render.
  await page.goto('/login');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.locator('html')).toHaveAttribute('lang', 'ar-EG');
  await expect(page.getByTestId('login-submit')).toHaveText(ar.com_auth_continue ?? '');
  await logIn(page, account);

  await expect(page.getByTestId('chat-input')).toHaveAttribute(
    'placeholder',
    ar.com_chat_send_placeholder ?? '',
  );
  await expect(page.getByTestId('new-chat')).toHaveText(ar.com_ui_new_chat ?? '');
  await expect(page.getByText(ar.com_ui_today ?? '', { exact: true })).toBeVisible();
  const desktop = await sidebarSpan(page);
  expect(desktop.right).toBe(desktop.width);
  expect(desktop.left).toBeGreaterThan(desktop.width / 2);
  // The input's text starts at the right, beside the sidebar.
  const input = await page.getByTestId('chat-input').boundingBox();
  expect(input && input.x + input.width).toBeLessThan(desktop.left);

  // A phone: the sidebar opens over the page from the right edge.
  await page.setViewportSize({ width: 375, height: 812 });
  await expect(page.getByTestId('sidebar')).toBeHidden();
  await page.getByTestId('nav-toggle').click();
  await expect(page.getByTestId('sidebar')).toBeVisible();
  await expect(async () => {
    const phone = await sidebarSpan(page);
    expect(Math.round(phone.right)).toBe(375);
    expect(phone.left).toBeGreaterThanOrEqual(0);
  }).toPass();
  await page.getByTestId('nav-close').click();
  await page.setViewportSize({ width: 1280, height: 720 });

  await switchLanguage(page, 'ja-JP');
  await expect(page.locator('html')).toHaveAttribute('dir', 'ltr');
  await expect(page.locator('html')).toHaveAttribute('lang', 'ja-JP');
  await expect(page.getByTestId('new-chat')).toHaveText(ja.com_ui_new_chat ?? '');
  await expect(page.getByText(ja.com_ui_today ?? '', { exact: true })).toBeVisible();
  expect((await sidebarSpan(page)).left).toBe(0);

  await switchLanguage(page, 'en-US');
  await expect(page.locator('html')).toHaveAttribute('lang', 'en-US');
  await expect(page.locator('html')).toHaveAttribute('dir', 'ltr');
  await expect(page.getByTestId('new-chat')).toHaveText(en.com_ui_new_chat ?? '');
  await expect(page.getByTestId('chat-input')).toHaveAttribute(
    'placeholder',
    en.com_chat_send_placeholder ?? '',
  );
});

test('the dictionaries are not in the first load: only the chosen one is fetched', async ({
  page,
  request,
}) => {
  const { account } = await registerByApi(request);
  const locales: string[] = [];
  page.on('request', (r) => {
    const name = /\/assets\/(?:[\w-]*?)(ar-EG|ja-JP|zh-CN|zh-TC|de-DE)[\w-]*\.js$/.exec(r.url());
    if (name?.[1]) locales.push(name[1]);
  });
  await logIn(page, account);
  await expect(page.getByTestId('new-chat')).toHaveText(en.com_ui_new_chat ?? '');
  expect(locales).toEqual([]);

  await switchLanguage(page, 'zh-TC');
  await expect(page.getByTestId('new-chat')).toHaveText(dictionary('zh-TC').com_ui_new_chat ?? '');
  expect(locales).toEqual(['zh-TC']);
});
