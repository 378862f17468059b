import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import type { User } from '@chat/contract';
import '../../app/i18n';
import { createSlotRegistry, Slot, SlotRegistryProvider } from '../../platform/slots';
import type * as AuthEntry from '../auth';
import { twoFactorSlots } from './slots';

const auth = vi.hoisted(() => ({ user: null as unknown }));
vi.mock('../auth', async (actual) => ({
  ...(await actual<typeof AuthEntry>()),
  useAuth: () => ({ user: auth.user }),
}));

afterEach(cleanup);

function Row({ label, hint, children }: { label: ReactNode; hint?: ReactNode; children: ReactNode }) {
  return (
    <div>
      <span>{label}</span>
      <span>{hint}</span>
      {children}
    </div>
  );
}

const show = (user: Partial<User>) => {
  auth.user = { id: 'u1', provider: 'local', ...user };
  render(
    <SlotRegistryProvider value={createSlotRegistry(twoFactorSlots)}>
      <Slot name="settings.account.rows" Row={Row} />
    </SlotRegistryProvider>,
  );
};

describe('Settings → Account, second factor', () => {
  it('offers Enable while off, Disable and Regenerate while on; passkeys where the browser has them', () => {
    vi.stubGlobal('PublicKeyCredential', function PublicKeyCredential() {});
    show({ twoFactorEnabled: false });
    expect(screen.getByTestId('two-factor-status').textContent).toBe('Off');
    expect(screen.getByTestId('two-factor-enable')).toBeTruthy();
    expect(screen.getByTestId('passkeys-manage')).toBeTruthy();
    cleanup();
    show({ twoFactorEnabled: true });
    expect(screen.getByTestId('two-factor-status').textContent).toBe('On');
    expect(screen.getByTestId('two-factor-disable')).toBeTruthy();
    expect(screen.getByTestId('two-factor-regenerate')).toBeTruthy();
    vi.unstubAllGlobals();
  });

  it('shows nothing for a device’s free-tier account, and no passkeys without WebAuthn', () => {
    show({ provider: 'freeTier' });
    expect(screen.queryByTestId('two-factor-status')).toBeNull();
    cleanup();
    show({});
    expect(screen.getByTestId('two-factor-status')).toBeTruthy();
    expect(screen.queryByTestId('passkeys-manage')).toBeNull();
  });
});
