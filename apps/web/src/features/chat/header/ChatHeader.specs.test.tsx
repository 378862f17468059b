import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, renderHook, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ModelSpec, ModelSpecsConfig, StartupConfig } from '@chat/contract';
import '../../../app/i18n';
import { readLastSpec } from '../../model-select';
import { ChatHeader } from './ChatHeader';
import { useChatSetup, type ChatSetupState } from './useChatSetup';

const SPECS: ModelSpec[] = [
  {
    name: 'brief',
    label: 'Brief helper',
    description: 'Short answers',
    showIconInHeader: true,
    preset: { endpoint: 'openAI', model: 'gpt-4o-mini', temperature: 0.2 },
  },
  {
    name: 'writer',
    label: 'Long writer',
    group: 'Writing',
    iconURL: 'anthropic',
    preset: { endpoint: 'anthropic', model: 'claude-1', promptPrefix: 'Write at length.' },
  },
];

let startup: Partial<StartupConfig> = {};
vi.mock('../../../api/config', () => ({ useStartupConfig: () => ({ data: startup }) }));
vi.mock('../../auth', () => ({ useAuth: () => ({ user: null, setUser: vi.fn() }) }));
vi.mock('../../../api/endpoints', () => ({
  useEndpoints: () => ({
    data: { openAI: { order: 1, type: 'openAI' }, anthropic: { order: 2, type: 'anthropic' } },
    isPending: false,
  }),
  useModels: () => ({
    data: { openAI: ['gpt-4o', 'gpt-4o-mini'], anthropic: ['claude-1'] },
    isPending: false,
  }),
}));

afterEach(() => {
  cleanup();
  localStorage.clear();
  startup = {};
});

describe('useChatSetup with specs', () => {
  it("applies a spec's preset, names the spec in the asks, and leaves it when a model is chosen", () => {
    const { result } = renderHook(() => useChatSetup(undefined, 'new'));
    act(() => {
      expect(result.current.chooseSpec(SPECS[1]!)).toBe(true);
    });
    expect(result.current.endpoint).toBe('anthropic');
    expect(result.current.spec).toBe('writer');
    expect(result.current.options).toMatchObject({ spec: 'writer', promptPrefix: 'Write at length.' });
    expect(readLastSpec()).toBe('writer');
    act(() => result.current.choose('openAI', 'gpt-4o'));
    expect(result.current.spec).toBeNull();
    expect(result.current.options).not.toHaveProperty('spec');
    expect(readLastSpec()).toBeNull();
  });
});

function renderHeader(specs: ModelSpecsConfig, spec: string | null) {
  startup = {
    modelSpecs: specs,
    interface: { endpointsMenu: false, modelSelect: true, parameters: false, presets: false },
  };
  const setup = {
    endpointsConfig: { openAI: { order: 0, type: 'openAI', userProvide: false } },
    models: { openAI: ['gpt-4o-mini'] },
    endpoint: 'openAI',
    endpointType: 'openAI',
    model: 'gpt-4o-mini',
    spec,
    chooseSpec: vi.fn(() => true),
    choose: vi.fn(),
  } as unknown as ChatSetupState;
  render(
    <QueryClientProvider client={new QueryClient()}>
      <MemoryRouter initialEntries={['/c/new']}>
        <ChatHeader setup={setup} onConfigureKey={vi.fn()} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return setup;
}

describe('ChatHeader with specs', () => {
  it("shows the spec's label and icon; enforced, no endpoint menu", () => {
    const setup = renderHeader({ enforce: true, prioritize: true, list: SPECS }, 'brief');
    expect(screen.getByTestId('spec-picker').textContent).toContain('Brief helper');
    expect(screen.queryByTestId('spec-picker-icon')).not.toBeNull();
    expect(screen.queryByTestId('endpoint-picker')).toBeNull();
    fireEvent.click(screen.getByTestId('spec-picker'));
    fireEvent.click(screen.getByTestId('spec-item-writer'));
    expect(setup.chooseSpec).toHaveBeenCalledWith(SPECS[1]);
  });

  it('offers the endpoint menu beside the specs when not enforced and modelSelect is on', () => {
    renderHeader({ enforce: false, prioritize: true, list: SPECS }, 'writer');
    // A spec without showIconInHeader shows its label only.
    expect(screen.getByTestId('spec-picker').textContent).toContain('Long writer');
    expect(screen.queryByTestId('spec-picker-icon')).toBeNull();
    expect(screen.getByTestId('spec-picker')).not.toBeNull();
    expect(screen.getByTestId('endpoint-picker')).not.toBeNull();
  });
});
