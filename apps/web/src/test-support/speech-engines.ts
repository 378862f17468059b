/*
 * Stand-ins for the browser's speech engines, which jsdom lacks: the recognizer (a test says what
 * it heard) and speech synthesis (a test sees what was given to speak, and ends it). They are
 * installed on `window` where the browser puts its own, and everything above them is the app's.
 */

interface HeardResult {
  transcript: string;
  isFinal: boolean;
}

/** A result list as the engine hands it over: array-like, each result a list of alternatives. */
function resultList(results: readonly HeardResult[]): SpeechRecognitionResultList {
  const list = results.map((r) => {
    const alternative = { transcript: r.transcript, confidence: 0.9 };
    return Object.assign([alternative], { isFinal: r.isFinal, item: () => alternative });
  });
  return Object.assign(list, { item: (i: number) => list[i] }) as unknown as SpeechRecognitionResultList;
}

export class FakeRecognizer {
  static instances: FakeRecognizer[] = [];
  lang = '';
  continuous = false;
  interimResults = false;
  onresult: ((event: { resultIndex: number; results: SpeechRecognitionResultList }) => void) | null = null;
  onerror: ((event: { error: string }) => void) | null = null;
  onend: (() => void) | null = null;
  started = false;
  stopped = false;
  aborted = false;
  private results: HeardResult[] = [];

  constructor() {
    FakeRecognizer.instances.push(this);
  }

  static latest(): FakeRecognizer {
    const last = FakeRecognizer.instances[FakeRecognizer.instances.length - 1];
    if (!last) throw new Error('no recognizer was made');
    return last;
  }

  start(): void {
    if (this.started) throw new Error('InvalidStateError: already started');
    this.started = true;
  }

  /** As the browser does, stop only asks: the test hands over the last words and ends it. */
  stop(): void {
    this.stopped = true;
  }

  /** As the browser does: an "aborted" error, then the end. */
  abort(): void {
    this.aborted = true;
    this.onerror?.({ error: 'aborted' });
    this.onend?.();
  }

  /**
   * The engine hears words: still uncertain (replacing the uncertain ones before) or final. The
   * event lists every result so far and where the changed ones begin, as Chrome's do.
   */
  hear(transcript: string, isFinal: boolean): void {
    const firstOpen = this.results.findIndex((r) => !r.isFinal);
    const index = firstOpen < 0 ? this.results.length : firstOpen;
    this.results.splice(index, this.results.length - index, { transcript, isFinal });
    this.onresult?.({ resultIndex: index, results: resultList(this.results) });
  }

  fail(error: string): void {
    this.onerror?.({ error });
    this.onend?.();
  }

  end(): void {
    this.onend?.();
  }
}

class FakeUtterance {
  text: string;
  lang = '';
  voice: SpeechSynthesisVoice | null = null;
  onend: (() => void) | null = null;
  onerror: ((event: { error: string }) => void) | null = null;
  constructor(text: string) {
    this.text = text;
  }
}

export class FakeSynthesis extends EventTarget {
  /** Every utterance given to speak, in order. */
  spoken: FakeUtterance[] = [];
  private queue: FakeUtterance[] = [];
  voices: SpeechSynthesisVoice[] = [];

  speak(u: FakeUtterance): void {
    this.spoken.push(u);
    this.queue.push(u);
  }

  cancel(): void {
    for (const u of this.queue.splice(0)) u.onerror?.({ error: 'interrupted' });
  }

  getVoices(): SpeechSynthesisVoice[] {
    return this.voices;
  }

  /** What is still to be said. */
  pending(): string[] {
    return this.queue.map((u) => u.text);
  }

  /** The engine says everything queued, to the end. */
  finish(): void {
    for (const u of this.queue.splice(0)) u.onend?.();
  }

  /** The browser has loaded its voices. */
  loadVoices(voices: { name: string; lang: string }[]): void {
    this.voices = voices.map(
      (v) => ({ ...v, voiceURI: v.name, default: false, localService: true }) as SpeechSynthesisVoice,
    );
    this.dispatchEvent(new Event('voiceschanged'));
  }
}

const NAMES = ['SpeechRecognition', 'webkitSpeechRecognition', 'speechSynthesis', 'SpeechSynthesisUtterance'];

function put(name: string, value: unknown): void {
  Object.defineProperty(window, name, { value, configurable: true, writable: true });
}

/**
 * Puts the stand-ins on `window` (recognition under Chromium's prefixed name, as most browsers
 * offer it); `uninstallSpeechEngines` takes them all away again.
 */
export function installSpeechEngines(): { synth: FakeSynthesis } {
  FakeRecognizer.instances = [];
  const synth = new FakeSynthesis();
  put('webkitSpeechRecognition', FakeRecognizer);
  put('speechSynthesis', synth);
  put('SpeechSynthesisUtterance', FakeUtterance);
  return { synth };
}

export function uninstallSpeechEngines(): void {
  for (const name of NAMES) Reflect.deleteProperty(window, name);
}
