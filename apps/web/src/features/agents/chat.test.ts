import { describe, expect, it } from 'vitest';
import { AGENTS_ENDPOINT } from '@chat/contract';
import { agentsChat } from './chat';

describe('the agents endpoint in the chat', () => {
  const kind = agentsChat.endpointKinds?.[0];

  it('asks and edits through /api/agents/chat naming the agent, signed as a persona', () => {
    expect(kind?.endpoint).toBe(AGENTS_ENDPOINT);
    expect(kind?.route('agent_abc')).toEqual({
      ask: '/api/agents/chat',
      edit: '/api/agents/chat',
      body: { agent_id: 'agent_abc' },
    });
    expect(kind?.persona).toBe(true);
  });

  it("a saved agent conversation's entry is its agent", () => {
    expect(kind?.savedEntry({ endpoint: AGENTS_ENDPOINT, model: 'gpt-4o', agent_id: 'agent_x' })).toBe(
      'agent_x',
    );
  });
});
