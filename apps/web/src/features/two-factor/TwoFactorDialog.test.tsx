import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { User } from '@chat/contract';
import '../../app/i18n';
import { ApiError } from '../../api/http';
import { ToastProvider } from '../../components/ui/Toast';
import { twoFactorApi } from './api';
import type * as ApiModule from './api';
import type * as AuthEntry from '../auth';
import TwoFactorDialog from './TwoFactorDialog';

const setUser = vi.fn();
vi.mock('../auth', async (actual) => ({
  ...(await actual<typeof AuthEntry>()),
  useAuth: () => ({ setUser }),
}));
vi.mock('qrcode', () => ({ toDataURL: async () => 'data:image/png;base64,AA' }));
vi.mock('./api', async (actual) => {
  const real = await actual<typeof ApiModule>();
  return {
    ...real,
    twoFactorApi: {
      ...real.twoFactorApi,
      enable: vi.fn(),
      verify: vi.fn(),
      confirm: vi.fn(),
      disable: vi.fn(),
      regenerate: vi.fn(),
    },
  };
});
const api = vi.mocked(twoFactorApi);
const USER = { id: 'u1', twoFactorEnabled: true } as unknown as User;
const CODES = Array.from({ length: 10 }, (_, i) => `0000000${i}`);

beforeEach(() => {
  vi.clearAllMocks();
});
afterEach(cleanup);

const show = (mode: 'enable' | 'disable' | 'regenerate', onClose = vi.fn()) => {
  render(
    <ToastProvider>
      <TwoFactorDialog mode={mode} onClose={onClose} />
    </ToastProvider>,
  );
  return onClose;
};
const submit = (code: string) => {
  fireEvent.change(screen.getByTestId('two-factor-code'), { target: { value: code } });
  fireEvent.click(screen.getByTestId('two-factor-confirm'));
};

describe('two-factor authentication in Settings', () => {
  it('enable: the QR code and the key, a code turns it on, then the backup codes once', async () => {
    api.enable.mockResolvedValue({
      secret: 'JBSWY3DPEHPK3PXP',
      otpauthUrl: 'otpauth://totp/x',
      backupCodes: CODES,
    });
    api.verify.mockResolvedValue({});
    api.confirm.mockResolvedValue({ user: USER });
    show('enable');
    expect((await screen.findByTestId('two-factor-secret')).textContent).toBe('JBSWY3DPEHPK3PXP');
    expect((await screen.findByTestId('two-factor-qr')).getAttribute('alt')).toBe(
      'Scan this QR code with your authenticator app',
    );
    submit('123456');
    await waitFor(() => expect(screen.getByTestId('backup-codes').querySelectorAll('li')).toHaveLength(10));
    expect(api.verify).toHaveBeenCalledWith({ token: '123456' });
    expect(api.confirm).toHaveBeenCalledWith('123456');
    expect(setUser).toHaveBeenCalledWith(USER);
  });

  it('enable: a wrong code is said wrong and nothing turns on', async () => {
    api.enable.mockResolvedValue({
      secret: 'JBSWY3DPEHPK3PXP',
      otpauthUrl: 'otpauth://totp/x',
      backupCodes: CODES,
    });
    api.verify.mockRejectedValue(new ApiError(400, 'validation_error', 'Invalid token or backup code.'));
    show('enable');
    await screen.findByTestId('two-factor-secret');
    submit('000000');
    expect((await screen.findByTestId('two-factor-error')).textContent).toBe(
      'Invalid two-factor authentication code',
    );
    expect(api.confirm).not.toHaveBeenCalled();
  });

  it('disable with a backup code, then closes', async () => {
    api.disable.mockResolvedValue({ user: { ...USER, twoFactorEnabled: false } });
    const onClose = show('disable');
    fireEvent.click(screen.getByTestId('two-factor-switch'));
    submit('deadbeef');
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(api.disable).toHaveBeenCalledWith({ backupCode: 'deadbeef' });
  });

  it('regenerate asks a code, then shows the new codes; too many tries is said so', async () => {
    api.regenerate.mockRejectedValueOnce(new ApiError(429, 'too_many_requests', 'Too many'));
    show('regenerate');
    submit('111111');
    expect((await screen.findByTestId('two-factor-error')).textContent).toBe(
      'Too many attempts. Please wait a few minutes and try again.',
    );
    api.regenerate.mockResolvedValue({ backupCodes: CODES });
    submit('222222');
    await waitFor(() => expect(screen.getByTestId('backup-codes').querySelectorAll('li')).toHaveLength(10));
  });
});
