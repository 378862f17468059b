/**
 * The admin panel's error log section (business §4 Admin panel: logged-error search by code with
 * paging). The panel loads it lazily: `lazy(() => import('../admin-errors').then((m) => ({ default: m.ErrorLogSection })))`.
 */
export { ErrorLogSection } from './ErrorLogSection';
