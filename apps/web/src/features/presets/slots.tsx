import { createContext, useContext, useMemo, type ReactNode } from 'react';
import { useStartupConfig } from '../../api/config';
import { fill, type SlotEntry, type Slots } from '../../platform/slots';
import { PresetBar } from './PresetBar';
import { PresetsMenu } from './PresetsMenu';
import type { CurrentSetup } from './types';
import { usePresetDialogs, type PresetDialogs } from './usePresetDialogs';

type ChatProps = Slots['chat.header.items'];

/** The chat view's one set of preset dialogs, opened from the header menu and the "Model:" bar. */
const Dialogs = createContext<PresetDialogs | null>(null);

function PresetsScope({ children, setup, endpointLabel, modelLabel, paramLabel }: Slots['chat.scope']) {
  const current = useMemo<CurrentSetup | null>(
    () =>
      setup.endpoint && setup.model && setup.options
        ? { endpoint: setup.endpoint, model: setup.model, options: setup.options }
        : null,
    [setup.endpoint, setup.model, setup.options],
  );
  const dialogs = usePresetDialogs({
    current,
    onApply: setup.applyPreset,
    endpointLabel,
    modelLabel,
    paramLabel,
  });
  return <Dialogs.Provider value={dialogs}>{children}</Dialogs.Provider>;
}

/** The header's presets menu, unless librechat.yaml's `interface` hides it. */
function HeaderMenu({ assistantView, busy }: ChatProps): ReactNode {
  const dialogs = useContext(Dialogs);
  const shown = useStartupConfig().data?.interface?.presets !== false;
  if (!dialogs || assistantView || !shown) return null;
  return <PresetsMenu dialogs={dialogs} disabled={busy} />;
}

/** "Model: {model}": not with enforced model specs, where the model is the spec's. */
function ModelBar({ assistantView, busy }: ChatProps): ReactNode {
  const dialogs = useContext(Dialogs);
  const enforced = useStartupConfig().data?.modelSpecs?.enforce === true;
  if (!dialogs || assistantView || enforced) return null;
  return <PresetBar dialogs={dialogs} disabled={busy} />;
}

function OpenDialog(): ReactNode {
  return useContext(Dialogs)?.element ?? null;
}

/** What presets add to the chat screen. */
export const presetsSlots: readonly SlotEntry<Slots>[] = [
  fill('chat.scope', { id: 'presets', component: PresetsScope }),
  fill('chat.header.items', { id: 'presets', component: HeaderMenu }),
  fill('chat.header.below', { id: 'presets.model-bar', component: ModelBar }),
  fill('chat.dialogs', { id: 'presets', component: OpenDialog }),
];
