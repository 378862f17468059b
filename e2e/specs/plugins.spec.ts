import { expect, test } from '../support/test';
import { ChatPage, signUp } from '../support/app';
import { PluginStore } from '../support/plugin-store';

test('a plugins reply uses the calculator and shows Used Calculator, live and after reload', async ({
  page,
}) => {
  await signUp(page);
  const chat = new ChatPage(page);
  await chat.pickModel('gptPlugins', 'gpt-4o-mini');

  const store = new PluginStore(page);
  await store.install('calculator');
  await store.choose('calculator');
  await expect(store.select).toContainText('Calculator');

  // The fake model calls the calculator first, then answers with its result.
  await chat.send('What is 6*7? [[fake tool=calculator args="{\\"input\\":\\"6*7\\"}"]]');
  const reply = chat.lastAssistant();
  await expect(reply.getByTestId('plugin-state').first()).toContainText('Used Calculator');
  await expect(reply).toContainText('The tools answered: "42".');
  await chat.waitForReplyDone();

  await page.reload();
  const again = chat.lastAssistant();
  await expect(again.getByTestId('plugin-state').first()).toContainText('Used Calculator');
  await expect(again.getByTestId('plugin-state').last()).toContainText('Finished');
  // The selection stays with the conversation.
  await expect(page.getByTestId('plugins-select')).toContainText('Calculator');
});
