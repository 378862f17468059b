/** A checkbox with its label beside it, as the agent and assistant forms show their options. */
export function CheckField({
  label,
  checked,
  onChange,
  testId,
}: {
  label: string;
  checked: boolean;
  onChange: (v: boolean) => void;
  testId: string;
}) {
  return (
    <label className="flex cursor-pointer items-center gap-2 text-sm text-text-primary">
      <input
        type="checkbox"
        checked={checked}
        onChange={(e) => onChange(e.target.checked)}
        data-testid={testId}
        className="size-4 rounded border-border-medium accent-[var(--surface-submit,currentColor)] focus-visible:ring-2 focus-visible:ring-ring-primary"
      />
      {label}
    </label>
  );
}
