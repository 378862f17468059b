import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { NO_PARENT, type Message, type SpeechConfig } from '@chat/contract';
import { changeLanguage } from '../../app/i18n';
import { ToastProvider } from '../../components/ui/Toast';
import { useStableNavigate } from '../../hooks/useStableNavigate';
import { createSlotRegistry, Slot, SlotRegistryProvider, type Slots } from '../../platform/slots';
import { uninstallSpeechEngines } from '../../test-support/speech-engines';
import { ChatInput } from '../chat';
import { stopAllPlayback } from './playback';
import { setServerVoiceDefaults } from './prefs';
import { voiceSlots } from './slots';

/*
 * The External engines: dictation recorded and sent to the server's speech to text, Read aloud
 * played from its text to speech. jsdom has neither a recorder nor audio playback (nor the
 * microphone): stand-ins for MediaRecorder, getUserMedia and Audio are put where the browser has
 * its own; the server is answered at fetch, as the routes answer.
 */

const SERVER: SpeechConfig = {
  sttExternal: true,
  ttsExternal: true,
  engineSTT: 'external',
  engineTTS: 'external',
};

interface Call {
  url: string;
  method: string;
  json?: unknown;
  form?: FormData;
}
let calls: Call[] = [];
let server: SpeechConfig = SERVER;
let sttAnswer: () => Response = () => Response.json({ text: 'hello from the server' });

function stubServer() {
  calls = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      const body = init.body;
      calls.push({
        url,
        method: init.method ?? 'GET',
        ...(typeof body === 'string' ? { json: JSON.parse(body) as unknown } : {}),
        ...(body instanceof FormData ? { form: body } : {}),
      });
      if (url === '/api/files/speech/config/get') return Response.json(server);
      if (url === '/api/files/speech/tts/voices') return Response.json(['alloy', 'nova']);
      if (url === '/api/files/speech/stt') return sttAnswer();
      if (url === '/api/files/speech/tts')
        return new Response(new Blob([new Uint8Array([0xff, 0xfb, 0x90, 0xc0])], { type: 'audio/mpeg' }));
      return new Response('{}', { status: 404 });
    }),
  );
}

class FakeRecorder {
  static instances: FakeRecorder[] = [];
  state: 'inactive' | 'recording' = 'inactive';
  mimeType = 'audio/webm;codecs=opus';
  ondataavailable: ((e: { data: Blob }) => void) | null = null;
  onstop: (() => void) | null = null;
  constructor(readonly stream: MediaStream) {
    FakeRecorder.instances.push(this);
  }
  start() {
    this.state = 'recording';
  }
  stop() {
    if (this.state === 'inactive') return;
    this.state = 'inactive';
    // As the browser does: the last data, then the stop.
    queueMicrotask(() => {
      this.ondataavailable?.({ data: new Blob(['some voice'], { type: this.mimeType }) });
      this.onstop?.();
    });
  }
}

class FakeAudio extends EventTarget {
  static instances: FakeAudio[] = [];
  playing = false;
  playbackRate = 1;
  constructor(readonly src: string) {
    super();
    FakeAudio.instances.push(this);
  }
  play() {
    this.playing = true;
    return Promise.resolve();
  }
  pause() {
    this.playing = false;
  }
  removeAttribute() {}
  /** The piece played to its end. */
  finish() {
    this.playing = false;
    this.dispatchEvent(new Event('ended'));
  }
}

/** A Blob's text (jsdom's Blob has no text()). */
const textOf = (blob: Blob) =>
  new Promise<string>((resolve) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.readAsText(blob);
  });

const trackStops = vi.fn();
let getUserMedia = vi.fn(async () => ({ getTracks: () => [{ stop: trackStops }] }) as unknown as MediaStream);

beforeAll(async () => {
  await changeLanguage('en-US');
  await Promise.all([
    import('./ExternalDictationEngine'),
    import('./ReadAloudButton'),
    import('./SpeechSettings'),
  ]);
});

beforeEach(() => {
  localStorage.clear();
  // The browser's own engines are absent: only the server's can work.
  uninstallSpeechEngines();
  server = SERVER;
  sttAnswer = () => Response.json({ text: 'hello from the server' });
  stubServer();
  FakeRecorder.instances = [];
  FakeAudio.instances = [];
  trackStops.mockClear();
  getUserMedia = vi.fn(async () => ({ getTracks: () => [{ stop: trackStops }] }) as unknown as MediaStream);
  vi.stubGlobal('MediaRecorder', FakeRecorder);
  vi.stubGlobal('Audio', FakeAudio);
  Object.defineProperty(navigator, 'mediaDevices', { configurable: true, value: { getUserMedia } });
  URL.createObjectURL = vi.fn(() => `blob:audio-${FakeAudio.instances.length}`);
  URL.revokeObjectURL = vi.fn();
});

