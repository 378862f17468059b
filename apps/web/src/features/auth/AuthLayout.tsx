import type { ReactNode } from 'react';
import { useStartupConfig } from '../../api/config';
import { LegalLinks } from '../../components/LegalLinks';

interface AuthLayoutProps {
  title: string;
  children: ReactNode;
  footer?: ReactNode;
}

/** Centred card with the logo and app title above it. */
export function AuthLayout({ title, children, footer }: AuthLayoutProps) {
  const { data: config } = useStartupConfig();
  return (
    <main className="flex min-h-full flex-col items-center justify-center bg-surface-primary px-4 py-10 sm:py-16">
      <div className="mb-8 flex flex-col items-center gap-3">
        <img src="/favicon.svg" alt="" width={44} height={44} className="rounded-xl shadow-sm" />
        <span className="text-sm font-medium tracking-wide text-text-secondary">
          {config?.appTitle ?? '\u00a0'}
        </span>
      </div>
      <div className="w-full max-w-[400px] rounded-2xl border border-border-light bg-surface-secondary p-6 shadow-sm sm:p-8">
        <h1 className="mb-6 text-center text-2xl font-semibold tracking-tight text-text-primary">{title}</h1>
        {children}
      </div>
      {footer && <div className="mt-6 text-center text-sm text-text-secondary">{footer}</div>}
      <LegalLinks
        config={config?.interface}
        className="mt-6 flex justify-center gap-4 text-xs text-text-secondary"
      />
    </main>
  );
}
