import { memo, useMemo } from 'react';
import { highlightSegments } from './highlight';

/**
 * `text` with the search terms marked; plain React text nodes (no HTML is ever parsed). The mark
 * has no horizontal padding, so Arabic letters still join across its edges.
 */
export const Highlighted = memo(function Highlighted({
  text,
  terms,
}: {
  text: string;
  terms: readonly string[];
}) {
  const segments = useMemo(() => highlightSegments(text, terms), [text, terms]);
  return (
    <>
      {segments.map((s, i) =>
        s.match ? (
          <mark
            key={i}
            data-testid="search-highlight"
            className="rounded-[3px] bg-amber-200 text-inherit dark:bg-amber-400/30 dark:text-amber-50"
          >
            {s.text}
          </mark>
        ) : (
          s.text
        ),
      )}
    </>
  );
});
