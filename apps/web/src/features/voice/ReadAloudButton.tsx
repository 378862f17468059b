import { Square, Volume2 } from 'lucide-react';
import { IconButton } from '../../components/ui/IconButton';
import { useTranslation } from '../../hooks/useTranslation';
import type { Slots } from '../../platform/slots';
import { readVoicePref } from './prefs';
import { speak, stopSpeaking, useSpeaking } from './speaker';
import { speakableText } from './speech-text';
import { speechLanguage } from './support';

/**
 * Read aloud on a reply: the browser reads its text (code blocks said as "Code block") in the UI's
 * language, or with the voice chosen in Settings; a second press stops it. Pressed on another reply,
 * that one is read instead.
 */
export default function ReadAloudButton({ message }: Slots['chat.message.actions']) {
  const { t, i18n } = useTranslation();
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
          stopSpeaking();
          return;
        }
        const text = speakableText(message.text, t('com_voice_code_block'));
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
