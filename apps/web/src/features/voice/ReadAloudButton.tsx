import { Square, Volume2 } from 'lucide-react';
import type { SpeechEngine } from '@chat/contract';
import { IconButton } from '../../components/ui/IconButton';
import { useToast } from '../../components/ui/Toast';
import { useTranslation } from '../../hooks/useTranslation';
import type { Slots } from '../../platform/slots';
import { speakExternal } from './external-speaker';
import { stopAllPlayback } from './playback';
import { readVoicePref } from './prefs';
import { useServerSpeech } from './server-speech';
import { speak, useSpeaking } from './speaker';
import { speakableText } from './speech-text';
import { speechLanguage } from './support';

/**
 * Read aloud on a reply: its text (code blocks said as "Code block") read by the browser in the
 * UI's language or the voice chosen in Settings, or, with the External engine, played from the
 * server's text to speech in the voice chosen there; a second press stops it. Pressed on another
 * reply, that one is read instead.
 */
export default function ReadAloudButton({
  message,
  engine,
}: Slots['chat.message.actions'] & { engine: SpeechEngine }) {
  const { t, i18n } = useTranslation();
  const toast = useToast();
  const rate = useServerSpeech()?.playbackRate;
  const reading = useSpeaking() === message.messageId;
  const label = t('com_ui_read_aloud');
  return (
    <IconButton
      size="sm"
      data-testid="read-aloud"
      label={label}
      aria-pressed={reading}
      onClick={() => {
        if (reading) {
          stopAllPlayback();
          return;
        }
        const text = speakableText(message.text, t('com_voice_code_block'));
        if (engine === 'external') {
          void speakExternal(
            message.messageId,
            text,
            readVoicePref('voice'),
            () => toast.show({ message: t('com_voice_playback_error'), severity: 'error' }),
            rate,
          );
          return;
        }
        speak(message.messageId, text, speechLanguage(i18n.language), readVoicePref('voice'));
      }}
    >
      {reading ? (
        <Square className="size-3.5 fill-current" aria-hidden />
      ) : (
        <Volume2 className="size-4 rtl:-scale-x-100" aria-hidden />
      )}
    </IconButton>
  );
}
