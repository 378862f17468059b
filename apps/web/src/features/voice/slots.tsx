import { lazy, Suspense, useState, type ReactNode } from 'react';
import { fill, type SlotEntry, type Slots } from '../../platform/slots';
import type { DictationState } from './DictationEngine';
import { MicToggle } from './MicToggle';
import { useVoicePref } from './prefs';
import { canListen, canSpeak } from './support';

/*
 * Only what decides whether voice shows is here; its code comes in chunks of its own: dictation's
 * when the person reaches for the microphone, Read aloud's with the first reply it goes on, the
 * settings' with the settings.
 */
const loadDictation = () => import('./DictationEngine');
const DictationEngine = lazy(loadDictation);
const ReadAloudButton = lazy(() => import('./ReadAloudButton'));
const SpeechSettings = lazy(() => import('./SpeechSettings'));

const IDLE: DictationState = { listening: false, toggle: () => undefined };

/** The microphone, where the browser can hear and speech to text is on. */
function Dictation(props: Slots['chat.input.tools']): ReactNode {
  const [on] = useVoicePref('speechToText');
  // Pressed once: dictation's code is fetched and stays, started by that press.
  const [armed, setArmed] = useState(false);
  const [state, setState] = useState<DictationState | null>(null);
  if (!on || !canListen()) {
    // Turned off: dictation ends with its engine, and a later turn on starts from the idle button.
    if (armed) {
      setArmed(false);
      setState(null);
    }
    return null;
  }
  const shown = state ?? IDLE;
  return (
    <>
      <MicToggle
        listening={shown.listening}
        disabled={props.disabled}
        onPress={() => (state ? state.toggle() : setArmed(true))}
        onWarm={() => void loadDictation()}
      />
      {armed && (
        <Suspense fallback={null}>
          <DictationEngine {...props} startAtOnce report={setState} />
        </Suspense>
      )}
    </>
  );
}

/** Read aloud, on a finished reply with words, where the browser can speak and text to speech is on. */
function ReadAloud(props: Slots['chat.message.actions']): ReactNode {
  const [on] = useVoicePref('textToSpeech');
  const { message } = props;
  const finished = !message.isCreatedByUser && !message.unfinished && !message.error;
  if (!on || !finished || message.text.trim() === '' || !canSpeak()) return null;
  return <ReadAloudButton {...props} />;
}

/**
 * What voice adds, with the browser's own speech engines: the message box's microphone, Read aloud
 * on each reply, and the Speech lines of Settings → General.
 */
export const voiceSlots: readonly SlotEntry<Slots>[] = [
  fill('chat.input.tools', { id: 'dictation', component: Dictation }),
  fill('chat.message.actions', { id: 'read-aloud', order: -1, component: ReadAloud }),
  fill('settings.general.rows', { id: 'speech', order: 30, component: SpeechSettings }),
];
