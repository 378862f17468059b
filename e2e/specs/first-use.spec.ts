import { expect, test, type Locator, type Page } from '@playwright/test';
import { ChatPage, signUp } from '../support/app';

/** What a new user trips on (issue 7, items 7, 8, 10, 11): what they see, measured. */

const TABLE = [
  '| Provider | Model | Context window | Price per million tokens |',
  '|---|---|---|---|',
  '| OpenAI | gpt-4o-mini | 128000 tokens | 0.15 dollars input, 0.60 dollars output |',
  '| Anthropic | claude-3-5-sonnet-20241022 | 200000 tokens | 3 dollars input, 15 dollars output |',
  '| Google | gemini-1.5-pro | 2000000 tokens | 1.25 dollars input |',
].join('\\n');

/** A directive whose reply is `reply` (newlines written as \n inside the quoted value). */
const say = (reply: string) => `[[fake reply="${reply}"]]`;

interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}
function overlap(a: Box, b: Box): boolean {
  if (a.width <= 0 || a.height <= 0 || b.width <= 0 || b.height <= 0) return false;
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}
/** The part of `a` inside `b` (what of a scrolled element is on screen). */
function clip(a: Box, b: Box): Box {
  const x = Math.max(a.x, b.x);
  const y = Math.max(a.y, b.y);
  const right = Math.min(a.x + a.width, b.x + b.width);
  const bottom = Math.min(a.y + a.height, b.y + b.height);
  return { x, y, width: Math.max(0, right - x), height: Math.max(0, bottom - y) };
}

/**
 * Words of the element's text that the layout split over two lines. A break after a hyphen
 * ("claude-3-5-/sonnet") is an ordinary line break, so the pieces between hyphens count as words.
 */
function brokenWords(el: Locator): Promise<string[]> {
  return el.evaluate((root) => {
    const broken: string[] = [];
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent ?? '';
      for (const m of text.matchAll(/[^\s-]+-?/g)) {
        const range = document.createRange();
        range.setStart(node, m.index);
        range.setEnd(node, m.index + m[0].length);
        const lines = new Set(Array.from(range.getClientRects(), (r) => Math.round(r.top)));
        if (lines.size > 1) broken.push(m[0]);
      }
    }
    return broken;
  });
}

/** Sends with the button: Enter adds a newline on small screens. */
async function send(chat: ChatPage, text: string): Promise<void> {
  await chat.input.fill(text);
  await chat.page.getByTestId('send-button').click();
  await chat.waitForReplyDone();
}

async function chatWithTable(page: Page): Promise<ChatPage> {
  await signUp(page);
  const chat = new ChatPage(page);
  await chat.pickModel('openAI', 'gpt-4o-mini');
  await send(chat, `Compare the providers ${say(`Here they are:\\n\\n${TABLE}\\n\\nPick one.`)}`);
  return chat;
}

for (const width of [1280, 375]) {
  test(`a Markdown table scrolls in its own box and breaks no word (${width} px)`, async ({ page }) => {
    await page.setViewportSize({ width, height: 800 });
    const chat = await chatWithTable(page);
    const reply = chat.lastAssistant();
    const table = reply.locator('table');
    await expect(table).toBeVisible();
    expect(await brokenWords(table)).toEqual([]);

    const wrap = reply.locator('.md-table-wrap');
    const text = reply.getByTestId('message-text');
    const [wrapBox, textBox] = [(await wrap.boundingBox())!, (await text.boundingBox())!];
    // The table's box stays inside the reply; a wider table scrolls in it, not the page.
    expect(wrapBox.x).toBeGreaterThanOrEqual(textBox.x - 1);
    expect(wrapBox.x + wrapBox.width).toBeLessThanOrEqual(textBox.x + textBox.width + 1);
    const sizes = await wrap.evaluate((el) => ({
      scroll: el.scrollWidth,
      client: el.clientWidth,
      overflowX: getComputedStyle(el).overflowX,
    }));
    expect(sizes.overflowX).toBe('auto');
    if (width === 375) expect(sizes.scroll).toBeGreaterThan(sizes.client);
    const list = page.getByTestId('message-list');
    expect(await list.evaluate((el) => el.scrollWidth - el.clientWidth)).toBeLessThanOrEqual(0);
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
    ).toBeLessThanOrEqual(0);
  });
}

