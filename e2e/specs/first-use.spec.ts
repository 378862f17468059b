import type { Locator, Page } from '@playwright/test';
import { expect, test } from '../support/test';
import { ChatPage, signUp } from '../support/app';

/** What a new user trips on: what they see, measured. */

const TABLE = [
  '| Provider | Model | Context window | Price per million tokens |',
  '|---|---|---|---|',
  '| OpenAI | gpt-4o-mini | 128000 tokens | 0.15 dollars input, 0.60 dollars output |',
  '| Anthropic | claude-3-5-sonnet-20241022 | 200000 tokens | 3 dollars input, 15 dollars output |',
  '| Google | gemini-1.5-pro | 2000000 tokens | 1.25 dollars input |',
].join('\\n');

/** A directive whose reply is `reply` (newlines written as \n inside the quoted value). */
const say = (reply: string) => `[[fake reply="${reply}"]]`;
/**
 * A story of plain words, about eight seconds at 8 tokens/s, to be stopped while it streams: wherever
 * the stop lands, what Continue adds shows as text. (Stopped just after the default reply's "```ts",
 * the continuation landed on the fence's line and read as its language: nothing new showed.) The
 * fake answers a continued scripted reply with the same script, so a continued story ends with
 * the story's last words.
 */
const STORY =
  'Once upon a time a small robot lived in a quiet library by the sea. Every night it read one ' +
  'more shelf of books, and every morning it told the gulls what it had learned about stars, ' +
  'ships, bread, rivers and the old songs of the town. One winter the lights went out, and the ' +
  'robot kept reading by the glow of its own small lamp until spring came back.';
const STORY_END = 'until spring came back.';

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

/** The buttons below the list (bottom button, scroll-to-bottom) are outside it and over no text. */
async function expectNoButtonOverText(page: Page): Promise<void> {
  const listBox = (await page.getByTestId('message-list').boundingBox())!;
  const texts = await page.getByTestId('message-text').all();
  for (const id of ['bottom-action', 'scroll-to-bottom']) {
    const button = page.getByTestId(id);
    if (!(await button.isVisible())) continue;
    const box = (await button.boundingBox())!;
    expect(overlap(box, listBox), `${id} over the list`).toBe(false);
    for (const t of texts) {
      const textBox = await t.boundingBox();
      if (textBox) expect(overlap(box, clip(textBox, listBox)), `${id} over a message`).toBe(false);
    }
  }
}

/** At the bottom the whole last reply, its actions included, is in view above the strip. */
async function expectLastReplyInView(chat: ChatPage): Promise<void> {
  const listBox = (await chat.page.getByTestId('message-list').boundingBox())!;
  await expect
    .poll(async () => {
      const box = (await chat.lastAssistant().boundingBox())!;
      return box.y + box.height - (listBox.y + listBox.height);
    })
    .toBeLessThanOrEqual(1);
}

/** Regenerate controls for the latest reply: its own button and the bottom button's. */
async function latestRegenerates(chat: ChatPage): Promise<number> {
  const own = await chat.lastAssistant().getByTestId('regenerate').count();
  const bottom = chat.page.getByTestId('bottom-action');
  const below = (await bottom.count()) && (await bottom.getAttribute('data-kind')) === 'regenerate' ? 1 : 0;
  return own + below;
}

/** Records, in the page, each change of the bottom button and whether the reply has ended. */
async function recordBottomButton(page: Page): Promise<void> {
  await page.evaluate(() => {
    const w = window as unknown as { bottomLog: { t: number; kind: string | null; ended: boolean }[] };
    w.bottomLog = [];
    const note = () => {
      const kind = document.querySelector<HTMLElement>('[data-testid="bottom-action"]')?.dataset.kind ?? null;
      const replies = document.querySelectorAll('[data-testid="message"][data-role="assistant"]');
      // The reply's own actions appear the moment it stops streaming.
      const ended = !!replies[replies.length - 1]?.querySelector('[data-testid="copy-message"]');
      const last = w.bottomLog[w.bottomLog.length - 1];
      if (!last || last.kind !== kind || last.ended !== ended)
        w.bottomLog.push({ t: performance.now(), kind, ended });
    };
    note();
    new MutationObserver(note).observe(document.body, { subtree: true, childList: true, attributes: true });
  });
}

