import { useEffect, useId, useState } from 'react';
import clsx from 'clsx';
import { useQuery } from '@tanstack/react-query';
import { API_ROUTE_PATHS, type SpeechEngine } from '@chat/contract';
import { callApi } from '../../api/call';
import { useTranslation } from '../../hooks/useTranslation';
import type { Slots } from '../../platform/slots';
import { useVoicePref, type VoicePrefs } from './prefs';
import { useServerSpeech, useSttEngine, useTtsEngine } from './server-speech';
import { voicesOf } from './speaker';
import { canListen, canPlay, canRecord, canSpeak } from './support';

type FlagPref = { [K in keyof VoicePrefs]: VoicePrefs[K] extends boolean ? K : never }[keyof VoicePrefs];

/** An on/off switch as the settings tabs draw theirs (role switch, labelled by its row). */
function PrefSwitch({ pref, label }: { pref: FlagPref; label: string }) {
  const [on, setOn] = useVoicePref(pref);
  return (
    <button
      type="button"
      role="switch"
      aria-checked={on}
      aria-label={label}
      data-testid={`toggle-${pref}`}
      onClick={() => setOn(!on)}
      className={clsx(
        'relative inline-flex h-6 w-11 shrink-0 items-center rounded-full transition-colors',
        'focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring-primary',
        on ? 'bg-surface-submit' : 'bg-border-medium',
      )}
    >
      <span
        aria-hidden
        className={clsx(
          'inline-block size-5 rounded-full bg-white shadow transition-transform',
          on ? 'translate-x-[1.375rem] rtl:-translate-x-[1.375rem]' : 'translate-x-0.5 rtl:-translate-x-0.5',
        )}
      />
    </button>
  );
}

/** The browser's voices, again each time it has loaded more (they come after the page). */
function useVoices(): SpeechSynthesisVoice[] {
  const [voices, setVoices] = useState(voicesOf);
  useEffect(() => {
    const synth = (window as Window & { speechSynthesis?: SpeechSynthesis }).speechSynthesis;
    if (!synth) return;
    const update = () => setVoices(voicesOf());
    synth.addEventListener('voiceschanged', update);
    return () => synth.removeEventListener('voiceschanged', update);
  }, []);
  return voices;
}

const selectClass =
  'h-9 max-w-[12rem] rounded-lg border border-border-medium bg-surface-primary px-2 text-sm text-text-primary focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring-primary';

/** Browser or External (LibreChat's engineSTT / engineTTS), offered only where the server has it. */
function EngineSelect({
  id,
  pref,
  value,
  testId,
}: {
  id: string;
  pref: 'engineSTT' | 'engineTTS';
  value: SpeechEngine;
  testId: string;
}) {
  const { t } = useTranslation();
  const [, setEngine] = useVoicePref(pref);
  return (
    <select
      id={id}
      data-testid={testId}
      value={value}
      onChange={(e) => setEngine(e.target.value)}
      className={selectClass}
    >
      <option value="browser">{t('com_nav_browser')}</option>
      <option value="external">{t('com_nav_external')}</option>
    </select>
  );
}

/** The voices of the server's text to speech (asked only while the External engine reads). */
function useServerVoices(enabled: boolean): string[] {
  return (
    useQuery({
      queryKey: ['speech-voices'],
      queryFn: () => callApi(API_ROUTE_PATHS.ttsVoices, {}),
      staleTime: Infinity,
      retry: false,
      enabled,
    }).data ?? []
  );
}

/**
 * Settings → General, Speech: dictation on or off, its engine and its automatic send, reading
 * aloud on or off, its engine and its voice. The engines are offered where the server has a
 * speech service (librechat.yaml `speech`); the voices are the browser's or the server's, as the
 * engine reads. A part the browser lacks says so in its hint (and no voices are offered).
 */
export default function SpeechSettings({ Row }: Slots['settings.general.rows']) {
  const { t, i18n } = useTranslation();
  const voiceId = useId();
  const [voice, setVoice] = useVoicePref('voice');
  const browserVoices = useVoices();
  const server = useServerSpeech();
  const sttEngine = useSttEngine();
  const ttsEngine = useTtsEngine();
  const externalVoices = useServerVoices(ttsEngine === 'external');
  const listens = sttEngine === 'external' ? canRecord() : canListen();
  const speaks = ttsEngine === 'external' ? canPlay() : canSpeak();
  const voices: { name: string; label: string; lang: string }[] =
    ttsEngine === 'external'
      ? externalVoices.map((name) => ({ name, label: name, lang: '' }))
      : browserVoices.map((v) => ({ name: v.name, label: `${v.name} (${v.lang})`, lang: v.lang }));
  const lang = i18n.language.slice(0, 2).toLowerCase();
  // The UI's language first, then the others, each by name.
  const sorted =
    ttsEngine === 'external'
      ? voices
      : [...voices].sort(
          (a, b) =>
            Number(!a.lang.toLowerCase().startsWith(lang)) - Number(!b.lang.toLowerCase().startsWith(lang)) ||
            a.name.localeCompare(b.name),
        );
  const unsupported = t('com_voice_unsupported');
  return (
    <section aria-labelledby={`${voiceId}-title`} data-testid="settings-speech">
      <h3 id={`${voiceId}-title`} className="pt-4 text-sm font-semibold text-text-primary">
        {t('com_nav_speech')}
      </h3>
      <Row
        label={t('com_nav_speech_to_text')}
        hint={listens ? t('com_nav_info_speech_to_text') : unsupported}
      >
        <PrefSwitch pref="speechToText" label={t('com_nav_speech_to_text')} />
      </Row>
      {server?.sttExternal && (
        <Row label={t('com_voice_engine_stt')} hint={t('com_voice_info_external')} htmlFor={`${voiceId}-stt`}>
          <EngineSelect
            id={`${voiceId}-stt`}
            pref="engineSTT"
            value={sttEngine}
            testId="settings-engine-stt"
          />
        </Row>
      )}
      <Row label={t('com_nav_auto_send_text')} hint={t('com_nav_info_auto_send_text')}>
        <PrefSwitch pref="autoSendText" label={t('com_nav_auto_send_text')} />
      </Row>
      <Row label={t('com_nav_text_to_speech')} hint={speaks ? t('com_nav_info_text_to_speech') : unsupported}>
        <PrefSwitch pref="textToSpeech" label={t('com_nav_text_to_speech')} />
      </Row>
      {server?.ttsExternal && (
        <Row label={t('com_voice_engine_tts')} hint={t('com_voice_info_external')} htmlFor={`${voiceId}-tts`}>
          <EngineSelect
            id={`${voiceId}-tts`}
            pref="engineTTS"
            value={ttsEngine}
            testId="settings-engine-tts"
          />
        </Row>
      )}
      {speaks && (
        <Row label={t('com_nav_voice_select')} htmlFor={voiceId}>
          <select
            id={voiceId}
            data-testid="settings-voice"
            value={voice}
            onChange={(e) => setVoice(e.target.value)}
            className={selectClass}
          >
            <option value="">
              {t(ttsEngine === 'external' ? 'com_voice_server_default' : 'com_voice_default')}
            </option>
            {/* A voice chosen earlier stays listed while the browser has not (yet) offered it. */}
            {voice !== '' && !voices.some((v) => v.name === voice) && <option value={voice}>{voice}</option>}
            {sorted.map((v) => (
              <option key={v.name} value={v.name}>
                {v.label}
              </option>
            ))}
          </select>
        </Row>
      )}
    </section>
  );
}
