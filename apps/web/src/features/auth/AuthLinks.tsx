import type { ReactNode } from 'react';
import { Link } from 'react-router';

/** An in-app link in the auth pages' style. */
export function AuthLink({ to, children, testId }: { to: string; children: ReactNode; testId?: string }) {
  return (
    <Link to={to} className="font-medium text-ring-primary hover:underline" data-testid={testId}>
      {children}
    </Link>
  );
}

/** A line of body text in an auth card. */
export function AuthText({ children, testId }: { children: ReactNode; testId?: string }) {
  return (
    <p className="text-sm leading-relaxed text-text-secondary" data-testid={testId}>
      {children}
    </p>
  );
}
