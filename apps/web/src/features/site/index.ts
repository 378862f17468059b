/** What other features may use of the public site: its page frame and page meta. */
export { SiteLayout } from './SiteLayout';
export { usePageMeta } from './usePageMeta';
export { SiteConfigProvider } from './site-config';
export { default as LandingPage } from './LandingPage';
export { default as FaqPage } from './FaqPage';
export { default as PricingPage } from './PricingPage';
