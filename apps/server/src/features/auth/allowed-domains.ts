import type { AppConfig } from '../../config/app-config.js';

/**
 * Whether an address may sign up: librechat.yaml's `registration.allowedDomains` lists the domains
 * (LibreChat's `isDomainAllowed`); without the list every domain may. The domain is compared
 * without regard to case (DNS names have none), whole: `sub.example.com` is not `example.com`.
 * Used by registration here and by social sign-up.
 */
export function isEmailDomainAllowed(email: string, config: Pick<AppConfig, 'allowedDomains'>): boolean {
  const at = email.lastIndexOf('@');
  const domain =
    at > 0
      ? email
          .slice(at + 1)
          .trim()
          .toLowerCase()
      : '';
  if (!domain) return false;
  const allowed = config.allowedDomains;
  if (!allowed) return true;
  return allowed.some((d) => d.toLowerCase() === domain);
}
