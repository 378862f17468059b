import { lazy, Suspense, useEffect, useState, type ReactNode } from 'react';
import { useLocation } from 'react-router';
import { fill, type SlotEntry, type Slots } from '../../platform/slots';
import type { DictationState } from './DictationEngine';
import { MicToggle } from './MicToggle';
import { stopAllPlayback } from './playback';
import { useVoicePref } from './prefs';
import { useSttEngine, useTtsEngine } from './server-speech';
import { canListen, canPlay, canRecord, canSpeak } from './support';

/*
 * Only what decides whether voice shows is here; its code comes in chunks of its own: dictation's
 * when the person reaches for the microphone (the browser's recognizer, or the recorder that sends
 * to the server), Read aloud's with the first reply it goes on, the settings' with the settings.
 */
const loadDictation = () => import('./DictationEngine');
const loadExternalDictation = () => import('./ExternalDictationEngine');
const DictationEngine = lazy(loadDictation);
const ExternalDictationEngine = lazy(loadExternalDictation);
const ReadAloudButton = lazy(() => import('./ReadAloudButton'));
const SpeechSettings = lazy(() => import('./SpeechSettings'));

const IDLE: DictationState = { listening: false, toggle: () => undefined };

/** A reply being read stops when the person goes to another conversation or leaves the chat. */
function useStopPlaybackOnLeave(): void {
  const { pathname } = useLocation();
  useEffect(() => stopAllPlayback, [pathname]);
}

/** The microphone, where the chosen engine can hear and speech to text is on. */
function Dictation(props: Slots['chat.input.tools']): ReactNode {
  useStopPlaybackOnLeave();
  const [on] = useVoicePref('speechToText');
  const engine = useSttEngine();
  // Pressed once: dictation's code is fetched and stays, started by that press.
  const [armed, setArmed] = useState<typeof engine | null>(null);
  const [state, setState] = useState<DictationState | null>(null);
  const usable = engine === 'external' ? canRecord() : canListen();
  if (!on || !usable || (armed !== null && armed !== engine)) {
    // Turned off (or the engine changed): dictation ends with its engine, and a later press
    // starts from the idle button.
    if (armed !== null) {
      setArmed(null);
      setState(null);
    }
    if (!on || !usable) return null;
  }
  const shown = state ?? IDLE;
  const warm = engine === 'external' ? loadExternalDictation : loadDictation;
  const Engine = engine === 'external' ? ExternalDictationEngine : DictationEngine;
  return (
    <>
      <MicToggle
        listening={shown.listening}
        busy={shown.busy ?? false}
        disabled={props.disabled}
        onPress={() => (state ? state.toggle() : setArmed(engine))}
        onWarm={() => void warm()}
      />
      {armed === engine && (
        <Suspense fallback={null}>
          <Engine {...props} startAtOnce report={setState} />
        </Suspense>
      )}
    </>
  );
}

/**
 * Read aloud, on a finished reply with words, where the chosen engine can speak (the browser's
 * synthesis, or an audio element for the server's) and text to speech is on.
 */
function ReadAloud(props: Slots['chat.message.actions']): ReactNode {
  const [on] = useVoicePref('textToSpeech');
  const engine = useTtsEngine();
  const { message } = props;
  const finished = !message.isCreatedByUser && !message.unfinished && !message.error;
  const usable = engine === 'external' ? canPlay() : canSpeak();
  if (!on || !finished || message.text.trim() === '' || !usable) return null;
  return <ReadAloudButton {...props} engine={engine} />;
}

/**
 * What voice adds, with the browser's speech engines or the server's (librechat.yaml `speech`):
 * the message box's microphone, Read aloud on each reply, and the Speech lines of Settings →
 * General.
 */
export const voiceSlots: readonly SlotEntry<Slots>[] = [
  fill('chat.input.tools', { id: 'dictation', component: Dictation }),
  fill('chat.message.actions', { id: 'read-aloud', order: -1, component: ReadAloud }),
  fill('settings.general.rows', { id: 'speech', order: 30, component: SpeechSettings }),
];
