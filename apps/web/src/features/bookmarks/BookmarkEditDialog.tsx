import { useId, useRef, useState, type FormEvent } from 'react';
import { normalizeTag, TAG_LIMITS, type ConversationTag } from '@chat/contract';
import { ApiError } from '../../api/http';
import { Button } from '../../components/ui/Button';
import { Dialog } from '../../components/ui/Dialog';
import { TextField } from '../../components/ui/TextField';
import { useToast } from '../../components/ui/Toast';
import { useTranslation } from '../../hooks/useTranslation';
import { useCreateTag, useUpdateTag } from './api';

type Field = 'tag' | 'description';
type FieldErrors = Partial<Record<Field, string>>;

/** The same rules as the server's, so a wrong name is told before it is sent. */
function check(name: string, description: string): FieldErrors {
  const errors: FieldErrors = {};
  const tag = normalizeTag(name);
  if (tag === null) errors.tag = 'com_ui_bookmarks_title_required';
  else if (tag.length > TAG_LIMITS.tagMaxChars) errors.tag = 'com_ui_bookmarks_title_too_long';
  if (description.trim().length > TAG_LIMITS.descriptionMaxChars)
    errors.description = 'com_ui_bookmarks_description_too_long';
  return errors;
}

/**
 * A bookmark's name and description: a new one (put on `conversationId` when given, as the
 * header's "New bookmark" does) or `tag` edited (a rename follows it onto its conversations).
 */
export default function BookmarkEditDialog({
  tag,
  conversationId,
  onClose,
}: {
  tag?: ConversationTag;
  conversationId?: string;
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation();
  const toast = useToast();
  const formId = useId();
  const nameRef = useRef<HTMLInputElement>(null);
  const [name, setName] = useState(tag?.tag ?? '');
  const [description, setDescription] = useState(tag?.description ?? '');
  const [errors, setErrors] = useState<FieldErrors>({});
  const create = useCreateTag();
  const update = useUpdateTag();
  const pending = create.isPending || update.isPending;

  const failed = (err: unknown) => {
    const next: FieldErrors = {};
    if (err instanceof ApiError && err.issues)
      for (const issue of err.issues) {
        const field = issue.path.split('.').pop();
        // The key, not the server's English message: the field shows it in the person's language.
        if ((field === 'tag' || field === 'description') && issue.key && i18n.exists(issue.key))
          next[field] = issue.key;
      }
    if (err instanceof ApiError && err.status === 409) next.tag = 'com_ui_bookmarks_exists';
    setErrors(next);
    if (Object.keys(next).length === 0)
      toast.show({
        message: t(tag ? 'com_ui_bookmarks_update_error' : 'com_ui_bookmarks_create_error'),
        severity: 'error',
      });
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const found = check(name, description);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    const newName = normalizeTag(name) ?? '';
    const newDescription = description.trim();
    if (tag) {
      const body = {
        ...(newName !== tag.tag ? { tag: newName } : {}),
        ...(newDescription !== (tag.description ?? '') ? { description: newDescription } : {}),
      };
      if (Object.keys(body).length === 0) return onClose();
      update.mutate(
        { from: tag.tag, body },
        {
          onSuccess: () => {
            toast.show({ message: t('com_ui_bookmarks_update_success'), severity: 'success' });
            onClose();
          },
          onError: failed,
        },
      );
      return;
    }
    create.mutate(
      {
        tag: newName,
        ...(newDescription ? { description: newDescription } : {}),
        ...(conversationId ? { addToConversation: true, conversationId } : {}),
      },
      {
        onSuccess: () => {
          toast.show({ message: t('com_ui_bookmarks_create_success'), severity: 'success' });
          onClose();
        },
        onError: failed,
      },
    );
  };

  const descriptionId = `${formId}-description`;
  const descriptionErrorId = `${descriptionId}-error`;
  return (
    <Dialog
      open
      onClose={onClose}
      title={tag ? t('com_ui_bookmarks_edit') : t('com_ui_bookmarks_new')}
      initialFocusRef={nameRef}
      data-testid="bookmark-edit-dialog"
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            {t('com_ui_cancel')}
          </Button>
          <Button type="submit" form={formId} loading={pending} data-testid="bookmark-save">
            {t('com_ui_save')}
          </Button>
        </>
      }
    >
      <form id={formId} onSubmit={submit} noValidate className="flex flex-col gap-4">
        <TextField
          ref={nameRef}
          label={t('com_ui_bookmarks_title')}
          value={name}
          onChange={(e) => setName(e.target.value)}
          error={errors.tag ? t(errors.tag) : undefined}
          autoComplete="off"
          data-testid="bookmark-name"
        />
        <div className="flex flex-col gap-1.5">
          <label htmlFor={descriptionId} className="text-sm font-medium text-text-primary">
            {t('com_ui_bookmarks_description')}
          </label>
          <textarea
            id={descriptionId}
            value={description}
            onChange={(e) => setDescription(e.target.value)}
            rows={3}
            aria-invalid={errors.description ? true : undefined}
            aria-describedby={errors.description ? descriptionErrorId : undefined}
            className="w-full resize-y rounded-lg border border-border-medium bg-surface-primary px-3 py-2 text-sm text-text-primary focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring-primary"
            data-testid="bookmark-description"
          />
          {errors.description && (
            <p id={descriptionErrorId} className="text-sm text-text-danger">
              {t(errors.description)}
            </p>
          )}
        </div>
      </form>
    </Dialog>
  );
}
