import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import type { StartupConfig } from '@chat/contract';
import '../../app/i18n';
import LoginPage from './LoginPage';
import { SocialLogins } from './SocialLogins';

const config: StartupConfig = {
  appTitle: 'Chat',
  customFooter: null,
  checkBalance: false,
  registrationEnabled: true,
  emailLoginEnabled: true,
  socialLoginEnabled: true,
  emailEnabled: false,
  passwordResetEnabled: false,
  demoEndpoint: false,
  subscriptionsEnabled: false,
  freeTierEnabled: false,
  balanceHelpText: null,
  stripePublishableKey: null,
  stripeJsUrl: null,
  affiliateScriptUrl: null,
  affiliateReferUrl: null,
  contactEmail: null,
  socialLinks: [],
  discordLoginEnabled: false,
  facebookLoginEnabled: true,
  githubLoginEnabled: true,
  googleLoginEnabled: true,
  openidLoginEnabled: true,
  openidLabel: 'Company SSO',
  openidImageUrl: '',
  socialLogins: ['openid', 'github', 'google', 'discord', 'facebook'],
  serverDomain: 'https://chat.example.com',
};
let current: StartupConfig = config;
vi.mock('../../api/config', () => ({ useStartupConfig: () => ({ data: current }) }));
vi.mock('./auth-context', () => ({ useAuth: () => ({ status: 'unauthenticated', login: vi.fn() }) }));

afterEach(() => {
  cleanup();
  current = config;
});

const buttons = () =>
  screen.queryAllByRole('link').filter((a) => a.getAttribute('data-testid')?.startsWith('social-login-'));

describe('social sign-in buttons', () => {
  it('offers the configured providers in socialLogins order, each a navigation to /oauth/{provider}', () => {
    render(<SocialLogins config={config} divider />);
    expect(buttons().map((a) => [a.textContent, a.getAttribute('href')])).toEqual([
      ['Company SSO', 'https://chat.example.com/oauth/openid'],
      ['Continue with Github', 'https://chat.example.com/oauth/github'],
      ['Continue with Google', 'https://chat.example.com/oauth/google'],
      ['Continue with Facebook', 'https://chat.example.com/oauth/facebook'],
    ]);
    expect(screen.getByRole('separator').textContent).toBe('Or');
  });

  it('offers none while social login is off, whatever is configured', () => {
    render(<SocialLogins config={{ ...config, socialLoginEnabled: false }} divider />);
    expect(screen.queryByTestId('social-logins')).toBeNull();
  });

  it('shows the OpenID icon from OPENID_IMAGE_URL', () => {
    const { container } = render(
      <SocialLogins config={{ ...config, openidImageUrl: 'https://example.com/sso.png' }} divider={false} />,
    );
    expect(container.querySelector('img')?.getAttribute('src')).toBe('https://example.com/sso.png');
    expect(screen.queryByRole('separator')).toBeNull();
  });

  it('sits under the login form after the Or divider, and shows a callback error by its code', () => {
    render(
      <MemoryRouter initialEntries={['/login?error=oauth_email_unverified']}>
        <LoginPage />
      </MemoryRouter>,
    );
    expect(screen.getByTestId('auth-error').textContent).toBe(
      'The provider has not verified your email address, so it cannot be used to sign in.',
    );
    expect(screen.getByRole('separator')).toBeTruthy();
    expect(buttons()).toHaveLength(4);
  });

  it('ignores an unknown error code', () => {
    render(
      <MemoryRouter initialEntries={['/login?error=<script>']}>
        <LoginPage />
      </MemoryRouter>,
    );
    expect(screen.queryByTestId('auth-error')).toBeNull();
  });
});
