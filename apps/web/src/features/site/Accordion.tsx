import { useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { ChevronDown } from 'lucide-react';

export interface AccordionItem {
  title: string;
  content: ReactNode;
}

/**
 * The WAI-ARIA accordion pattern: each header is a button (Enter and Space toggle it natively)
 * with aria-expanded and aria-controls naming its region; ArrowDown / ArrowUp move between the
 * headers (wrapping), Home / End go to the first / last. Any number of panels may be open. On a
 * server-rendered page the same markup is driven by site/client.ts (`data-accordion`); the chevron
 * follows aria-expanded in CSS, so both only set that and the panel's `hidden`.
 */
export function Accordion({ items, headingLevel = 2 }: { items: AccordionItem[]; headingLevel?: 2 | 3 }) {
  const base = useId();
  const [open, setOpen] = useState<ReadonlySet<number>>(() => new Set());
  const buttons = useRef<(HTMLButtonElement | null)[]>([]);
  const Heading = headingLevel === 2 ? 'h2' : 'h3';

  const toggle = (i: number) =>
    setOpen((prev) => {
      const next = new Set(prev);
      if (!next.delete(i)) next.add(i);
      return next;
    });

  const onKeyDown = (e: KeyboardEvent<HTMLButtonElement>, i: number) => {
    const last = items.length - 1;
    const target =
      e.key === 'ArrowDown'
        ? i === last
          ? 0
          : i + 1
        : e.key === 'ArrowUp'
          ? i === 0
            ? last
            : i - 1
          : e.key === 'Home'
            ? 0
            : e.key === 'End'
              ? last
              : null;
    if (target === null) return;
    e.preventDefault();
    buttons.current[target]?.focus();
  };

  return (
    <div
      data-accordion=""
      className="divide-y divide-border-light rounded-xl border border-border-light bg-surface-secondary"
    >
      {items.map((item, i) => {
        const expanded = open.has(i);
        const headerId = `${base}-h${i}`;
        const panelId = `${base}-p${i}`;
        return (
          <div key={i}>
            <Heading className="m-0">
              <button
                ref={(el) => {
                  buttons.current[i] = el;
                }}
                id={headerId}
                type="button"
                aria-expanded={expanded}
                aria-controls={panelId}
                onClick={() => toggle(i)}
                onKeyDown={(e) => onKeyDown(e, i)}
                className="group flex w-full items-center justify-between gap-4 px-5 py-4 text-start text-base font-medium text-text-primary hover:bg-surface-tertiary focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-inset focus-visible:ring-ring-primary"
              >
                <span>{item.title}</span>
                <ChevronDown
                  aria-hidden
                  className="size-5 shrink-0 text-text-secondary transition-transform group-aria-expanded:rotate-180"
                />
              </button>
            </Heading>
            <div
              id={panelId}
              role="region"
              aria-labelledby={headerId}
              hidden={!expanded}
              className="px-5 pb-5 text-sm leading-relaxed text-text-secondary"
            >
              {item.content}
            </div>
          </div>
        );
      })}
    </div>
  );
}
