import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useId,
  useRef,
  useState,
  type ReactNode,
  type Ref,
} from 'react';
import clsx from 'clsx';
import { Check } from 'lucide-react';

export interface MenuEntry {
  key: string;
  /**
   * 'item' (default) is actionable; 'label' is a small group heading; 'separator' a line; 'node'
   * draws `node` as it is (other features' items, each a <MenuItem>).
   */
  kind?: 'item' | 'label' | 'separator' | 'node';
  label?: ReactNode;
  node?: ReactNode;
  icon?: ReactNode;
  onSelect?: () => void;
  /** Renders a link instead of a button. */
  href?: string;
  /** Opens the link in a new tab (rel=noopener noreferrer). */
  external?: boolean;
  /** Radio-like selected state (role menuitemradio), or on/off with `checkbox`. */
  checked?: boolean;
  /** One of several independent choices (role menuitemcheckbox) rather than one of a set. */
  checkbox?: boolean;
  danger?: boolean;
  disabled?: boolean;
  testId?: string;
}

interface MenuTriggerProps {
  ref: Ref<HTMLButtonElement>;
  onClick: () => void;
  onKeyDown: (e: React.KeyboardEvent) => void;
  'aria-haspopup': 'menu';
  'aria-expanded': boolean;
  'aria-controls': string | undefined;
}

export interface MenuProps {
  items: MenuEntry[];
  /** Render the button that opens the menu, spreading the given props on it. */
  renderTrigger: (props: MenuTriggerProps) => ReactNode;
  /** Accessible name of the menu. */
  label: string;
  side?: 'top' | 'bottom';
  align?: 'start' | 'end';
  className?: string;
  /** Classes of the positioned wrapper (default 'relative'). */
  wrapperClassName?: string;
}

/** How an item drawn inside a menu (a 'node' entry's <MenuItem>) reaches the menu's select. */
const MenuSelect = createContext<((entry: MenuEntry) => void) | null>(null);

/**
 * An item of the menu it is drawn in, for content that other code puts there (a 'node' entry):
 * it closes the menu and runs `onSelect` as the menu's own items do.
 */
export function MenuItem({ entry }: { entry: MenuEntry }) {
  const select = useContext(MenuSelect);
  return select ? <MenuRow entry={entry} onSelect={select} /> : null;
}

