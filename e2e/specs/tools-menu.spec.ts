import { expect, test } from '../support/test';
import { ChatPage, signUp } from '../support/app';

test('an MCP server chosen in the message box answers the openAI model’s call; the choice stays', async ({
  page,
}) => {
  await page.setViewportSize({ width: 375, height: 740 });
  await signUp(page);
  const chat = new ChatPage(page);
  await chat.pickModel('openAI', 'gpt-4o-mini');

  // Keyboard: the button opens the menu, the first server's checkbox takes the focus.
  const button = page.getByTestId('tools-menu-button');
  await button.focus();
  await page.keyboard.press('Enter');
  const menu = page.getByTestId('tools-menu');
  const files = menu.getByTestId('tools-menu-mcp-files');
  await expect(files).toBeFocused({ timeout: 30_000 });
  await page.keyboard.press('Space');
  await expect(files).toBeChecked();
  // The menu fits a 375 px screen.
  const box = await menu.boundingBox();
  expect(box).not.toBeNull();
  expect(box!.x).toBeGreaterThanOrEqual(0);
  expect(box!.x + box!.width).toBeLessThanOrEqual(375);
  await page.keyboard.press('Escape');
  await expect(menu).toHaveCount(0);
  await expect(button).toBeFocused();
  await expect(button).toHaveAttribute('aria-label', 'Tools (1 chosen)');

  // On a small screen Enter is a new line: the send button sends.
  await chat.input.fill('Say it back [[fake tool=echo_mcp_files args="{\\"text\\":\\"otters\\"}"]]');
  await page.getByTestId('send-button').click();
  const reply = chat.lastAssistant();
  await expect(reply.getByTestId('plugin-state').first()).toContainText('Used Echo');
  await expect(reply).toContainText('The tools answered: "[stdio] echo: otters".');
  await chat.waitForReplyDone();

  // The choice is the conversation's: after a reload it is still checked.
  await page.reload();
  await expect(page.getByTestId('tools-menu-button')).toHaveAttribute('aria-label', 'Tools (1 chosen)');
  await page.getByTestId('tools-menu-button').click();
  await expect(page.getByTestId('tools-menu-mcp-files')).toBeChecked();
});
