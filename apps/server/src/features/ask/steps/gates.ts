import type { AskGate, AskHold, ReplySpend, StepContext } from './types.js';

/**
 * gates: every gate of the features, in the order given (the order they declare, gate-order.ts);
 * the first refusal ends the request, and what the gates before it reserved is released. Answers
 * the holds of the gates that reserved.
 */
export async function runGates(gates: readonly AskGate[], ctx: StepContext): Promise<AskHold[]> {
  const holds: AskHold[] = [];
  try {
    for (const gate of gates) {
      const hold = await gate.check(ctx);
      if (hold) holds.push(hold);
    }
  } catch (err) {
    await settleHolds(holds, null);
    throw err;
  }
  return holds;
}

/** Settles (or, with null, releases) every hold; they never reject. */
export async function settleHolds(holds: readonly AskHold[], spent: ReplySpend | null): Promise<void> {
  await Promise.all(holds.map((h) => h.settle(spent)));
}
