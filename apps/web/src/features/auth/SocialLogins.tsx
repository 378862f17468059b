import type { ReactNode } from 'react';
import { useTranslation } from '../../hooks/useTranslation';
import { isSocialProvider, oauthStartPath, type SocialProvider, type StartupConfig } from '@chat/contract';

const ICON = { width: 18, height: 18, 'aria-hidden': true } as const;

/** The providers' marks, small and inline (no request, no third-party origin). */
const ICONS: Record<Exclude<SocialProvider, 'openid' | 'saml'>, ReactNode> = {
  apple: (
    <svg viewBox="0 0 24 24" fill="currentColor" {...ICON}>
      <path d="M16.4 12.6c0-2.6 2.1-3.8 2.2-3.9-1.2-1.8-3.1-2-3.7-2-1.6-.2-3.1.9-3.9.9-.8 0-2-.9-3.4-.9-1.7 0-3.3 1-4.2 2.6-1.8 3.1-.5 7.7 1.3 10.2.9 1.2 1.9 2.6 3.2 2.6 1.3-.1 1.8-.8 3.3-.8 1.6 0 2 .8 3.4.8 1.4 0 2.3-1.3 3.1-2.5 1-1.4 1.4-2.8 1.4-2.9 0 0-2.7-1-2.7-4.1zM13.9 5c.7-.9 1.2-2 1-3.2-1 0-2.3.7-3 1.6-.7.8-1.2 2-1.1 3.1 1.2.1 2.3-.6 3.1-1.5z" />
    </svg>
  ),
  google: (
    <svg viewBox="0 0 48 48" {...ICON}>
      <path
        fill="#EA4335"
        d="M24 9.5c3.5 0 6.6 1.2 9.1 3.6l6.8-6.8C35.8 2.4 30.3 0 24 0 14.6 0 6.6 5.4 2.7 13.3l7.9 6.1C12.5 13.6 17.8 9.5 24 9.5z"
      />
      <path
        fill="#4285F4"
        d="M46.1 24.5c0-1.6-.1-3.1-.4-4.5H24v9h12.4c-.5 2.9-2.2 5.3-4.6 7l7.1 5.5c4.2-3.9 7.2-9.6 7.2-17z"
      />
      <path
        fill="#FBBC05"
        d="M10.5 28.6c-.5-1.4-.8-3-.8-4.6s.3-3.2.8-4.6l-7.9-6.1C1 16.6 0 20.2 0 24s1 7.4 2.7 10.7l7.8-6.1z"
      />
      <path
        fill="#34A853"
        d="M24 48c6.5 0 11.9-2.1 15.9-5.8l-7.1-5.5c-2.2 1.5-5 2.3-8.8 2.3-6.2 0-11.5-4.1-13.4-9.8l-7.9 6.1C6.6 42.6 14.6 48 24 48z"
      />
    </svg>
  ),
  github: (
    <svg viewBox="0 0 24 24" fill="currentColor" {...ICON}>
      <path d="M12 .5a11.5 11.5 0 0 0-3.6 22.4c.6.1.8-.3.8-.6v-2c-3.2.7-3.9-1.5-3.9-1.5-.5-1.3-1.3-1.7-1.3-1.7-1-.7.1-.7.1-.7 1.2.1 1.8 1.2 1.8 1.2 1 1.8 2.8 1.3 3.5 1 .1-.8.4-1.3.7-1.6-2.6-.3-5.3-1.3-5.3-5.7 0-1.3.5-2.3 1.2-3.1-.1-.3-.5-1.5.1-3.1 0 0 1-.3 3.2 1.2a11 11 0 0 1 5.8 0c2.2-1.5 3.2-1.2 3.2-1.2.6 1.6.2 2.8.1 3.1.8.8 1.2 1.8 1.2 3.1 0 4.4-2.7 5.4-5.3 5.7.4.4.8 1.1.8 2.2v3.3c0 .3.2.7.8.6A11.5 11.5 0 0 0 12 .5z" />
    </svg>
  ),
  discord: (
    <svg viewBox="0 0 24 24" fill="#5865F2" {...ICON}>
      <path d="M20.3 4.4A19.8 19.8 0 0 0 15.4 3l-.6 1.3a18.4 18.4 0 0 0-5.5 0L8.6 3a19.7 19.7 0 0 0-4.9 1.5C.6 9.1-.3 13.6.1 18.1a19.9 19.9 0 0 0 6 3l1.3-2a13 13 0 0 1-2-1l.5-.4a14.2 14.2 0 0 0 12.2 0l.5.4c-.6.4-1.3.7-2 1l1.3 2a19.8 19.8 0 0 0 6-3c.5-5.2-.9-9.7-3.6-13.7zM8 15.4c-1.2 0-2.2-1.1-2.2-2.4S6.8 10.6 8 10.6s2.2 1.1 2.2 2.4-1 2.4-2.2 2.4zm8 0c-1.2 0-2.2-1.1-2.2-2.4s1-2.4 2.2-2.4 2.2 1.1 2.2 2.4-1 2.4-2.2 2.4z" />
    </svg>
  ),
  facebook: (
    <svg viewBox="0 0 24 24" fill="#1877F2" {...ICON}>
      <path d="M24 12a12 12 0 1 0-13.9 11.9v-8.4h-3V12h3V9.4c0-3 1.8-4.7 4.5-4.7 1.3 0 2.7.2 2.7.2v3h-1.5c-1.5 0-2 .9-2 1.9V12h3.4l-.5 3.5h-2.9v8.4A12 12 0 0 0 24 12z" />
    </svg>
  ),
};

