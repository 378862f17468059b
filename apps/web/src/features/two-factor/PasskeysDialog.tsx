import { useState, type FormEvent } from 'react';
import { Trash2 } from 'lucide-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { TWO_FACTOR_LIMITS, type Passkey } from '@chat/contract';
import type { PublicKeyCredentialCreationOptionsJSON } from '@simplewebauthn/browser';
import { Button } from '../../components/ui/Button';
import { Dialog } from '../../components/ui/Dialog';
import { IconButton } from '../../components/ui/IconButton';
import { Spinner } from '../../components/ui/Spinner';
import { TextField } from '../../components/ui/TextField';
import { useToast } from '../../components/ui/Toast';
import { formatDate } from '../../config/locale';
import { useTranslation } from '../../hooks/useTranslation';
import { twoFactorApi } from './api';
import { cancelledByPerson } from './webauthn';

const PASSKEYS_KEY = ['passkeys'] as const;

/** The browser makes a passkey for the server's options; the server keeps it under `name`. */
async function createPasskey(name: string): Promise<Passkey> {
  const { challengeId, options } = await twoFactorApi.registerOptions();
  const { startRegistration } = await import('@simplewebauthn/browser');
  // The server's options, written by the same library's server side.
  const optionsJSON = options as unknown as PublicKeyCredentialCreationOptionsJSON;
  const answer = await startRegistration({ optionsJSON });
  return (await twoFactorApi.register(challengeId, { ...answer }, name)).passkey;
}

/** Settings → Account → Passkeys: the person's passkeys (name, when added, last used), add and remove. */
export default function PasskeysDialog({ onClose }: { onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const toast = useToast();
  const qc = useQueryClient();
  const [name, setName] = useState('');
  const list = useQuery({ queryKey: PASSKEYS_KEY, queryFn: () => twoFactorApi.passkeys() });
  const add = useMutation({
    mutationFn: createPasskey,
    onSuccess: () => {
      setName('');
      toast.show({ message: t('com_ui_passkey_added'), severity: 'success' });
      return qc.invalidateQueries({ queryKey: PASSKEYS_KEY });
    },
    onError: (err) => {
      if (!cancelledByPerson(err)) toast.show({ message: t('com_ui_passkey_error'), severity: 'error' });
    },
  });
  const remove = useMutation({
    mutationFn: (id: string) => twoFactorApi.deletePasskey(id),
    onSuccess: () => {
      toast.show({ message: t('com_ui_passkey_deleted'), severity: 'success' });
      return qc.invalidateQueries({ queryKey: PASSKEYS_KEY });
    },
    onError: () => toast.show({ message: t('com_ui_2fa_error'), severity: 'error' }),
  });

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    add.mutate(name.trim());
  };
  const passkeys = list.data?.passkeys ?? [];

  return (
    <Dialog
      open
      onClose={onClose}
      title={t('com_ui_passkeys')}
      description={t('com_ui_passkeys_hint')}
      data-testid="passkeys-dialog"
    >
      <div className="flex flex-col gap-4">
        {list.isPending ? (
          <div className="flex justify-center py-4">
            <Spinner size={20} />
          </div>
        ) : passkeys.length === 0 ? (
          <p className="text-sm text-text-secondary" data-testid="passkeys-empty">
            {t('com_ui_passkey_none')}
          </p>
        ) : (
          <ul className="flex flex-col divide-y divide-border-light" data-testid="passkeys-list">
            {passkeys.map((p) => (
              <li
                key={p.id}
                className="flex items-center justify-between gap-3 py-2"
                data-testid="passkey-item"
              >
                <div className="min-w-0">
                  <div className="truncate text-sm text-text-primary">{p.name}</div>
                  <div className="text-xs text-text-secondary">
                    {t('com_ui_passkey_created', { date: formatDate(p.createdAt, i18n.language) })}
                  </div>
                </div>
                <IconButton
                  label={t('com_ui_passkey_delete', { name: p.name })}
                  onClick={() => remove.mutate(p.id)}
                  disabled={remove.isPending}
                  data-testid="passkey-delete"
                >
                  <Trash2 className="size-4" aria-hidden />
                </IconButton>
              </li>
            ))}
          </ul>
        )}
        <form
          noValidate
          onSubmit={onSubmit}
          className="flex flex-col gap-3 border-t border-border-light pt-4"
        >
          <TextField
            label={t('com_ui_passkey_name')}
            value={name}
            maxLength={TWO_FACTOR_LIMITS.passkeyNameMax}
            onChange={(e) => setName(e.target.value)}
            data-testid="passkey-name"
          />
          <Button type="submit" loading={add.isPending} data-testid="passkey-add">
            {t('com_ui_passkey_add')}
          </Button>
        </form>
      </div>
    </Dialog>
  );
}
