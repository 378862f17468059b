import clsx from 'clsx';

/** An on/off switch (role switch), labelled by its row. */
export function Switch({
  checked,
  onChange,
  label,
  testId,
}: {
  checked: boolean;
  onChange: (checked: boolean) => void;
  label: string;
  testId?: string;
}) {
  return (
    <button
      type="button"
      role="switch"
      aria-checked={checked}
      aria-label={label}
      data-testid={testId}
      onClick={() => onChange(!checked)}
      className={clsx(
        'relative inline-flex h-6 w-11 shrink-0 items-center rounded-full transition-colors',
        'focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring-primary',
        checked ? 'bg-surface-submit' : 'bg-border-medium',
      )}
    >
      <span
        aria-hidden
        className={clsx(
          'inline-block size-5 rounded-full bg-white shadow transition-transform',
          checked
            ? 'translate-x-[1.375rem] rtl:-translate-x-[1.375rem]'
            : 'translate-x-0.5 rtl:-translate-x-0.5',
        )}
      />
    </button>
  );
}
