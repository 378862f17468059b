import { useId, useRef } from 'react';
import { useTranslation } from '../../hooks/useTranslation';
import { parseServiceKey, type ServiceKey } from './key-form';

export interface ServiceKeyInputProps {
  serviceKey: ServiceKey | null;
  /** The chosen file is not a valid service account key. */
  invalid: boolean;
  onChange: (key: ServiceKey | null, invalid: boolean) => void;
}

/** A picked file's text (FileReader: every browser, and the test DOM, has it). */
function readText(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(typeof reader.result === 'string' ? reader.result : '');
    reader.onerror = () => reject(reader.error ?? new Error('unreadable file'));
    reader.readAsText(file);
  });
}

/** Google's service account JSON key, read from a file the person picks. */
export function ServiceKeyInput({ serviceKey, invalid, onChange }: ServiceKeyInputProps) {
  const { t } = useTranslation();
  const id = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const statusId = `${id}-status`;

  const read = async (file: File | undefined) => {
    if (!file) return onChange(null, false);
    const key = parseServiceKey(await readText(file).catch(() => ''));
    onChange(key, key === null);
  };

  const clear = () => {
    if (inputRef.current) inputRef.current.value = '';
    onChange(null, false);
  };

  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={id} className="text-sm font-medium text-text-primary">
        {t('com_endpoint_config_google_service_key')}
      </label>
      <input
        ref={inputRef}
        id={id}
        type="file"
        accept=".json,application/json"
        data-testid="key-field-GOOGLE_SERVICE_KEY"
        aria-invalid={invalid || undefined}
        aria-describedby={statusId}
        onChange={(e) => void read(e.target.files?.[0])}
        className="block w-full text-sm text-text-secondary file:me-3 file:h-9 file:cursor-pointer file:rounded-lg file:border file:border-solid file:border-border-medium file:bg-surface-primary file:px-3 file:text-sm file:font-medium file:text-text-primary hover:file:bg-surface-tertiary focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring-primary"
      />
      <div id={statusId} aria-live="polite" className="text-[13px]">
        {invalid ? (
          <p role="alert" className="text-text-danger">
            {t('com_endpoint_config_google_invalid')}
          </p>
        ) : serviceKey ? (
          <p className="flex flex-wrap items-center gap-x-3 text-text-secondary">
            <span data-testid="service-key-loaded">
              {t('com_endpoint_config_google_loaded', { project: serviceKey.project_id })}
            </span>
            <button
              type="button"
              onClick={clear}
              className="rounded font-medium text-text-primary hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring-primary"
            >
              {t('com_endpoint_config_google_remove')}
            </button>
          </p>
        ) : (
          <p className="text-text-tertiary">{t('com_endpoint_config_google_either')}</p>
        )}
      </div>
    </div>
  );
}
