import { Link } from 'react-router';
import clsx from 'clsx';
import { PLANS, TRIAL_DAYS, type Plan, type PlanId } from '@chat/contract';
import { useTranslation } from '../../hooks/useTranslation';
import { FREE_TIER_STATE, TRY_NOW_HREF, primaryLinkClass } from './links';
import { SiteLayout } from './SiteLayout';
import { useSiteConfig } from './site-config';
import { usePageMeta } from './usePageMeta';

/** The plans' names as the plan chooser shows them. */
const PLAN_NAME_KEYS: Record<PlanId, string> = {
  trial: 'com_subscription_plan_trial',
  weekly: 'com_subscription_plan_weekly',
  yearly: 'com_subscription_plan_yearly',
};
/** In the order a visitor compares them: the two prices, then the trial that starts the weekly one. */
const SHOWN: readonly PlanId[] = ['weekly', 'yearly', 'trial'];

function PlanCard({ plan }: { plan: Plan }) {
  const { t } = useTranslation();
  const price =
    plan.id === 'trial'
      ? t('com_subscription_then_weekly', { price: plan.price })
      : t(plan.interval === 'year' ? 'com_subscription_per_year' : 'com_subscription_per_week', {
          price: plan.price,
        });
  return (
    <li
      data-testid={`pricing-${plan.id}`}
      className={clsx(
        'relative flex flex-col gap-3 rounded-xl border bg-surface-secondary p-6',
        plan.badge ? 'border-border-heavy' : 'border-border-light',
      )}
    >
      <h2 className="text-lg font-semibold text-text-primary">{t(PLAN_NAME_KEYS[plan.id])}</h2>
      <p className="text-3xl font-bold tracking-tight text-text-primary">
        {plan.id === 'trial' ? t('com_site_pricing_free_days', { days: TRIAL_DAYS }) : plan.price}
      </p>
      <p className="text-sm text-text-secondary">{price}</p>
      {plan.save && (
        <span className="self-start rounded-full bg-surface-submit px-3 py-1 text-xs font-semibold text-white">
          {t('com_subscription_save', { save: plan.save })}
        </span>
      )}
    </li>
  );
}

/** /pricing: the plans from the contract, and Try Now where the free tier is on. */
export default function PricingPage() {
  const { t } = useTranslation();
  const config = useSiteConfig();
  usePageMeta(t('com_site_pricing'), t('com_site_pricing_description'));
  return (
    <SiteLayout>
      <div data-testid="pricing" className="mx-auto w-full max-w-5xl px-4 py-10 sm:px-6 sm:py-16">
        <h1 className="mb-3 text-center text-3xl font-bold tracking-tight text-text-primary sm:text-4xl">
          {t('com_site_pricing_title')}
        </h1>
        <p className="mb-10 text-center text-text-secondary">{t('com_site_pricing_description')}</p>
        <ul className="grid gap-6 sm:grid-cols-3">
          {SHOWN.map((id) => (
            <PlanCard key={id} plan={PLANS[id]} />
          ))}
        </ul>
        {config?.freeTierEnabled && (
          <div className="mt-10 flex justify-center">
            <Link to={TRY_NOW_HREF} state={FREE_TIER_STATE} className={primaryLinkClass}>
              {t('com_site_try_now')}
            </Link>
          </div>
        )}
      </div>
    </SiteLayout>
  );
}
