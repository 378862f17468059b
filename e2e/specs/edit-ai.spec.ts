import { expect, test } from '../support/test';
import { ChatPage, signUp } from '../support/app';

test('edit an AI reply: save only keeps it edited across a reload; save and submit regenerates from it', async ({
  page,
}) => {
  await signUp(page);
  const chat = new ChatPage(page);
  await chat.pickModel('openAI', 'gpt-4o-mini');
  await chat.send('Say something short');
  await chat.waitForReplyDone();
  const reply = chat.lastAssistant();
  await expect(reply.getByTestId('message-text')).toContainText('You said');

  // Save only: the text changes, nothing is generated, and it is kept.
  await reply.hover();
  await reply.getByTestId('edit-message').click();
  await reply.getByTestId('edit-textarea').fill('A corrected answer.');
  await reply.getByTestId('edit-save').click();
  await expect(reply.getByTestId('message-text')).toHaveText('A corrected answer.');
  await expect(chat.messages('assistant')).toHaveCount(1);
  await page.reload();
  await expect(chat.lastAssistant().getByTestId('message-text')).toHaveText('A corrected answer.');

  // Save and submit: the model goes on from the edited text.
  await chat.lastAssistant().hover();
  await chat.lastAssistant().getByTestId('edit-message').click();
  await chat.lastAssistant().getByTestId('edit-textarea').fill('An answer that the model continues');
  await chat.lastAssistant().getByTestId('edit-save-submit').click();
  await chat.waitForReplyDone();
  const text = chat.lastAssistant().getByTestId('message-text');
  await expect(text).toContainText('An answer that the model continues');
  await expect(text).toContainText('continues the previous answer');
  await page.reload();
  await expect(chat.lastAssistant().getByTestId('message-text')).toContainText(
    'continues the previous answer',
  );
});

test('Enter is ignored while composing with an IME and while a reply is being generated', async ({
  page,
}) => {
  await signUp(page);
  const chat = new ChatPage(page);
  await chat.pickModel('openAI', 'gpt-4o-mini');

  // An Enter that confirms an IME composition must not send.
  await chat.input.fill('こんにちは');
  await chat.input.dispatchEvent('compositionstart');
  await chat.input.press('Enter');
  await chat.input.dispatchEvent('compositionend');
  await expect(chat.messages()).toHaveCount(0);

  // The text is trimmed when sent.
  await chat.input.fill('   padded question [[fake tps=2]]   ');
  await chat.input.press('Enter');
  await expect(chat.messages('user').first().getByTestId('message-text')).toHaveText(
    'padded question [[fake tps=2]]',
  );
  await expect(chat.input).toHaveValue('');

  // While generating, Enter does not send another message (2 tokens/s: the reply lasts long
  // enough on a busy machine).
  await expect(page.getByTestId('stop-button')).toBeVisible();
  await chat.input.fill('second question');
  await chat.input.press('Enter');
  await expect(chat.messages('user')).toHaveCount(1);
  await expect(chat.input).toHaveValue('second question');
});
