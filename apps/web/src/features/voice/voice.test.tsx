import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { NO_PARENT, type Message } from '@chat/contract';
import { changeLanguage } from '../../app/i18n';
import { ToastProvider } from '../../components/ui/Toast';
import { createSlotRegistry, Slot, SlotRegistryProvider, type Slots } from '../../platform/slots';
import {
  FakeRecognizer,
  installSpeechEngines,
  uninstallSpeechEngines,
  type FakeSynthesis,
} from '../../test-support/speech-engines';
import { ChatInput } from '../chat';
import { writeVoicePref } from './prefs';
import { voiceSlots } from './slots';
import { stopSpeaking } from './speaker';

let synth: FakeSynthesis;

// The fills' lazy parts, fetched once before the tests: a press then waits for the engine, not for
// the module to be transformed on a busy machine.
beforeAll(async () => {
  await Promise.all([import('./DictationEngine'), import('./ReadAloudButton'), import('./SpeechSettings')]);
});

beforeEach(() => {
  localStorage.clear();
  synth = installSpeechEngines().synth;
});

afterEach(async () => {
  cleanup();
  stopSpeaking();
  uninstallSpeechEngines();
  await changeLanguage('en-US');
});

/** The chat's providers as the app has them (a router, queries: the server's speech config). */
function Registry({ children }: { children: ReactNode }) {
  return (
    <MemoryRouter>
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <ToastProvider>
          <SlotRegistryProvider value={createSlotRegistry(voiceSlots)}>{children}</SlotRegistryProvider>
        </ToastProvider>
      </QueryClientProvider>
    </MemoryRouter>
  );
}

/** The message box as the chat draws it, with voice's fills in its slots. */
function renderBox(onSend: (text: string) => boolean = () => true) {
  const send = vi.fn(onSend);
  render(
    <Registry>
      <ChatInput
        onSend={send}
        onStop={() => undefined}
        submitting={false}
        showStop={false}
        placeholder="Message"
      />
    </Registry>,
  );
  const input = screen.getByTestId('chat-input') as HTMLTextAreaElement;
  return { send, input };
}

/** Presses the microphone and waits for the engine it starts (the first press loads dictation). */
async function startDictation(): Promise<FakeRecognizer> {
  const before = FakeRecognizer.instances.length;
  fireEvent.click(screen.getByTestId('mic-button'));
  await waitFor(() => {
    expect(FakeRecognizer.instances).toHaveLength(before + 1);
    expect(screen.getByTestId('mic-button').getAttribute('aria-pressed')).toBe('true');
  });
  return FakeRecognizer.latest();
}

