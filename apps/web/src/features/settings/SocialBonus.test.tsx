import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { API_ROUTE_PATHS, type SocialBonusStatus } from '@chat/contract';
import { callApi } from '../../api/call';
import { ApiError } from '../../api/http';
import { queryKeys } from '../../api/keys';
import '../../app/i18n';
import { SocialBonus } from './SocialBonus';

vi.mock('../../api/call', () => ({ callApi: vi.fn() }));
const mockedCall = vi.mocked(callApi);

afterEach(() => {
  cleanup();
  mockedCall.mockReset();
  vi.unstubAllGlobals();
});

/** The server's side: what is offered, and the claim's answer (a claim, answered or refused, is kept). */
function show(status: SocialBonusStatus, claim: () => Promise<unknown>) {
  const claimed = new Set<string>();
  mockedCall.mockImplementation(async (route, input) => {
    if (route === API_ROUTE_PATHS.socialMediaBonus) {
      return {
        ...status,
        platforms: status.platforms.map((p) => ({ ...p, claimed: p.claimed || claimed.has(p.platform) })),
      } as never;
    }
    if (route === API_ROUTE_PATHS.claimSocialMediaBonus) {
      claimed.add((input as { body: { platform: string } }).body.platform);
      return (await claim()) as never;
    }
    throw new Error(`unexpected ${route.path}`);
  });
  const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  qc.setQueryData(queryKeys.config, { appTitle: 'OmniChat' });
  const opened = vi.fn();
  vi.stubGlobal('open', opened);
  render(
    <QueryClientProvider client={qc}>
      <SocialBonus />
    </QueryClientProvider>,
  );
  return { qc, opened };
}

describe('the social-media bonus row', () => {
  it('offers each platform; a click opens its share page and claims once', async () => {
    const { qc, opened } = show(
      {
        tokens: 5000,
        platforms: [
          { platform: 'x', claimed: false },
          { platform: 'reddit', claimed: true },
        ],
      },
      async () => ({ platform: 'x', tokens: 5000, balance: 25_000 }),
    );
    const share = await screen.findByTestId('social-bonus-x');
    expect(share.textContent).toBe('Share on X, get 5,000 tokens');
    expect(screen.getByTestId('social-bonus-claimed-reddit').textContent).toContain('Reddit: claimed');
    fireEvent.click(share);
    expect(opened).toHaveBeenCalledTimes(1);
    const [url, target, features] = opened.mock.calls[0] as [string, string, string];
    expect(url).toBe(
      `https://x.com/intent/post?url=${encodeURIComponent(window.location.origin)}&text=OmniChat`,
    );
    expect(target).toBe('_blank');
    expect(features).toContain('noopener');
    await waitFor(() =>
      expect(mockedCall).toHaveBeenCalledWith(API_ROUTE_PATHS.claimSocialMediaBonus, {
        body: { platform: 'x' },
      }),
    );
    expect((await screen.findByTestId('social-bonus-message')).textContent).toBe(
      '5,000 tokens were added to your balance.',
    );
    expect(qc.getQueryData(queryKeys.balance)).toBe(25_000);
    await waitFor(() => expect(screen.getByTestId('social-bonus-claimed-x')).toBeTruthy());
  });

  it('says so when the platform was claimed already (409)', async () => {
    show({ tokens: 10, platforms: [{ platform: 'facebook', claimed: false }] }, async () => {
      throw new ApiError(409, 'conflict', 'claimed');
    });
    fireEvent.click(await screen.findByTestId('social-bonus-facebook'));
    expect((await screen.findByTestId('social-bonus-message')).textContent).toBe(
      'You have already claimed the bonus for this platform.',
    );
    await waitFor(() => expect(screen.getByTestId('social-bonus-claimed-facebook')).toBeTruthy());
  });

  it('shows nothing when no bonus is offered', async () => {
    show({ tokens: 0, platforms: [] }, async () => ({}));
    await waitFor(() => expect(mockedCall).toHaveBeenCalled());
    expect(screen.queryByText('Share and earn tokens')).toBeNull();
  });
});
