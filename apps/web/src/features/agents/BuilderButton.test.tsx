import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import type { EndpointsConfig } from '@chat/contract';
import '../../app/i18n';
import type { Slots } from '../../platform/slots';
import { BuilderButton } from './slots';

afterEach(cleanup);

const props = (agents: EndpointsConfig['agents']) =>
  ({
    routeId: 'new',
    assistantView: false,
    busy: false,
    setup: { endpoint: 'openAI', model: 'gpt-4o', endpointsConfig: { agents }, models: {} },
  }) as unknown as Slots['chat.header.items'];

describe('the Agent Builder button', () => {
  it('is there where the server offers agents, and gone when librechat.yaml disables the builder', () => {
    const { rerender } = render(
      <BuilderButton {...props({ order: 9, type: 'agents', userProvide: false })} />,
    );
    expect(screen.getByTestId('agent-builder-button')).toBeTruthy();
    rerender(
      <BuilderButton {...props({ order: 9, type: 'agents', userProvide: false, disableBuilder: true })} />,
    );
    expect(screen.queryByTestId('agent-builder-button')).toBeNull();
  });
});
