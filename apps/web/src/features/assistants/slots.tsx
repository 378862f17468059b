import { lazy } from 'react';
import { EModelEndpoint } from '@chat/contract';
import { useTranslation } from '../../hooks/useTranslation';
import { fill, type SlotEntry, type Slots } from '../../platform/slots';
import { useAuth } from '../auth';
import { AssistantHeaderControls } from './AssistantHeaderControls';

// Not needed for the first paint of /c/new: loaded when first shown.
const AssistantPanel = lazy(() => import('./AssistantPanel').then((m) => ({ default: m.AssistantPanel })));

type Props = Slots['chat.assistant.header'];

/** The assistant that replies (and, on small screens, the button that opens the panel). */
function HeaderControls({ assistant, openPanel }: Props) {
  const { t } = useTranslation();
  const { selected } = assistant;
  return (
    <AssistantHeaderControls
      name={selected ? selected.name || t('com_assistants_unnamed') : null}
      onOpenPanel={openPanel}
    />
  );
}

/** Which assistant replies, and its form to create, edit or delete one. */
function Panel({ assistant, setup, busy }: Props) {
  const { user } = useAuth();
  return (
    <AssistantPanel
      assistants={assistant.assistants}
      loading={assistant.loading}
      selectedId={assistant.selected?.id ?? null}
      onSelect={assistant.select}
      models={setup.models?.[EModelEndpoint.assistant] ?? []}
      installedPlugins={user?.plugins}
      disabled={busy}
    />
  );
}

/** What assistants add to the chat screen's /a/ view. */
export const assistantsSlots: readonly SlotEntry<Slots>[] = [
  fill('chat.assistant.header', { id: 'assistants', component: HeaderControls }),
  fill('chat.assistant.panel', { id: 'assistants', component: Panel }),
];
