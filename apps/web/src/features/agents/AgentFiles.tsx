import { FILE_SEARCH_ACCEPT, type Agent } from '@chat/contract';
import { X } from 'lucide-react';
import { useTranslation } from '../../hooks/useTranslation';
import { useAgentDocument, useOwnFiles, useUpdateAgent } from './api';

/**
 * The documents an agent's file search reads (its owner's): their names, a way to take one off,
 * and an upload that adds one. Those it is shared with search them through the agent only.
 */
export function AgentFiles({ agent }: { agent: Agent }) {
  const { t } = useTranslation();
  const ids = agent.tool_resources?.file_search?.file_ids ?? [];
  const files = useOwnFiles(ids.length > 0);
  const add = useAgentDocument();
  const update = useUpdateAgent();
  const nameOf = (id: string) => files.data?.find((f) => f.file_id === id)?.filename ?? id;
  const error = add.error ?? update.error;
  return (
    <div className="flex flex-col gap-2" data-testid="agent-files">
      <span className="text-sm font-medium text-text-primary">{t('com_agents_files')}</span>
      {ids.length > 0 && (
        <ul className="flex flex-col gap-1">
          {ids.map((id) => (
            <li key={id} className="flex items-center gap-2 text-sm text-text-primary">
              <span className="min-w-0 flex-1 truncate" dir="auto">
                {nameOf(id)}
              </span>
              <button
                type="button"
                aria-label={t('com_agents_file_remove', { 0: nameOf(id) })}
                disabled={update.isPending}
                onClick={() =>
                  update.mutate({
                    id: agent.id,
                    body: { tool_resources: { file_search: { file_ids: ids.filter((x) => x !== id) } } },
                  })
                }
                className="rounded p-1 text-text-secondary hover:bg-surface-tertiary focus-visible:ring-2 focus-visible:ring-ring-primary focus-visible:outline-none"
              >
                <X className="size-4" aria-hidden />
              </button>
            </li>
          ))}
        </ul>
      )}
      <input
        type="file"
        accept={FILE_SEARCH_ACCEPT}
        aria-label={t('com_agents_file_add')}
        disabled={add.isPending}
        className="text-sm text-text-secondary"
        onChange={(e) => {
          const file = e.target.files?.[0];
          e.target.value = '';
          if (file) add.mutate({ id: agent.id, file });
        }}
        data-testid="agent-file-input"
      />
      {error && (
        <p role="alert" className="text-sm text-red-600 dark:text-red-400">
          {t('com_agents_file_failed')}
        </p>
      )}
    </div>
  );
}