describe('dictation in the message box', () => {
  it('shows the words being heard at the end of the box and keeps what the person typed', async () => {
    const { input } = renderBox();
    fireEvent.change(input, { target: { value: 'Hello' } });
    const mic = await screen.findByTestId('mic-button');
    expect(mic.getAttribute('aria-pressed')).toBe('false');
    expect(mic.getAttribute('aria-label')).toBe('Use microphone');

    const rec = await startDictation();
    expect(rec).toMatchObject({ started: true, lang: 'en-US', continuous: true, interimResults: true });
    expect(mic.getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByTestId('mic-status').textContent).toBe('Listening…');

    act(() => rec.hear('how are', false));
    expect(input.value).toBe('Hello how are');
    act(() => rec.hear('how are you', true));
    expect(input.value).toBe('Hello how are you');

    // Typed while listening: kept, and the next words come after it.
    fireEvent.change(input, { target: { value: 'Hello how are you, friend' } });
    act(() => rec.hear('today', false));
    expect(input.value).toBe('Hello how are you, friend today');
    act(() => rec.hear('today is fine', true));
    expect(input.value).toBe('Hello how are you, friend today is fine');

    // A second press asks the engine to stop; it ends once it has handed over its last words.
    fireEvent.click(mic);
    expect(rec.stopped).toBe(true);
    act(() => rec.end());
    expect(mic.getAttribute('aria-pressed')).toBe('false');
    expect(screen.getByTestId('mic-status').textContent).toBe('');
    expect(input.value).toBe('Hello how are you, friend today is fine');
  });

  it('keeps words heard but not yet final when the engine ends', async () => {
    const { input } = renderBox();
    const rec = await startDictation();
    act(() => rec.hear('almost there', false));
    act(() => rec.end());
    expect(input.value).toBe('almost there');
    // The next dictation adds after them rather than replacing them.
    const next = await startDictation();
    act(() => next.hear('done', true));
    expect(input.value).toBe('almost there done');
  });

  it('stops listening when the message is sent, and a late word does not come back', async () => {
    const { input, send } = renderBox();
    const rec = await startDictation();
    act(() => rec.hear('send this', true));
    act(() => rec.hear('and', false));
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(send).toHaveBeenCalledWith('send this and');
    expect(rec.aborted).toBe(true);
    expect(screen.getByTestId('mic-button').getAttribute('aria-pressed')).toBe('false');
    act(() => rec.hear('and more', true));
    expect(input.value).toBe('');
  });

  it('stops on Escape, which then stops nothing else', async () => {
    const { input } = renderBox();
    const rec = await startDictation();
    const notPrevented = fireEvent.keyDown(input, { key: 'Escape' });
    expect(notPrevented).toBe(false);
    expect(rec.stopped).toBe(true);
    act(() => rec.end());
    // Not listening: Escape is left to whoever else answers it.
    expect(fireEvent.keyDown(input, { key: 'Escape' })).toBe(true);
  });

  it('says so when the microphone is refused', async () => {
    renderBox();
    const rec = await startDictation();
    act(() => rec.fail('not-allowed'));
    expect(await screen.findByText(/Microphone access was refused/)).toBeTruthy();
    expect(screen.getByTestId('mic-button').getAttribute('aria-pressed')).toBe('false');
  });

  it('says nothing when no speech was heard', async () => {
    renderBox();
    const rec = await startDictation();
    act(() => rec.fail('no-speech'));
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.queryByText(/error/i)).toBeNull();
  });

  it('sends by itself when the speech ends, with autoSendText on', async () => {
    writeVoicePref('autoSendText', true);
    const { input, send } = renderBox();
    fireEvent.change(input, { target: { value: 'Note:' } });
    const rec = await startDictation();
    act(() => rec.hear('buy milk', true));
    act(() => rec.end());
    expect(send).toHaveBeenCalledWith('Note: buy milk');
    expect(input.value).toBe('');
  });

  it('does not send by itself by default', async () => {
    const { send, input } = renderBox();
    const rec = await startDictation();
    act(() => rec.hear('just words', true));
    act(() => rec.end());
    expect(send).not.toHaveBeenCalled();
    expect(input.value).toBe('just words');
  });

  it("listens in the UI's language, and joins Japanese words without spaces", async () => {
    await act(() => changeLanguage('ja-JP'));
    const { input } = renderBox();
    fireEvent.change(input, { target: { value: 'こんにちは' } });
    const rec = await startDictation();
    expect(rec.lang).toBe('ja-JP');
    act(() => rec.hear('元気ですか', true));
    expect(input.value).toBe('こんにちは元気ですか');
  });

  it('is not there without the browser engine, nor with speech to text off', async () => {
    uninstallSpeechEngines();
    renderBox();
    await act(async () => undefined);
    expect(screen.queryByTestId('mic-button')).toBeNull();
    cleanup();

    installSpeechEngines();
    writeVoicePref('speechToText', false);
    renderBox();
    await act(async () => undefined);
    expect(screen.queryByTestId('mic-button')).toBeNull();
    act(() => writeVoicePref('speechToText', true));
    expect(await screen.findByTestId('mic-button')).toBeTruthy();
  });

  it('ends the listening when speech to text is turned off, and does not start again when it is back', async () => {
    renderBox();
    const rec = await startDictation();
    act(() => writeVoicePref('speechToText', false));
    expect(rec.aborted).toBe(true);
    expect(screen.queryByTestId('mic-button')).toBeNull();
    act(() => writeVoicePref('speechToText', true));
    await act(async () => undefined);
    expect(screen.getByTestId('mic-button').getAttribute('aria-pressed')).toBe('false');
    expect(FakeRecognizer.instances).toHaveLength(1);
  });
});

