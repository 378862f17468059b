import { useCallback, useLayoutEffect, useRef } from 'react';
// eslint-disable-next-line no-restricted-imports -- the one wrapper around it
import { useNavigate, type NavigateFunction, type NavigateOptions, type To } from 'react-router';

/**
 * `useNavigate()` that keeps one identity for the component's life. Outside a data router,
 * react-router's own returns a new function on every location change, so an effect or callback
 * depending on it would re-run on each navigation (the session refresh, the search debounce) and
 * memoised rows would re-render. Every path this app navigates to is absolute, so calling the
 * latest function is equivalent.
 */
export function useStableNavigate(): NavigateFunction {
  const navigate = useNavigate();
  const latest = useRef(navigate);
  useLayoutEffect(() => {
    latest.current = navigate;
  });
  return useCallback(
    ((to: To | number, options?: NavigateOptions) =>
      typeof to === 'number' ? latest.current(to) : latest.current(to, options)) as NavigateFunction,
    [],
  );
}