afterEach(() => {
  cleanup();
  stopAllPlayback();
  setServerVoiceDefaults({});
  vi.unstubAllGlobals();
});

/** Goes to another conversation, as the sidebar does. */
function Elsewhere() {
  const navigate = useStableNavigate();
  return (
    <button type="button" onClick={() => navigate('/c/other')}>
      elsewhere
    </button>
  );
}

function Providers({ children }: { children: ReactNode }) {
  return (
    <MemoryRouter initialEntries={['/c/first']}>
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <ToastProvider>
          <SlotRegistryProvider value={createSlotRegistry(voiceSlots)}>
            {children}
            <Elsewhere />
          </SlotRegistryProvider>
        </ToastProvider>
      </QueryClientProvider>
    </MemoryRouter>
  );
}

function reply(id: string, text: string): Message {
  return {
    messageId: id,
    conversationId: 'first',
    parentMessageId: NO_PARENT,
    sender: 'Assistant',
    text,
    isCreatedByUser: false,
    error: false,
    unfinished: false,
    model: 'gpt-4o-mini',
    endpoint: 'openAI',
    isEdited: false,
    finish_reason: 'stop',
    tokenCount: null,
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
  } as Message;
}

function renderChat(messages: Message[] = []) {
  const send = vi.fn(() => true);
  render(
    <Providers>
      {messages.map((m) => (
        <Slot
          key={m.messageId}
          name="chat.message.actions"
          message={m}
          latestMessageId={m.messageId}
          busy={false}
        />
      ))}
      <ChatInput
        onSend={send}
        onStop={() => undefined}
        submitting={false}
        showStop={false}
        placeholder="Message"
      />
    </Providers>,
  );
  return { send, input: screen.getByTestId('chat-input') as HTMLTextAreaElement };
}

describe('dictation through the server (External)', () => {
  it('records while pressed, sends the recording, and adds its words after what was typed', async () => {
    const { input } = renderChat();
    fireEvent.change(input, { target: { value: 'Typed' } });
    // Shown although the browser cannot hear: the server can.
    const mic = await screen.findByTestId('mic-button');
    fireEvent.click(mic);
    await waitFor(() => expect(mic.getAttribute('aria-pressed')).toBe('true'));
    expect(getUserMedia).toHaveBeenCalledWith({ audio: true });
    expect(FakeRecorder.instances[0]?.state).toBe('recording');

    fireEvent.click(mic);
    await waitFor(() => expect(input.value).toBe('Typed hello from the server'));
    const upload = calls.find((c) => c.url === '/api/files/speech/stt');
    expect(upload?.method).toBe('POST');
    const audio = upload?.form?.get('audio');
    expect(audio).toBeInstanceOf(Blob);
    expect((audio as File).name).toBe('audio.webm');
    expect(await textOf(audio as Blob)).toBe('some voice');
    // The microphone is let go.
    expect(trackStops).toHaveBeenCalled();
    expect(mic.getAttribute('aria-pressed')).toBe('false');
  });

  it('a send while recording drops the recording: nothing is sent to the server', async () => {
    const { input } = renderChat();
    const mic = await screen.findByTestId('mic-button');
    fireEvent.click(mic);
    await waitFor(() => expect(mic.getAttribute('aria-pressed')).toBe('true'));
    fireEvent.change(input, { target: { value: 'Send this' } });
    fireEvent.keyDown(input, { key: 'Enter' });
    await waitFor(() => expect(mic.getAttribute('aria-pressed')).toBe('false'));
    await act(async () => undefined);
    expect(calls.some((c) => c.url === '/api/files/speech/stt')).toBe(false);
    expect(trackStops).toHaveBeenCalled();
  });

  it('a refused microphone or a failed transcription is an error toast', async () => {
    getUserMedia.mockRejectedValueOnce(new DOMException('denied', 'NotAllowedError'));
    renderChat();
    const mic = await screen.findByTestId('mic-button');
    fireEvent.click(mic);
    expect(await screen.findByText(/Microphone access was refused/)).toBeTruthy();

    sttAnswer = () =>
      Response.json({ message: 'The speech server did not answer', code: 'upstream_error' }, { status: 502 });
    fireEvent.click(mic);
    await waitFor(() => expect(mic.getAttribute('aria-pressed')).toBe('true'));
    fireEvent.click(mic);
    expect(await screen.findByText('The recording could not be transcribed. Please try again.')).toBeTruthy();
  });

  it("the server's speechTab turns dictation off until the person turns it on", async () => {
    server = { ...SERVER, speechToText: false };
    renderChat();
    await waitFor(() => expect(calls.some((c) => c.url === '/api/files/speech/config/get')).toBe(true));
    await waitFor(() => expect(screen.queryByTestId('mic-button')).toBeNull());
    localStorage.setItem('speechToText', 'true');
    window.dispatchEvent(new StorageEvent('storage', { key: 'speechToText' }));
    expect(await screen.findByTestId('mic-button')).toBeTruthy();
  });

  it('the browser engine when the server has no speech to text', async () => {
    server = { sttExternal: false, ttsExternal: false };
    renderChat();
    await act(async () => undefined);
    await waitFor(() => expect(calls.some((c) => c.url === '/api/files/speech/config/get')).toBe(true));
    // No recognizer in this browser and nothing on the server: no microphone.
    expect(screen.queryByTestId('mic-button')).toBeNull();
  });
});

