import type { User } from '@chat/contract';
import type { SubscriptionDialog } from './session';
import { PlanChooser } from './PlanChooser';
import { TrialEndedDialog } from './TrialEndedDialog';
import { UpdatePaymentDialog } from './UpdatePaymentDialog';

export interface SubscriptionDialogsProps {
  dialog: SubscriptionDialog;
  confirming: boolean;
  user: User | null;
  onClose: () => void;
}

/** The dialog a refused send opens (Trial Ended for a free-tier user) (its own chunk: /c/new's first paint does not carry it). */
export default function SubscriptionDialogs({ dialog, confirming, user, onClose }: SubscriptionDialogsProps) {
  if (dialog === 'trialEnded') return <TrialEndedDialog onClose={onClose} />;
  return dialog === 'payment' ? (
    <UpdatePaymentDialog user={user} onClose={onClose} />
  ) : (
    <PlanChooser user={user} confirming={confirming} onClose={onClose} />
  );
}
