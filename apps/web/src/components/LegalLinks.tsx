import type { InterfaceConfig } from '@chat/contract';
import { useTranslation } from '../hooks/useTranslation';

type Link = { externalUrl?: string | undefined; openNewTab?: boolean | undefined } | undefined;

/** Only an http(s) address is made a link (the server checks it too). */
const safeUrl = (url: string | undefined) => (url && /^https?:\/\//i.test(url) ? url : undefined);

/**
 * The operator's privacy policy and terms of service links (librechat.yaml `interface`), where
 * LibreChat shows them: under the sign-in forms and in Settings. Nothing when neither is set.
 */
export function LegalLinks({
  config,
  className,
}: {
  config: InterfaceConfig | undefined;
  className?: string;
}) {
  const { t } = useTranslation();
  const links: Array<['com_ui_privacy_policy' | 'com_ui_terms_of_service', Link]> = [
    ['com_ui_privacy_policy', config?.privacyPolicy],
    ['com_ui_terms_of_service', config?.termsOfService],
  ];
  const shown = links.flatMap(([key, link]) => {
    const href = safeUrl(link?.externalUrl);
    return href ? [{ key, href, newTab: link?.openNewTab === true }] : [];
  });
  if (shown.length === 0) return null;
  return (
    <nav
      className={className ?? 'flex justify-center gap-4 text-xs text-text-secondary'}
      data-testid="legal-links"
    >
      {shown.map((l) => (
        <a
          key={l.key}
          href={l.href}
          className="underline-offset-2 hover:underline"
          {...(l.newTab ? { target: '_blank', rel: 'noopener noreferrer' } : {})}
        >
          {t(l.key)}
        </a>
      ))}
    </nav>
  );
}
