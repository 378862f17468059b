import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { API_ROUTE_PATHS, SPEECH_LIMITS, type SpeechToTextResponse } from '@chat/contract';
import { apiFetch, toApiError } from '../../api/http';
import { useToast } from '../../components/ui/Toast';
import { useTranslation } from '../../hooks/useTranslation';
import type { EngineProps } from './DictationEngine';
import { useVoicePref } from './prefs';
import { joinSpeech, wordGap } from './recognition';
import { speechLanguage } from './support';

/** The file name the upstream reads the format from: the recorder's container. */
function fileNameOf(type: string): string {
  const sub = /^audio\/(webm|ogg|mp4|mpeg|wav)/i.exec(type)?.[1]?.toLowerCase();
  return `audio.${sub === 'mpeg' ? 'mp3' : (sub ?? 'webm')}`;
}

interface Recording {
  recorder: MediaRecorder;
  stream: MediaStream;
  chunks: Blob[];
  /** Dropped (a send, a locked box, leaving): its audio is not sent. */
  cancelled: boolean;
  timer: ReturnType<typeof setTimeout>;
}

/**
 * Dictation through the server (the External engine): a press records the microphone
 * (MediaRecorder), a second press, Escape or SPEECH_LIMITS.maxRecordingMs ends the recording, and
 * its words, transcribed by the server's speech to text, are added at the end of the box, after
 * what the person typed. A send, a locked box or leaving drops the recording (and a transcription
 * under way). Draws nothing: the button is MicToggle's.
 */
export default function ExternalDictationEngine({
  text,
  setText,
  submit,
  sent,
  disabled,
  startAtOnce,
  report,
}: EngineProps) {
  const { t, i18n } = useTranslation();
  const toast = useToast();
  const [autoSend] = useVoicePref('autoSendText');
  const [listening, setListening] = useState(false);
  const [busy, setBusy] = useState(false);
  const recording = useRef<Recording | null>(null);
  const starting = useRef(false);
  const upload = useRef<AbortController | null>(null);
  const sendWhenDrawn = useRef(false);
  const latest = useRef(text);
  const handlers = useRef({ setText, autoSend, t, toast, lang: speechLanguage(i18n.language) });
  useLayoutEffect(() => {
    latest.current = text;
    handlers.current = { setText, autoSend, t, toast, lang: speechLanguage(i18n.language) };
  });

  const fail = useCallback((key: string) => {
    const { toast: show, t: tr } = handlers.current;
    show.show({ message: tr(key), severity: 'error' });
  }, []);

  const transcribe = useCallback(
    async (audio: Blob) => {
      if (audio.size === 0) return;
      const controller = new AbortController();
      upload.current = controller;
      setBusy(true);
      try {
        const form = new FormData();
        form.append('audio', audio, fileNameOf(audio.type));
        const res = await apiFetch(API_ROUTE_PATHS.speechToText.path, {
          method: 'POST',
          body: form,
          signal: controller.signal,
        });
        if (!res.ok) throw await toApiError(res);
        const { text: heard } = (await res.json()) as SpeechToTextResponse;
        if (controller.signal.aborted) return;
        const now = latest.current;
        const next = joinSpeech(now, heard, wordGap(handlers.current.lang));
        if (next === now) return;
        latest.current = next;
        handlers.current.setText(next);
        if (handlers.current.autoSend) sendWhenDrawn.current = true;
      } catch {
        if (!controller.signal.aborted) fail('com_voice_transcription_error');
      } finally {
        if (upload.current === controller) {
          upload.current = null;
          setBusy(false);
        }
      }
    },
    [fail],
  );

  const release = (r: Recording) => {
    clearTimeout(r.timer);
    for (const track of r.stream.getTracks()) track.stop();
  };

  const stop = useCallback(() => {
    const r = recording.current;
    if (r && r.recorder.state !== 'inactive') r.recorder.stop();
  }, []);

  const cancel = useCallback(() => {
    upload.current?.abort();
    const r = recording.current;
    if (!r) return;
    r.cancelled = true;
    recording.current = null;
    if (r.recorder.state !== 'inactive') r.recorder.stop();
    release(r);
    setListening(false);
  }, []);

  const start = useCallback(async () => {
    if (recording.current || starting.current) return;
    starting.current = true;
    let stream: MediaStream;
    try {
      stream = await navigator.mediaDevices.getUserMedia({ audio: true });
    } catch (err) {
      starting.current = false;
      const name = err instanceof DOMException ? err.name : '';
      fail(
        name === 'NotAllowedError' || name === 'SecurityError'
          ? 'com_voice_microphone_denied'
          : name === 'NotFoundError' || name === 'OverconstrainedError'
            ? 'com_voice_no_microphone'
            : 'com_voice_recognition_error',
      );
      return;
    }
    starting.current = false;
    let recorder: MediaRecorder;
    try {
      recorder = new MediaRecorder(stream);
    } catch {
      for (const track of stream.getTracks()) track.stop();
      fail('com_voice_recognition_error');
      return;
    }
    const r: Recording = {
      recorder,
      stream,
      chunks: [],
      cancelled: false,
      timer: setTimeout(() => {
        if (r.recorder.state !== 'inactive') r.recorder.stop();
      }, SPEECH_LIMITS.maxRecordingMs),
    };
    recorder.ondataavailable = (e: BlobEvent) => {
      if (e.data.size > 0) r.chunks.push(e.data);
    };
    recorder.onstop = () => {
      release(r);
      if (recording.current === r) recording.current = null;
      setListening(false);
      if (!r.cancelled) void transcribe(new Blob(r.chunks, { type: recorder.mimeType || 'audio/webm' }));
    };
    recording.current = r;
    recorder.start();
    setListening(true);
  }, [fail, transcribe]);

  const toggle = useCallback(() => {
    if (recording.current) stop();
    else if (!upload.current) void start();
  }, [start, stop]);

  useEffect(() => report({ listening, busy, toggle }), [report, listening, busy, toggle]);

  // The press that loaded this code starts recording, once.
  const firstToggle = useRef(toggle);
  useEffect(() => {
    if (startAtOnce) firstToggle.current();
  }, [startAtOnce]);

  // The automatic send waits for the box to show the words (submit sends what it shows).
  useEffect(() => {
    if (!sendWhenDrawn.current) return;
    sendWhenDrawn.current = false;
    submit();
  });

  // A message sent drops the recording and a transcription under way.
  const sentBefore = useRef(sent);
  useEffect(() => {
    if (sent === sentBefore.current) return;
    sentBefore.current = sent;
    cancel();
  }, [sent, cancel]);

  useEffect(() => {
    if (disabled) cancel();
  }, [disabled, cancel]);

  // Escape ends the recording (its words are still transcribed), before it would stop a reply.
  useEffect(() => {
    if (!listening) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'Escape' || e.defaultPrevented || e.isComposing) return;
      if (document.querySelector('[aria-modal="true"]')) return;
      e.preventDefault();
      stop();
    };
    window.addEventListener('keydown', onKey, true);
    return () => window.removeEventListener('keydown', onKey, true);
  }, [listening, stop]);

  // Leaving the screen drops the recording and frees the microphone.
  useEffect(() => cancel, [cancel]);

  return null;
}
