import type { ReactNode } from 'react';
import { MarketingFooter } from './MarketingFooter';
import { MarketingHeader } from './MarketingHeader';

/** A public page: the marketing header, the page, the footer. */
export function SiteLayout({ children }: { children: ReactNode }) {
  return (
    <div className="flex min-h-full flex-col bg-surface-primary text-text-primary">
      <MarketingHeader />
      <main className="flex flex-1 flex-col">{children}</main>
      <MarketingFooter />
    </div>
  );
}
