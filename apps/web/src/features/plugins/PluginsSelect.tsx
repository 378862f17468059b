import {
  lazy,
  Suspense,
  useCallback,
  useEffect,
  useRef,
  useState,
  type FocusEvent,
  type KeyboardEvent,
} from 'react';
import { useTranslation } from '../../hooks/useTranslation';
import { ChevronDown, Puzzle, Store } from 'lucide-react';
import type { Plugin, User } from '@chat/contract';
import { usePlugins } from '../../api/plugins';
import { McpServerNote } from './McpServerNote';
import { PluginIcon } from './PluginIcon';

// The store loads when it is first opened, not with the chat screen.
const PluginStoreDialog = lazy(() =>
  import('./PluginStoreDialog').then((m) => ({ default: m.PluginStoreDialog })),
);

export interface PluginsSelectProps {
  selected: readonly string[];
  onChange: (tools: string[]) => void;
  /** The keys of the plugins the person installed (`user.plugins`): only these are offered. */
  installed: readonly string[];
  /** The user as the server answered an install or uninstall in the store. */
  onUser: (user: User) => void;
  disabled?: boolean | undefined;
}

/**
 * gptPlugins' plugin multi-select in the chat header: the plugins the person installed, checked
 * when selected for the next ask, and the plugin store to install more. Uninstalling a
 * plugin in the store drops it from the selection.
 */
export function PluginsSelect({ selected, onChange, installed, onUser, disabled }: PluginsSelectProps) {
  const { t } = useTranslation();
  const plugins = usePlugins(true);
  const [storeOpen, setStoreOpen] = useState(false);
  const [open, setOpen] = useState(false);
  const detailsRef = useRef<HTMLDetailsElement>(null);
  const summaryRef = useRef<HTMLElement>(null);
  const list: Plugin[] = (plugins.data ?? []).filter((p) => installed.includes(p.pluginKey));
  const toggle = (key: string) =>
    onChange(selected.includes(key) ? selected.filter((k) => k !== key) : [...selected, key]);
  const names = list.filter((p) => selected.includes(p.pluginKey)).map((p) => p.name);

  const closeMenu = useCallback(() => {
    if (detailsRef.current) detailsRef.current.open = false;
    setOpen(false);
  }, []);

  // A bare <details> stays open until its summary is clicked again: like every other popover, the
  // menu also closes on a press outside it, on Escape and when the focus moves elsewhere.
  useEffect(() => {
    if (!open) return;
    const onDown = (e: MouseEvent) => {
      if (!detailsRef.current?.contains(e.target as Node)) closeMenu();
    };
    document.addEventListener('mousedown', onDown);
    return () => document.removeEventListener('mousedown', onDown);
  }, [open, closeMenu]);

  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key !== 'Escape' || !detailsRef.current?.open) return;
    e.stopPropagation();
    closeMenu();
    summaryRef.current?.focus();
  };

  const onBlur = (e: FocusEvent) => {
    // A click on the panel's own padding blurs to nothing: only a focus that lands outside closes.
    const next = e.relatedTarget;
    if (next instanceof Node && !detailsRef.current?.contains(next)) closeMenu();
  };

  const openStore = () => {
    closeMenu();
    // The store gives focus back to what had it: the select's button, not the closed menu.
    summaryRef.current?.focus();
    setStoreOpen(true);
  };

  return (
    <>
      <details
        ref={detailsRef}
        className="relative"
        data-testid="plugins-select"
        onToggle={(e) => setOpen(e.currentTarget.open)}
        onKeyDown={onKeyDown}
        onBlur={onBlur}
      >
        <summary
          ref={summaryRef}
          aria-disabled={disabled}
          className="flex h-9 cursor-pointer list-none items-center gap-1.5 rounded-lg px-2 text-sm text-text-secondary hover:bg-surface-tertiary focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring-primary"
        >
          <Puzzle className="size-4" aria-hidden />
          <span className="max-w-40 truncate">
            {names.length > 0 ? names.join(', ') : t('com_ui_plugins')}
          </span>
          <ChevronDown className="size-4" aria-hidden />
        </summary>
        <div className="absolute end-0 top-10 z-20 min-w-56 sm:start-0 sm:end-auto rounded-xl border border-border-light bg-surface-primary p-2 shadow-lg">
          {list.length === 0 && (
            <p className="px-2 py-1 text-sm text-text-secondary">{t('com_plugin_none_installed')}</p>
          )}
          {list.map((p) => (
            <label
              key={p.pluginKey}
              className="flex cursor-pointer items-center gap-2 rounded-lg px-2 py-1.5 text-sm hover:bg-surface-tertiary"
            >
              <input
                type="checkbox"
                checked={selected.includes(p.pluginKey)}
                disabled={disabled}
                onChange={() => toggle(p.pluginKey)}
                data-testid={`plugin-option-${p.pluginKey}`}
              />
              <PluginIcon src={p.icon} className="size-5" />
              <span className="min-w-0">
                {p.name}
                <McpServerNote pluginKey={p.pluginKey} />
              </span>
            </label>
          ))}
          <div className="my-1 border-t border-border-light" role="presentation" />
          <button
            type="button"
            onClick={openStore}
            data-testid="plugin-store-open"
            className="flex w-full items-center gap-2 rounded-lg px-2 py-1.5 text-start text-sm text-text-primary hover:bg-surface-tertiary focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring-primary"
          >
            <Store className="size-4" aria-hidden />
            {t('com_plugin_store')}
          </button>
        </div>
      </details>
      {storeOpen && (
        <Suspense fallback={null}>
          <PluginStoreDialog
            onClose={() => setStoreOpen(false)}
            installed={installed}
            onUser={onUser}
            onUninstalled={(key) => {
              if (selected.includes(key)) onChange(selected.filter((k) => k !== key));
            }}
          />
        </Suspense>
      )}
    </>
  );
}