/** Dropdown menu: click or ArrowDown opens, arrows/Home/End move, Enter selects, Escape/Tab close. */
export function Menu({
  items,
  renderTrigger,
  label,
  side = 'bottom',
  align = 'start',
  className,
  wrapperClassName,
}: MenuProps) {
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const triggerRef = useRef<HTMLButtonElement>(null);
  const menuRef = useRef<HTMLDivElement>(null);
  const focusFirstOnOpen = useRef<'first' | 'last'>('first');

  const close = useCallback((restoreFocus = true) => {
    setOpen(false);
    if (restoreFocus) triggerRef.current?.focus();
  }, []);

  const focusables = () =>
    Array.from(
      menuRef.current?.querySelectorAll<HTMLElement>('[data-menu-item]:not([aria-disabled="true"])') ?? [],
    );

  useEffect(() => {
    if (!open) return;
    const list = focusables();
    (focusFirstOnOpen.current === 'last' ? list[list.length - 1] : list[0])?.focus();
    const onDown = (e: MouseEvent) => {
      const target = e.target as Node;
      if (!menuRef.current?.contains(target) && !triggerRef.current?.contains(target)) close(false);
    };
    document.addEventListener('mousedown', onDown);
    return () => document.removeEventListener('mousedown', onDown);
  }, [open, close]);

  const onTriggerKey = (e: React.KeyboardEvent) => {
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      focusFirstOnOpen.current = e.key === 'ArrowDown' ? 'first' : 'last';
      setOpen(true);
    }
  };

  const onMenuKey = (e: React.KeyboardEvent) => {
    const list = focusables();
    const index = list.indexOf(document.activeElement as HTMLElement);
    const move = (i: number) => list[(i + list.length) % list.length]?.focus();
    if (e.key === 'ArrowDown') move(index + 1);
    else if (e.key === 'ArrowUp') move(index - 1);
    else if (e.key === 'Home') move(0);
    else if (e.key === 'End') move(list.length - 1);
    else if (e.key === 'Escape') close();
    else if (e.key === 'Tab') return close(false);
    else return;
    e.preventDefault();
    e.stopPropagation();
  };

  const select = (entry: MenuEntry) => {
    if (entry.disabled) return;
    close(!entry.href);
    entry.onSelect?.();
  };

  return (
    <div className={wrapperClassName ?? 'relative'}>
      {renderTrigger({
        ref: triggerRef,
        onClick: () => {
          focusFirstOnOpen.current = 'first';
          setOpen((o) => !o);
        },
        onKeyDown: onTriggerKey,
        'aria-haspopup': 'menu',
        'aria-expanded': open,
        'aria-controls': open ? menuId : undefined,
      })}
      {open && (
        <div
          ref={menuRef}
          id={menuId}
          role="menu"
          aria-label={label}
          onKeyDown={onMenuKey}
          className={clsx(
            'absolute z-40 min-w-48 rounded-xl border border-border-light bg-surface-primary p-1.5 shadow-xl',
            side === 'top' ? 'bottom-full mb-2' : 'top-full mt-2',
            align === 'start' ? 'start-0' : 'end-0',
            className,
          )}
        >
          <MenuSelect.Provider value={select}>
            {items.map((entry) => (
              <MenuRow key={entry.key} entry={entry} onSelect={select} />
            ))}
          </MenuSelect.Provider>
        </div>
      )}
    </div>
  );
}

function MenuRow({ entry, onSelect }: { entry: MenuEntry; onSelect: (entry: MenuEntry) => void }) {
  if (entry.kind === 'node') return entry.node;
  if (entry.kind === 'separator') return <div role="separator" className="my-1 h-px bg-border-light" />;
  if (entry.kind === 'label')
    return (
      <div
        role="presentation"
        data-testid={entry.testId}
        className="px-2.5 pb-1 pt-2 text-xs font-medium text-text-tertiary"
      >
        {entry.label}
      </div>
    );
  const radio = entry.checked !== undefined;
  const common = {
    role: entry.checkbox ? 'menuitemcheckbox' : radio ? 'menuitemradio' : 'menuitem',
    'aria-checked': radio || entry.checkbox ? (entry.checked ?? false) : undefined,
    'aria-disabled': entry.disabled || undefined,
    tabIndex: -1,
    'data-menu-item': '',
    'data-testid': entry.testId,
    className: clsx(
      'flex w-full cursor-pointer items-center gap-2.5 rounded-lg px-2.5 py-2 text-start text-sm outline-none',
      'hover:bg-surface-tertiary focus-visible:bg-surface-tertiary focus:bg-surface-tertiary',
      entry.danger ? 'text-text-danger' : 'text-text-primary',
      entry.disabled && 'cursor-not-allowed opacity-50',
    ),
  } as const;
  const content = (
    <>
      {entry.icon && (
        <span className="flex size-4 shrink-0 items-center justify-center" aria-hidden>
          {entry.icon}
        </span>
      )}
      <span className="flex-1 truncate">{entry.label}</span>
      {entry.checked && <Check className="size-4 shrink-0 text-text-secondary" aria-hidden />}
    </>
  );
  if (entry.href)
    return (
      <a
        {...common}
        href={entry.href}
        target={entry.external ? '_blank' : undefined}
        rel={entry.external ? 'noopener noreferrer' : undefined}
        onClick={() => onSelect(entry)}
      >
        {content}
      </a>
    );
  return (
    <button {...common} type="button" onClick={() => onSelect(entry)}>
      {content}
    </button>
  );
}
