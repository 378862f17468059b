import { useLayoutEffect, useMemo, useRef, type KeyboardEvent } from 'react';
import clsx from 'clsx';
import { Check, ChevronDown } from 'lucide-react';
import type { EndpointsConfig, ModelSpec } from '@chat/contract';
import { useTranslation } from '../../hooks/useTranslation';
import { usePopover } from '../../hooks/usePopover';
import { EndpointIcon, endpointTypeFor } from './EndpointIcon';
import { endpointLabel } from './endpoint-menu';
import { specGroups } from './spec-menu';

export interface SpecsMenuProps {
  specs: readonly ModelSpec[];
  /** The spec in effect (its name), if any. */
  current: string | null;
  config: EndpointsConfig | undefined;
  onChoose: (spec: ModelSpec) => void;
  disabled?: boolean | undefined;
}

const itemClass =
  'flex min-h-11 w-full items-center gap-2.5 rounded-lg px-2.5 py-1.5 text-start text-sm text-text-primary outline-none hover:bg-surface-tertiary focus-visible:bg-surface-tertiary focus-visible:ring-2 focus-visible:ring-ring-primary';

function SpecIcon({
  spec,
  config,
  testId,
}: {
  spec: ModelSpec;
  config: EndpointsConfig | undefined;
  testId?: string;
}) {
  const endpoint = spec.preset.endpoint;
  return (
    <EndpointIcon
      testId={testId}
      type={endpointTypeFor(endpoint, config)}
      iconURL={spec.iconURL ?? config?.[endpoint]?.iconURL}
      isDemo={config?.[endpoint]?.isDemo}
    />
  );
}

/**
 * The operator's model specs (librechat.yaml `modelSpecs`): each a label, a description and an
 * icon, under its group's heading. Choosing one starts the chat on its preset. Arrow keys, Home
 * and End move, Enter picks, Escape closes.
 */
export function SpecsMenu({ specs, current, config, onChoose, disabled }: SpecsMenuProps) {
  const { t } = useTranslation();
  const { open, setOpen, close, panelId, triggerRef, panelRef } = usePopover();
  const groups = useMemo(() => specGroups(specs), [specs]);
  const chosen = specs.find((s) => s.name === current);
  const focusOnOpen = useRef(false);

  useLayoutEffect(() => {
    const panel = panelRef.current;
    if (!open || !panel || !focusOnOpen.current) return;
    focusOnOpen.current = false;
    (
      panel.querySelector<HTMLElement>('[aria-checked="true"]') ??
      panel.querySelector<HTMLElement>('[role="menuitemradio"]')
    )?.focus();
  });

  const openMenu = () => {
    focusOnOpen.current = true;
    setOpen(true);
  };

  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    const items = Array.from(panelRef.current?.querySelectorAll<HTMLElement>('[role="menuitemradio"]') ?? []);
    const index = items.indexOf(document.activeElement as HTMLElement);
    const move = (i: number) => items[(i + items.length) % items.length]?.focus();
    if (e.key === 'ArrowDown') move(index + 1);
    else if (e.key === 'ArrowUp') move(index - 1);
    else if (e.key === 'Home') move(0);
    else if (e.key === 'End') move(items.length - 1);
    else if (e.key === 'Escape') close();
    else if (e.key === 'Tab') return close(false);
    else return;
    e.preventDefault();
    e.stopPropagation();
  };

  const buttonText = chosen?.label ?? t('com_ui_model_spec_choose');
  return (
    <div className="relative min-w-0">
      <button
        ref={triggerRef}
        type="button"
        data-testid="spec-picker"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? panelId : undefined}
        aria-label={buttonText}
        aria-describedby={`${panelId}-what`}
        disabled={disabled || groups.length === 0}
        onClick={() => (open ? close(false) : openMenu())}
        onKeyDown={(e) => {
          if (e.key !== 'ArrowDown' && e.key !== 'ArrowUp') return;
          e.preventDefault();
          if (!open) openMenu();
        }}
        className={clsx(
          'inline-flex h-9 min-w-0 max-w-full items-center gap-2 rounded-lg px-2.5 text-sm font-medium',
          'text-text-primary hover:bg-surface-tertiary focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring-primary',
          'disabled:cursor-not-allowed disabled:opacity-50',
        )}
      >
        {chosen?.showIconInHeader === true && (
          <SpecIcon spec={chosen} config={config} testId="spec-picker-icon" />
        )}
        <span data-testid="spec-picker-label" className="min-w-0 truncate">
          {buttonText}
        </span>
        <ChevronDown className="size-4 shrink-0 text-text-tertiary" aria-hidden />
      </button>
      <span id={`${panelId}-what`} className="sr-only">
        {t('com_ui_model_specs')}
      </span>
      {open && (
        <div
          ref={panelRef}
          id={panelId}
          role="menu"
          aria-label={t('com_ui_model_specs')}
          data-testid="spec-menu"
          onKeyDown={onKeyDown}
          className={clsx(
            'z-40 overflow-y-auto overscroll-contain rounded-xl border border-border-light bg-surface-primary p-1.5 shadow-xl',
            'fixed inset-x-2 top-14 max-h-[calc(100dvh-4.5rem)]',
            'sm:absolute sm:inset-x-auto sm:start-0 sm:top-full sm:mt-2 sm:w-80 sm:max-h-[min(32rem,75vh)]',
          )}
        >
          {groups.map((g, gi) => {
            const headingId = `${panelId}-group-${gi}`;
            return (
              <div
                key={g.name ?? ''}
                role="group"
                aria-labelledby={g.name ? headingId : undefined}
                className={clsx(gi > 0 && 'mt-1 border-t border-border-light pt-1')}
              >
                {g.name && (
                  <p
                    id={headingId}
                    role="none"
                    dir="auto"
                    className="px-2.5 py-1.5 text-xs font-medium text-text-tertiary"
                  >
                    {/* A group named after an endpoint (LibreChat nests such specs under it) is headed
                        by the endpoint's label. */}
                    {config?.[g.name] ? endpointLabel(g.name, config, t) : g.name}
                  </p>
                )}
                {g.specs.map((spec) => {
                  const selected = spec.name === current;
                  return (
                    <button
                      key={spec.name}
                      type="button"
                      role="menuitemradio"
                      aria-checked={selected}
                      tabIndex={-1}
                      data-testid={`spec-item-${spec.name}`}
                      onClick={() => {
                        close();
                        onChoose(spec);
                      }}
                      className={itemClass}
                    >
                      {spec.showIconInMenu !== false && <SpecIcon spec={spec} config={config} />}
                      <span className="flex min-w-0 flex-1 flex-col">
                        <span dir="auto" className="truncate font-medium">
                          {spec.label}
                        </span>
                        {spec.description && (
                          <span dir="auto" className="line-clamp-2 text-xs text-text-tertiary">
                            {spec.description}
                          </span>
                        )}
                      </span>
                      {selected && <Check className="size-4 shrink-0 text-text-secondary" aria-hidden />}
                    </button>
                  );
                })}
              </div>
            );
          })}
        </div>
      )}
    </div>
  );
}
