import { CopyPlus } from 'lucide-react';
import { EModelEndpoint } from '@chat/contract';
import { useTranslation } from '../../hooks/useTranslation';
import type { Slots } from '../../platform/slots';
import { useDuplicateConversation } from './api';

/**
 * Duplicate, among a sidebar conversation's actions: a copy of the whole conversation (every
 * branch, its title and settings) opens. Not offered for an assistant's conversation, whose
 * thread lives with the assistant's provider.
 */
export default function DuplicateButton({ convo }: Slots['sidebar.convo.actions']) {
  const { t } = useTranslation();
  const duplicate = useDuplicateConversation();
  if (convo.endpoint === EModelEndpoint.assistant) return null;
  const label = t('com_ui_duplicate');
  return (
    <button
      type="button"
      aria-label={label}
      title={label}
      data-testid="convo-duplicate"
      disabled={duplicate.isPending}
      onClick={() => duplicate.mutate(convo.conversationId)}
      className="flex size-7 items-center justify-center rounded-md text-text-secondary hover:bg-surface-primary/60 hover:text-text-primary focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring-primary disabled:opacity-50"
    >
      <CopyPlus className="size-3.5" aria-hidden />
    </button>
  );
}
