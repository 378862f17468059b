import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import type { ModelSpec, StartupConfig } from '@chat/contract';
import '../../app/i18n';
import { SpecsMenu } from './SpecsMenu';

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
vi.mock('../../api/config', () => ({ useStartupConfig: () => ({ data: startup }) }));
vi.mock('../auth', () => ({ useAuth: () => ({ user: null, setUser: vi.fn() }) }));
vi.mock('../../api/endpoints', () => ({
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

describe('SpecsMenu', () => {
  it('lists the labels and descriptions under their groups, and picks one', () => {
    const onChoose = vi.fn();
    render(<SpecsMenu specs={SPECS} current="brief" config={undefined} onChoose={onChoose} />);
    const button = screen.getByTestId('spec-picker');
    expect(button.textContent).toContain('Brief helper');
    fireEvent.click(button);
    const menu = screen.getByRole('menu', { name: 'Model choices' });
    const groups = within(menu).getAllByRole('group');
    expect(groups).toHaveLength(2);
    expect(within(groups[0]!).getByRole('menuitemradio', { checked: true }).textContent).toContain(
      'Brief helperShort answers',
    );
    expect(
      screen.getByRole('group', { name: 'Writing' }).contains(screen.getByTestId('spec-item-writer')),
    ).toBe(true);
    // The focus starts on the spec in effect; the arrow keys move to the next.
    expect(document.activeElement).toBe(screen.getByTestId('spec-item-brief'));
    fireEvent.keyDown(menu, { key: 'ArrowDown' });
    expect(document.activeElement).toBe(screen.getByTestId('spec-item-writer'));
    fireEvent.click(screen.getByTestId('spec-item-writer'));
    expect(onChoose).toHaveBeenCalledWith(SPECS[1]);
    expect(screen.queryByRole('menu')).toBeNull();
  });

  it('leaves out the specs not for the menu, and heads a group named after an endpoint with its label', () => {
    const more: ModelSpec[] = [
      ...SPECS,
      {
        name: 'hidden',
        label: 'Hidden one',
        showInMenu: false,
        preset: { endpoint: 'openAI', model: 'gpt-4o' },
      },
      {
        name: 'nested',
        label: 'Nested one',
        group: 'anthropic',
        preset: { endpoint: 'anthropic', model: 'claude-1' },
      },
    ];
    const config = { anthropic: { order: 1, type: 'anthropic', userProvide: false } };
    render(<SpecsMenu specs={more} current="hidden" config={config} onChoose={vi.fn()} />);
    // A spec in effect keeps its label in the header even when the menu does not list it.
    expect(screen.getByTestId('spec-picker').textContent).toContain('Hidden one');
    fireEvent.click(screen.getByTestId('spec-picker'));
    expect(screen.queryByTestId('spec-item-hidden')).toBeNull();
    const group = screen.getByRole('group', { name: 'Anthropic' });
    expect(group.contains(screen.getByTestId('spec-item-nested'))).toBe(true);
  });

  it('asks to choose while no spec is in effect', () => {
    render(<SpecsMenu specs={SPECS} current={null} config={undefined} onChoose={vi.fn()} />);
    expect(screen.getByTestId('spec-picker-label').textContent).toContain('Choose a model');
  });
});
