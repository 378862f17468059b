/**
 * The delete-account wizard: 1 confirm (cancel or yes-continue), 2 an optional
 * reason (submit when one is typed, skip otherwise; back allowed), 3 the final warning (back or
 * delete). Deletion sends the reason.
 */
type DeleteStep = 1 | 2 | 3;

export interface DeleteWizardState {
  step: DeleteStep;
  reason: string;
}

export type DeleteWizardEvent =
  { type: 'continue' } | { type: 'back' } | { type: 'reason'; value: string } | { type: 'reset' };

export const DELETE_WIZARD_START: DeleteWizardState = { step: 1, reason: '' };

export function deleteWizard(state: DeleteWizardState, event: DeleteWizardEvent): DeleteWizardState {
  switch (event.type) {
    case 'continue':
      return state.step < 3 ? { ...state, step: (state.step + 1) as DeleteStep } : state;
    case 'back':
      return state.step > 1 ? { ...state, step: (state.step - 1) as DeleteStep } : state;
    case 'reason':
      return { ...state, reason: event.value };
    case 'reset':
      return DELETE_WIZARD_START;
  }
}

/** Step 2's button: submit once a reason is typed, skip otherwise. */
export const reasonButton = (reason: string): 'submit' | 'skip' => (reason.trim() ? 'submit' : 'skip');

/** The body of DELETE /api/user: the trimmed reason, or none. */
export function deleteBody(reason: string): { reason?: string } {
  const trimmed = reason.trim();
  return trimmed ? { reason: trimmed } : {};
}
