import { useTranslation } from '../../../hooks/useTranslation';
import { ChevronDown, Loader2 } from 'lucide-react';
import { SELF_REFLECTION, type PluginState } from '@chat/contract';

/** Plugin display states: Using X... / Used X, and I'm thinking... / Finished. */
export function pluginStatusKey(state: Pick<PluginState, 'latest' | 'loading'>): {
  key: string;
  name?: string;
} {
  if (state.latest === SELF_REFLECTION) {
    return { key: state.loading ? 'com_ui_plugin_thinking' : 'com_ui_plugin_finished' };
  }
  return { key: state.loading ? 'com_ui_plugin_using' : 'com_ui_plugin_used', name: state.latest };
}

function PluginStatus({ state }: { state: PluginState }) {
  const { t } = useTranslation();
  const status = pluginStatusKey(state);
  const details = [...state.inputs.map((i) => i.inputStr), state.outputs ?? ''].filter(Boolean);
  return (
    <details
      data-testid="plugin-state"
      data-loading={state.loading}
      className="rounded-lg border border-border-light bg-surface-secondary px-3 py-2 text-sm"
    >
      <summary className="flex cursor-pointer list-none items-center gap-2 text-text-secondary">
        {state.loading && <Loader2 className="size-4 animate-spin" aria-hidden />}
        <span className={state.error ? 'text-text-danger' : undefined}>
          {t(status.key, { name: status.name })}
        </span>
        {details.length > 0 && <ChevronDown className="size-4" aria-hidden />}
      </summary>
      {details.map((d, i) => (
        <pre key={i} className="mt-2 max-h-60 overflow-auto whitespace-pre-wrap break-words text-xs">
          {d}
        </pre>
      ))}
    </details>
  );
}

/** The plugins a reply used, in order, each with what it was given and answered (collapsed). */
export function PluginStates({ plugins }: { plugins: readonly PluginState[] }) {
  return (
    <div className="flex flex-col gap-1" data-testid="plugin-states">
      {plugins.map((p, i) => (
        <PluginStatus key={i} state={p} />
      ))}
    </div>
  );
}
