import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
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
  helpAndFaqURL: '/faq',
  discordLoginEnabled: false,
  facebookLoginEnabled: true,
  githubLoginEnabled: true,
  googleLoginEnabled: true,
  openidLoginEnabled: true,
  openidLabel: 'Company SSO',
  openidImageUrl: '',
  appleLoginEnabled: false,
  samlLoginEnabled: false,
  samlLabel: '',
  samlImageUrl: '',
  socialLogins: ['openid', 'github', 'google', 'discord', 'facebook'],
  serverDomain: 'https://chat.example.com',
};
let current: StartupConfig = config;
vi.mock('../../api/config', () => ({ useStartupConfig: () => ({ data: current }) }));
const login = vi.hoisted(() => vi.fn(async () => undefined));
vi.mock('./auth-context', () => ({ useAuth: () => ({ status: 'unauthenticated', login }) }));

afterEach(() => {
  cleanup();
  current = config;
  login.mockClear();
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

  it('offers Apple and SAML where the file puts them, SAML with SAML_BUTTON_LABEL and SAML_IMAGE_URL', () => {
    const both: StartupConfig = {
      ...config,
      appleLoginEnabled: true,
      samlLoginEnabled: true,
      samlLabel: 'Corp SSO',
      samlImageUrl: 'https://example.com/corp.png',
      socialLogins: ['saml', 'github', 'apple'],
    };
    const { container } = render(<SocialLogins config={both} divider={false} />);
    expect(buttons().map((a) => [a.textContent, a.getAttribute('href')])).toEqual([
      ['Corp SSO', 'https://chat.example.com/oauth/saml'],
      ['Continue with Github', 'https://chat.example.com/oauth/github'],
      ['Continue with Apple', 'https://chat.example.com/oauth/apple'],
    ]);
    expect(container.querySelector('img')?.getAttribute('src')).toBe('https://example.com/corp.png');
  });

  it('labels the SAML button with its translated text when SAML_BUTTON_LABEL is unset', () => {
    render(
      <SocialLogins
        config={{ ...config, samlLoginEnabled: true, socialLogins: ['saml', 'apple'] }}
        divider={false}
      />,
    );
    // Apple is named but not configured: no button.
    expect(buttons().map((a) => a.textContent)).toEqual(['Continue with SAML']);
  });

  it('shows a refused SAML answer by its code', () => {
    render(
      <MemoryRouter initialEntries={['/login?error=saml_refused']}>
        <LoginPage />
      </MemoryRouter>,
    );
    expect(screen.getByTestId('auth-error').textContent).toMatch(/could not be verified/);
  });
});

describe('the login form with LDAP_LOGIN_USES_USERNAME', () => {
  const typeAndSubmit = (name: string) => {
    fireEvent.change(screen.getByTestId('login-email'), { target: { value: name } });
    fireEvent.change(screen.getByTestId('login-password'), { target: { value: 'secret' } });
    fireEvent.click(screen.getByTestId('login-submit'));
  };
  const page = () =>
    render(
      <MemoryRouter initialEntries={['/login']}>
        <LoginPage />
      </MemoryRouter>,
    );

  it('asks for a username, and sends one that is not an address', async () => {
    current = { ...config, ldap: { enabled: true, username: true } };
    page();
    expect(screen.getByLabelText('Username')).toBe(screen.getByTestId('login-email'));
    expect(screen.getByTestId('login-email').getAttribute('type')).toBe('text');
    typeAndSubmit(' jdoe ');
    await vi.waitFor(() => expect(login).toHaveBeenCalledWith({ email: 'jdoe', password: 'secret' }));
  });

  it('asks for an e-mail address otherwise (LDAP on without it, too), refusing a bare name', () => {
    current = { ...config, ldap: { enabled: true } };
    page();
    expect(screen.getByLabelText('Email address')).toBe(screen.getByTestId('login-email'));
    typeAndSubmit('jdoe');
    expect(screen.getByText('You must enter a valid email address')).toBeTruthy();
    expect(login).not.toHaveBeenCalled();
  });

  it('requires the username', () => {
    current = { ...config, ldap: { enabled: true, username: true } };
    page();
    typeAndSubmit('');
    expect(screen.getByText('Username is required')).toBeTruthy();
    expect(login).not.toHaveBeenCalled();
  });
});
