import { useLayoutEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import clsx from 'clsx';
import { useTranslation } from '../../hooks/useTranslation';
import { Check, ChevronDown, ChevronRight, Eye, EyeOff } from 'lucide-react';
import type { EndpointsConfig, ModelsConfig, PremiumStatus } from '@chat/contract';
import { usePremiumStatus } from '../../api/premium';
import { EndpointIcon } from './EndpointIcon';
import { KeyButton } from '../user-keys';
import { endpointLabel, isPremiumOn, menuGroups, modelLabel, type MenuGroup } from './endpoint-menu';
import { premiumNote } from './premium-note';
import { useHiddenEndpoints } from './hidden-endpoints';
import { usePopover } from '../../hooks/usePopover';

export interface EndpointMenuProps {
  config: EndpointsConfig | undefined;
  models: ModelsConfig | undefined;
  endpoint: string | null;
  model: string | null;
  onChoose: (endpoint: string, model: string) => void;
  onConfigureKey: (endpoint: string) => void;
  disabled?: boolean;
}

const NAV = '[data-nav]';

/** The menu's `nav` control of one endpoint (its header, its Show button). */
const byEndpoint = (panel: HTMLElement, nav: string, endpoint: string) =>
  Array.from(panel.querySelectorAll<HTMLElement>(`[data-nav="${nav}"]`)).find(
    (el) => el.dataset.endpoint === endpoint,
  );

const iconButtonClass =
  'inline-flex size-9 shrink-0 items-center justify-center rounded-lg text-text-tertiary outline-none hover:bg-surface-tertiary hover:text-text-primary focus-visible:bg-surface-tertiary focus-visible:ring-2 focus-visible:ring-ring-primary';

const itemClass =
  'flex min-h-10 w-full items-center gap-2.5 rounded-lg px-2.5 text-start text-sm text-text-primary outline-none hover:bg-surface-tertiary focus-visible:bg-surface-tertiary focus-visible:ring-2 focus-visible:ring-ring-primary';

/**
 * The endpoint menu: the endpoints in the server's order, each opening onto its models
 * (their display names when relabelled); an endpoint whose key the person brings has a config-key
 * button. Arrow keys move, Right/Left open and close an endpoint, Enter picks, Escape closes.
 */
export function EndpointMenu({
  config,
  models,
  endpoint,
  model,
  onChoose,
  onConfigureKey,
  disabled,
}: EndpointMenuProps) {
  const { t } = useTranslation();
  const { open, setOpen, close, panelId, triggerRef, panelRef } = usePopover();
  const groups = useMemo(() => menuGroups(config, models, t), [config, models, t]);
  // Endpoints the person hid wait at the end of the menu, each with a Show button; one endpoint
  // always stays (a list that hides everything shows everything).
  const [hiddenNames, setHidden] = useHiddenEndpoints();
  const visible = groups.filter((g) => !hiddenNames.includes(g.name));
  const shown = visible.length > 0 ? visible : groups;
  const hiddenGroups = shown === groups ? [] : groups.filter((g) => hiddenNames.includes(g.name));
  const [expanded, setExpanded] = useState<ReadonlySet<string>>(new Set());
  /** Where the focus goes after the next render (found in the panel). */
  const focusNext = useRef<((panel: HTMLElement) => HTMLElement | null | undefined) | null>(null);

  const current = groups.find((g) => g.name === endpoint);
  const endpointText = endpoint ? endpointLabel(endpoint, config, t) : t('com_chat_no_endpoint');
  const modelText = endpoint && model ? modelLabel(endpoint, model, config, t) : t('com_error_no_model');
  // Premium models are marked before a send is refused: the uses left show on the button while
  // one is chosen, and on each premium model of the open menu.
  const premiumChosen = !!endpoint && !!model && isPremiumOn(endpoint, model, config);
  const premium = usePremiumStatus(
    premiumChosen || (open && groups.some((g) => g.models.some((m) => m.premium))),
  );
  const premiumStatus = premium.data;
  const chosenNote = premiumChosen ? premiumNote(premiumStatus, t) : null;
  const chipLeft = premiumStatus?.limited ? premiumStatus.usesLeft : null;
  const chipText = !premiumChosen
    ? null
    : chipLeft === null
      ? t('com_endpoint_premium')
      : t('com_endpoint_premium_left_short', { left: chipLeft });

  useLayoutEffect(() => {
    const panel = panelRef.current;
    if (!open || !panel || !focusNext.current) return;
    const target = focusNext.current(panel);
    focusNext.current = null;
    (target ?? panel.querySelector<HTMLElement>(NAV))?.focus();
  });

  const openMenu = () => {
    setExpanded(new Set(endpoint ? [endpoint] : []));
    focusNext.current = (panel) =>
      panel.querySelector<HTMLElement>('[role="menuitemradio"][aria-checked="true"]');
    setOpen(true);
  };

  const toggle = (name: string, to = !expanded.has(name)) =>
    setExpanded((s) => {
      const next = new Set(s);
      if (to) next.add(name);
      else next.delete(name);
      return next;
    });

  const choose = (name: string, value: string) => {
    close();
    onChoose(name, value);
  };

  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    const items = Array.from(panelRef.current?.querySelectorAll<HTMLElement>(NAV) ?? []);
    const active = document.activeElement as HTMLElement | null;
    const index = active ? items.indexOf(active) : -1;
    const group = active?.closest<HTMLElement>('[data-group]')?.dataset.group;
    const move = (i: number) => items[(i + items.length) % items.length]?.focus();
    // A group opens the way text reads: right, or left in a right-to-left language.
    const rtl = getComputedStyle(e.currentTarget).direction === 'rtl';
    const [open, shut] = rtl ? ['ArrowLeft', 'ArrowRight'] : ['ArrowRight', 'ArrowLeft'];
    if (e.key === 'ArrowDown') move(index + 1);
    else if (e.key === 'ArrowUp') move(index - 1);
    else if (e.key === 'Home') move(0);
    else if (e.key === 'End') move(items.length - 1);
    else if (e.key === open && group && active?.dataset.nav === 'header') {
      if (expanded.has(group)) move(index + 1);
      else toggle(group, true);
    } else if (e.key === shut && group) {
      focusNext.current = (panel) =>
        Array.from(panel.querySelectorAll<HTMLElement>('[data-group]'))
          .find((el) => el.dataset.group === group)
          ?.querySelector<HTMLElement>('[data-nav="header"]');
      toggle(group, false);
    } else if (e.key === 'Escape') close();
    else if (e.key === 'Tab') return close(false);
    else return;
    e.preventDefault();
    e.stopPropagation();
  };

  return (
    <div className="relative min-w-0">
      <button
        ref={triggerRef}
        type="button"
        data-testid="endpoint-picker"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? panelId : undefined}
        // The name is what the button shows (assistive speech and voice control match what is
        // seen); what it is for is its description.
        aria-label={`${endpointText}, ${modelText}${chipText ? `, ${chipText}` : ''}`}
        aria-describedby={chosenNote ? `${panelId}-what ${panelId}-note` : `${panelId}-what`}
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
        {current && <EndpointIcon type={current.type} iconURL={current.iconURL} isDemo={current.isDemo} />}
        <span className="shrink-0 truncate max-sm:max-w-[7rem]">{endpointText}</span>{' '}
        {/* A model id is Latin text: in a right-to-left page it keeps its own direction, so a long
            one loses its end to the ellipsis, not its beginning. */}
        <span
          dir="auto"
          data-testid="endpoint-picker-model"
          className="min-w-0 truncate font-normal text-text-secondary"
        >
          {modelText}
        </span>
        {chipText && <PremiumChip text={chipText} spent={chipLeft === 0} title={chosenNote ?? undefined} />}
        <ChevronDown className="size-4 shrink-0 text-text-tertiary" aria-hidden />
      </button>
      {/* Outside the button: inside, it would count as shown text that its name lacks. */}
      <span id={`${panelId}-what`} className="sr-only">
        {t('com_endpoint_menu')}
      </span>
      {chosenNote && (
        <span id={`${panelId}-note`} className="sr-only">
          {chosenNote}
        </span>
      )}
      {open && (
        <div
          ref={panelRef}
          id={panelId}
          role="menu"
          aria-label={t('com_endpoint_menu')}
          data-testid="endpoint-menu"
          onKeyDown={onKeyDown}
          className={clsx(
            'z-40 overflow-y-auto overscroll-contain rounded-xl border border-border-light bg-surface-primary p-1.5 shadow-xl',
            'fixed inset-x-2 top-14 max-h-[calc(100dvh-4.5rem)]',
            'sm:absolute sm:inset-x-auto sm:start-0 sm:top-full sm:mt-2 sm:w-80 sm:max-h-[min(32rem,75vh)]',
          )}
        >
          {shown.map((g) => (
            <EndpointGroup
              key={g.name}
              group={g}
              config={config}
              onHide={
                shown.length > 1
                  ? () => {
                      // The focus goes to the endpoint's Show button: the way back is one key away.
                      focusNext.current = (panel) => byEndpoint(panel, 'show', g.name);
                      setHidden(g.name, true);
                    }
                  : undefined
              }
              premium={premiumStatus}
              expanded={expanded.has(g.name)}
              selected={g.name === endpoint ? model : null}
              onToggle={() => toggle(g.name)}
              onChoose={(value) => choose(g.name, value)}
              onConfigureKey={() => {
                close(false);
                onConfigureKey(g.name);
              }}
            />
          ))}
          {hiddenGroups.length > 0 && (
            <div
              role="group"
              aria-labelledby={`${panelId}-hidden`}
              className="mt-1 border-t border-border-light pt-1"
            >
              <p
                id={`${panelId}-hidden`}
                role="none"
                className="px-2.5 py-1.5 text-xs font-medium text-text-tertiary"
              >
                {t('com_endpoint_hidden')}
              </p>
              {hiddenGroups.map((g) => (
                <div
                  key={g.name}
                  data-testid={`endpoint-hidden-${g.name}`}
                  className="flex min-h-9 items-center gap-2.5 ps-2.5 text-sm text-text-tertiary"
                >
                  <EndpointIcon type={g.type} iconURL={g.iconURL} isDemo={g.isDemo} />
                  <span className="min-w-0 flex-1 truncate">{g.label}</span>
                  <button
                    type="button"
                    role="menuitem"
                    tabIndex={-1}
                    data-nav="show"
                    data-endpoint={g.name}
                    data-testid={`endpoint-show-${g.name}`}
                    aria-label={t('com_endpoint_show', { endpoint: g.label })}
                    title={t('com_endpoint_show', { endpoint: g.label })}
                    onClick={() => {
                      focusNext.current = (panel) => byEndpoint(panel, 'header', g.name);
                      setHidden(g.name, false);
                    }}
                    className={iconButtonClass}
                  >
                    <Eye className="size-4" aria-hidden />
                  </button>
                </div>
              ))}
            </div>
          )}
        </div>
      )}
    </div>
  );
}

