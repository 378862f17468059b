import type { Message } from '@chat/contract';

export interface InputLockInput {
  /** A reply is generating. */
  submitting: boolean;
  /** The last message of the visible branch. */
  latest: Message | undefined;
  /** The endpoint and model chosen now (undefined where the person picks none: an assistant). */
  endpoint?: string | null | undefined;
  model?: string | null | undefined;
}

/**
 * The input waits ("Edit your message or Regenerate.") while the latest reply is unfinished or
 * failed. A failed reply lets go once another model is chosen: switching models is a way forward
 * of its own (a premium quota, a provider that is down), and the new question then goes beside the
 * failed one.
 */
export function inputLocked({ submitting, latest, endpoint, model }: InputLockInput): boolean {
  if (submitting || !latest || latest.isCreatedByUser) return false;
  if (latest.unfinished && !latest.error) return true;
  if (!latest.error) return false;
  const otherModel = !!endpoint && !!model && (endpoint !== latest.endpoint || model !== latest.model);
  return !otherModel;
}
