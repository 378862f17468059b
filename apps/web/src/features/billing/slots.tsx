import { createContext, lazy, Suspense, useContext, useMemo, type ReactNode } from 'react';
import { useStartupConfig } from '../../api/config';
import { Button } from '../../components/ui/Button';
import { useTranslation } from '../../hooks/useTranslation';
import { fill, type SlotEntry, type Slots } from '../../platform/slots';
import { FreeTierNotice } from './FreeTierNotice';
import { useSubscriptionGate, type SubscriptionGate } from './useSubscriptionGate';
import { useSubscriptionRefusal } from './useSubscriptionRefusal';

// The plan chooser or Update Payment Method, in a chunk of their own loaded when one opens:
// /c/new's first paint carries only the send check.
const SubscriptionDialogs = lazy(() => import('./SubscriptionDialogs'));
// My Subscription's status and Edit button, loaded with the settings tab that shows them.
const SubscriptionStatusText = lazy(() =>
  import('./SubscriptionSetting').then((m) => ({ default: m.SubscriptionStatusText })),
);
const SubscriptionEditButton = lazy(() =>
  import('./SubscriptionSetting').then((m) => ({ default: m.SubscriptionEditButton })),
);

/** The chat view's subscription check, for its dialogs. */
const Gate = createContext<SubscriptionGate | null>(null);

/**
 * A send needs a valid subscription (where subscriptions are on): a refused one opens the plan
 * chooser or Update Payment Method and goes once the user is valid. A send the server refused
 * (402) opens its dialog, and an error reply offers the plan chooser.
 */
function SubscriptionScope({ children, send, canSend, error, provide }: Slots['chat.scope']) {
  const gate = useSubscriptionGate(send, canSend);
  const { refused } = gate;
  useSubscriptionRefusal(error, refused);
  const subscriptionsOn = useStartupConfig().data?.subscriptionsEnabled === true;
  const recovery = useMemo(
    () => ({ subscribe: subscriptionsOn ? () => refused('subscription_required') : null }),
    [subscriptionsOn, refused],
  );
  return (
    <Gate.Provider value={gate}>
      <provide.sendGuard value={gate.guard}>
        <provide.recovery value={recovery}>{children}</provide.recovery>
      </provide.sendGuard>
    </Gate.Provider>
  );
}

function OpenSubscriptionDialog(): ReactNode {
  const gate = useContext(Gate);
  if (!gate?.dialog) return null;
  return (
    <SubscriptionDialogs
      dialog={gate.dialog}
      confirming={gate.confirming}
      user={gate.user}
      onClose={gate.close}
    />
  );
}

function FreeMessagesLeft({ busy }: Slots['chat.input.above']) {
  return <FreeTierNotice busy={busy} />;
}

/** Settings → General, My Subscription: its status and renewal or end date; Edit opens the billing portal. */
function MySubscription({ Row }: Slots['settings.general.rows']) {
  const { t } = useTranslation();
  const enabled = useStartupConfig().data?.subscriptionsEnabled === true;
  if (!enabled) {
    return (
      <Row label={t('com_nav_my_subscription')} hint={t('com_nav_my_subscription_soon')}>
        {/* Without Stripe there is nothing to manage (My Subscription with an Edit button). */}
        <Button size="sm" variant="secondary" disabled data-testid="settings-subscription">
          {t('com_ui_edit')}
        </Button>
      </Row>
    );
  }
  return (
    <Row
      label={t('com_nav_my_subscription')}
      hint={
        <Suspense fallback={null}>
          <SubscriptionStatusText />
        </Suspense>
      }
    >
      <Suspense fallback={null}>
        <SubscriptionEditButton testId="settings-subscription" />
      </Suspense>
    </Row>
  );
}

/** What billing adds to the chat screen and the settings. */
export const billingSlots: readonly SlotEntry<Slots>[] = [
  fill('chat.scope', { id: 'billing.subscription', component: SubscriptionScope }),
  fill('chat.input.above', { id: 'billing.free-tier', component: FreeMessagesLeft }),
  // Last of the screen's dialogs, where the chat view drew it before it was a fill.
  fill('chat.dialogs', { id: 'billing.subscription', order: 10, component: OpenSubscriptionDialog }),
  fill('settings.general.rows', { id: 'billing.subscription', component: MySubscription }),
];
