import { useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from '../../hooks/useTranslation';
import {
  ERROR_TEXT_KEYS,
  KEY_EXPIRY_CHOICES,
  KEY_EXPIRY_DEFAULT_MS,
  TIMINGS,
  type EndpointsConfig,
} from '@chat/contract';
import { ApiError } from '../../api/http';
import { isKeyValid, useRevokeUserKey, useSaveUserKey } from '../../api/user-keys';
import { Button } from '../../components/ui/Button';
import { Dialog } from '../../components/ui/Dialog';
import { formatDate } from '../../config/locale';
import { TextField } from '../../components/ui/TextField';
import { useToast } from '../../components/ui/Toast';
import {
  KEY_FIELD_LABELS,
  SECRET_FIELDS,
  expiryFrom,
  googleMissing,
  keyKindOf,
  keyValue,
  missingFields,
  visibleFields,
  type KeyField,
  type KeyValues,
  type ServiceKey,
} from './key-form';
import { RevokeAllKeys } from './RevokeAllKeys';
import { ServiceKeyInput } from './ServiceKeyInput';
import { useKeyStatus } from './useKeyStatus';

export interface KeyDialogProps {
  endpoint: string;
  /** The endpoint's name as the menu shows it. */
  endpointLabel: string;
  config: EndpointsConfig | undefined;
  onClose: () => void;
}

/**
 * The person's own key for one endpoint: the endpoint's key shape,
 * how long it is kept (12 hours by default), save, revoke it, or revoke every key.
 */
export function KeyDialog({ endpoint, endpointLabel, config, onClose }: KeyDialogProps) {
  const { t, i18n } = useTranslation();
  const toast = useToast();
  const entry = config?.[endpoint];
  const kind = keyKindOf(endpoint, config);
  const fields = visibleFields(kind, entry);
  const status = useKeyStatus(endpoint, config);
  const save = useSaveUserKey();
  const revoke = useRevokeUserKey();
  const [values, setValues] = useState<KeyValues>({});
  const [serviceKey, setServiceKey] = useState<ServiceKey | null>(null);
  const [serviceKeyInvalid, setServiceKeyInvalid] = useState(false);
  const [expiryMs, setExpiryMs] = useState(KEY_EXPIRY_DEFAULT_MS);
  /** The required fields found empty by the last save (marked until filled). */
  const [invalid, setInvalid] = useState<ReadonlySet<KeyField>>(new Set());
  const firstFieldRef = useRef<HTMLInputElement>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const expiryId = useId();
  const hasKey = isKeyValid(status.expiresAt, Date.now());

  const failed = (err: unknown, fallback: string) => {
    const key =
      err instanceof ApiError && err.code !== 'network_error' ? ERROR_TEXT_KEYS[err.code] : fallback;
    toast.show({ message: t(key), severity: 'error' });
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (kind === 'google' && (serviceKeyInvalid || googleMissing(values, serviceKey))) {
      toast.show({
        message: t(
          serviceKeyInvalid ? 'com_endpoint_config_google_invalid' : 'com_endpoint_config_google_either',
        ),
        severity: 'error',
        duration: TIMINGS.toastValidationMs,
      });
      return;
    }
    const missing = missingFields(kind, entry, values);
    setInvalid(new Set(missing));
    if (missing.length > 0) {
      formRef.current?.querySelector<HTMLInputElement>(`[name="${missing[0]}"]`)?.focus();
      // The toast names the empty fields and the dialog stays open.
      const names = missing.map((f) => t(KEY_FIELD_LABELS[f])).join(', ');
      toast.show({
        message: t('com_endpoint_config_required_fields', { fields: names }),
        severity: 'error',
        duration: TIMINGS.toastValidationMs,
      });
      return;
    }
    save.mutate(
      {
        endpoint,
        value: keyValue(kind, entry, values, serviceKey),
        expiresAt: expiryFrom(Date.now(), expiryMs),
      },
      {
        onSuccess: () => {
          toast.show({ message: t('com_endpoint_config_key_saved'), severity: 'success' });
          onClose();
        },
        onError: (err) => failed(err, 'com_endpoint_config_key_save_failed'),
      },
    );
  };

  const revokeOne = () =>
    revoke.mutate(endpoint, {
      onSuccess: () => toast.show({ message: t('com_endpoint_config_key_revoked'), severity: 'success' }),
      onError: (err) => failed(err, 'com_endpoint_config_key_revoke_failed'),
    });

  const formId = useId();
  const expiryText = status.expiresAt
    ? formatDate(status.expiresAt, i18n.language, { dateStyle: 'medium', timeStyle: 'short' })
    : '';

  return (
    <Dialog
      open
      onClose={onClose}
      title={t('com_endpoint_config_key_for', { endpoint: endpointLabel })}
      initialFocusRef={kind === 'google' ? undefined : firstFieldRef}
      data-testid="key-dialog"
      className="max-h-[calc(100dvh-2rem)] overflow-y-auto"
      description={
        <p data-testid="key-status">
          {hasKey
            ? t('com_endpoint_config_key_expires', { date: expiryText })
            : status.expiresAt
              ? t('com_endpoint_config_key_expired')
              : t('com_endpoint_config_key_none')}{' '}
          {t('com_endpoint_config_key_stored')}
        </p>
      }
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            {t('com_ui_cancel')}
          </Button>
          <Button type="submit" form={formId} loading={save.isPending} data-testid="key-save">
            {t('com_ui_save')}
          </Button>
        </>
      }
    >
      <form
        ref={formRef}
        id={formId}
        onSubmit={submit}
        noValidate
        className="mt-4 flex flex-col gap-4"
        data-kind={kind}
      >
        {kind === 'google' && (
          <ServiceKeyInput
            serviceKey={serviceKey}
            invalid={serviceKeyInvalid}
            onChange={(key, invalid) => {
              setServiceKey(key);
              setServiceKeyInvalid(invalid);
            }}
          />
        )}
        {fields.map((field, i) => (
          <TextField
            key={field}
            ref={i === 0 ? firstFieldRef : undefined}
            label={t(KEY_FIELD_LABELS[field])}
            name={field}
            data-testid={`key-field-${field}`}
            type={SECRET_FIELDS.has(field) ? 'password' : field === 'baseURL' ? 'url' : 'text'}
            revealable={SECRET_FIELDS.has(field)}
            autoComplete="off"
            spellCheck={false}
            value={values[field] ?? ''}
            error={
              invalid.has(field) && !values[field]?.trim()
                ? t('com_endpoint_config_field_required', { field: t(KEY_FIELD_LABELS[field]) })
                : undefined
            }
            onChange={(e) => setValues((v) => ({ ...v, [field]: e.target.value }))}
          />
        ))}
        <div className="flex flex-col gap-1.5">
          <label htmlFor={expiryId} className="text-sm font-medium text-text-primary">
            {t('com_endpoint_config_key_expiry')}
          </label>
          <select
            id={expiryId}
            data-testid="key-expiry"
            value={expiryMs}
            onChange={(e) => setExpiryMs(Number(e.target.value))}
            className="h-11 w-full rounded-lg border border-border-medium bg-surface-primary px-3 text-[15px] text-text-primary focus:border-ring-primary focus:outline-none focus:ring-2 focus:ring-ring-primary/30"
          >
            {KEY_EXPIRY_CHOICES.map((choice) => (
              <option key={choice.key} value={choice.ms}>
                {t(choice.key)}
              </option>
            ))}
          </select>
        </div>
      </form>
      <div className="mt-5 flex flex-wrap items-center gap-x-4 gap-y-2 border-t border-border-light pt-4 text-sm">
        {status.expiresAt && (
          <button
            type="button"
            data-testid="key-revoke"
            onClick={revokeOne}
            disabled={revoke.isPending}
            className="rounded font-medium text-text-danger hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring-primary disabled:opacity-50"
          >
            {t('com_endpoint_config_key_revoke')}
          </button>
        )}
        <RevokeAllKeys onError={(err) => failed(err, 'com_endpoint_config_key_revoke_failed')} />
      </div>
    </Dialog>
  );
}
