import './texts';
import { useEffect, useRef } from 'react';
import type { ErrorRecord } from '@chat/contract';
import { formatDate } from '../../config/locale';
import { useTranslation } from '../../hooks/useTranslation';
import { Button } from '../../components/ui/Button';

const WHEN: Intl.DateTimeFormatOptions = { dateStyle: 'medium', timeStyle: 'medium' };

/** Every field of a logged error, the stack as it was kept. */
export function ErrorDetails({ record, onClose }: { record: ErrorRecord; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const heading = useRef<HTMLHeadingElement>(null);
  // A row's details open below the table: bring them into view, and the keyboard's focus with them.
  useEffect(() => heading.current?.focus(), [record.errorId]);
  const none = t('com_admin_errors_none');
  const fields: [string, string | null][] = [
    [t('com_admin_errors_field_id'), record.errorId],
    [t('com_admin_errors_field_code'), record.errorCode],
    [t('com_admin_errors_field_type'), record.errorType],
    [t('com_admin_errors_field_message'), record.errorMessage],
    [t('com_admin_errors_field_user'), record.userEmail],
    [t('com_admin_errors_field_endpoint'), record.endpoint],
    [t('com_admin_errors_field_model'), record.model],
    [t('com_admin_errors_field_conversation'), record.conversationId],
    [t('com_admin_errors_field_message_id'), record.messageId],
    [t('com_admin_errors_field_route'), record.route],
    [t('com_admin_errors_field_text'), record.text],
    [t('com_admin_errors_field_created'), formatDate(record.createdAt, i18n.language, WHEN)],
    [t('com_admin_errors_field_updated'), formatDate(record.updatedAt, i18n.language, WHEN)],
  ];
  return (
    <section
      aria-labelledby="error-details-title"
      data-testid="error-details"
      className="mt-4 rounded-lg border border-border-medium bg-surface-secondary p-4"
    >
      <div className="mb-3 flex items-center justify-between gap-2">
        <h3
          id="error-details-title"
          ref={heading}
          tabIndex={-1}
          className="text-base font-semibold text-text-primary focus:outline-none"
        >
          {t('com_admin_errors_details')}
        </h3>
        <Button variant="secondary" size="sm" onClick={onClose}>
          {t('com_ui_close')}
        </Button>
      </div>
      <dl className="grid grid-cols-1 gap-x-4 gap-y-2 text-sm sm:grid-cols-[max-content_1fr]">
        {fields.map(([label, value]) => (
          <div key={label} className="contents">
            <dt className="font-medium text-text-secondary">{label}</dt>
            <dd className="mb-1 min-w-0 whitespace-pre-wrap break-words text-text-primary sm:mb-0">
              {value || none}
            </dd>
          </div>
        ))}
      </dl>
      <h4 className="mb-1 mt-3 text-sm font-medium text-text-secondary">
        {t('com_admin_errors_field_stack')}
      </h4>
      <pre
        data-testid="error-stack"
        className="max-h-80 overflow-auto rounded-md bg-surface-primary p-3 text-xs text-text-primary"
      >
        {record.errorStack || none}
      </pre>
    </section>
  );
}
