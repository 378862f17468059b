import { useState } from 'react';
import { KeyRound } from 'lucide-react';
import type { PublicKeyCredentialRequestOptionsJSON } from '@simplewebauthn/browser';
import { useSearchParams } from 'react-router';
import { Alert } from '../../components/ui/Alert';
import { Button } from '../../components/ui/Button';
import { useTranslation } from '../../hooks/useTranslation';
import { RETURN_PARAM, safeReturnPath, useAuth } from '../auth';
import { twoFactorApi } from './api';
import { cancelledByPerson, supportsPasskeys } from './webauthn';

/**
 * The login page's "Sign in with a passkey": the browser's passkey picker (any passkey of this
 * site), then the session. Shown only where the browser can use passkeys; the WebAuthn helper
 * loads on the press.
 */
export default function PasskeySignIn() {
  const { t } = useTranslation();
  const { switchSession } = useAuth();
  const [params] = useSearchParams();
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);
  if (!supportsPasskeys()) return null;

  const signIn = async () => {
    setBusy(true);
    setFailed(false);
    try {
      const { challengeId, options } = await twoFactorApi.loginOptions();
      const { startAuthentication } = await import('@simplewebauthn/browser');
      // The server's options, written by the same library's server side.
      const optionsJSON = options as unknown as PublicKeyCredentialRequestOptionsJSON;
      const answer = await startAuthentication({ optionsJSON });
      const session = await twoFactorApi.login(challengeId, { ...answer });
      switchSession(session, safeReturnPath(params.get(RETURN_PARAM)) ?? '/c/new');
    } catch (err) {
      if (!cancelledByPerson(err)) setFailed(true);
      setBusy(false);
    }
  };

  return (
    <div className="mt-4 flex flex-col gap-3">
      {failed && <Alert data-testid="passkey-error">{t('com_auth_passkey_failed')}</Alert>}
      <Button
        type="button"
        variant="secondary"
        size="lg"
        fullWidth
        loading={busy}
        onClick={() => void signIn()}
        data-testid="passkey-sign-in"
      >
        <KeyRound className="size-4" aria-hidden />
        {t('com_auth_passkey_sign_in')}
      </Button>
    </div>
  );
}
