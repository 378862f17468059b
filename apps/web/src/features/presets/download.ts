import type { Preset } from '@chat/contract';
import { exportPresetJson, presetFileName } from './preset-data';

/** A preset is exported as a .json file named after its title (sanitized). */
export function downloadPreset(preset: Preset): void {
  const blob = new Blob([exportPresetJson(preset)], { type: 'application/json' });
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = presetFileName(preset);
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
