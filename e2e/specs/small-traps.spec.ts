import { writeFileSync } from 'node:fs';
import type { Locator, Page } from '@playwright/test';
import { LOCAL_KEYS } from '@chat/contract';
import { expect, test } from '../support/test';
import { ChatPage, signUp } from '../support/app';

/** A 2×2 red PNG, as a file dragged from the desktop. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAEElEQVR4nGP4z8AARAwQCgAf7gP9i18U1AAAAABJRU5ErkJggg==',
  'base64',
);

async function box(locator: Locator): Promise<{ x: number; y: number; width: number; height: number }> {
  const b = await locator.boundingBox();
  if (!b) throw new Error('no box');
  return b;
}

function overlaps(
  a: { x: number; y: number; width: number; height: number },
  b: { x: number; y: number; width: number; height: number },
): boolean {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}

/** A real drag of a desktop file through Chromium (hit testing included), at a point of the page. */
async function dragFileTo(page: Page, path: string, x: number, y: number, drop: boolean): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  const data = { items: [], files: [path], dragOperationsMask: 1 };
  await cdp.send('Input.dispatchDragEvent', { type: 'dragEnter', x, y, data });
  await cdp.send('Input.dispatchDragEvent', { type: 'dragOver', x, y, data });
  if (drop) await cdp.send('Input.dispatchDragEvent', { type: 'drop', x, y, data });
  await cdp.detach();
}

test('a file dragged over the messages (not only the composer) is taken by the chat', async ({
  page,
}, info) => {
  const file = info.outputPath('dragged.png');
  writeFileSync(file, PNG);
  await signUp(page);
  const chat = new ChatPage(page);
  await chat.pickModel('openAI', 'gpt-4o');
  await chat.send('Hello [[fake reply="Hi there"]]');
  await chat.waitForReplyDone();

  const reply = await box(chat.lastAssistant());
  const x = reply.x + reply.width / 2;
  const y = reply.y + reply.height / 2;
  await dragFileTo(page, file, x, y, false);
  await expect(page.getByTestId('drop-overlay')).toContainText('Add anything');
  await dragFileTo(page, file, x, y, true);
  await expect(page.getByTestId('drop-overlay')).toHaveCount(0);
  await expect(page.getByTestId('file-preview')).toHaveCount(1);
});

test('a toast keeps clear of the composer and Regenerate; Escape in a rename keeps the old title', async ({
  page,
  consoleErrors,
}) => {
  consoleErrors.expectRefused(500, '/api/convos/update', 'the rename is refused on purpose');
  await signUp(page);
  const chat = new ChatPage(page);
  await chat.pickModel('openAI', 'gpt-4o-mini');
  await chat.send('Hello [[fake reply="Hi there"]]');
  await chat.waitForReplyDone();
  const item = page.getByTestId('convo-item').first();
  await expect(item.getByTestId('convo-title')).not.toHaveText('New Chat');
  const title = await item.getByTestId('convo-title').textContent();

  // Escape leaves the title as it was, and nothing is sent.
  let renames = 0;
  await page.route('**/api/convos/update', (route) => {
    renames += 1;
    return route.fulfill({ status: 500, json: { message: 'no' } });
  });
  await item.hover();
  await item.getByTestId('convo-rename').click();
  const input = page.getByTestId('convo-rename-input');
  await input.fill('Something else');
  await input.press('Escape');
  await expect(input).toHaveCount(0);
  await expect(item.getByTestId('convo-title')).toHaveText(title ?? '');
  expect(renames).toBe(0);

  // A refused rename says so in a toast that covers neither the composer nor Regenerate.
  await item.hover();
  await item.getByTestId('convo-rename').click();
  await input.fill('Something else');
  await input.press('Enter');
  const toast = page.getByTestId('toast');
  await expect(toast).toHaveText(/^Failed to rename conversation/);
  const toastBox = await box(toast);
  expect(overlaps(toastBox, await box(page.locator('form:has([data-testid="chat-input"])')))).toBe(false);
  await expect(page.getByTestId('bottom-action')).toHaveAttribute('data-kind', 'regenerate');
  expect(overlaps(toastBox, await box(page.getByTestId('bottom-action')))).toBe(false);
  expect(renames).toBe(1);
});

test('at 375 px the locked input shows its whole placeholder', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 740 });
  await signUp(page);
  const chat = new ChatPage(page);
  await chat.pickModel('openAI', 'gpt-4o-mini');
  // On a small screen Enter makes a new line: the send button sends.
  await chat.input.fill('Fail please [[fake status=503]]');
  await page.getByTestId('send-button').click();
  await expect(chat.input).toHaveAttribute('placeholder', 'Edit your message or Regenerate.');
  const { shown, needed, share } = await chat.input.evaluate((el: HTMLTextAreaElement) => {
    // The same field holding the placeholder as its text: the height the placeholder needs.
    // Out of the composer's row, so it does not share the row's width with the field.
    const probe = el.cloneNode() as HTMLTextAreaElement;
    probe.value = el.placeholder;
    Object.assign(probe.style, {
      position: 'absolute',
      top: '0',
      left: '0',
      flex: 'none',
      height: 'auto',
      width: `${el.getBoundingClientRect().width}px`,
    });
    document.body.append(probe);
    const needed = probe.scrollHeight;
    probe.remove();
    const row = el.parentElement!.getBoundingClientRect().width;
    return { shown: el.clientHeight, needed, share: el.getBoundingClientRect().width / row };
  });
  // The field has a row of its own at this width (the message box's buttons go under it), and
  // all of the placeholder is shown.
  expect(share).toBeGreaterThan(0.9);
  expect(shown).toBeGreaterThanOrEqual(needed);
});

test('in a right-to-left language a long model name loses its end, not its beginning', async ({ page }) => {
  await page.addInitScript(([key]) => localStorage.setItem(key!, 'ar-EG'), [LOCAL_KEYS.lang]);
  await signUp(page);
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  const chat = new ChatPage(page);
  await chat.pickModel('openAI', 'gpt-4o-mini');
  const model = page.getByTestId('endpoint-picker-model');
  // Narrower than the name: the name is cut.
  await model.evaluate((el: HTMLElement) => (el.style.maxWidth = '3.5rem'));
  const firstVisible = await model.evaluate((el: HTMLElement) => {
    const text = el.firstChild;
    if (!text) return false;
    const range = document.createRange();
    range.setStart(text, 0);
    range.setEnd(text, 1);
    const first = range.getBoundingClientRect();
    const outer = el.getBoundingClientRect();
    return (
      el.scrollWidth > el.clientWidth && first.left >= outer.left - 0.5 && first.right <= outer.right + 0.5
    );
  });
  expect(firstVisible).toBe(true);
});
