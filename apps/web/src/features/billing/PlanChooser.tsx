import { useState } from 'react';
import clsx from 'clsx';
import { Check } from 'lucide-react';
import { PLANS, type Plan, type PlanId, type User } from '@chat/contract';
import { useStartupConfig } from '../../api/config';
import { Button } from '../../components/ui/Button';
import { Dialog } from '../../components/ui/Dialog';
import { Spinner } from '../../components/ui/Spinner';
import { useTranslation } from '../../hooks/useTranslation';
import { CheckoutError, checkoutUrl, goTo, serverMessage } from './api';
import { ExpressCheckout } from './express/ExpressCheckout';
import { effectivePlan, planOptions } from './plans';

const PLAN_NAME_KEYS: Record<PlanId, string> = {
  trial: 'com_subscription_plan_trial',
  weekly: 'com_subscription_plan_weekly',
  yearly: 'com_subscription_plan_yearly',
};

/**
 * The Premium Access plan chooser: a dialog on desktop, full screen
 * on small screens. The trial toggle is on for an eligible user (the first option is then the
 * 3-DAY FREE TRIAL, else Weekly Access); a used trial disables it. Checkout goes to Stripe's hosted
 * page, or, with a publishable key, through the express/wallet path (its own SDK, loaded only
 * here); `confirming` is the wait after coming back from either (or after the express path started
 * the trial), until the webhook made the user valid.
 */
export function PlanChooser({
  user,
  confirming: returned,
  onClose,
}: {
  user: User | null;
  confirming: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const eligible = user?.metadata.isEligibleFor3DayTrial === true;
  const [trialOn, setTrialOn] = useState(eligible);
  const [chosen, setChosen] = useState<PlanId | null>(null);
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState<string | null>(null);
  // The express path started the trial (no charge): wait, like after a checkout, for the user to be valid.
  const [trialStarted, setTrialStarted] = useState(false);
  const confirming = returned || trialStarted;
  const config = useStartupConfig().data;
  const express =
    config?.stripePublishableKey && config.stripeJsUrl
      ? { publishableKey: config.stripePublishableKey, scriptUrl: config.stripeJsUrl }
      : null;
  const options = planOptions(trialOn && eligible);
  // The first option follows the toggle: a choice of it follows too.
  const selected = effectivePlan(
    chosen === 'trial' || chosen === 'weekly' ? options[0]!.id : chosen,
    eligible,
  );

  const checkout = async () => {
    if (!selected) return;
    setLoading(true);
    setError(null);
    try {
      goTo(await checkoutUrl(selected, user?.email));
    } catch (err) {
      const own = err instanceof CheckoutError ? t(err.textKey) : null;
      setError(serverMessage(err) ?? own ?? t('com_error_payment'));
      setLoading(false);
    }
  };

  const priceLine = (plan: Plan) =>
    plan.id === 'trial'
      ? t('com_subscription_then_weekly', { price: plan.price })
      : t(plan.interval === 'year' ? 'com_subscription_per_year' : 'com_subscription_per_week', {
          price: plan.price,
        });

  return (
    <Dialog
      open
      onClose={onClose}
      size="sheet"
      title={t('com_subscription_premium_title')}
      description={confirming ? undefined : t('com_subscription_premium_subtitle')}
      data-testid="plan-chooser"
      footer={
        confirming ? null : (
          <Button
            onClick={() => void checkout()}
            disabled={!selected}
            loading={loading}
            fullWidth
            size="lg"
            data-testid="plan-checkout"
          >
            {t('com_subscription_continue')}
          </Button>
        )
      }
    >
      {confirming ? (
        <p
          aria-live="polite"
          className="flex items-center gap-3 py-6 text-sm text-text-secondary"
          data-testid="plan-confirming"
        >
          <Spinner size={20} />
          {t('com_subscription_confirming')}
        </p>
      ) : (
        <div className="flex flex-col gap-4 pt-2">
          <div className="flex items-center justify-between gap-4 rounded-xl border border-border-light px-4 py-3">
            <div className="min-w-0">
              <p className="text-sm font-medium text-text-primary" id="plan-trial-label">
                {t('com_subscription_trial_toggle')}
              </p>
              {!eligible && (
                <p className="text-xs text-text-secondary" data-testid="plan-trial-used">
                  {t('com_subscription_trial_used')}
                </p>
              )}
            </div>
            <button
              type="button"
              role="switch"
              aria-checked={trialOn && eligible}
              aria-labelledby="plan-trial-label"
              disabled={!eligible}
              data-testid="plan-trial-toggle"
              onClick={() => setTrialOn((on) => !on)}
              className={clsx(
                'relative inline-flex h-6 w-11 shrink-0 items-center rounded-full transition-colors',
                'focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring-primary disabled:opacity-50',
                trialOn && eligible ? 'bg-surface-submit' : 'bg-border-medium',
              )}
            >
              <span
                aria-hidden
                className={clsx(
                  'inline-block size-5 rounded-full bg-white shadow transition-transform',
                  trialOn && eligible
                    ? 'translate-x-[1.375rem] rtl:-translate-x-[1.375rem]'
                    : 'translate-x-0.5 rtl:-translate-x-0.5',
                )}
              />
            </button>
          </div>
          <div
            role="radiogroup"
            aria-label={t('com_subscription_premium_title')}
            className="flex flex-col gap-3"
          >
            {options.map((plan) => {
              const on = selected === plan.id;
              return (
                <button
                  key={plan.id}
                  type="button"
                  role="radio"
                  aria-checked={on}
                  data-testid={`plan-${plan.id}`}
                  onClick={() => setChosen(plan.id)}
                  className={clsx(
                    'flex items-center gap-3 rounded-xl border px-4 py-3 text-start transition-colors',
                    'focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring-primary',
                    on
                      ? 'border-ring-primary bg-surface-tertiary'
                      : 'border-border-medium hover:bg-surface-tertiary',
                  )}
                >
                  <span
                    aria-hidden
                    className={clsx(
                      'flex size-5 shrink-0 items-center justify-center rounded-full border',
                      on ? 'border-surface-submit bg-surface-submit text-white' : 'border-border-medium',
                    )}
                  >
                    {on && <Check className="size-3.5" />}
                  </span>
                  <span className="min-w-0 flex-1">
                    <span className="block text-sm font-semibold text-text-primary">
                      {t(PLAN_NAME_KEYS[plan.id])}
                    </span>
                    <span className="block text-sm text-text-secondary">{priceLine(plan)}</span>
                  </span>
                  {plan.save && (
                    <span className="shrink-0 rounded-full bg-surface-submit px-2 py-0.5 text-xs font-semibold text-white">
                      {t('com_subscription_save', { save: plan.save })}
                    </span>
                  )}
                </button>
              );
            })}
          </div>
          {express && selected && (
            <div className="flex flex-col gap-2 border-t border-border-light pt-4">
              <p className="text-xs text-text-secondary">{t('com_subscription_express_title')}</p>
              <ExpressCheckout
                key={selected}
                plan={PLANS[selected]}
                planName={t(PLAN_NAME_KEYS[selected])}
                email={user?.email}
                publishableKey={express.publishableKey}
                scriptUrl={express.scriptUrl}
                onTrialStarted={() => setTrialStarted(true)}
              />
            </div>
          )}
          {!selected && (
            <p className="text-sm text-text-secondary" data-testid="plan-select-hint">
              {t('com_subscription_select_plan')}
            </p>
          )}
          {error && (
            <p role="alert" className="text-sm text-text-danger" data-testid="plan-error">
              {error}
            </p>
          )}
        </div>
      )}
    </Dialog>
  );
}
