import { useEffect, useRef, useState, type FormEvent } from 'react';
import type { TwoFactorEnableResponse } from '@chat/contract';
import { Alert } from '../../components/ui/Alert';
import { Button } from '../../components/ui/Button';
import { Dialog } from '../../components/ui/Dialog';
import { Spinner } from '../../components/ui/Spinner';
import { useToast } from '../../components/ui/Toast';
import { useTranslation } from '../../hooks/useTranslation';
import { useAuth } from '../auth';
import { codeErrorKey, codeOf, twoFactorApi } from './api';
import { BackupCodes } from './BackupCodes';
import { CodeField } from './CodeField';

type Mode = 'enable' | 'disable' | 'regenerate';

/** The otpauth URL as a QR code image (the library loads with the set-up). */
function QrCode({ url }: { url: string }) {
  const { t } = useTranslation();
  const [src, setSrc] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    void import('qrcode')
      .then((qr) => qr.toDataURL(url, { margin: 1, width: 192, errorCorrectionLevel: 'M' }))
      .then((data) => live && setSrc(data))
      .catch((err: unknown) => console.warn('QR code:', err));
    return () => {
      live = false;
    };
  }, [url]);
  return (
    <div className="flex size-48 items-center justify-center self-center rounded-lg bg-white p-2">
      {src ? (
        <img src={src} width={176} height={176} alt={t('com_ui_scan_qr')} data-testid="two-factor-qr" />
      ) : (
        <Spinner size={20} />
      )}
    </div>
  );
}

/**
 * Two-factor authentication in Settings: `enable` starts the set-up (QR code and the key to type),
 * takes a code of the app to turn it on, then shows the backup codes once; `disable` and
 * `regenerate` ask a code of the app or a backup code first (regenerate then shows the new codes).
 */
export default function TwoFactorDialog({ mode, onClose }: { mode: Mode; onClose: () => void }) {
  const { t } = useTranslation();
  const toast = useToast();
  const { setUser } = useAuth();
  const [setup, setSetup] = useState<TwoFactorEnableResponse | null>(null);
  const [codes, setCodes] = useState<string[] | null>(null);
  const [code, setCode] = useState('');
  const [backup, setBackup] = useState(false);
  const [busy, setBusy] = useState(false);
  const [errorKey, setErrorKey] = useState<string | null>(null);
  const started = useRef(false);

  useEffect(() => {
    if (mode !== 'enable' || started.current) return;
    started.current = true;
    twoFactorApi.enable().then(setSetup, () => {
      toast.show({ message: t('com_ui_2fa_generate_error'), severity: 'error' });
      onClose();
    });
  }, [mode, onClose, t, toast]);

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    if (!code.trim()) {
      setErrorKey(backup ? 'com_ui_backup_code_required' : 'com_ui_2fa_code_required');
      return;
    }
    setBusy(true);
    setErrorKey(null);
    try {
      const given = codeOf(code, backup);
      if (mode === 'enable') {
        const token = given.token ?? '';
        await twoFactorApi.verify({ token });
        const { user } = await twoFactorApi.confirm(token);
        setUser(user);
        toast.show({ message: t('com_ui_2fa_enabled'), severity: 'success' });
        setCodes(setup?.backupCodes ?? []);
      } else if (mode === 'disable') {
        const { user } = await twoFactorApi.disable(given);
        setUser(user);
        toast.show({ message: t('com_ui_2fa_disabled'), severity: 'success' });
        onClose();
      } else {
        setCodes((await twoFactorApi.regenerate(given)).backupCodes);
      }
    } catch (err) {
      setErrorKey(codeErrorKey(err));
    } finally {
      setBusy(false);
    }
  };

  const title =
    mode === 'enable'
      ? t('com_ui_2fa_setup')
      : mode === 'disable'
        ? t('com_ui_2fa_disable')
        : t('com_ui_regenerate_backup');

  if (codes) {
    return (
      <Dialog
        open
        onClose={onClose}
        title={t('com_ui_backup_codes')}
        description={t('com_ui_backup_codes_hint')}
        data-testid="two-factor-dialog"
        footer={
          <Button onClick={onClose} data-testid="two-factor-done">
            {t('com_ui_done')}
          </Button>
        }
      >
        <BackupCodes codes={codes} />
      </Dialog>
    );
  }

  const formId = 'two-factor-form';
  return (
    <Dialog
      open
      onClose={onClose}
      title={title}
      description={
        mode === 'enable'
          ? t('com_ui_2fa_account_security')
          : mode === 'disable'
            ? t('com_ui_2fa_confirm_disable')
            : t('com_ui_2fa_confirm_regenerate')
      }
      data-testid="two-factor-dialog"
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            {t('com_ui_cancel')}
          </Button>
          <Button
            type="submit"
            form={formId}
            variant={mode === 'disable' ? 'danger' : 'primary'}
            loading={busy}
            disabled={mode === 'enable' && !setup}
            data-testid="two-factor-confirm"
          >
            {mode === 'disable' ? t('com_ui_2fa_disable') : t('com_ui_verify')}
          </Button>
        </>
      }
    >
      <form id={formId} noValidate onSubmit={(e) => void onSubmit(e)} className="flex flex-col gap-4">
        {mode === 'enable' &&
          (setup ? (
            <>
              <p className="text-sm text-text-secondary">{t('com_ui_scan_qr')}</p>
              <QrCode url={setup.otpauthUrl} />
              <div className="text-sm">
                <div className="text-text-secondary">{t('com_ui_2fa_secret_hint')}</div>
                <code
                  className="mt-1 block select-all break-all rounded-md bg-surface-tertiary px-2 py-1.5 font-mono text-text-primary"
                  data-testid="two-factor-secret"
                >
                  {setup.secret}
                </code>
              </div>
            </>
          ) : (
            <div className="flex justify-center py-6">
              <Spinner size={24} />
            </div>
          ))}
        {errorKey && <Alert data-testid="two-factor-error">{t(errorKey)}</Alert>}
        <CodeField
          key={backup ? 'backup' : 'app'}
          value={code}
          onChange={setCode}
          backup={backup}
          autoFocus={mode !== 'enable'}
          testId="two-factor-code"
        />
        {mode !== 'enable' && (
          <button
            type="button"
            className="self-start text-sm font-medium text-ring-primary hover:underline"
            onClick={() => {
              setBackup((b) => !b);
              setCode('');
              setErrorKey(null);
            }}
            data-testid="two-factor-switch"
          >
            {backup ? t('com_ui_use_2fa_code') : t('com_ui_use_backup_code')}
          </button>
        )}
      </form>
    </Dialog>
  );
}