function reply(id: string, text: string, over: Partial<Message> = {}): Message {
  return {
    messageId: id,
    conversationId: '22222222-2222-4222-8222-222222222222',
    parentMessageId: NO_PARENT,
    sender: 'OpenAI',
    text,
    isCreatedByUser: false,
    endpoint: 'openAI',
    model: 'gpt-4o-mini',
    error: false,
    unfinished: false,
    isEdited: false,
    finish_reason: 'stop',
    tokenCount: null,
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
    ...over,
  };
}

function renderReplies(messages: Message[]) {
  render(
    <Registry>
      {messages.map((m) => (
        <div key={m.messageId} data-testid={`row-${m.messageId}`}>
          <Slot name="chat.message.actions" message={m} latestMessageId={m.messageId} busy={false} />
        </div>
      ))}
    </Registry>,
  );
}

const button = (id: string) => within(screen.getByTestId(`row-${id}`)).getByTestId('read-aloud');

describe('read aloud', () => {
  const MARKDOWN = [
    '# Result',
    '',
    'Use **bold** and `npm test` with [the docs](https://example.com/docs).',
    '',
    '```ts',
    'const x = { a: 1 };',
    '```',
    '',
    '- first item',
    '- second item',
  ].join('\n');

  it('reads a finished reply as plain words, code said as a code block, and stops on a second press', async () => {
    renderReplies([reply('a', MARKDOWN)]);
    const read = await screen.findByTestId('read-aloud');
    expect(read.getAttribute('aria-label')).toBe('Read aloud');
    expect(read.getAttribute('aria-pressed')).toBe('false');

    fireEvent.click(read);
    const said = synth.spoken.map((u) => u.text).join(' ');
    expect(said).toBe('Result Use bold and npm test with the docs. Code block. first item second item');
    expect(said).not.toMatch(/[`*#[\]{}]|example\.com|const/);
    expect(synth.spoken.every((u) => u.lang === 'en-US')).toBe(true);
    // The button as it is now: on a busy machine a later load (a locale, the server's speech
    // settings) can render it again as a new element, and the one found above is then stale.
    const pressed = () => screen.getByTestId('read-aloud').getAttribute('aria-pressed');
    await waitFor(() => expect(pressed()).toBe('true'));

    fireEvent.click(screen.getByTestId('read-aloud'));
    expect(synth.pending()).toEqual([]);
    await waitFor(() => expect(pressed()).toBe('false'));
  });

  it('reads one reply at a time, and is unpressed when the reading ends', async () => {
    renderReplies([reply('a', 'First reply.'), reply('b', 'Second reply.')]);
    await screen.findAllByTestId('read-aloud');
    fireEvent.click(button('a'));
    fireEvent.click(button('b'));
    expect(button('a').getAttribute('aria-pressed')).toBe('false');
    expect(button('b').getAttribute('aria-pressed')).toBe('true');
    expect(synth.pending()).toEqual(['Second reply.']);
    act(() => synth.finish());
    expect(button('b').getAttribute('aria-pressed')).toBe('false');
  });

  it('uses the voice chosen in settings, and else the UI language', async () => {
    synth.loadVoices([{ name: 'Anna', lang: 'de-DE' }]);
    writeVoicePref('voice', 'Anna');
    renderReplies([reply('a', 'Hallo.')]);
    fireEvent.click(await screen.findByTestId('read-aloud'));
    expect(synth.spoken[0]?.voice?.name).toBe('Anna');
    expect(synth.spoken[0]?.lang).toBe('de-DE');
  });

  it('says "code block" in the UI language', async () => {
    await act(() => changeLanguage('de-DE'));
    renderReplies([reply('a', '```\nx\n```')]);
    fireEvent.click(await screen.findByTestId('read-aloud'));
    expect(synth.spoken.map((u) => [u.text, u.lang])).toEqual([['Codeblock.', 'de-DE']]);
  });

  it('is only on finished replies, with text to speech on and a browser that speaks', async () => {
    renderReplies([
      reply('mine', 'A question', { isCreatedByUser: true }),
      reply('cut', 'Half a', { unfinished: true }),
      reply('failed', 'Error', { error: true }),
      reply('ok', 'Fine.'),
    ]);
    await screen.findByTestId('read-aloud');
    expect(screen.getAllByTestId('read-aloud')).toHaveLength(1);
    expect(button('ok')).toBeTruthy();
    act(() => writeVoicePref('textToSpeech', false));
    expect(screen.queryByTestId('read-aloud')).toBeNull();
    cleanup();

    uninstallSpeechEngines();
    renderReplies([reply('ok', 'Fine.')]);
    await act(async () => undefined);
    expect(screen.queryByTestId('read-aloud')).toBeNull();
  });
});

const Row: Slots['settings.general.rows']['Row'] = ({ label, hint, htmlFor, children }) => (
  <div>
    {htmlFor ? <label htmlFor={htmlFor}>{label}</label> : <span>{label}</span>}
    {hint && <small>{hint}</small>}
    {children}
  </div>
);

function renderSettings() {
  render(
    <Registry>
      <Slot name="settings.general.rows" Row={Row} />
    </Registry>,
  );
}

describe('Settings → General, Speech', () => {
  it("keeps each choice in this browser under LibreChat's names", async () => {
    synth.loadVoices([
      { name: 'Zed', lang: 'en-GB' },
      { name: 'Anna', lang: 'de-DE' },
    ]);
    renderSettings();
    const stt = await screen.findByRole('switch', { name: 'Speech to Text' });
    const tts = screen.getByRole('switch', { name: 'Text to Speech' });
    const autoSend = screen.getByRole('switch', { name: 'Send automatically after speech' });
    expect(screen.getByText('Speech')).toBeTruthy();
    expect(stt.getAttribute('aria-checked')).toBe('true');
    expect(tts.getAttribute('aria-checked')).toBe('true');
    expect(autoSend.getAttribute('aria-checked')).toBe('false');

    fireEvent.click(stt);
    fireEvent.click(tts);
    fireEvent.click(autoSend);
    const voice = screen.getByLabelText('Voice') as HTMLSelectElement;
    // The UI's language first.
    expect([...voice.options].map((o) => o.value)).toEqual(['', 'Zed', 'Anna']);
    fireEvent.change(voice, { target: { value: 'Anna' } });

    expect(localStorage.getItem('speechToText')).toBe('false');
    expect(localStorage.getItem('textToSpeech')).toBe('false');
    expect(localStorage.getItem('autoSendText')).toBe('0');
    expect(localStorage.getItem('voice')).toBe('"Anna"');

    cleanup();
    renderSettings();
    expect((await screen.findByRole('switch', { name: 'Speech to Text' })).getAttribute('aria-checked')).toBe(
      'false',
    );
    expect(
      screen.getByRole('switch', { name: 'Send automatically after speech' }).getAttribute('aria-checked'),
    ).toBe('true');
    expect((screen.getByLabelText('Voice') as HTMLSelectElement).value).toBe('Anna');
  });

  it("reads LibreChat's autoSendText seconds, -1 being off", async () => {
    localStorage.setItem('autoSendText', '3');
    renderSettings();
    const autoSend = await screen.findByRole('switch', { name: 'Send automatically after speech' });
    expect(autoSend.getAttribute('aria-checked')).toBe('true');
    fireEvent.click(autoSend);
    expect(localStorage.getItem('autoSendText')).toBe('-1');
  });

  it('says when the browser lacks an engine', async () => {
    uninstallSpeechEngines();
    renderSettings();
    expect(await screen.findAllByText('This browser does not offer it.')).toHaveLength(2);
    expect(screen.queryByLabelText('Voice')).toBeNull();
  });
});
