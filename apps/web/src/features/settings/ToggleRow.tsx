import { useTranslation } from '../../hooks/useTranslation';
import type { LocalToggle } from '@chat/contract';
import { useLocalPref } from '../../state/local-pref';
import { SettingRow } from './SettingRow';
import { Switch } from './Switch';

/** A row with a switch bound to one local preference. */
export function ToggleRow({
  pref,
  labelKey,
  hintKey,
}: {
  pref: LocalToggle;
  labelKey: string;
  hintKey?: string;
}) {
  const { t } = useTranslation();
  const [value, setValue] = useLocalPref(pref);
  return (
    <SettingRow label={t(labelKey)} hint={hintKey ? t(hintKey) : undefined}>
      <Switch checked={value} onChange={setValue} label={t(labelKey)} testId={`toggle-${pref}`} />
    </SettingRow>
  );
}
