import type { Page } from '@playwright/test';
import { expect, test } from '../support/test';
import { ChatPage, signUp } from '../support/app';

/**
 * Fork from a message with each option, and duplicate from the sidebar, on a conversation with a
 * regenerated reply (two replies to the first question; the second one is followed by another turn):
 *
 *   Q1 ─┬─ A1
 *       └─ A1 (regenerated) ── Q2 ── A2
 */
test('fork a branched conversation with each option, start a fork at a message, and duplicate it', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signUp(page);
  const chat = new ChatPage(page);
  await chat.pickModel('openAI', 'gpt-4o-mini');
  await chat.send('First question [[fake reply="First answer"]]');
  await chat.waitForReplyDone();
  await chat.clickBottom('regenerate');
  await chat.waitForReplyDone();
  await expect(chat.lastAssistant().getByTestId('sibling-counter')).toHaveText('2 / 2');
  await chat.send('Second question [[fake reply="Second answer"]]');
  await chat.waitForReplyDone();
  await expect(chat.messages()).toHaveCount(4);
  const source = page.url();

  /** Forks from the second question with `option`, and waits for the copy to open. */
  async function forkFrom(p: Page, option: string, startHere = false): Promise<string> {
    const question = chat.messages('user').last();
    await question.hover();
    await question.getByTestId('fork-message').click();
    const popover = p.getByTestId('fork-popover');
    await expect(popover).toBeVisible();
    const split = popover.getByTestId('fork-split-target');
    if ((await split.isChecked()) !== startHere) await split.click();
    await popover.getByTestId(`fork-option-${option}`).click();
    await expect(p).not.toHaveURL(source);
    await expect(p).toHaveURL(/\/c\/[0-9a-f-]{36}$/);
    await expect(p.getByText('Successfully forked conversation').first()).toBeVisible();
    return p.url();
  }

  // Visible messages only: the path to the question, the other reply left out.
  await forkFrom(page, 'directPath');
  await expect(chat.messages()).toHaveCount(3);
  await expect(chat.messages('user').last().getByTestId('message-text')).toContainText('Second question');
  await expect(chat.messages('assistant').first().getByTestId('sibling-counter')).toHaveCount(0);

  // Related branches: the regenerated reply's sibling comes along (but nothing after the question).
  await page.goto(source);
  await expect(chat.messages()).toHaveCount(4);
  await forkFrom(page, 'includeBranches');
  await expect(chat.messages()).toHaveCount(3);
  await expect(chat.messages('assistant').first().getByTestId('sibling-counter')).toHaveText('2 / 2');

  // Everything to the latest message (the default option), started at the question: it becomes
  // the first message, what was above it is left out.
  await page.goto(source);
  await expect(chat.messages()).toHaveCount(4);
  await forkFrom(page, 'targetLevel', true);
  await expect(chat.messages()).toHaveCount(2);
  await expect(chat.messages('user').first().getByTestId('message-text')).toContainText('Second question');
  await expect(chat.lastAssistant().getByTestId('message-text')).toContainText('Second answer');

  // Duplicate from the sidebar: every message of every branch, under the same title.
  await page.goto(source);
  await expect(chat.messages()).toHaveCount(4);
  const sourceId = source.split('/').pop()!;
  const item = page.locator(`[data-testid="convo-item"][data-convo-id="${sourceId}"]`);
  await item.hover();
  await item.getByTestId('convo-duplicate').click();
  await expect(page).not.toHaveURL(source);
  await expect(page.getByText('Successfully duplicated conversation')).toBeVisible();
  await expect(chat.messages()).toHaveCount(4);
  await expect(chat.lastAssistant().getByTestId('message-text')).toContainText('Second answer');
  await expect(chat.messages('assistant').first().getByTestId('sibling-counter')).toHaveText('2 / 2');
  // Four copies and the source in the sidebar.
  await expect(page.getByTestId('convo-item')).toHaveCount(5);
});
