import { memo, Suspense, useState } from 'react';
import { MessageFiles } from '../../attachments';
import clsx from 'clsx';
import { useTranslation } from '../../../hooks/useTranslation';
import type { EndpointsConfig, Message } from '@chat/contract';
import type { PathEntry } from '../../../lib/tree';
import { EndpointIcon, endpointTypeFor, replyAuthor } from '../../model-select';
import type { BottomActionKind } from '../input/bottom-action';
import { canContinue, canEdit, canEditSubmit, canRegenerate } from './actions';
import { EditMessage } from './EditMessage';
import { Slot } from '../../../platform/slots';
import { MessageActions } from './MessageActions';
import { MessageContent } from './MessageContent';
import { SiblingSwitcher } from './SiblingSwitcher';
import { useUserLabel } from './useUserLabel';

export interface MessageHandlers {
  onStep: (entry: PathEntry, delta: -1 | 1) => void;
  onRegenerate: (message: Message) => void;
  onContinue: (message: Message) => void;
  onEditSubmit: (message: Message, text: string) => void;
  onEditSave: (message: Message, text: string) => Promise<void>;
}

export interface MessageRowProps {
  entry: PathEntry;
  parent: Message | undefined;
  isLatest: boolean;
  /** What the bottom button offers for this (latest) message: not shown on the row as well. */
  shownBelow?: BottomActionKind;
  submitting: boolean;
  /** This row is receiving the streamed text. */
  streaming: boolean;
  endpointsConfig: EndpointsConfig | undefined;
  handlers: MessageHandlers;
  /** The person's name, shown on their messages when they chose so (UsernameDisplay). */
  userName?: string | undefined;
  /** The newest message of the branch shown, for the actions other features add. */
  latestMessageId?: string | undefined;
}

function MessageRowImpl({
  entry,
  parent,
  isLatest,
  shownBelow = null,
  submitting,
  streaming,
  endpointsConfig,
  handlers,
  userName,
  latestMessageId,
}: MessageRowProps) {
  const { t } = useTranslation();
  const userLabel = useUserLabel(userName);
  const m = entry.message;
  // Editing belongs to a message: if another one takes this row (a new sibling), it is not edited.
  const [editingId, setEditingId] = useState<string | null>(null);
  const editing = editingId === m.messageId;
  const setEditing = (on: boolean) => setEditingId(on ? m.messageId : null);
  const [saving, setSaving] = useState(false);
  const user = m.isCreatedByUser;
  const ctx = { submitting, isLatest, endpointsConfig };
  const switcher = (
    <SiblingSwitcher
      index={entry.index}
      count={entry.siblingCount}
      onStep={(d) => handlers.onStep(entry, d)}
    />
  );

  const body = editing ? (
    <EditMessage
      initialText={m.text}
      canSubmit={canEditSubmit(m, endpointsConfig) && !submitting}
      busy={saving}
      onCancel={() => setEditing(false)}
      onSaveSubmit={(text) => {
        setEditing(false);
        handlers.onEditSubmit(m, text);
      }}
      onSave={(text) => {
        setSaving(true);
        handlers
          .onEditSave(m, text)
          .then(() => setEditing(false))
          .catch(() => undefined)
          .finally(() => setSaving(false));
      }}
    />
  ) : user ? (
    <div className="max-w-[85%] rounded-3xl bg-surface-tertiary px-4 py-2.5 sm:max-w-[75%]">
      <MessageContent message={m} streaming={false} />
    </div>
  ) : (
    <MessageContent message={m} streaming={streaming} />
  );

  return (
    <div
      data-testid="message"
      data-message-id={m.messageId}
      data-role={user ? 'user' : 'assistant'}
      className="group mx-auto w-full max-w-3xl px-4 py-2 sm:px-6 has-[[data-beside]]:max-w-6xl"
    >
      {/* A reply may have another beside it (compare): two columns from the tablet breakpoint. */}
      <div className="flex flex-col gap-4 md:flex-row">
        <div className={clsx('flex min-w-0 flex-1 gap-3', user && 'flex-row-reverse')}>
          {!user && (
            <div
              className="mt-0.5 flex size-8 shrink-0 items-center justify-center rounded-full border border-border-medium bg-surface-primary text-text-primary"
              aria-hidden
            >
              <EndpointIcon
                testId="message-avatar"
                type={endpointTypeFor(m.endpoint, endpointsConfig)}
                iconURL={m.endpoint ? endpointsConfig?.[m.endpoint]?.iconURL : null}
                isDemo={!!m.endpoint && endpointsConfig?.[m.endpoint]?.isDemo === true}
              />
            </div>
          )}
          <div className={clsx('flex min-w-0 flex-1 flex-col gap-1', user && 'items-end')}>
            <div
              className={clsx(
                'text-sm font-semibold text-text-primary',
                user && !userLabel.visible && 'sr-only',
              )}
              data-testid="message-author"
            >
              {user ? userLabel.label : replyAuthor(m, endpointsConfig, t)}
            </div>
            {user && !!m.files?.length && (
              <Suspense fallback={null}>
                <MessageFiles files={m.files} />
              </Suspense>
            )}
            {body}
            {!user && !editing && <Slot name="chat.message.after" message={m} />}
            {!editing && !streaming && (
              <MessageActions
                text={m.text}
                align={user ? 'end' : 'start'}
                pinned={isLatest && !user}
                onEdit={canEdit(m, ctx) ? () => setEditing(true) : undefined}
                onRegenerate={
                  canRegenerate(m, parent, ctx) && parent && shownBelow !== 'regenerate'
                    ? () => handlers.onRegenerate(m)
                    : undefined
                }
                onContinue={
                  canContinue(m, parent, ctx) && shownBelow !== 'continue'
                    ? () => handlers.onContinue(m)
                    : undefined
                }
                after={
                  <Slot
                    name="chat.message.actions"
                    message={m}
                    latestMessageId={latestMessageId ?? m.messageId}
                    busy={submitting}
                  />
                }
              >
                {switcher}
              </MessageActions>
            )}
          </div>
        </div>
        {!user && <Slot name="chat.message.beside" message={m} endpointsConfig={endpointsConfig} />}
      </div>
    </div>
  );
}

export const MessageRow = memo(MessageRowImpl);
