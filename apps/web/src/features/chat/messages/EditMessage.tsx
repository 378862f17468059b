import { useEffect, useRef, useState } from 'react';
import { useTranslation } from '../../../hooks/useTranslation';
import { Button } from '../../../components/ui/Button';
import { useAutoGrow } from '../input/useAutoGrow';

export interface EditMessageProps {
  initialText: string;
  canSubmit: boolean;
  busy?: boolean;
  onSaveSubmit: (text: string) => void;
  onSave: (text: string) => void;
  onCancel: () => void;
}

/** Edit mode of a message: Save & Submit, Save, Cancel. */
export function EditMessage({
  initialText,
  canSubmit,
  busy,
  onSaveSubmit,
  onSave,
  onCancel,
}: EditMessageProps) {
  const { t } = useTranslation();
  const [text, setText] = useState(initialText);
  const ref = useRef<HTMLTextAreaElement>(null);
  useAutoGrow(ref, text, 400);
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    el.focus();
    el.setSelectionRange(el.value.length, el.value.length);
  }, []);
  const empty = text.trim().length === 0;
  return (
    <div className="w-full rounded-2xl border border-border-medium bg-surface-tertiary p-3">
      <textarea
        ref={ref}
        data-testid="edit-textarea"
        aria-label={t('com_chat_edit')}
        value={text}
        onChange={(e) => setText(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === 'Escape') {
            e.preventDefault();
            onCancel();
          }
        }}
        rows={1}
        className="block w-full resize-none bg-transparent text-text-primary outline-none placeholder:text-text-tertiary"
      />
      <div className="mt-3 flex flex-wrap justify-end gap-2">
        <Button variant="ghost" size="sm" data-testid="edit-cancel" onClick={onCancel}>
          {t('com_ui_cancel')}
        </Button>
        <Button
          variant="secondary"
          size="sm"
          data-testid="edit-save"
          disabled={empty || busy}
          onClick={() => onSave(text)}
        >
          {t('com_chat_save')}
        </Button>
        <Button
          size="sm"
          data-testid="edit-save-submit"
          disabled={empty || busy || !canSubmit}
          onClick={() => onSaveSubmit(text.trim())}
        >
          {t('com_chat_save_submit')}
        </Button>
      </div>
    </div>
  );
}
