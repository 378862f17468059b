import { useTranslation } from '../../hooks/useTranslation';
import { useQueryClient } from '@tanstack/react-query';
import { AlertTriangle, MessageSquare, Sparkles } from 'lucide-react';
import type { ReactNode } from 'react';
import type { StartupConfig } from '@chat/contract';
import { queryKeys } from '../../api/keys';

/** What the product says it does and where it falls short, on every new chat. */
const CAPABILITIES = [
  'com_chat_capability_remember',
  'com_chat_capability_correction',
  'com_chat_capability_decline',
] as const;
const LIMITATIONS = ['com_chat_limitation_incorrect', 'com_chat_limitation_2021'] as const;

function WelcomeList({ icon, title, items }: { icon: ReactNode; title: string; items: string[] }) {
  return (
    <section className="flex flex-col gap-2 text-start">
      <h2 className="flex items-center gap-2 text-sm font-medium text-text-primary">
        {icon}
        {title}
      </h2>
      <ul className="flex flex-col gap-1.5">
        {items.map((item) => (
          <li key={item} className="rounded-lg bg-surface-secondary px-3 py-2 text-xs text-text-secondary">
            {item}
          </li>
        ))}
      </ul>
    </section>
  );
}

/** The greeting of a new, empty conversation, with the product's stated capabilities and limits. */
export function EmptyState({ endpointLabel, below }: { endpointLabel: string | null; below?: ReactNode }) {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const config = qc.getQueryData<StartupConfig>(queryKeys.config);
  const appTitle = config?.appTitle || 'OmniChat';
  // The operator's own welcome (librechat.yaml interface.customWelcome), as plain text.
  const customWelcome = config?.interface?.customWelcome;
  return (
    <div
      className="flex min-h-0 flex-1 flex-col items-center overflow-y-auto px-6 py-6 text-center [justify-content:safe_center]"
      data-testid="chat-empty"
    >
      <div className="mb-4 flex size-12 items-center justify-center rounded-full border border-border-medium text-text-primary">
        <MessageSquare className="size-6" aria-hidden />
      </div>
      <h1
        className="text-2xl font-semibold whitespace-pre-line text-text-primary"
        data-testid="chat-greeting"
      >
        {customWelcome || t('com_chat_greeting')}
      </h1>
      <p className="mt-2 max-w-md text-sm text-text-secondary">
        {endpointLabel
          ? t('com_chat_greeting_sub_endpoint', { app: appTitle, endpoint: endpointLabel })
          : t('com_chat_greeting_sub', { app: appTitle })}
      </p>
      {below}
      <div className="mt-6 grid w-full max-w-xl gap-4 sm:grid-cols-2" data-testid="chat-welcome-limits">
        <WelcomeList
          icon={<Sparkles className="size-4" aria-hidden />}
          title={t('com_chat_capabilities')}
          items={CAPABILITIES.map((k) => t(k))}
        />
        <WelcomeList
          icon={<AlertTriangle className="size-4" aria-hidden />}
          title={t('com_chat_limitations')}
          items={LIMITATIONS.map((k) => t(k))}
        />
      </div>
    </div>
  );
}
