import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { SELF_REFLECTION, type PluginState } from '@chat/contract';
import en from '../../../locales/en.json';
import { PluginStates, pluginStatusKey } from './PluginStates';

/** The English texts, interpolated as the translator does. */
vi.mock('../../../hooks/useTranslation', () => ({
  useTranslation: () => ({
    t: (k: string, o?: { name?: string }) =>
      (en as Record<string, string>)[k]!.replace('{{name}}', o?.name ?? ''),
  }),
}));
afterEach(cleanup);

const state = (extra: Partial<PluginState>): PluginState => ({
  pluginKey: 'calculator',
  latest: 'Calculator',
  loading: false,
  inputs: [{ inputStr: '{"input":"6*7"}' }],
  outputs: '42',
  ...extra,
});

describe('plugin display states', () => {
  it('names the four states', () => {
    expect(pluginStatusKey(state({ loading: true }))).toEqual({
      key: 'com_ui_plugin_using',
      name: 'Calculator',
    });
    expect(pluginStatusKey(state({}))).toEqual({ key: 'com_ui_plugin_used', name: 'Calculator' });
    expect(pluginStatusKey({ latest: SELF_REFLECTION, loading: true }).key).toBe('com_ui_plugin_thinking');
    expect(pluginStatusKey({ latest: SELF_REFLECTION, loading: false }).key).toBe('com_ui_plugin_finished');
  });

  it('shows Using X... while loading, Used X after, with input and output inside', () => {
    render(
      <PluginStates
        plugins={[
          state({}),
          state({ pluginKey: 'dalle', latest: 'DALL-E', loading: true, outputs: null }),
          state({
            pluginKey: SELF_REFLECTION,
            latest: SELF_REFLECTION,
            loading: true,
            inputs: [],
            outputs: null,
          }),
        ]}
      />,
    );
    expect(screen.getByText('Used Calculator')).toBeTruthy();
    expect(screen.getByText('Using DALL-E...')).toBeTruthy();
    expect(screen.getByText("I'm thinking...")).toBeTruthy();
    expect(screen.getByText('42')).toBeTruthy();
    expect(screen.getAllByTestId('plugin-state').map((e) => e.dataset.loading)).toEqual([
      'false',
      'true',
      'true',
    ]);
  });
});