for (const width of [1000, 375]) {
  test(`no floating button covers the conversation; Regenerate is offered once (${width} px)`, async ({
    page,
  }) => {
    await page.setViewportSize({ width, height: 640 });
    await signUp(page);
    const chat = new ChatPage(page);
    await chat.pickModel('openAI', 'gpt-4o-mini');
    for (const q of ['First question', 'Second question', 'Third question']) await send(chat, q);
    const list = page.getByTestId('message-list');
    const listBox = (await list.boundingBox())!;

    // At the bottom the whole last reply, its actions included, is in view above the input.
    const last = chat.lastAssistant();
    const lastBox = (await last.boundingBox())!;
    expect(lastBox.y + lastBox.height).toBeLessThanOrEqual(listBox.y + listBox.height + 1);
    const lastShown = clip(lastBox, listBox);
    // Regenerate: the latest reply's own button, and no second one floating over the list.
    await expect(last.getByTestId('regenerate')).toBeVisible();
    const regenerates = page.getByTestId('chat-view').getByRole('button', { name: /regenerate/i });
    const inMessages = page.getByTestId('message').getByRole('button', { name: /regenerate/i });
    expect(await regenerates.count()).toBe(await inMessages.count());
    for (const b of await page.getByTestId('chat-view').getByRole('button').all()) {
      const box = await b.boundingBox();
      const inList = await b.evaluate((el) => !!el.closest('[data-testid="message-list"]'));
      if (box && !inList) expect(overlap(box, lastShown), await b.innerText()).toBe(false);
    }

    // Scrolled up: the scroll-to-bottom button shows, outside the scrolling list (over no text).
    await list.evaluate((el) => el.scrollTo({ top: el.scrollHeight / 3 }));
    const button = page.getByTestId('scroll-to-bottom');
    await expect(button).toBeVisible();
    const buttonBox = (await button.boundingBox())!;
    const listNow = (await list.boundingBox())!;
    expect(overlap(buttonBox, listNow)).toBe(false);
    for (const t of await page.getByTestId('message-text').all()) {
      const box = await t.boundingBox();
      if (box) expect(overlap(buttonBox, clip(box, listNow))).toBe(false);
    }
    await button.click();
    await expect
      .poll(() => list.evaluate((el) => el.scrollHeight - el.scrollTop - el.clientHeight))
      .toBeLessThan(40);
    await expect(button).toHaveCount(0);
  });
}

test('search results are plain text with the hit highlighted, not Markdown', async ({ page }) => {
  await signUp(page);
  const chat = new ChatPage(page);
  await chat.pickModel('openAI', 'gpt-4o-mini');
  const reply = [
    '## Quokka facts',
    '',
    'The **quokka** is a _small_ marsupial; see [the wiki](https://example.com/quokka).',
    '',
    '```python',
    'print(\\"quokka\\")',
    '```',
    '',
    '| Animal | Home |',
    '|---|---|',
    '| Quokka | Rottnest Island |',
  ].join('\\n');
  await chat.send(`Tell me about that marsupial ${say(reply)}`);
  await chat.waitForReplyDone();

  await page.getByTestId('sidebar-search').fill('quokka');
  await expect(page).toHaveURL(/\/search\/quokka$/);
  const hit = page.getByTestId('search-hit').and(page.locator('[data-role="assistant"]'));
  await expect(hit).toHaveCount(1);
  const snippet = hit.getByTestId('search-hit-text');
  const text = await snippet.innerText();
  for (const syntax of ['```', '|', '**', '](', '## ', '_small_', '---']) expect(text).not.toContain(syntax);
  expect(text).toContain('Quokka facts');
  expect(text).toContain('The quokka is a small marsupial; see the wiki.');
  expect(text).toContain('print("quokka")');
  expect(text).toContain('Quokka · Rottnest Island');
  const marks = snippet.getByTestId('search-highlight');
  await expect(marks.first()).toHaveText(/^quokka$/i);
  expect(await marks.count()).toBeGreaterThanOrEqual(4);
});

test('the user menu links only to pages that exist (no Help & FAQ before the FAQ)', async ({ page }) => {
  await signUp(page);
  await page.getByTestId('user-menu').click();
  const menu = page.getByRole('menu');
  await expect(menu).toBeVisible();
  await expect(menu.getByTestId('help-faq')).toHaveCount(0);
  await expect(menu).not.toContainText('FAQ');
  const hrefs = await menu.locator('a[href]').evaluateAll((as) => as.map((a) => a.getAttribute('href')!));
  for (const href of hrefs) {
    if (!href.startsWith('/')) continue;
    await page.goto(href);
    await expect(page.getByTestId('not-found')).toHaveCount(0);
  }
});
