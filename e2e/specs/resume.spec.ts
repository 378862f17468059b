import { expect, test } from '../support/test';
import { TIMINGS } from '@chat/contract';
import { ChatPage, signUp } from '../support/app';

test('reload mid-reply resumes the stream', async ({ page }) => {
  test.setTimeout(90_000);
  await signUp(page);
  const chat = new ChatPage(page);
  await chat.pickModel('openAI', 'gpt-4o-mini');

  // A slow reply (~65 tokens at 4 per second): reload while it is still streaming, even on a busy
  // machine where the reload itself takes seconds.
  await chat.send('Tell me a story [[fake tps=4]]');
  await expect(page).toHaveURL(/\/c\/[0-9a-f-]{36}$/);
  const convoUrl = page.url();
  const text = () => chat.lastAssistant().getByTestId('message-text');
  await expect(text()).toContainText('You said');
  await page.reload();
  await expect(page).toHaveURL(convoUrl);

  // The page joins the running reply: Stop is back, the cursor blinks and the text keeps growing.
  await expect(page.getByTestId('stop-button')).toBeVisible();
  await expect(text()).toHaveClass(/result-streaming/);
  await expect(text()).toContainText('You said');
  const early = (await text().innerText()).length;
  await expect.poll(async () => (await text().innerText()).length).toBeGreaterThan(early);
  await expect(chat.input).not.toHaveAttribute('placeholder', 'Edit your message or Regenerate.');

  // It finishes as a normal reply: no unfinished notice, the input is open again.
  await chat.waitForReplyDone();
  await expect(text()).toContainText('Edit your message and send it again.');
  await expect(page.getByTestId('unfinished-notice')).toHaveCount(0);
  await expect(chat.input).toBeEnabled();
  const full = await text().innerText();

  // What was saved is the same full text (once the lazy Markdown renderer is in), and it is not
  // unfinished: on the page's own clock, the time after which that notice shows passes without it.
  await page.clock.install();
  await page.reload();
  await page.clock.runFor(1000);
  await expect.poll(() => text().innerText()).toBe(full);
  await expect(page.getByTestId('stop-button')).toHaveCount(0);
  await page.clock.runFor(TIMINGS.unfinishedNoticeMs * 2);
  await expect(page.getByTestId('unfinished-notice')).toHaveCount(0);
});
