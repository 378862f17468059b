import { useTranslation } from '../../hooks/useTranslation';
import { useQueryClient } from '@tanstack/react-query';
import { MessageSquare } from 'lucide-react';
import type { StartupConfig } from '@chat/contract';
import { queryKeys } from '../../api/keys';

/** The greeting of a new, empty conversation. */
export function EmptyState({ endpointLabel }: { endpointLabel: string | null }) {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const appTitle = qc.getQueryData<StartupConfig>(queryKeys.config)?.appTitle || 'OmniChat';
  return (
    <div
      className="flex min-h-0 flex-1 flex-col items-center justify-center px-6 text-center"
      data-testid="chat-empty"
    >
      <div className="mb-4 flex size-12 items-center justify-center rounded-full border border-border-medium text-text-primary">
        <MessageSquare className="size-6" aria-hidden />
      </div>
      <h1 className="text-2xl font-semibold text-text-primary">{t('com_chat_greeting')}</h1>
      <p className="mt-2 max-w-md text-sm text-text-secondary">
        {endpointLabel
          ? t('com_chat_greeting_sub_endpoint', { app: appTitle, endpoint: endpointLabel })
          : t('com_chat_greeting_sub', { app: appTitle })}
      </p>
    </div>
  );
}
