import { useTranslation } from '../../hooks/useTranslation';
import type { Plugin } from '@chat/contract';
import { Button } from '../../components/ui/Button';
import { McpServerNote } from './McpServerNote';
import { PluginIcon } from './PluginIcon';

export interface PluginStoreItemProps {
  plugin: Plugin;
  installed: boolean;
  busy: boolean;
  disabled: boolean;
  onInstall: () => void;
  onUninstall: () => void;
}

/** One plugin in the store: its icon, name and description, and Install or Uninstall. */
export function PluginStoreItem({
  plugin,
  installed,
  busy,
  disabled,
  onInstall,
  onUninstall,
}: PluginStoreItemProps) {
  const { t } = useTranslation();
  return (
    <li
      className="flex flex-col gap-3 rounded-xl border border-border-light bg-surface-secondary p-4"
      data-testid={`plugin-store-item-${plugin.pluginKey}`}
    >
      <div className="flex items-center gap-3">
        <PluginIcon src={plugin.icon} className="size-12" />
        <div className="min-w-0 flex-1">
          <h3 className="line-clamp-2 break-words text-base font-semibold text-text-primary">
            {plugin.name}
          </h3>
          <McpServerNote pluginKey={plugin.pluginKey} />
          {installed && <p className="text-xs text-text-secondary">{t('com_plugin_installed')}</p>}
        </div>
      </div>
      <p className="line-clamp-3 flex-1 text-sm text-text-secondary" title={plugin.description}>
        {plugin.description}
      </p>
      {installed ? (
        <Button
          variant="secondary"
          size="sm"
          loading={busy}
          disabled={disabled}
          onClick={onUninstall}
          aria-label={t('com_plugin_uninstall_named', { name: plugin.name })}
          data-testid={`plugin-uninstall-${plugin.pluginKey}`}
        >
          {t('com_plugin_uninstall')}
        </Button>
      ) : (
        <Button
          size="sm"
          loading={busy}
          disabled={disabled}
          onClick={onInstall}
          aria-label={t('com_plugin_install_named', { name: plugin.name })}
          data-testid={`plugin-install-${plugin.pluginKey}`}
        >
          {t('com_plugin_install')}
        </Button>
      )}
    </li>
  );
}
