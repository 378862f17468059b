import { afterEach, expect, it, vi } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import type { EndpointsConfig } from '@chat/contract';
import { modelLabel } from '../model-select';
import '../../app/i18n';
import { PresetBar } from './PresetBar';
import type { CurrentSetup } from './types';
import type { PresetDialogs } from './usePresetDialogs';

afterEach(cleanup);

// An endpoint that relabels its models: the endpoint menu shows grok-3 as G3.
const config: EndpointsConfig = {
  xai: { order: 8, type: 'custom', userProvide: false, relabelModels: true },
};

const dialogs = (current: CurrentSetup | null): PresetDialogs => ({
  element: null,
  open: vi.fn(),
  apply: vi.fn(),
  current,
  endpointLabel: (e) => e,
  modelLabel: (e, m) => modelLabel(e, m, config, (k) => k),
  fieldNames: (f) => f.join(', '),
});

it('keeps the row of the "Model:" bar, at the same height, while the model is not known yet', () => {
  // The bar arriving once the models load must not push the greeting and the messages down.
  const { rerender } = render(<PresetBar dialogs={dialogs(null)} />);
  const waiting = screen.getByTestId('model-bar-row');
  expect(screen.queryByTestId('model-bar')).toBeNull();
  const reserved = waiting.className;
  expect(reserved).toMatch(/(^|\s)h-6(\s|$)/);

  rerender(<PresetBar dialogs={dialogs({ endpoint: 'openAI', model: 'gpt-4o', options: {} })} />);
  expect(screen.getByTestId('model-bar')).toBeTruthy();
  expect(screen.getByTestId('model-bar-row').className).toBe(reserved);
});

it('names the model as the endpoint menu does: a relabelled model never shows its real name', () => {
  render(<PresetBar dialogs={dialogs({ endpoint: 'xai', model: 'grok-3', options: {} })} />);
  const bar = screen.getByTestId('model-bar');
  expect(bar.textContent).toBe('Model: G3');
  expect(bar.textContent).not.toContain('grok-3');
});
