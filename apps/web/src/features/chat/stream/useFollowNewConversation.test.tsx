import { afterEach, describe, expect, it } from 'vitest';
import { act, cleanup, render } from '@testing-library/react';
import { QueryClient } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider, useParams } from 'react-router';
import { NEW_CONVO } from '@chat/contract';
import { adoptConversationId } from './adopt-id';
import { sessions, type Session } from './session';
import { resetStreams } from './store';
import { useFollowNewConversation } from './useFollowNewConversation';

const CID = '11111111-1111-4111-8111-111111111111';
const OTHER = '44444444-4444-4444-8444-444444444444';

function Chat() {
  const { conversationId = NEW_CONVO } = useParams();
  useFollowNewConversation(conversationId);
  return null;
}

function at(path: string) {
  const router = createMemoryRouter([{ path: '/c/:conversationId', element: <Chat /> }], {
    initialEntries: ['/c/other-page', path],
    initialIndex: 1,
  });
  render(<RouterProvider router={router} />);
  return router;
}

function newSession(): Session {
  const s: Session = {
    key: NEW_CONVO,
    plan: {
      path: '/api/ask/demo',
      body: {},
      requestMessageId: 'r',
      targetMessageId: 'r_',
      baseText: '',
      optimistic: [],
      isNewConversation: true,
    },
    endpoint: 'demo',
    controller: new AbortController(),
    text: '',
    frame: null,
    pendingStop: null,
    stopped: false,
  };
  sessions.set(NEW_CONVO, s);
  return s;
}

const adopt = () =>
  act(() => void adoptConversationId(new QueryClient(), newSession(), { conversationId: CID, model: 'm' }));

describe('useFollowNewConversation', () => {
  afterEach(() => {
    cleanup();
    sessions.clear();
    resetStreams();
  });

  it('moves /c/new to /c/<id> in place once the new conversation has its id', async () => {
    const router = at(`/c/${NEW_CONVO}`);
    await adopt();
    expect(router.state.location.pathname).toBe(`/c/${CID}`);
    expect(router.state.historyAction).toBe('REPLACE');
    // Back goes to the page before /c/new, which the id replaced.
    await act(() => router.navigate(-1));
    expect(router.state.location.pathname).toBe('/c/other-page');
  });

  it('stays on another conversation the person opened meanwhile', async () => {
    const router = at(`/c/${OTHER}`);
    await adopt();
    expect(router.state.location.pathname).toBe(`/c/${OTHER}`);
  });
});
