import {
  useCallback,
  useEffect,
  useId,
  useLayoutEffect,
  useRef,
  useState,
  type CSSProperties,
  type KeyboardEvent,
  type ReactNode,
} from 'react';
import { Wrench } from 'lucide-react';
import clsx from 'clsx';
import { useTranslation } from '../../hooks/useTranslation';

/** An MCP server the menu offers: its name and how many tools it lists. */
export interface MenuServer {
  name: string;
  toolCount: number;
}

/** A plugin the menu offers: its key and display name. */
export interface MenuPlugin {
  pluginKey: string;
  name: string;
}

export interface ToolsMenuProps {
  servers: readonly MenuServer[];
  plugins: readonly MenuPlugin[];
  /** The MCP servers chosen (names). */
  mcp: readonly string[];
  /** The plugins chosen (keys). */
  tools: readonly string[];
  onMcp: (servers: string[]) => void;
  onTools: (tools: string[]) => void;
  disabled?: boolean | undefined;
  /** Told when the menu opens: what it offers is asked for then, not with the chat screen. */
  onOpen?: (() => void) | undefined;
  /** What it offers is still on its way. */
  loading?: boolean | undefined;
}

/** The panel's width, and its least distance from the screen's edges. */
const PANEL_WIDTH = 288;
const EDGE = 8;

/**
 * Where the panel goes: above the button, its end at the button's end, moved in so that it stays
 * on screen (the button sits anywhere in the message box's row of tools).
 */
function panelPlace(button: HTMLElement): CSSProperties {
  const rect = button.getBoundingClientRect();
  const width = Math.min(PANEL_WIDTH, window.innerWidth - 2 * EDGE);
  const left = Math.min(Math.max(rect.right - width, EDGE), window.innerWidth - width - EDGE);
  return { position: 'fixed', left, width, bottom: window.innerHeight - rect.top + EDGE };
}

const toggled = (list: readonly string[], item: string) =>
  list.includes(item) ? list.filter((x) => x !== item) : [...list, item];

/**
 * The message box's tools button: a menu of the MCP servers and the person's installed plugins,
 * each a checkbox, chosen for this conversation. It closes on Escape (the focus back on the
 * button), on a press outside and when the focus leaves it.
 */
export function ToolsMenu({
  servers,
  plugins,
  mcp,
  tools,
  onMcp,
  onTools,
  disabled,
  onOpen,
  loading,
}: ToolsMenuProps): ReactNode {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const panelId = useId();
  const chosen = mcp.length + tools.length;
  const [place, setPlace] = useState<CSSProperties | undefined>(undefined);

  useLayoutEffect(() => {
    if (!open || !buttonRef.current) return;
    const button = buttonRef.current;
    const measure = () => setPlace(panelPlace(button));
    measure();
    window.addEventListener('resize', measure);
    return () => window.removeEventListener('resize', measure);
  }, [open]);

  const close = useCallback((refocus: boolean) => {
    setOpen(false);
    if (refocus) buttonRef.current?.focus();
  }, []);

  useEffect(() => {
    if (!open) return;
    const onDown = (e: MouseEvent) => {
      if (!rootRef.current?.contains(e.target as Node)) close(false);
    };
    document.addEventListener('mousedown', onDown);
    return () => document.removeEventListener('mousedown', onDown);
  }, [open, close]);

  // The first choice takes the focus once there is one, so the keyboard goes on from the menu.
  const offered = servers.length + plugins.length;
  const hasChoices = offered > 0;
  useEffect(() => {
    if (open && hasChoices)
      rootRef.current?.querySelector<HTMLInputElement>('input[type="checkbox"]')?.focus();
  }, [open, hasChoices]);

  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key !== 'Escape' || !open) return;
    e.stopPropagation();
    close(true);
  };

  const label = chosen > 0 ? t('com_tools_menu_button_count', { n: chosen }) : t('com_tools_menu_button');
  return (
    <div
      ref={rootRef}
      className="relative self-end"
      onKeyDown={onKeyDown}
      onBlur={(e) => {
        const next = e.relatedTarget;
        if (open && next instanceof Node && !rootRef.current?.contains(next)) close(false);
      }}
    >
      <button
        ref={buttonRef}
        type="button"
        data-testid="tools-menu-button"
        aria-label={label}
        title={label}
        aria-haspopup="true"
        aria-expanded={open}
        aria-controls={open ? panelId : undefined}
        disabled={disabled}
        onClick={() => {
          if (!open) onOpen?.();
          setOpen(!open);
        }}
        className={clsx(
          'relative inline-flex size-10 shrink-0 items-center justify-center rounded-full text-text-secondary transition-colors hover:bg-surface-tertiary focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring-primary disabled:cursor-not-allowed disabled:opacity-50',
          chosen > 0 && 'text-text-primary',
        )}
      >
        <Wrench className="size-5" aria-hidden />
        {chosen > 0 && (
          <span
            aria-hidden
            className="absolute end-1 top-1 min-w-4 rounded-full bg-text-primary px-1 text-[10px] leading-4 text-surface-primary"
          >
            {chosen}
          </span>
        )}
      </button>
      {open && (
        <div
          id={panelId}
          role="group"
          aria-label={t('com_tools_menu_title')}
          data-testid="tools-menu"
          style={place}
          className="z-20 max-h-80 overflow-y-auto rounded-xl border border-border-light bg-surface-primary p-2 text-sm shadow-lg"
        >
          <p className="px-2 py-1 font-medium text-text-primary">{t('com_tools_menu_title')}</p>
          {offered === 0 && (
            <p className="px-2 py-1 text-text-secondary" role="status">
              {loading ? t('com_ui_loading') : t('com_tools_menu_empty')}
            </p>
          )}
          {servers.length > 0 && (
            <fieldset className="mt-1">
              <legend className="px-2 py-1 text-xs text-text-secondary">{t('com_tools_menu_mcp')}</legend>
              {servers.map((s) => (
                <label
                  key={s.name}
                  className="flex cursor-pointer items-center gap-2 rounded-lg px-2 py-1.5 hover:bg-surface-tertiary"
                >
                  <input
                    type="checkbox"
                    data-testid={`tools-menu-mcp-${s.name}`}
                    checked={mcp.includes(s.name)}
                    onChange={() => onMcp(toggled(mcp, s.name))}
                  />
                  <span className="min-w-0 flex-1 truncate text-text-primary">{s.name}</span>
                  <span className="shrink-0 text-xs text-text-secondary">
                    {t('com_tools_menu_mcp_tools', { n: s.toolCount })}
                  </span>
                </label>
              ))}
            </fieldset>
          )}
          {plugins.length > 0 && (
            <fieldset className="mt-1">
              <legend className="px-2 py-1 text-xs text-text-secondary">{t('com_tools_menu_plugins')}</legend>
              {plugins.map((p) => (
                <label
                  key={p.pluginKey}
                  className="flex cursor-pointer items-center gap-2 rounded-lg px-2 py-1.5 hover:bg-surface-tertiary"
                >
                  <input
                    type="checkbox"
                    data-testid={`tools-menu-plugin-${p.pluginKey}`}
                    checked={tools.includes(p.pluginKey)}
                    onChange={() => onTools(toggled(tools, p.pluginKey))}
                  />
                  <span className="min-w-0 flex-1 truncate text-text-primary">{p.name}</span>
                </label>
              ))}
            </fieldset>
          )}
        </div>
      )}
    </div>
  );
}
