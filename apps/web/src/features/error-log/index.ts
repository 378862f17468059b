/**
 * The admin panel's error log section (logged-error search by code with
 * paging). The panel loads it lazily: `lazy(() => import('.').then((m) => ({ default: m.ErrorLogSection })))`.
 */
export { ErrorLogSection } from './ErrorLogSection';
