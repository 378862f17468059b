import { expect, test } from '../support/test';
import { TIMINGS } from '@chat/contract';
import { ChatPage, signUp } from '../support/app';

/** A directive's quoted value: \\ and \n are its escapes (tools/fake-upstreams directive.ts). */
const quote = (text: string) => text.replace(/\\/g, '\\\\').replace(/\n/g, '\\n').replace(/"/g, '\\"');

const REPLY = [
  'Energy: $E=mc^2$, and a sum:',
  '',
  '$$',
  '\\sum_{i=1}^{n} i = \\frac{n(n+1)}{2}',
  '$$',
  '',
  '| lang | year |',
  '| --- | --: |',
  '| Go | 2009 |',
  '',
  '- [x] typed ~~loosely~~',
  '',
  '```go',
  'func main() { println("hi") }',
  '```',
].join('\n');

test('a reply typesets LaTeX, renders a GFM table and Go code, and Copy says "Copied!" for 3 s', async ({
  page,
  context,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await signUp(page);
  const chat = new ChatPage(page);
  await chat.pickModel('openAI', 'gpt-4o-mini');
  await chat.send(`Show me [[fake reply="${quote(REPLY)}"]]`);
  await chat.waitForReplyDone();
  const reply = chat.lastAssistant();

  await expect(reply.locator('.katex')).toHaveCount(2);
  await expect(reply.locator('.katex-display')).toHaveCount(1);
  await expect(reply).not.toContainText('$E=mc^2$');
  // KaTeX's stylesheet came with it: its fonts are applied to the formula.
  expect(
    await reply
      .locator('.katex')
      .first()
      .evaluate((el) => getComputedStyle(el).fontFamily),
  ).toMatch(/KaTeX/);
  // …and its fonts are served and loaded (same origin, as the CSP's font-src allows).
  await expect
    .poll(() =>
      page.evaluate(() => {
        let loaded = false;
        document.fonts.forEach(
          (f) => void (loaded ||= f.family.includes('KaTeX_Main') && f.status === 'loaded'),
        );
        return loaded;
      }),
    )
    .toBe(true);
  await expect(reply.locator('.md-table-wrap table td').first()).toHaveText('Go');
  await expect(reply.locator('.contains-task-list input[type="checkbox"]')).toBeChecked();
  await expect(reply.locator('del')).toHaveText('loosely');

  const code = reply.getByTestId('code-block');
  await expect(code.locator('.md-code-bar')).toContainText('go');
  await expect(code.locator('.hljs-keyword').first()).toHaveText('func');
  const copy = code.getByTestId('copy-code');
  // The page's clock stands still from here and moves only when told: "Copied!" stays until its
  // time is up, to the millisecond.
  await page.clock.install();
  await page.clock.pauseAt(Date.now() + 1000);
  await copy.click();
  await expect(copy).toContainText('Copied!');
  expect(await page.evaluate(() => navigator.clipboard.readText())).toContain('println("hi")');
  await page.clock.runFor(TIMINGS.copyFeedbackMs - 1);
  await expect(copy).toContainText('Copied!');
  await page.clock.runFor(1);
  await expect(copy).toContainText('Copy code');
  await page.clock.resume();

  // With LaTeX parsing off (Settings → Beta), the same reply shows its dollars as written.
  await page.evaluate(() => localStorage.setItem('LaTeXParsing', 'false'));
  await page.reload();
  await expect(chat.lastAssistant()).toContainText('$E=mc^2$');
  await expect(chat.lastAssistant().locator('.katex')).toHaveCount(0);
});
