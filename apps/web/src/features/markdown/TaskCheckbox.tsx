import type { ComponentProps } from 'react';
import { useTranslation } from '../../hooks/useTranslation';

/**
 * A GFM task list's box (`- [x] done`): shown, not changed, so it is disabled; named by its state,
 * as a box without a label says nothing to a screen reader.
 */
export function TaskCheckbox({ checked }: Pick<ComponentProps<'input'>, 'checked'>) {
  const { t } = useTranslation();
  return (
    <input
      type="checkbox"
      checked={checked === true}
      disabled
      readOnly
      aria-label={checked ? t('com_chat_task_done') : t('com_chat_task_open')}
    />
  );
}
