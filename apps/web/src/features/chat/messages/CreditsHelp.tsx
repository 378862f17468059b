import { Suspense } from 'react';
import { useStartupConfig } from '../../../api/config';
import { Button } from '../../../components/ui/Button';
import { useTranslation } from '../../../hooks/useTranslation';
import { SocialBonus } from '../../settings';
import { useChatRecovery } from './recovery';

/**
 * Under a refusal for want of credits: how to get more. The operator's own words
 * (BALANCE_HELP_TEXT), the social-media bonus while a platform is unclaimed, and the plan chooser
 * where subscriptions are on (a subscription pays instead of credits). With none of these, the
 * operator is the one to ask.
 */
export function CreditsHelp() {
  const { t } = useTranslation();
  const config = useStartupConfig().data;
  const { subscribe } = useChatRecovery();
  const operatorText = config?.balanceHelpText ?? null;
  return (
    <section
      aria-label={t('com_chat_credits_title')}
      data-testid="credits-help"
      className="flex flex-col gap-2 rounded-xl border border-border-light bg-surface-secondary px-3.5 py-3 text-sm text-text-primary"
    >
      <h3 className="font-semibold">{t('com_chat_credits_title')}</h3>
      {operatorText ? (
        <p data-testid="credits-help-operator" dir="auto" className="whitespace-pre-wrap break-words">
          {operatorText}
        </p>
      ) : (
        !subscribe && <p className="text-text-secondary">{t('com_chat_credits_ask_operator')}</p>
      )}
      {subscribe && (
        <div className="flex flex-wrap items-center gap-3">
          <p className="text-text-secondary">{t('com_chat_credits_subscribe_hint')}</p>
          <Button size="sm" data-testid="credits-help-subscribe" onClick={subscribe}>
            {t('com_chat_credits_subscribe')}
          </Button>
        </div>
      )}
      <Suspense fallback={null}>
        <SocialBonus inline />
      </Suspense>
    </section>
  );
}
