/**
 * A ref callback that focuses its element once it is in the page: what React does for the
 * `autoFocus` prop. The app runs on Preact (docs/decisions.md), which only writes the attribute,
 * and a browser honours that attribute at page load alone. Stable, so it runs on mount only.
 */
export function focusOnMount(element: HTMLElement | null): void {
  element?.focus();
}
