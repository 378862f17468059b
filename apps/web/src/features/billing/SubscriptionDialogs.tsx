import type { User } from '@chat/contract';
import type { SubscriptionDialog } from './session';
import { PlanChooser } from './PlanChooser';
import { UpdatePaymentDialog } from './UpdatePaymentDialog';

export interface SubscriptionDialogsProps {
  dialog: SubscriptionDialog;
  confirming: boolean;
  user: User | null;
  onClose: () => void;
}

/** The dialog a refused send opens (its own chunk: /c/new's first paint does not carry it). */
export default function SubscriptionDialogs({ dialog, confirming, user, onClose }: SubscriptionDialogsProps) {
  return dialog === 'payment' ? (
    <UpdatePaymentDialog user={user} onClose={onClose} />
  ) : (
    <PlanChooser user={user} confirming={confirming} onClose={onClose} />
  );
}