test('the bottom button: Stop, grace, Continue, Regenerate, once each, below the list (1280 px)', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 1280, height: 640 });
  await signUp(page);
  const chat = new ChatPage(page);
  await chat.pickModel('openAI', 'gpt-4o-mini');
  for (const q of ['First question', 'Second question']) await send(chat, q);
  const bottom = page.getByTestId('bottom-action');
  await expect(bottom).toHaveAttribute('data-kind', 'regenerate');

  // While a reply generates the bottom button is Stop (the send button is Stop as well).
  await chat.input.fill(`Tell me a story [[fake reply="${STORY}" tps=8]]`);
  await page.getByTestId('send-button').click();
  await expect(bottom).toHaveAttribute('data-kind', 'stop');
  await expect(bottom).toHaveText('Stop generating');
  await expect(chat.lastAssistant().getByTestId('message-text')).toContainText('Once upon a time');
  await expectNoButtonOverText(page);

  // Stopped: it stays Stop for the grace period, then offers Continue (nothing in between).
  await recordBottomButton(page);
  await bottom.click();
  await expect(bottom).toHaveAttribute('data-kind', 'continue');
  await expect(bottom).toHaveText('Continue');
  const log = await page.evaluate(
    () =>
      (window as unknown as { bottomLog: { t: number; kind: string | null; ended: boolean }[] }).bottomLog,
  );
  const ended = log.find((e) => e.ended)!;
  const offered = log.find((e) => e.kind === 'continue')!;
  expect(ended.kind).toBe('stop');
  expect(offered.t - ended.t).toBeGreaterThanOrEqual(150);
  expect(log.filter((e) => e.t < offered.t).every((e) => e.kind === 'stop')).toBe(true);
  // Continue is below, not on the reply too; Regenerate stays on the reply, once.
  await expect(chat.lastAssistant().getByTestId('continue')).toHaveCount(0);
  await expect(chat.lastAssistant().getByTestId('regenerate')).toBeVisible();
  expect(await latestRegenerates(chat)).toBe(1);
  await expectLastReplyInView(chat);
  await expectNoButtonOverText(page);

  // Continue from the bottom button; the finished reply offers Regenerate there, and only there.
  const replyText = chat.lastAssistant().getByTestId('message-text');
  const stopped = (await replyText.textContent()) ?? '';
  expect(stopped).not.toContain(STORY_END);
  await bottom.click();
  await chat.waitForReplyDone();
  await expect(replyText).toContainText(STORY_END);
  expect((await replyText.textContent())?.startsWith(stopped)).toBe(true);
  await expect(bottom).toHaveAttribute('data-kind', 'regenerate');
  await expect(bottom).toHaveText('Regenerate');
  await expect(chat.lastAssistant().getByTestId('regenerate')).toHaveCount(0);
  expect(await latestRegenerates(chat)).toBe(1);
  // Earlier replies keep their own Regenerate.
  await expect(chat.messages('assistant').first().getByTestId('regenerate')).toHaveCount(1);
  await expectLastReplyInView(chat);
  await expectNoButtonOverText(page);

  // Scrolled up: the scroll-to-bottom button joins the bottom button below the list.
  const list = page.getByTestId('message-list');
  await list.evaluate((el) => el.scrollTo({ top: 0 }));
  const scrollButton = page.getByTestId('scroll-to-bottom');
  await expect(scrollButton).toBeVisible();
  await expect(bottom).toBeVisible();
  await expectNoButtonOverText(page);
  await scrollButton.click();
  await expect
    .poll(() => list.evaluate((el) => el.scrollHeight - el.scrollTop - el.clientHeight))
    .toBeLessThan(40);
  await expect(scrollButton).toHaveCount(0);

  // The bottom Regenerate makes a sibling of the latest reply.
  await bottom.click();
  await chat.waitForReplyDone();
  await expect(chat.lastAssistant().getByTestId('sibling-counter')).toHaveText('2 / 2');
  await expect(bottom).toHaveAttribute('data-kind', 'regenerate');
});

test('on a small screen (375 px) there is no bottom button: the reply keeps its own actions', async ({
  page,
}) => {
  await page.setViewportSize({ width: 375, height: 640 });
  await signUp(page);
  const chat = new ChatPage(page);
  await chat.pickModel('openAI', 'gpt-4o-mini');
  for (const q of ['First question', 'Second question']) await send(chat, q);
  await chat.input.fill('Tell me a story [[fake tps=8]]');
  await page.getByTestId('send-button').click();
  await expect(page.getByTestId('stop-button')).toBeVisible();
  await expect(page.getByTestId('bottom-action')).toHaveCount(0);
  // Stopped once some text is there (a reply stopped before its first token has nothing to continue).
  await expect(chat.lastAssistant().getByTestId('message-text')).toContainText('You said');
  await page.getByTestId('stop-button').click();
  await expect(page.getByTestId('send-button')).toBeVisible();
  await expect(chat.lastAssistant().getByTestId('continue')).toBeVisible();
  await expect(chat.lastAssistant().getByTestId('regenerate')).toBeVisible();
  await expect(page.getByTestId('bottom-action')).toHaveCount(0);
  expect(await latestRegenerates(chat)).toBe(1);
  await expectLastReplyInView(chat);

  // Scrolled up, the scroll-to-bottom button shows below the list, over no text.
  const list = page.getByTestId('message-list');
  await list.evaluate((el) => el.scrollTo({ top: 0 }));
  const scrollButton = page.getByTestId('scroll-to-bottom');
  await expect(scrollButton).toBeVisible();
  await expectNoButtonOverText(page);
  await scrollButton.click();
  await expect(scrollButton).toHaveCount(0);
  await expectLastReplyInView(chat);
});

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

test('the user menu links only to pages that exist; Help & FAQ opens the FAQ in a new tab', async ({
  page,
}) => {
  await signUp(page);
  await page.getByTestId('user-menu').click();
  const menu = page.getByRole('menu');
  await expect(menu).toBeVisible();
  const faq = menu.getByTestId('help-faq');
  await expect(faq).toHaveText('Help & FAQ');
  const [tab] = await Promise.all([page.context().waitForEvent('page'), faq.click()]);
  await expect(tab).toHaveURL(/\/faq$/);
  await expect(tab.getByRole('heading', { level: 1 })).toBeVisible();
  await tab.close();
  await expect(page).toHaveURL(/\/c\/new$/);
  await page.getByTestId('user-menu').click();
  const hrefs = await menu.locator('a[href]').evaluateAll((as) => as.map((a) => a.getAttribute('href')!));
  for (const href of hrefs) {
    if (!href.startsWith('/')) continue;
    await page.goto(href);
    await expect(page.getByTestId('not-found')).toHaveCount(0);
  }
});