describe('Read aloud through the server (External)', () => {
  it("plays the server's audio of the reply, stops on a second press", async () => {
    localStorage.setItem('voice', JSON.stringify('nova'));
    renderChat([reply('r1', 'Fine, **thanks**.')]);
    const button = await screen.findByTestId('read-aloud');
    fireEvent.click(button);
    await waitFor(() => expect(FakeAudio.instances[0]?.playing).toBe(true));
    expect(calls.find((c) => c.url === '/api/files/speech/tts')?.json).toEqual({
      input: 'Fine, thanks.',
      voice: 'nova',
    });
    expect(button.getAttribute('aria-pressed')).toBe('true');
    fireEvent.click(button);
    expect(FakeAudio.instances[0]?.playing).toBe(false);
    expect(button.getAttribute('aria-pressed')).toBe('false');
  });

  it("ends by itself when the audio has played; plays at the speech tab's rate", async () => {
    server = { ...SERVER, playbackRate: 1.5 };
    renderChat([reply('r1', 'Short.')]);
    const button = await screen.findByTestId('read-aloud');
    await waitFor(() => expect(calls.some((c) => c.url === '/api/files/speech/config/get')).toBe(true));
    await act(async () => undefined);
    fireEvent.click(button);
    await waitFor(() => expect(FakeAudio.instances[0]?.playing).toBe(true));
    expect(FakeAudio.instances[0]?.playbackRate).toBe(1.5);
    act(() => FakeAudio.instances[0]!.finish());
    await waitFor(() => expect(button.getAttribute('aria-pressed')).toBe('false'));
  });

  it('leaving the conversation stops the playback', async () => {
    renderChat([reply('r1', 'A long reply.')]);
    const button = await screen.findByTestId('read-aloud');
    fireEvent.click(button);
    await waitFor(() => expect(FakeAudio.instances[0]?.playing).toBe(true));
    fireEvent.click(screen.getByText('elsewhere'));
    await waitFor(() => expect(FakeAudio.instances[0]?.playing).toBe(false));
    expect(button.getAttribute('aria-pressed')).toBe('false');
  });
});

const Row: Slots['settings.general.rows']['Row'] = ({ label, hint, htmlFor, children }) => (
  <div>
    {htmlFor ? <label htmlFor={htmlFor}>{label}</label> : <span>{label}</span>}
    {hint && <small>{hint}</small>}
    {children}
  </div>
);

describe('Settings → Speech with the server', () => {
  it("offers the engines the server has, and the server's voices for External", async () => {
    render(
      <Providers>
        <Slot name="settings.general.rows" Row={Row} />
      </Providers>,
    );
    const tts = (await screen.findByLabelText('Text to speech engine')) as HTMLSelectElement;
    expect(tts.value).toBe('external');
    expect((screen.getByLabelText('Speech to text engine') as HTMLSelectElement).value).toBe('external');
    const voice = screen.getByTestId('settings-voice') as HTMLSelectElement;
    await waitFor(() => expect([...voice.options].map((o) => o.value)).toEqual(['', 'alloy', 'nova']));
    expect(voice.options[0]?.textContent).toBe('Server default');

    fireEvent.change(tts, { target: { value: 'browser' } });
    expect(localStorage.getItem('engineTTS')).toBe('"browser"');
  });

  it('offers no engine choice when the server has no speech', async () => {
    server = { sttExternal: false, ttsExternal: false };
    render(
      <Providers>
        <Slot name="settings.general.rows" Row={Row} />
      </Providers>,
    );
    await waitFor(() => expect(calls.some((c) => c.url === '/api/files/speech/config/get')).toBe(true));
    await act(async () => undefined);
    expect(screen.queryByLabelText('Text to speech engine')).toBeNull();
  });
});
