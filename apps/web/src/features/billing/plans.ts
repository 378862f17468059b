import { PLANS, type Plan, type PlanId } from '@chat/contract';

/**
 * Plan chooser: the first option is the free trial while its toggle is on (only an
 * eligible user has it on), else Weekly Access; Yearly is always there.
 */
export function planOptions(trialOn: boolean): Plan[] {
  return [trialOn ? PLANS.trial : PLANS.weekly, PLANS.yearly];
}

/** A trial chosen by a user who is no longer eligible falls back to weekly. */
export function effectivePlan(plan: PlanId | null, trialEligible: boolean): PlanId | null {
  return plan === 'trial' && !trialEligible ? 'weekly' : plan;
}
