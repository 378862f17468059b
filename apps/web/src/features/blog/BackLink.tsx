import { Link } from 'react-router';

/** "← text" back to a list (a post to /blog, the editor to /blog/edit); the arrow flips in RTL. */
export function BackLink({ to, testId, label }: { to: string; testId: string; label: string }) {
  return (
    <Link
      to={to}
      data-testid={testId}
      className="inline-flex items-center gap-1 self-start rounded text-sm font-medium text-text-secondary hover:text-text-primary focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring-primary"
    >
      <span aria-hidden className="rtl:-scale-x-100">
        ←
      </span>
      {label}
    </Link>
  );
}
