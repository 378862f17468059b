import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { EndpointsConfig } from '@chat/contract';
import '../../app/i18n';
import { EndpointMenu } from './EndpointMenu';

vi.mock('../../api/call', () => ({ callApi: vi.fn(async () => ({ expiresAt: null })) }));

afterEach(cleanup);

describe('EndpointMenu with images of models (agents’ avatars)', () => {
  it('shows a model’s image beside its name, and the endpoint’s icon on the button', () => {
    const config: EndpointsConfig = {
      agents: {
        order: 9,
        type: 'agents',
        userProvide: false,
        iconURL: '/api/files/avatars/a.png',
        modelLabels: { agent_a: 'Pictured', agent_b: 'Plain' },
        modelIcons: { agent_a: '/api/files/avatars/a.png' },
      },
    };
    render(
      <QueryClientProvider client={new QueryClient()}>
        <EndpointMenu
          config={config}
          models={{ agents: ['agent_a', 'agent_b'] }}
          endpoint="agents"
          model="agent_a"
          onChoose={vi.fn()}
          onConfigureKey={vi.fn()}
        />
      </QueryClientProvider>,
    );
    const trigger = screen.getByTestId('endpoint-picker');
    expect(trigger.querySelector('img')?.getAttribute('src')).toBe('/api/files/avatars/a.png');
    fireEvent.click(trigger);
    const icons = screen.getAllByTestId('model-item-icon');
    expect(icons).toHaveLength(1);
    expect(screen.getByTestId('model-item-agent_a').contains(icons[0]!)).toBe(true);
  });
});
