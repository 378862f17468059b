import './texts';
import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Check } from 'lucide-react';
import { API_ROUTE_PATHS, shareUrl, type SocialBonusStatus, type SocialPlatform } from '@chat/contract';
import { callApi } from '../../api/call';
import { useStartupConfig } from '../../api/config';
import { ApiError } from '../../api/http';
import { queryKeys } from '../../api/keys';
import { Button } from '../../components/ui/Button';
import { formatNumber } from '../../config/locale';
import { useTranslation } from '../../hooks/useTranslation';

const socialBonusKey = ['socialMediaBonus'] as const;

const PLATFORM_NAMES: Record<SocialPlatform, string> = {
  x: 'X',
  facebook: 'Facebook',
  linkedin: 'LinkedIn',
  reddit: 'Reddit',
};

/** Opens the platform's share page in a new tab (before the claim: the click is the user's). */
function openShare(platform: SocialPlatform, appTitle: string): void {
  window.open(shareUrl(platform, window.location.origin, appTitle), '_blank', 'noopener,noreferrer');
}

/**
 * Settings → Account: "Share on X, get N tokens" per platform the server offers. A click opens the platform's share page and claims the bonus once; a
 * claimed platform shows so. Nothing shows when the server offers no bonus (or to free-tier users).
 */
export function SocialBonus({ inline = false }: { inline?: boolean }) {
  const { t, i18n } = useTranslation();
  const qc = useQueryClient();
  const appTitle = useStartupConfig().data?.appTitle ?? '';
  const [message, setMessage] = useState<{ text: string; error: boolean } | null>(null);
  const status = useQuery({
    queryKey: socialBonusKey,
    queryFn: () => callApi(API_ROUTE_PATHS.socialMediaBonus, {}),
  });
  const claim = useMutation({
    mutationFn: (platform: SocialPlatform) =>
      callApi(API_ROUTE_PATHS.claimSocialMediaBonus, { body: { platform } }),
    onSuccess: (answer) => {
      setMessage({
        text: t('com_nav_social_bonus_done', { tokens: formatNumber(answer.tokens, i18n.language) }),
        error: false,
      });
      qc.setQueryData(queryKeys.balance, answer.balance);
    },
    onError: (err) => {
      const claimed = err instanceof ApiError && err.status === 409;
      setMessage({
        text: t(claimed ? 'com_nav_social_bonus_claimed_already' : 'com_nav_social_bonus_error'),
        error: !claimed,
      });
    },
    onSettled: (_data, _err, platform) => {
      qc.setQueryData<SocialBonusStatus>(
        socialBonusKey,
        (old) =>
          old && {
            ...old,
            platforms: old.platforms.map((p) => (p.platform === platform ? { ...p, claimed: true } : p)),
          },
      );
      void qc.invalidateQueries({ queryKey: socialBonusKey });
    },
  });

  const offer = status.data;
  // Nothing offered (off, or a free-tier account), or an answer of another shape: no row.
  if (!offer || !Array.isArray(offer.platforms) || offer.platforms.length === 0) return null;
  const tokens = formatNumber(offer.tokens, i18n.language);
  return (
    <section
      aria-labelledby="social-bonus-title"
      // In the settings' list it is a row with its rule; inside another box (under a refusal) not.
      className={inline ? 'flex flex-col gap-3' : 'flex flex-col gap-3 border-b border-border-light py-3'}
      data-testid="social-bonus"
    >
      <div>
        <h3 id="social-bonus-title" className="text-sm font-normal text-text-primary">
          {t('com_nav_social_bonus')}
        </h3>
        <p className="mt-0.5 text-xs text-text-secondary">{t('com_nav_social_bonus_hint', { tokens })}</p>
      </div>
      <div className="flex flex-wrap gap-2">
        {offer.platforms.map(({ platform, claimed }) =>
          claimed ? (
            <span
              key={platform}
              className="inline-flex h-8 items-center gap-1 px-2 text-sm text-text-secondary"
              data-testid={`social-bonus-claimed-${platform}`}
            >
              <Check className="size-4" aria-hidden />
              {t('com_nav_social_bonus_claimed', { platform: PLATFORM_NAMES[platform] })}
            </span>
          ) : (
            <Button
              key={platform}
              size="sm"
              variant="secondary"
              loading={claim.isPending && claim.variables === platform}
              disabled={claim.isPending}
              data-testid={`social-bonus-${platform}`}
              onClick={() => {
                setMessage(null);
                openShare(platform, appTitle);
                claim.mutate(platform);
              }}
            >
              {t('com_nav_social_bonus_share', { platform: PLATFORM_NAMES[platform], tokens })}
            </Button>
          ),
        )}
      </div>
      {message && (
        <p
          role={message.error ? 'alert' : 'status'}
          className={message.error ? 'text-xs text-text-danger' : 'text-xs text-text-primary'}
          data-testid="social-bonus-message"
        >
          {message.text}
        </p>
      )}
    </section>
  );
}
