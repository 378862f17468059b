import { useEffect, useId, useState, type KeyboardEvent, type ReactNode } from 'react';
import clsx from 'clsx';
import { GitBranchPlus, GitCommitHorizontal, GitFork, ListTree } from 'lucide-react';
import { NEW_CONVO, type ForkConversationBody, type ForkOption } from '@chat/contract';
import { IconButton } from '../../components/ui/IconButton';
import { usePopover } from '../../hooks/usePopover';
import { useTranslation } from '../../hooks/useTranslation';
import type { Slots } from '../../platform/slots';
import { useForkConversation } from './api';
import { defaultForkOption, readForkPrefs, rememberForkOption, saveSplitAtTarget } from './prefs';

/** The three options as the popover lists them: LibreChat's names, icons and explanations. */
const OPTIONS: readonly { option: ForkOption; label: string; info: string; icon: ReactNode }[] = [
  {
    option: 'directPath',
    label: 'com_ui_fork_visible',
    info: 'com_ui_fork_info_visible',
    icon: <GitCommitHorizontal className="size-5" aria-hidden />,
  },
  {
    option: 'includeBranches',
    label: 'com_ui_fork_branches',
    info: 'com_ui_fork_info_branches',
    icon: <GitBranchPlus className="size-5" aria-hidden />,
  },
  {
    option: 'targetLevel',
    label: 'com_ui_fork_all_target',
    info: 'com_ui_fork_info_target',
    icon: <ListTree className="size-5" aria-hidden />,
  },
];

/** The request a choice makes: the message, the option, and the latest message when splitting. */
function forkBody(
  message: { conversationId: string; messageId: string },
  option: ForkOption,
  splitAtTarget: boolean,
  latestMessageId: string,
): ForkConversationBody {
  return {
    conversationId: message.conversationId,
    messageId: message.messageId,
    option,
    splitAtTarget,
    ...(splitAtTarget ? { latestMessageId } : {}),
  };
}

/**
 * A saved message's Fork button: a popover of the three options (each a button with its name and
 * a line of explanation), "Start fork here" and "Remember". Choosing forks and opens the new
 * conversation. "Remember" keeps the option chosen as the default (marked, focused first);
 * unchecking it forgets the default.
 */
export default function ForkButton({ message, latestMessageId, busy }: Slots['chat.message.actions']) {
  const { t } = useTranslation();
  const { open, setOpen, close, panelId, triggerRef, panelRef } = usePopover();
  const titleId = useId();
  const splitId = useId();
  const rememberId = useId();
  const [prefs, setPrefs] = useState(readForkPrefs);
  const [remember, setRemember] = useState(false);
  const [split, setSplit] = useState(false);
  const fork = useForkConversation();
  const fallback = defaultForkOption(prefs);

  // Read again on each opening: another message's popover (or tab) may have changed them.
  useEffect(() => {
    if (!open) return;
    const now = readForkPrefs();
    setPrefs(now);
    setRemember(now.remembered !== null);
    setSplit(now.splitAtTarget);
  }, [open]);

  useEffect(() => {
    if (open) panelRef.current?.querySelector<HTMLElement>('[data-default="true"]')?.focus();
  }, [open, prefs, panelRef]);

  if (!message.conversationId || message.conversationId === NEW_CONVO) return null;

  const choose = (option: ForkOption) => {
    if (remember) rememberForkOption(option);
    saveSplitAtTarget(split);
    close();
    fork.mutate(forkBody(message, option, split, latestMessageId));
  };

  const onRemember = (on: boolean) => {
    setRemember(on);
    if (!on) {
      rememberForkOption(null);
      setPrefs((p) => ({ ...p, remembered: null }));
    }
  };

  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key !== 'Escape') return;
    e.stopPropagation();
    close();
  };

  return (
    <div className="relative">
      <IconButton
        ref={triggerRef}
        size="sm"
        data-testid="fork-message"
        label={t('com_ui_fork')}
        aria-haspopup="dialog"
        aria-expanded={open}
        aria-controls={open ? panelId : undefined}
        disabled={busy || fork.isPending}
        onClick={() => (open ? close(false) : setOpen(true))}
        className={clsx(open && 'bg-surface-tertiary text-text-primary')}
      >
        <GitFork className="size-4" aria-hidden />
      </IconButton>
      {open && (
        <div
          ref={panelRef}
          id={panelId}
          role="dialog"
          aria-labelledby={titleId}
          data-testid="fork-popover"
          onKeyDown={onKeyDown}
          className={clsx(
            'absolute top-full z-30 mt-1 flex w-72 max-w-[calc(100vw-2rem)] flex-col gap-2 rounded-2xl border border-border-medium',
            'bg-surface-primary p-3 text-start text-text-primary shadow-lg',
            message.isCreatedByUser ? 'end-0' : 'start-0',
          )}
        >
          <div>
            <h2 id={titleId} className="text-sm font-semibold">
              {t('com_ui_fork_from_message')}
            </h2>
            <p className="text-xs text-text-secondary">{t('com_ui_fork_info_1')}</p>
          </div>
          <div className="flex flex-col gap-1">
            {OPTIONS.map(({ option, label, info, icon }) => (
              <button
                key={option}
                type="button"
                data-testid={`fork-option-${option}`}
                data-default={option === fallback}
                onClick={() => choose(option)}
                className={clsx(
                  'flex items-start gap-2 rounded-lg border px-2 py-1.5 text-start',
                  'hover:bg-surface-tertiary focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring-primary',
                  option === fallback ? 'border-border-heavy' : 'border-transparent',
                )}
              >
                <span className="mt-0.5 shrink-0 text-text-secondary">{icon}</span>
                <span className="min-w-0">
                  <span className="block text-sm font-medium">
                    {t(label)}
                    {option === fallback && (
                      <span className="ms-1 text-xs font-normal text-text-secondary">
                        ({t('com_ui_fork_is_default')})
                      </span>
                    )}
                  </span>
                  <span className="block text-xs text-text-secondary">{t(info)}</span>
                </span>
              </button>
            ))}
          </div>
          <Check
            id={splitId}
            testId="fork-split-target"
            checked={split}
            onChange={setSplit}
            label={t('com_ui_fork_split_target')}
            hint={t('com_ui_fork_info_start')}
          />
          <Check
            id={rememberId}
            testId="fork-remember"
            checked={remember}
            onChange={onRemember}
            label={t('com_ui_fork_remember')}
            hint={t('com_ui_fork_info_remember')}
          />
        </div>
      )}
    </div>
  );
}

function Check(props: {
  id: string;
  testId: string;
  checked: boolean;
  onChange: (on: boolean) => void;
  label: string;
  hint: string;
}) {
  return (
    <div className="flex items-start gap-2 px-1">
      <input
        id={props.id}
        type="checkbox"
        data-testid={props.testId}
        checked={props.checked}
        onChange={(e) => props.onChange(e.target.checked)}
        aria-describedby={`${props.id}-hint`}
        className="mt-0.5 size-4 shrink-0 accent-current"
      />
      <label htmlFor={props.id} className="min-w-0 cursor-pointer text-sm">
        {props.label}
        <span id={`${props.id}-hint`} className="block text-xs text-text-secondary">
          {props.hint}
        </span>
      </label>
    </div>
  );
}
