import type { AskGate, StepContext } from './types.js';

/** gates: every gate of the features, in module order; the first refusal ends the request. */
export async function runGates(gates: readonly AskGate[], ctx: StepContext): Promise<void> {
  for (const gate of gates) await gate.check(ctx);
}
