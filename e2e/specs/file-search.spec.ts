import { expect, test } from '../support/test';
import { ChatPage, signUp } from '../support/app';

const HANDBOOK = [
  'Welcome to the staff handbook.',
  'Holidays: every employee gets twenty-five days of paid leave a year.',
  'Parking: the garage under the north building has spaces for bicycles.',
].join('\n\n');

test('a text file uploaded for search is read, searched by the model, and cited under the reply', async ({
  page,
}) => {
  await signUp(page);
  const chat = new ChatPage(page);

  await page.getByTestId('search-file-input').setInputFiles({
    name: 'handbook.txt',
    mimeType: 'text/plain',
    buffer: Buffer.from(HANDBOOK),
  });
  const preview = page.getByTestId('file-preview');
  await expect(preview).toHaveAttribute('data-kind', 'document');
  // Read by the server in the background, then ready to search.
  await expect(preview).toHaveAttribute('data-state', 'ready');
  await expect(preview).toContainText('handbook.txt');

  await chat.send(
    'How many days of leave? [[fake tool=file_search args="{\\"query\\":\\"paid leave days\\"}"]]',
  );
  await expect(chat.messages('user').last().getByTestId('message-document')).toContainText('handbook.txt');
  const reply = chat.lastAssistant();
  await expect(reply).toContainText('twenty-five days of paid leave');
  await chat.waitForReplyDone();

  const citations = reply.getByTestId('citation');
  await expect(citations.first().getByTestId('citation-file')).toHaveText('handbook.txt');
  await expect(reply.getByTestId('citation-passage')).toHaveCount(0);
  await citations.first().getByRole('button').click();
  await expect(reply.getByTestId('citation-passage')).toContainText('twenty-five days of paid leave a year');

  // Kept with the reply.
  await page.reload();
  await expect(chat.lastAssistant().getByTestId('citation-file').first()).toHaveText('handbook.txt');
});