interface EndpointGroupProps {
  group: MenuGroup;
  config: EndpointsConfig | undefined;
  /** The person's premium uses (once known). */
  premium: PremiumStatus | undefined;
  expanded: boolean;
  /** The chosen model when this is the chosen endpoint. */
  selected: string | null;
  onToggle: () => void;
  onChoose: (model: string) => void;
  onConfigureKey: () => void;
  /** Hides the endpoint from the menu (absent for the last one shown). */
  onHide: (() => void) | undefined;
}

function EndpointGroup({
  group: g,
  config,
  premium,
  expanded,
  selected,
  onToggle,
  onChoose,
  onConfigureKey,
  onHide,
}: EndpointGroupProps) {
  const { t } = useTranslation();
  const Chevron = expanded ? ChevronDown : ChevronRight;
  return (
    <div data-group={g.name} data-testid={`endpoint-group-${g.name}`}>
      <div className="flex items-center gap-1">
        <button
          type="button"
          role="menuitem"
          tabIndex={-1}
          data-nav="header"
          data-endpoint={g.name}
          data-testid={`endpoint-item-${g.name}`}
          aria-expanded={expanded}
          onClick={onToggle}
          className={clsx(itemClass, 'min-w-0 flex-1 font-medium')}
        >
          <Chevron className="-mx-1 size-4 shrink-0 text-text-tertiary rtl:-scale-x-100" aria-hidden />
          <EndpointIcon type={g.type} iconURL={g.iconURL} isDemo={g.isDemo} />
          <span className="flex min-w-0 flex-1 flex-col">
            <span className="flex items-center gap-2">
              <span className="truncate">{g.label}</span>
              {g.beta && (
                <span className="rounded bg-surface-tertiary px-1.5 py-0.5 text-[11px] font-medium text-text-secondary">
                  {t('com_ui_beta')}
                </span>
              )}
              {selected !== null && <Check className="size-3.5 shrink-0 text-text-secondary" aria-hidden />}
            </span>
            {g.detail && <span className="truncate text-xs font-normal text-text-tertiary">{g.detail}</span>}
          </span>
        </button>
        {g.userProvide && (
          <KeyButton endpoint={g.name} label={g.label} config={config} onClick={onConfigureKey} />
        )}
        {onHide && (
          <button
            type="button"
            role="menuitem"
            tabIndex={-1}
            data-nav="hide"
            data-testid={`endpoint-hide-${g.name}`}
            aria-label={t('com_endpoint_hide', { endpoint: g.label })}
            title={t('com_endpoint_hide', { endpoint: g.label })}
            onClick={onHide}
            className={iconButtonClass}
          >
            <EyeOff className="size-4" aria-hidden />
          </button>
        )}
      </div>
      {expanded && (
        <div
          role="group"
          aria-label={t('com_endpoint_models_of', { endpoint: g.label })}
          className="pb-1 ps-[2.625rem]"
        >
          {g.models.length === 0 && (
            <p role="none" className="px-2.5 py-2 text-sm text-text-tertiary">
              {t('com_endpoint_no_models')}
            </p>
          )}
          {g.models.map((m) => (
            <button
              key={m.value}
              type="button"
              role="menuitemradio"
              tabIndex={-1}
              data-nav="model"
              aria-checked={m.value === selected}
              data-testid={`model-item-${m.value}`}
              onClick={() => onChoose(m.value)}
              className={clsx(itemClass, 'min-h-9 font-normal')}
            >
              {/* A model with an image of its own (an agent's avatar). */}
              {config?.[g.name]?.modelIcons?.[m.value] && (
                <img
                  src={config[g.name]!.modelIcons![m.value]}
                  alt=""
                  className="size-5 shrink-0 rounded-full object-cover"
                  data-testid="model-item-icon"
                />
              )}
              <span className="flex min-w-0 flex-1 flex-col">
                {/* Its own direction (a Latin id keeps its start when cut); in a right-to-left
                    menu aligned to the end of that direction, the menu's side. */}
                <span
                  dir="auto"
                  className="truncate rtl:text-end"
                  title={m.label === m.value ? undefined : m.value}
                >
                  {m.label}
                </span>
                {m.premium && (
                  <span className="truncate text-xs text-text-tertiary" data-testid="premium-note">
                    {premiumNote(premium, t)}
                  </span>
                )}
              </span>
              {m.premium && (
                <span
                  data-testid="premium-badge"
                  className="shrink-0 rounded bg-surface-tertiary px-1.5 py-0.5 text-[11px] font-medium text-text-secondary"
                >
                  {t('com_endpoint_premium')}
                </span>
              )}
              {m.value === selected && <Check className="size-4 shrink-0 text-text-secondary" aria-hidden />}
            </button>
          ))}
        </div>
      )}
    </div>
  );
}

/**
 * The chosen premium model's mark on the menu button: "Premium", with the uses left today for a
 * basic user (none left reads as a warning: the next send is refused).
 */
function PremiumChip({ text, spent, title }: { text: string; spent: boolean; title: string | undefined }) {
  return (
    <span
      data-testid="premium-chip"
      title={title}
      className={clsx(
        'shrink-0 rounded px-1.5 py-0.5 text-[11px] font-medium',
        spent ? 'bg-surface-danger text-text-danger' : 'bg-surface-tertiary text-text-secondary',
      )}
    >
      {text}
    </span>
  );
}
