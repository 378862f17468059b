import { NO_PARENT } from '@chat/contract';
import type { Page } from '@playwright/test';
import { expect, test } from '../support/test';
import { ChatPage, registerByApi, signUp } from '../support/app';
import { fakeRequests, turnsOf } from '../support/fakes';
import { SPECS_APP_PORT } from '../support/ports';

/**
 * librechat.yaml `modelSpecs` (e2e/support/librechat-specs.yaml): two specs, enforced, the second
 * the default. People see the specs' labels instead of the endpoints, pick one, chat on its preset,
 * and the header shows the spec's label; an ask outside the specs is refused by the server.
 */
test.describe('librechat.yaml modelSpecs', () => {
  test.use({ baseURL: `http://127.0.0.1:${SPECS_APP_PORT}` });

  /** Opens the specs menu and screenshots it (the test's output folder) for a look. */
  async function shootMenu(page: Page, name: string): Promise<void> {
    await page.getByTestId('spec-picker').click();
    await expect(page.getByTestId('spec-menu')).toBeVisible();
    await page.screenshot({ path: test.info().outputPath(`${name}.png`) });
    await page.keyboard.press('Escape');
    await expect(page.getByTestId('spec-menu')).toHaveCount(0);
  }

  test('a new chat starts on the default spec; a picked spec chats on its preset and the header shows it', async ({
    page,
  }) => {
    await signUp(page);
    const picker = page.getByTestId('spec-picker');
    // The default spec, with its icon; enforced, no endpoint menu.
    await expect(picker).toContainText('Careful writer');
    await expect(page.getByTestId('spec-picker-icon')).toBeVisible();
    await expect(page.getByTestId('endpoint-picker')).toHaveCount(0);
    // Nor the bar that edits the model as a preset: the model is the spec's.
    await expect(page.getByTestId('model-bar')).toHaveCount(0);

    await picker.click();
    const menu = page.getByTestId('spec-menu');
    await expect(menu.getByTestId('spec-item-quick-helper')).toContainText('Quick helper');
    await expect(menu.getByTestId('spec-item-quick-helper')).toContainText(
      'Short answers from the small OpenAI model',
    );
    await expect(menu.getByTestId('spec-item-careful-writer')).toContainText('Careful writer');
    await expect(menu.getByRole('group', { name: 'Everyday' })).toContainText('Quick helper');
    await page.keyboard.press('Escape');

    for (const theme of ['light', 'dark'] as const) {
      // The app's own theme setting (its default is dark), read as the page loads.
      await page.evaluate((t) => localStorage.setItem('color-theme', t), theme);
      await page.reload();
      await expect(picker).toContainText('Careful writer');
      await page.setViewportSize({ width: 1280, height: 800 });
      await shootMenu(page, `menu-desktop-${theme}`);
      await page.setViewportSize({ width: 375, height: 740 });
      await shootMenu(page, `menu-375-${theme}`);
    }
    await page.setViewportSize({ width: 1280, height: 800 });

    await picker.click();
    await page.getByTestId('spec-item-quick-helper').click();
    await expect(picker).toContainText('Quick helper');
    // This spec does not show its icon in the header.
    await expect(page.getByTestId('spec-picker-icon')).toHaveCount(0);

    const marker = `spec-${Date.now()}`;
    const chat = new ChatPage(page);
    await chat.send(`Hello ${marker}`);
    await chat.waitForReplyDone();
    await expect(chat.lastAssistant().getByTestId('message-text')).toContainText('You said');
    await expect(page).toHaveURL(/\/c\/[0-9a-f-]{36}$/);

    // The OpenAI fake got the spec's model, temperature and system prompt.
    const sent = (await fakeRequests('openai')).find((r) => turnsOf(r).some((t) => t.text.includes(marker)));
    expect(sent?.body).toMatchObject({
      model: 'gpt-4o-mini',
      temperature: 0.3,
      messages: expect.arrayContaining([{ role: 'system', content: 'Answer briefly.' }]),
    });

    // The conversation remembers its spec.
    await page.reload();
    await expect(picker).toContainText('Quick helper');
  });

  test('the server refuses an ask outside the specs and takes one of a spec', async ({ request }) => {
    const { token } = await registerByApi(request);
    const ask = (data: Record<string, unknown>) =>
      request.post('/api/ask/openAI', {
        headers: { authorization: `Bearer ${token}` },
        data: {
          text: 'Hello',
          conversationId: null,
          parentMessageId: NO_PARENT,
          endpoint: 'openAI',
          model: 'gpt-4o-mini',
          ...data,
        },
      });
    const none = await ask({});
    expect(none.status()).toBe(403);
    expect(await none.json()).toMatchObject({
      code: 'model_spec_mismatch',
      message: 'No model spec selected',
    });
    const other = await ask({ spec: 'quick-helper', model: 'gpt-4o' });
    expect(other.status()).toBe(403);
    expect(await other.json()).toMatchObject({ message: 'Model spec mismatch' });
    const ok = await ask({ spec: 'quick-helper' });
    expect(ok.status()).toBe(200);
    expect(await ok.text()).toContain('"final":true');
  });
});
