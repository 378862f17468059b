import { lazy, Suspense, useState, type ReactNode } from 'react';
import { Button } from '../../components/ui/Button';
import { useTranslation } from '../../hooks/useTranslation';
import { fill, type SlotEntry, type Slots } from '../../platform/slots';
import { useMemoryConfig } from './api';

/** The list and its forms load on the first click. */
const MemoriesDialog = lazy(() => import('./MemoriesDialog'));

/** Settings → General, Memories: Manage opens the person's memories. */
function MemoriesRow({ Row }: Slots['settings.general.rows']): ReactNode {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  if (!useMemoryConfig()) return null;
  return (
    <Row label={t('com_ui_memories')} hint={t('com_ui_memories_settings_hint')}>
      <Button size="sm" variant="secondary" onClick={() => setOpen(true)} data-testid="settings-memories">
        {t('com_ui_memories_manage')}
      </Button>
      {open && (
        <Suspense fallback={null}>
          <MemoriesDialog onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </Row>
  );
}

/** What memories add: the Memories line of Settings → General, absent while librechat.yaml turns memory off. */
export const memoriesSlots: readonly SlotEntry<Slots>[] = [
  fill('settings.general.rows', { id: 'memories', order: 25, component: MemoriesRow }),
];
