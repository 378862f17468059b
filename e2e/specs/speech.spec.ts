import type { Page } from '@playwright/test';
import { expect, test } from '../support/test';
import { ChatPage, signUp } from '../support/app';
import { fakeRequests } from '../support/fakes';

/*
 * Speech through the server (librechat.yaml `speech`, on the OpenAI fake's audio routes): Read
 * aloud plays the server's text to speech of the reply, and dictation records Chromium's fake
 * microphone (a tone) and puts the server's transcription in the box. The fake media stream and
 * its permission prompt answered are this file's launch options only.
 */
test.use({
  launchOptions: {
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-dev-shm-usage',
      '--disable-gpu',
      '--disable-background-networking',
      '--use-fake-device-for-media-stream',
      '--use-fake-ui-for-media-stream',
      '--autoplay-policy=no-user-gesture-required',
    ],
  },
});

/** Settings → General: both engines set to External (offered since the server has them). */
async function chooseExternal(page: Page): Promise<void> {
  await page.getByTestId('user-menu').click();
  await page.getByTestId('open-settings').click();
  const dialog = page.getByTestId('settings-dialog');
  await expect(dialog).toBeVisible();
  await dialog.getByTestId('settings-engine-tts').selectOption('external');
  await dialog.getByTestId('settings-engine-stt').selectOption('external');
  // The server's voices replace the browser's.
  await expect(dialog.getByTestId('settings-voice').locator('option')).toHaveText([
    'Server default',
    'alloy',
    'nova',
  ]);
  await dialog.getByTestId('settings-voice').selectOption('nova');
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
}

test("Read aloud plays the server's speech of the reply, and dictation fills the box from the server", async ({
  page,
}) => {
  await signUp(page);
  const chat = new ChatPage(page);
  await chooseExternal(page);
  await chat.pickModel('openAI', 'gpt-4o-mini');
  const marker = `Spoken answer ${Date.now()}`;
  await chat.send(`Say something [[fake reply="${marker}."]]`);
  await chat.waitForReplyDone();

  const readAloud = chat.lastAssistant().getByTestId('read-aloud');
  await chat.lastAssistant().hover();
  await readAloud.click();
  // The fake was asked for the reply's words in the chosen voice, with the key from the environment.
  await expect
    .poll(async () =>
      (await fakeRequests('openai')).find(
        (r) => r.path === '/v1/audio/speech' && JSON.stringify(r.body).includes(marker),
      ),
    )
    .toMatchObject({
      body: { model: 'tts-1', input: `${marker}.`, voice: 'nova', response_format: 'mp3' },
      headers: { authorization: 'Bearer e2e-tts-key' },
    });
  // The short audio plays to its end (or a press stops it): the button is let go, with no error.
  await expect(readAloud).toHaveAttribute('aria-pressed', 'false');
  await expect(page.getByText('The reply could not be read aloud. Please try again.')).toHaveCount(0);

  // Dictation: recorded while pressed, transcribed by the server, put in the box.
  await chat.input.fill('Typed first');
  const mic = page.getByTestId('mic-button');
  await mic.click();
  await expect(mic).toHaveAttribute('aria-pressed', 'true');
  await mic.click();
  await expect(chat.input).toHaveValue(/^Typed first Heard \d+ bytes, sha256 [0-9a-f]{16}$/);
  const upload = (await fakeRequests('openai')).filter((r) => r.path === '/v1/audio/transcriptions').at(-1);
  expect(upload?.body).toMatchObject({ fields: { model: 'whisper-1' } });
  expect(upload?.headers.authorization).toBe('Bearer e2e-stt-key');
});
