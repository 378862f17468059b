import { useTranslation } from '../../hooks/useTranslation';
import { Button } from '../../components/ui/Button';
import { useToast } from '../../components/ui/Toast';
import { useTwoStep } from './two-step';

/**
 * A button that asks twice: it reads `labelKey`, then, armed, `confirmKey`; the
 * second click runs the action and toasts its success or failure.
 */
export function TwoStepButton({
  labelKey,
  confirmKey,
  successKey,
  errorKey,
  action,
  testId,
}: {
  labelKey: string;
  confirmKey: string;
  successKey: string;
  errorKey: string;
  action: () => Promise<unknown>;
  testId: string;
}) {
  const { t } = useTranslation();
  const toast = useToast();
  const step = useTwoStep(async () => {
    try {
      await action();
      toast.show({ message: t(successKey), severity: 'success' });
    } catch (err) {
      toast.show({ message: t(errorKey), severity: 'error' });
      throw err;
    }
  });
  return (
    <Button
      size="sm"
      variant={step.armed ? 'danger' : 'secondary'}
      loading={step.running}
      data-testid={testId}
      data-armed={step.armed || undefined}
      onClick={() => void step.click().catch(() => {})}
      onBlur={(e) => {
        // Leaving the armed button (to anything but its own toast) disarms it.
        if (!e.currentTarget.contains(e.relatedTarget as Node | null) && !step.running) step.disarm();
      }}
    >
      {t(step.armed ? confirmKey : labelKey)}
    </Button>
  );
}
