import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from '../../hooks/useTranslation';
import { ArrowLeft, Search } from 'lucide-react';
import { PLUGIN_LIMITS, TIMINGS, matchPlugins, type Plugin, type User } from '@chat/contract';
import { ApiError } from '../../api/http';
import { usePlugins, useUpdateUserPlugin } from '../../api/plugins';
import { Alert } from '../../components/ui/Alert';
import { Dialog } from '../../components/ui/Dialog';
import { IconButton } from '../../components/ui/IconButton';
import { Spinner } from '../../components/ui/Spinner';
import { PluginAuthForm } from './PluginAuthForm';
import { PluginIcon } from './PluginIcon';
import { PluginStoreItem } from './PluginStoreItem';
import { StorePagination } from './StorePagination';
import { usePluginStorePageSize } from './usePageSize';
import { useTimedError } from './useTimedError';

export interface PluginStoreDialogProps {
  onClose: () => void;
  /** The keys of the plugins the person installed (`user.plugins`). */
  installed: readonly string[];
  /** The user as the server answered an install or uninstall. */
  onUser: (user: User) => void;
  /** A plugin was uninstalled (it leaves the selection). */
  onUninstalled: (pluginKey: string) => void;
}

/** Plugin install: an auth form first when the plugin needs credentials the server lacks. */
const needsAuth = (p: Plugin) => !p.authenticated && p.authConfig.length > 0;

/**
 * The plugin store: every plugin the server runs, paged by the window's
 * width and searched by name; install (through its auth form when it needs one) and uninstall.
 * A refusal shows the server's message in a banner for five seconds.
 */
export function PluginStoreDialog({ onClose, installed, onUser, onUninstalled }: PluginStoreDialogProps) {
  const { t } = useTranslation();
  const plugins = usePlugins(true);
  const update = useUpdateUserPlugin(onUser);
  const banner = useTimedError(TIMINGS.pluginAuthErrorMs);
  const pageSize = usePluginStorePageSize();
  const [query, setQuery] = useState('');
  const [page, setPage] = useState(0);
  const [authFor, setAuthFor] = useState<Plugin | null>(null);
  const searchRef = useRef<HTMLInputElement>(null);
  const authTitleId = useId();

  const found = matchPlugins(plugins.data ?? [], query);
  const pages = Math.max(1, Math.ceil(found.length / pageSize));
  const current = Math.min(page, pages - 1);
  const shown = found.slice(current * pageSize, (current + 1) * pageSize);
  const pendingKey = update.isPending ? update.variables?.pluginKey : undefined;

  // Back from an auth form, focus returns to the search.
  const wasAuth = useRef(false);
  useEffect(() => {
    if (wasAuth.current && !authFor) searchRef.current?.focus();
    wasAuth.current = authFor !== null;
  }, [authFor]);

  const refused = (err: unknown) =>
    banner.show(
      err instanceof ApiError && err.code !== 'network_error' && err.message
        ? err.message
        : t('com_plugin_error'),
    );

  const install = (plugin: Plugin, auth: Record<string, string> | null) => {
    banner.clear();
    update.mutate(
      { pluginKey: plugin.pluginKey, action: 'install', auth },
      { onSuccess: () => setAuthFor(null), onError: refused },
    );
  };

  const uninstall = (plugin: Plugin) => {
    banner.clear();
    update.mutate(
      { pluginKey: plugin.pluginKey, action: 'uninstall', auth: null },
      { onSuccess: () => onUninstalled(plugin.pluginKey), onError: refused },
    );
  };

  return (
    <Dialog
      open
      size="wide"
      onClose={onClose}
      title={t('com_plugin_store')}
      initialFocusRef={searchRef}
      data-testid="plugin-store"
    >
      {banner.message && (
        <Alert className="mt-2" data-testid="plugin-store-error">
          {banner.message}
        </Alert>
      )}
      {authFor ? (
        <section className="mt-4 flex max-w-lg flex-col gap-4" aria-labelledby={authTitleId}>
          <div className="flex items-center gap-2">
            <IconButton label={t('com_plugin_back')} size="sm" onClick={() => setAuthFor(null)}>
              <ArrowLeft className="size-4 rtl:-scale-x-100" aria-hidden />
            </IconButton>
            <PluginIcon src={authFor.icon} className="size-8" />
            <h3 id={authTitleId} className="text-base font-semibold">
              {authFor.name}
            </h3>
          </div>
          <PluginAuthForm
            plugin={authFor}
            submitting={update.isPending}
            onSubmit={(auth) => install(authFor, auth)}
            onCancel={() => setAuthFor(null)}
          />
        </section>
      ) : (
        <div className="mt-4 flex flex-1 flex-col gap-4">
          <div className="relative">
            <Search
              className="pointer-events-none absolute start-3 top-1/2 size-4 -translate-y-1/2 text-text-tertiary"
              aria-hidden
            />
            <input
              ref={searchRef}
              type="search"
              value={query}
              maxLength={PLUGIN_LIMITS.storeSearchMaxChars}
              onChange={(e) => {
                setQuery(e.target.value);
                setPage(0);
              }}
              placeholder={t('com_plugin_search')}
              aria-label={t('com_plugin_search')}
              data-testid="plugin-store-search"
              className="h-10 w-full rounded-lg border border-border-medium bg-surface-primary ps-9 pe-3 text-sm text-text-primary placeholder:text-text-tertiary focus:border-ring-primary focus:outline-none focus:ring-2 focus:ring-ring-primary/30 sm:max-w-xs"
            />
          </div>
          {plugins.isPending ? (
            <div className="flex justify-center py-8">
              <Spinner />
            </div>
          ) : plugins.isError ? (
            <Alert>{t('com_plugin_load_error')}</Alert>
          ) : shown.length === 0 ? (
            <p className="py-8 text-center text-sm text-text-secondary">{t('com_plugin_none_found')}</p>
          ) : (
            <ul
              className="grid grid-cols-1 gap-3 min-[501px]:grid-cols-2 sm:grid-cols-3 lg:grid-cols-4"
              aria-label={t('com_plugin_store')}
              data-testid="plugin-store-list"
            >
              {shown.map((p) => (
                <PluginStoreItem
                  key={p.pluginKey}
                  plugin={p}
                  installed={installed.includes(p.pluginKey)}
                  busy={pendingKey === p.pluginKey}
                  disabled={update.isPending}
                  onInstall={() => (needsAuth(p) ? setAuthFor(p) : install(p, null))}
                  onUninstall={() => uninstall(p)}
                />
              ))}
            </ul>
          )}
          {pages > 1 && <StorePagination page={current} pages={pages} onPage={setPage} />}
        </div>
      )}
    </Dialog>
  );
}