const OPENID_ICON = (
  <svg viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" {...ICON}>
    <circle cx="8" cy="15" r="4" />
    <path d="M10.8 12.2 20 3m-3 3 3 3m-6 0 3 3" strokeLinecap="round" strokeLinejoin="round" />
  </svg>
);

const ENABLED: Record<SocialProvider, keyof StartupConfig> = {
  github: 'githubLoginEnabled',
  google: 'googleLoginEnabled',
  discord: 'discordLoginEnabled',
  openid: 'openidLoginEnabled',
  facebook: 'facebookLoginEnabled',
  apple: 'appleLoginEnabled',
  saml: 'samlLoginEnabled',
};

/** The operator's own button (OpenID, SAML): its configured icon, else the generic key. */
function operatorIcon(imageUrl: string) {
  return imageUrl ? <img src={imageUrl} alt="" width={18} height={18} /> : OPENID_ICON;
}

/** The providers to offer, in the configured order: social login on and the provider configured. */
function offeredProviders(config: StartupConfig | undefined): SocialProvider[] {
  if (!config?.socialLoginEnabled) return [];
  const order = (config.socialLogins ?? []).filter(isSocialProvider);
  return [...new Set(order)].filter((p) => config[ENABLED[p]] === true);
}

/**
 * The social buttons under the login and register forms, after an "Or" divider when a form is
 * above them: each a full-page navigation to the server's /oauth/{provider}.
 */
export function SocialLogins({ config, divider }: { config: StartupConfig | undefined; divider: boolean }) {
  const { t } = useTranslation();
  const providers = offeredProviders(config);
  if (!config || providers.length === 0) return null;
  const label = (p: SocialProvider) =>
    p === 'openid'
      ? config.openidLabel
      : p === 'saml'
        ? config.samlLabel || t('com_auth_saml_login')
        : t(`com_auth_${p}_login`);
  const icon = (p: SocialProvider) =>
    p === 'openid'
      ? operatorIcon(config.openidImageUrl)
      : p === 'saml'
        ? operatorIcon(config.samlImageUrl)
        : ICONS[p];
  return (
    <div data-testid="social-logins">
      {divider && (
        <div className="my-5 flex items-center gap-3 text-xs uppercase text-text-tertiary" role="separator">
          <span className="h-px flex-1 bg-border-light" />
          {t('com_auth_or')}
          <span className="h-px flex-1 bg-border-light" />
        </div>
      )}
      <div className="flex flex-col gap-2">
        {providers.map((p) => (
          <a
            key={p}
            href={`${config.serverDomain}${oauthStartPath(p)}`}
            className="flex h-11 w-full items-center justify-center gap-3 rounded-lg border border-border-medium bg-surface-primary px-4 text-sm font-medium text-text-primary transition-colors hover:bg-surface-tertiary focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring-primary"
            data-testid={`social-login-${p}`}
          >
            {icon(p)}
            <span>{label(p)}</span>
          </a>
        ))}
      </div>
    </div>
  );
}
