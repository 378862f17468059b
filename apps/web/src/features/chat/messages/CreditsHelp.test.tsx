import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import {
  API_ROUTE_PATHS,
  NO_PARENT,
  type Message,
  type SocialBonusStatus,
  type StartupConfig,
} from '@chat/contract';
import { callApi } from '../../../api/call';
import { queryKeys } from '../../../api/keys';
import '../../../app/i18n';
import { draftMessage } from '../stream/messages';
import { setErrorDetail } from '../stream/error-details';
import { MessageContent } from './MessageContent';
import { ChatRecoveryProvider } from './recovery';

vi.mock('../../../api/call', () => ({ callApi: vi.fn() }));
const mockedCall = vi.mocked(callApi);

afterEach(() => {
  cleanup();
  mockedCall.mockReset();
});

const REFUSAL = JSON.stringify({ type: 'token_balance', balance: 3, tokenCost: 600, promptTokens: 2 });

function refused(id: string, live: boolean): Message {
  const reply = draftMessage({
    messageId: id,
    conversationId: 'c1',
    parentMessageId: NO_PARENT,
    sender: 'GPT',
    text: live ? '' : REFUSAL,
    isCreatedByUser: false,
    endpoint: 'openAI',
    model: 'gpt-4o-mini',
  });
  if (live) setErrorDetail(id, { code: 'token_balance', message: REFUSAL });
  return { ...reply, error: true };
}

function show(
  message: Message,
  config: Partial<StartupConfig>,
  bonus: SocialBonusStatus,
  subscribe: (() => void) | null,
) {
  mockedCall.mockImplementation(async (route) => {
    if (route === API_ROUTE_PATHS.socialMediaBonus) return bonus as never;
    throw new Error(`unexpected ${route.path}`);
  });
  const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  qc.setQueryData(queryKeys.config, { appTitle: 'OmniChat', ...config });
  render(
    <QueryClientProvider client={qc}>
      <ChatRecoveryProvider value={{ subscribe }}>
        <MessageContent message={message} streaming={false} />
      </ChatRecoveryProvider>
    </QueryClientProvider>,
  );
}

const NO_BONUS: SocialBonusStatus = { tokens: 0, platforms: [] };

describe('a refusal for want of credits', () => {
  it("says how to get more: the operator's text, the plans, the social bonus", async () => {
    const subscribe = vi.fn();
    show(
      refused('a1', true),
      { balanceHelpText: 'Write to credits@example.com for a top-up.' },
      { tokens: 5000, platforms: [{ platform: 'x', claimed: false }] },
      subscribe,
    );
    expect(screen.getByTestId('message-error').textContent).toContain('Insufficient Funds!');
    const help = screen.getByTestId('credits-help');
    expect(help.textContent).toContain('Ways to get more credits');
    expect(screen.getByTestId('credits-help-operator').textContent).toBe(
      'Write to credits@example.com for a top-up.',
    );
    expect(help.textContent).toContain('A subscription pays for your messages instead of credits.');
    fireEvent.click(screen.getByTestId('credits-help-subscribe'));
    expect(subscribe).toHaveBeenCalledTimes(1);
    expect(await screen.findByTestId('social-bonus-x')).toBeTruthy();
    expect(help.textContent).not.toContain('Ask the operator of this site for more credits.');
  });

  it('with nothing configured, names the operator as the one to ask (a saved refusal too)', async () => {
    show(refused('a2', false), { balanceHelpText: null }, NO_BONUS, null);
    const help = screen.getByTestId('credits-help');
    expect(help.textContent).toContain('Ask the operator of this site for more credits.');
    expect(screen.queryByTestId('credits-help-subscribe')).toBeNull();
  });

  it('other errors have no credits help', () => {
    const other = { ...refused('a3', false), text: '{"code":"upstream_error","message":"boom"}' };
    show(other, {}, NO_BONUS, null);
    expect(screen.getByTestId('message-error')).toBeTruthy();
    expect(screen.queryByTestId('credits-help')).toBeNull();
  });
});
