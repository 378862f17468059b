import { memo, useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { useStableNavigate } from '../../hooks/useStableNavigate';
import clsx from 'clsx';
import { useTranslation } from '../../hooks/useTranslation';
import { useQueryClient } from '@tanstack/react-query';
import { Pencil, Trash2 } from 'lucide-react';
import { CHAT_LIMITS, DEFAULT_TITLE, EModelEndpoint, type Conversation } from '@chat/contract';
import { deleteConvo, renameConvo } from '../../api/convos';
import { patchConvoInCache, removeConvoFromCache } from '../../api/convos-cache';
import { queryKeys } from '../../api/keys';
import { useToast } from '../../components/ui/Toast';
import { Slot } from '../../platform/slots';
import { useNav } from '../../state/nav';
import { DeleteConvoDialog } from './DeleteConvoDialog';

interface ConvoItemProps {
  convo: Conversation;
  active: boolean;
}

export const ConvoItem = memo(function ConvoItem({ convo, active }: ConvoItemProps) {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const toast = useToast();
  const navigate = useStableNavigate();
  const { isMobile, setVisible } = useNav();
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState('');
  const [confirming, setConfirming] = useState(false);
  const inputRef = useRef<HTMLInputElement>(null);
  // Leaving the field (Escape unmounts it) blurs it before the next render: the ref, not the
  // state, tells the blur that the edit is already over.
  const editingRef = useRef(false);
  const title = convo.title || DEFAULT_TITLE;
  // An assistant's conversation opens in the assistants' view.
  const isAssistant = convo.endpoint === EModelEndpoint.assistant;

  useEffect(() => {
    if (editing) inputRef.current?.select();
  }, [editing]);

  const startRename = () => {
    setDraft(title);
    editingRef.current = true;
    setEditing(true);
  };

  const cancelRename = () => {
    editingRef.current = false;
    setEditing(false);
  };

  // Enter or blur saves if the title changed, Escape keeps the old one; on failure the title reverts.
  const save = async () => {
    if (!editingRef.current) return;
    editingRef.current = false;
    setEditing(false);
    const next = draft.trim();
    if (!next || next === title) return;
    patchConvoInCache(qc, convo.conversationId, { title: next });
    try {
      await renameConvo(convo.conversationId, next);
    } catch {
      patchConvoInCache(qc, convo.conversationId, { title });
      toast.show({ message: t('com_ui_rename_failed'), severity: 'error' });
      return;
    }
    // Search results carry titles and match on them.
    void qc.invalidateQueries({ queryKey: queryKeys.search.all });
  };

  const remove = async () => {
    try {
      await deleteConvo(convo.conversationId);
    } catch {
      toast.show({ message: t('com_ui_delete_failed'), severity: 'error' });
      return;
    }
    setConfirming(false);
    removeConvoFromCache(qc, convo.conversationId);
    void qc.invalidateQueries({ queryKey: queryKeys.search.all });
    if (active) navigate(isAssistant ? '/a/new' : '/c/new');
  };

  return (
    <li
      data-testid="convo-item"
      data-convo-id={convo.conversationId}
      className={clsx(
        'group relative rounded-lg text-sm',
        active ? 'bg-surface-active' : 'hover:bg-surface-tertiary',
      )}
    >
      {editing ? (
        <input
          ref={inputRef}
          data-testid="convo-rename-input"
          aria-label={t('com_ui_rename')}
          value={draft}
          maxLength={CHAT_LIMITS.maxTitleChars}
          onChange={(e) => setDraft(e.target.value)}
          onBlur={() => void save()}
          onKeyDown={(e) => {
            if (e.key === 'Enter') {
              e.preventDefault();
              void save();
            } else if (e.key === 'Escape') {
              e.preventDefault();
              e.stopPropagation();
              cancelRename();
            }
          }}
          className="h-9 w-full rounded-lg border border-ring-primary bg-surface-primary px-2.5 text-sm text-text-primary focus:outline-none"
        />
      ) : (
        <>
          <Link
            to={`${isAssistant ? '/a' : '/c'}/${convo.conversationId}`}
            aria-current={active ? 'page' : undefined}
            onClick={() => isMobile && setVisible(false)}
            className="flex h-9 items-center rounded-lg px-2.5 text-text-primary focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring-primary"
          >
            <span data-testid="convo-title" className="min-w-0 flex-1 truncate" title={title}>
              {title}
            </span>
          </Link>
          <div
            className={clsx(
              'absolute inset-y-0 end-0 flex items-center gap-0.5 rounded-e-lg ps-6 pe-1',
              active
                ? 'bg-linear-to-l rtl:bg-linear-to-r from-surface-active from-70% to-transparent'
                : 'bg-linear-to-l rtl:bg-linear-to-r from-surface-tertiary from-70% to-transparent pointer-events-none opacity-0 group-focus-within:pointer-events-auto group-focus-within:opacity-100 group-hover:pointer-events-auto group-hover:opacity-100 [@media(hover:none)]:hidden',
            )}
          >
            <Slot name="sidebar.convo.actions" convo={convo} />
            <RowAction label={t('com_ui_rename')} testId="convo-rename" onClick={startRename}>
              <Pencil className="size-3.5" aria-hidden />
            </RowAction>
            <RowAction label={t('com_ui_delete')} testId="convo-delete" onClick={() => setConfirming(true)}>
              <Trash2 className="size-3.5" aria-hidden />
            </RowAction>
          </div>
        </>
      )}
      <DeleteConvoDialog
        open={confirming}
        title={title}
        onClose={() => setConfirming(false)}
        onConfirm={remove}
      />
    </li>
  );
});

function RowAction(props: { label: string; testId: string; onClick: () => void; children: React.ReactNode }) {
  return (
    <button
      type="button"
      aria-label={props.label}
      title={props.label}
      data-testid={props.testId}
      onClick={props.onClick}
      className="flex size-7 items-center justify-center rounded-md text-text-secondary hover:bg-surface-primary/60 hover:text-text-primary focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring-primary"
    >
      {props.children}
    </button>
  );
}
