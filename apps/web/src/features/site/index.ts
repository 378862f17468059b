/** What other features may use of the public site: its page frame and page meta. */
export { SiteLayout } from './SiteLayout';
export { usePageMeta } from './usePageMeta';
